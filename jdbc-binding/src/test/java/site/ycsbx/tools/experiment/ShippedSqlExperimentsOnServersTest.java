package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsbx.testing.OneLineError.assertOneLineError;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.db.jdbc.faults.PrivateMariaDb;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.ShippedExperiments;

/**
 * The SQL files' real-server form, as their headers give it ({@code --check} with each target's
 * {@code db.url} on the user's servers), on this machine's MariaDB and PostgreSQL (the insert
 * benchmark's, whose targets change a server global, on a MariaDB of its own): every check passes,
 * each target's server named, no cell run and no folder made; a closed port fails on the
 * connection, naming the target, exit 1.
 */
@Tag("process")
class ShippedSqlExperimentsOnServersTest {
  @TempDir
  Path tmp;

  private Result check(String file, Map<String, String> urls) throws Exception {
    List<String> args = new ArrayList<>(List.of("experiment", ShippedExperiments.copy(tmp, file).toString(), "--check",
        "--out", tmp.resolve("out-" + file).toString(), "-p", "db.user=" + TestDatabase.USER,
        "-p", "db.passwd=" + TestDatabase.PASSWORD));
    urls.forEach((t, url) -> args.addAll(List.of("-p", "target." + t + ".db.url=" + url)));
    return InProcessMain.run(args.toArray(new String[0]));
  }

  private void passesAndThenFailsOnAClosedPort(String file, Map<String, TestDatabase.Target> targets) throws Exception {
    Map<String, TestDatabase> dbs = new LinkedHashMap<>();
    try {
      targets.forEach((t, kind) -> dbs.put(t, TestDatabase.create(kind)));
      Map<String, String> urls = new LinkedHashMap<>();
      dbs.forEach((t, db) -> urls.put(t, db.url()));
      passesAndThenFailsOnAClosedPortAt(file, urls);
    } finally {
      for (TestDatabase db : dbs.values()) {
        db.close();
      }
    }
  }

  /** As above, on the databases these db.urls name, in the file's order of targets. */
  private void passesAndThenFailsOnAClosedPortAt(String file, Map<String, String> urls) throws Exception {
    Result ok = check(file, urls);
    assertEquals(0, ok.exitCode(), file + "\n" + ok.all());
    urls.forEach((t, url) -> assertTrue(ok.stdout().contains("[EXPERIMENT] target " + t + ": "
        + (isMariaDb(url) ? "MariaDB" : "PostgreSQL")), t + "\n" + ok.stdout()));
    assertTrue(ok.stdout().contains("[EXPERIMENT] check: every check passed, each target's server's too; no cell ran"),
        ok.stdout());
    assertFalse(Files.exists(tmp.resolve("out-" + file)), file);

    // the last target's server away: the targets before it pass, it fails on the connection
    Map<String, String> lastAway = new LinkedHashMap<>(urls);
    String last = new ArrayList<>(urls.keySet()).get(urls.size() - 1);
    String closed = isMariaDb(urls.get(last)) ? "jdbc:mysql://127.0.0.1:1/h_keys" : "jdbc:postgresql://127.0.0.1:1/h_keys";
    lastAway.put(last, closed);
    Result away = check(file, lastAway);
    assertOneLineError(away, 1, "target " + last + " (load jdbc): cannot reach " + closed, "Connection refused");
    assertFalse(Files.exists(tmp.resolve("out-" + file)), file);
  }

  private static boolean isMariaDb(String url) {
    return !url.startsWith("jdbc:postgresql:");
  }

  /** The targets in the file's order, each on a database of its own of this kind. */
  private static Map<String, TestDatabase.Target> targets(Object... nameAndKind) {
    Map<String, TestDatabase.Target> m = new LinkedHashMap<>();
    for (int i = 0; i < nameAndKind.length; i += 2) {
      m.put((String) nameAndKind[i], (TestDatabase.Target) nameAndKind[i + 1]);
    }
    return m;
  }

  @Test
  void insertBenchmark() throws Exception {
    // its targets SET GLOBAL innodb_flush_log_at_trx_commit and expect their value: on a MariaDB of this test's own
    // (the same mariadbd, with InnoDB and RocksDB as the shared one), no other test's SET comes between a target's
    // and its check, and this test waits for no other's turn on the shared server (the tarball's test runs the
    // whole file there, minutes long, holding SharedServerSetting)
    try (PrivateMariaDb server = PrivateMariaDb.start("127.0.0.1", "--plugin-load-add=ha_rocksdb.so")) {
      Map<String, String> urls = new LinkedHashMap<>();
      try (Connection c = DriverManager.getConnection(server.url(""), server.user(), "");
          Statement s = c.createStatement()) {
        for (String t : List.of("inno-sync", "inno-lazy", "myrocks")) {
          String db = "ibench_" + t.replace('-', '_');
          s.execute("CREATE DATABASE " + db);
          urls.put(t, server.url(db));
        }
      }
      passesAndThenFailsOnAClosedPortAt("insert-benchmark", urls);
    }
  }

  @Test
  void linkbenchEngines() throws Exception {
    passesAndThenFailsOnAClosedPort("linkbench-engines", targets("innodb", TestDatabase.Target.MARIADB_INNODB,
        "myrocks", TestDatabase.Target.MARIADB_ROCKSDB));
  }

  @Test
  void sysbenchEngines() throws Exception {
    passesAndThenFailsOnAClosedPort("sysbench-engines", targets("innodb", TestDatabase.Target.MARIADB_INNODB,
        "myrocks", TestDatabase.Target.MARIADB_ROCKSDB));
  }

  @Test
  void filemetaEnginesOnMariaDbAndPostgreSql() throws Exception {
    passesAndThenFailsOnAClosedPort("filemeta-engines", targets("innodb", TestDatabase.Target.MARIADB_INNODB,
        "postgresql", TestDatabase.Target.POSTGRESQL));
  }
}
