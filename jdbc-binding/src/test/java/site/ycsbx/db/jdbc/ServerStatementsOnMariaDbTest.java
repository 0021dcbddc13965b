package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.Status;
import site.ycsbx.db.jdbc.conn.Connector;
import site.ycsbx.db.jdbc.conn.JdbcOptions;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight.Phase;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.testing.StdErr;
import site.ycsbx.testing.StdOut;

/**
 * Server-side prepared statements in loads and runs on the shared MariaDB, through both drivers:
 * asked for when the run's connections fit in max_prepared_stmt_count, the driver's client-side
 * ones when they would not (a threadcount no default limit holds: the shared server's limit is
 * left alone; faults.ServerStatementsAtTheLimitTest lowers a private server's), db.url's word
 * over both.
 */
@Tag("server")
class ServerStatementsOnMariaDbTest {
  private final Fingerprint fp = Fingerprint.current();

  @ParameterizedTest
  @ValueSource(strings = {"mariadb", "mysql"})
  void loadsAndRunsThatFitPrepareOnTheServerAndTheFingerprintSaysWhy(String scheme) throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB, scheme)) {
      Properties p = properties(db, "");
      for (Phase phase : new Phase[] {Phase.LOAD, Phase.RUN}) {
        long limit = limit(db);
        assertEquals(List.of(Status.OK), CorePhase.run(p, phase));
        String prepared = fp.get("jdbc.prepared");
        String expected = "server-side (useServerPrepStmts=true&cachePrepStmts=true: YCSB-X's default, threadcount=3 x 2"
            + " connections x 250 statements = 1500 fit in max_prepared_stmt_count=" + limit + ")";
        // what other clients hold at the instant stays out: clients of one run merge only with equal fingerprints
        assertEquals(expected, prepared);
        assertTrue(fp.get("db.url").endsWith("&useServerPrepStmts=true&cachePrepStmts=true"), fp.get("db.url"));
        assertOnServer(true, p, scheme);
      }
    }
  }

  /** The driver's cache named larger in db.url is the bound a connection; 20000 threads fit in no default limit. */
  @ParameterizedTest
  @ValueSource(strings = {"mariadb", "mysql"})
  void aRunWhoseConnectionsWouldNotFitPreparesOnTheClientAndSaysWhy(String scheme) throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB, scheme)) {
      Properties p = properties(db, "?prepStmtCacheSize=400");
      assertEquals(List.of(Status.OK), CorePhase.run(p, Phase.LOAD));
      p.setProperty("threadcount", "20000");
      p.setProperty("dotransactions", "true");
      String[] out = new String[1];
      String err = StdErr.captured(() -> out[0] = StdOut.captured(() -> new JdbcPreflight().check(p, Phase.RUN,
          StoreDemand.NONE, fp)));
      String why = "threadcount=20000 x 2 connections x 400 statements = 16000000 would pass max_prepared_stmt_count="
          + limit(db);
      assertEquals("client-side (YCSB-X's fallback: " + why + ")", fp.get("jdbc.prepared"));
      assertTrue(out[0].startsWith("[YCSB-X] client-side prepared statements: " + why + " with ")
          && out[0].strip().endsWith(" in use; raise it (SET GLOBAL max_prepared_stmt_count) for server-side ones"), out[0]);
      assertEquals("", err);
      assertFalse(fp.get("db.url").contains("useServerPrepStmts"), fp.get("db.url"));
      assertOnServer(false, p, scheme);
    }
  }

  /**
   * db.url's useServerPrepStmts=true rules where it would not fit; the preflight warns on MariaDB
   * Connector/J only, which fails each statement the server refuses (MySQL Connector/J prepares
   * it on the client instead).
   */
  @ParameterizedTest
  @ValueSource(strings = {"mariadb", "mysql"})
  void theUrlsTrueRulesWhereItWouldNotFitAndMariaDbConnectorJIsWarnedAbout(String scheme) throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB, scheme)) {
      Properties p = properties(db, "?useServerPrepStmts=true");
      p.setProperty("threadcount", "20000");
      String[] out = new String[1];
      String err = StdErr.captured(() -> out[0] = StdOut.captured(() -> new JdbcPreflight().check(p, Phase.LOAD,
          StoreDemand.NONE, fp)));
      assertEquals("server-side (useServerPrepStmts=true)", fp.get("jdbc.prepared"));
      assertFalse(out[0].contains("prepared statements"), out[0]);
      boolean mariadb = scheme.equals("mariadb");
      assertEquals(mariadb, err.startsWith("[WARN] db.url asks for server-side statements (useServerPrepStmts=true), but"
          + " threadcount=20000 x 2 connections x 250 statements = 10000000 would pass max_prepared_stmt_count="), err);
      assertEquals(mariadb, err.strip().endsWith(" in use: MariaDB Connector/J fails each statement the server refuses to"
          + " prepare"), err);
      assertOnServer(true, p, scheme);
    }
  }

  /** db.url's useServerPrepStmts=false keeps the client's statements in a load and a run alike. */
  @ParameterizedTest
  @ValueSource(strings = {"mariadb", "mysql"})
  void theUrlsFalseKeepsClientSideInBothPhases(String scheme) throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB, scheme)) {
      Properties p = properties(db, "?useServerPrepStmts=false");
      for (Phase phase : new Phase[] {Phase.LOAD, Phase.RUN}) {
        assertEquals(List.of(Status.OK), CorePhase.run(p, phase));
        assertEquals("client-side (useServerPrepStmts=false)", fp.get("jdbc.prepared"));
        assertOnServer(false, p, scheme);
      }
    }
  }

  private static Properties properties(TestDatabase db, String urlOptions) {
    Properties p = CorePhase.properties(db.url() + urlOptions, TestDatabase.USER, 20);
    p.setProperty("db.passwd", TestDatabase.PASSWORD);
    return p;
  }

  /** Where a connection of these options prepares, as the driver's own class of statement says. */
  private static void assertOnServer(boolean onServer, Properties p, String scheme) throws Exception {
    Class<?> server = scheme.equals("mariadb") ? org.mariadb.jdbc.ServerPreparedStatement.class
        : com.mysql.cj.jdbc.ServerPreparedStatement.class;
    try (Connection c = Connector.open(JdbcOptions.parse(p), Map.of()); PreparedStatement ps = c.prepareStatement("SELECT ?")) {
      assertEquals(onServer, ps.isWrapperFor(server), ps.getClass().getName());
    }
  }

  private static long limit(TestDatabase db) throws SQLException {
    try (Connection c = db.serverConnection(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT @@GLOBAL.max_prepared_stmt_count")) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
