package site.ycsbx.db.jdbc.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.Status;
import site.ycsbx.db.jdbc.CorePhase;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight.Phase;
import site.ycsbx.testing.StdErr;

/**
 * Runs at a max_prepared_stmt_count the server enforces: 0, every prepare refused (error 1461),
 * on a MariaDB of the test's own ({@link PrivateMariaDb}), since the limit is global and the
 * shared server's tests in the other fork would meet it. The preflight falls back to client-side
 * statements and the run's operations are all OK on both drivers; db.url's useServerPrepStmts=true
 * rules, and there MySQL Connector/J prepares on the client by itself while MariaDB Connector/J
 * fails every operation: why YCSB-X decides before the run.
 */
@Tag("slow")
class ServerStatementsAtTheLimitTest {
  private static PrivateMariaDb server;
  private final Fingerprint fp = Fingerprint.current();

  @BeforeAll
  static void startServer() throws Exception {
    server = PrivateMariaDb.start();
  }

  @AfterAll
  static void stopServer() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"mariadb", "mysql"})
  void aRunThatFallsBackCompletesWithEveryOperationOk(String scheme) throws Exception {
    Properties p = properties(scheme, "");
    assertEquals(List.of(Status.OK), CorePhase.run(p, Phase.LOAD));
    assertTrue(fp.get("jdbc.prepared").startsWith("server-side (useServerPrepStmts=true&cachePrepStmts=true: YCSB-X's"
        + " default, threadcount=3 x 2 connections x 250 statements = 1500 fit in max_prepared_stmt_count="),
        fp.get("jdbc.prepared"));
    List<Status> run = atLimitZero(() -> CorePhase.run(p, Phase.RUN));
    assertEquals(List.of(Status.OK), run);
    assertEquals("client-side (YCSB-X's fallback: threadcount=3 x 2 connections x 250 statements = 1500 would pass"
        + " max_prepared_stmt_count=0)", fp.get("jdbc.prepared"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"mariadb", "mysql"})
  void theUrlsTrueRulesAndOnlyMySqlConnectorJFallsBackByItself(String scheme) throws Exception {
    Properties p = properties(scheme, "?useServerPrepStmts=true");
    assertEquals(List.of(Status.OK), CorePhase.run(p, Phase.LOAD));
    String[] err = new String[1];
    List<Status> run = atLimitZero(() -> {
      @SuppressWarnings("unchecked")
      List<Status>[] out = new List[1];
      err[0] = StdErr.captured(() -> out[0] = CorePhase.run(p, Phase.RUN));
      return out[0];
    });
    assertEquals("server-side (useServerPrepStmts=true)", fp.get("jdbc.prepared"));
    boolean mariadb = scheme.equals("mariadb");
    assertEquals(List.of(mariadb ? Status.ERROR : Status.OK), run);
    assertEquals(mariadb, err[0].startsWith("[WARN] db.url asks for server-side statements (useServerPrepStmts=true),"
        + " but threadcount=3 x 2 connections x 250 statements = 1500 would pass max_prepared_stmt_count=0 with 0 in use:"
        + " MariaDB Connector/J fails each statement the server refuses to prepare"), err[0]);
    assertEquals(mariadb, err[0].contains("Can't create more than max_prepared_stmt_count statements"), err[0]);
  }

  private static Properties properties(String scheme, String urlOptions) throws Exception {
    String url = server.url(server.newDatabase("ps_"));
    return CorePhase.properties(url.replace("jdbc:mysql:", "jdbc:" + scheme + ":") + urlOptions, server.user(), 20);
  }

  @FunctionalInterface
  private interface Work {
    List<Status> run() throws Exception;
  }

  /** Runs {@code work} with the server's max_prepared_stmt_count at 0, then restores it. */
  private static List<Status> atLimitZero(Work work) throws Exception {
    try (Connection c = server.connect(server.adminDatabase()); Statement s = c.createStatement()) {
      long before = server.count(server.adminDatabase(), "SELECT @@GLOBAL.max_prepared_stmt_count");
      s.execute("SET GLOBAL max_prepared_stmt_count = 0");
      try {
        return work.run();
      } finally {
        s.execute("SET GLOBAL max_prepared_stmt_count = " + before);
      }
    }
  }
}
