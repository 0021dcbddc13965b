package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.store.probe.ProbeStore;
import site.ycsbx.testing.JavaProcess.Result;

/**
 * A password given as db.passwd or inside db.url never reaches stdout, stderr or a JSON export,
 * and still reaches the server: a load and a run authenticate as a MariaDB user created here
 * with a long unique password (ycsbx's own is too short to search for safely).
 */
@Tag("process")
class SecretsTest {
  private static final String HOSTS = "127.0.0.1,localhost";
  private TestDatabase db;
  private String user;
  private String password;

  @TempDir
  Path dir;

  @BeforeEach
  void createUser() throws Exception {
    db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB);
    user = "ycsbx_pw_" + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
    password = "Pw-" + UUID.randomUUID();
    try (Connection c = db.serverConnection(); Statement s = c.createStatement()) {
      for (String host : HOSTS.split(",")) {
        s.execute("CREATE USER '" + user + "'@'" + host + "' IDENTIFIED BY '" + password + "'");
        grant(s, host);
      }
    }
  }

  /**
   * GRANT needs the GRANT OPTION, which scripts/setup-servers.sh does not give the test
   * account; its ALL PRIVILEGES ON *.* does cover writing the grant table itself, so fall back
   * to that (DROP USER removes the row again).
   */
  private void grant(Statement s, String host) throws SQLException {
    try {
      s.execute("GRANT SELECT, INSERT, UPDATE, DELETE, CREATE ON " + db.name + ".* TO '" + user + "'@'" + host + "'");
    } catch (SQLException noGrantOption) {
      s.execute("INSERT INTO mysql.db (Host, Db, User, Select_priv, Insert_priv, Update_priv, Delete_priv, Create_priv)"
          + " VALUES ('" + host + "', '" + db.name + "', '" + user + "', 'Y', 'Y', 'Y', 'Y', 'Y')");
      s.execute("FLUSH PRIVILEGES");
    }
  }

  @AfterEach
  void dropUser() throws Exception {
    try (Connection c = db.serverConnection(); Statement s = c.createStatement()) {
      for (String host : HOSTS.split(",")) {
        s.execute("DROP USER IF EXISTS '" + user + "'@'" + host + "'");
      }
    }
    db.close();
  }

  /** @return stdout, stderr and the JSON export of both commands */
  private String loadAndRunWithoutShowingThePassword(List<String> options) throws Exception {
    List<String> texts = new ArrayList<>();
    for (String command : List.of("load", "run")) {
      Path export = dir.resolve(command + ".json");
      List<String> args = new ArrayList<>(options);
      args.addAll(List.of("-p", "recordcount=50", "-p", "operationcount=50",
          "-p", "exporter=site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter", "-p", "exportfile=" + export));
      Result r = MainOutput.main(command, "probe", args);
      assertEquals(0, r.exitCode(), r.all());
      String json = Files.readString(export);
      assertTrue(json.contains("\"metric\" : \"FINGERPRINT\""), json);
      texts.addAll(List.of(r.stdout(), r.stderr(), json));
      if (command.equals("run")) {
        assertTrue(json.matches("(?s).*\"metric\" : \"PROBE_GET\",\\s*\"measurement\" : \"Return=OK\",\\s*\"value\" : 50\\s*}.*"),
            json);
      }
    }
    for (String text : texts) {
      assertFalse(text.contains(password), text);
    }
    assertEquals(50, db.rows(ProbeStore.TABLE));
    return String.join("\n", texts);
  }

  @Test
  void passwordInDbPasswdIsHiddenAndUsed() throws Exception {
    loadAndRunWithoutShowingThePassword(List.of("-p", "db.url=" + db.url(), "-p", "db.user=" + user,
        "-p", "db.passwd=" + password));
  }

  @Test
  void passwordInTheUrlIsHiddenAndUsed() throws Exception {
    String url = db.url().replace("jdbc:mysql://", "jdbc:mysql://" + user + ":" + password + "@");
    String out = loadAndRunWithoutShowingThePassword(List.of("-p", "db.url=" + url));
    assertTrue(out.contains("jdbc:mysql://" + user + ":*****@"), out);
  }

  @Test
  void passwordAsUrlParameterIsHiddenAndUsed() throws Exception {
    String out = loadAndRunWithoutShowingThePassword(
        List.of("-p", "db.url=" + db.url() + "?user=" + user + "&password=" + password));
    assertTrue(out.contains("&password=*****"), out);
  }
}
