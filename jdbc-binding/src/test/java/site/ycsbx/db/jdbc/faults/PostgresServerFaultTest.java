package site.ycsbx.db.jdbc.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import site.ycsbx.testing.Background;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;

/**
 * The faults of {@link JdbcServerFaultTest} on PostgreSQL, against a server of the test's own
 * ({@link PrivatePostgres}, synchronous_commit on): killed and restarted under an iibench load,
 * killed for good, frozen (SIGSTOP) before a run and during one.
 */
class PostgresServerFaultTest {
  private static final int BATCH = 100;
  private static final Pattern ACKED = Pattern.compile("\\[IIBENCH\\] inserted (\\d+) rows");
  private static final Pattern STOPPED = Pattern.compile("\\[IIBENCH\\] STOPPED before its 400000 rows: inserted (\\d+) rows in ");
  private static final Pattern VERIFIED = Pattern.compile("\\[IIBENCH-VERIFY\\] purchases_index: (\\d+) rows, (\\d+) expected");
  private static final Pattern TXN_ERRORS = Pattern.compile("\\[ERRORS\\] INSERT_TXN\\s+(\\d+)\\s+(\\d+)");
  private static final String OUTAGE = "\\[OUTAGE\\] from \\S+Z to \\S+Z \\((\\d+\\.\\d) s\\): [1-9]\\d* operations lost;"
      + " cause: jdbc:postgresql://.*";
  private static PrivatePostgres server;

  @BeforeAll
  static void startServer() throws Exception {
    server = PrivatePostgres.start();
  }

  @AfterAll
  static void stopServer() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void aLoadGoesOnAfterTheServerIsKilledAndRestarted() throws Exception {
    String db = database();
    // 40 transactions of 100 rows per second: about 6 s of load around the outage
    Background run = load(db, 24_000, "-p", "ycsbx.reconnect.backoffms=100", "-p", "ycsbx.reconnect.maxbackoffms=500",
        "-p", "iibench.verify=true");
    awaitRows(db, 6_000, run);
    server.kill();
    Thread.sleep(2_000);
    server.restart();
    long atRestart = rows(db);
    Result r = run.await(120);

    String out = r.all();
    long stored = rows(db);
    Matcher verify = VERIFIED.matcher(r.stdout());
    assertTrue(verify.find(), out);
    assertEquals(stored, Long.parseLong(verify.group(1)), "iibench.verify counted on a fresh connection\n" + out);
    long expected = Long.parseLong(verify.group(2));
    assertTrue(stored >= expected, "acknowledged rows lost: " + out);
    assertEquals(stored != expected, r.stdout().contains("): MISMATCH: "), out);
    assertEquals(0, r.exitCode(), out);
    List<String> outages = r.stderr().lines().filter(l -> l.startsWith("[OUTAGE]")).toList();
    assertEquals(1, outages.size(), out);
    assertTrue(outages.get(0).matches(OUTAGE), outages.get(0));
    double seconds = Double.parseDouble(outages.get(0).replaceAll(".*\\((\\d+\\.\\d) s\\).*", "$1"));
    assertTrue(seconds >= 1.5 && seconds < 15, outages.get(0));
    Matcher txn = TXN_ERRORS.matcher(r.stderr());
    assertTrue(txn.find(), out);
    long ok = Long.parseLong(txn.group(1));
    long failed = Long.parseLong(txn.group(2));
    assertTrue(failed > 0, "transactions during the outage count as failed: " + out);
    assertTrue(r.stdout().contains("[INSERT_TXN-FAILED], Operations, " + failed), out);

    assertTrue(stored > atRestart, "nothing stored after the restart (" + atRestart + " rows then, " + stored + " now)\n"
        + out);
    Matcher acked = ACKED.matcher(r.stdout());
    assertTrue(acked.find(), out);
    long ackedRows = Long.parseLong(acked.group(1));
    // synchronous_commit=on: every acknowledged transaction survived the kill
    assertTrue(stored >= ok * BATCH && stored >= ackedRows, stored + " rows stored, " + ok + " transactions of " + BATCH
        + " acknowledged (" + ackedRows + " rows)\n" + out);
    // and no more than was attempted: the failed transactions are the only ones that may have committed unanswered
    assertTrue(stored <= (ok + failed) * BATCH, stored + " rows stored, " + (ok + failed) + " transactions tried\n" + out);
  }

  @Test
  void aServerThatDoesNotComeBackEndsTheRunWithinTheReconnectLimitAndExportsWhatItMeasured() throws Exception {
    String db = database();
    // 400k rows at 4000 rows/s would take 100 s
    Background run = load(db, 400_000, "-p", "ycsbx.reconnect.giveupseconds=2", "-p", "ycsbx.reconnect.backoffms=100",
        "-p", "ycsbx.reconnect.maxbackoffms=500");
    try {
      awaitRows(db, 4_000, run);
      server.kill();
      long killed = System.nanoTime();
      Result r = run.await(90);
      long secondsAfterKill = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed);

      String out = r.all();
      assertEquals(1, r.exitCode(), out);
      // giveupseconds=2, then at most one back-off (0.5 s) and the 5 s handshake timeout per thread, and the export
      assertTrue(secondsAfterKill < 20, "the run went on for " + secondsAfterKill + " s after the server died\n" + out);
      List<String> outages = r.stderr().lines().filter(l -> l.startsWith("[OUTAGE]")).toList();
      assertEquals(1, outages.size(), out);
      assertTrue(outages.get(0).contains("to (not back when the run ended)"), outages.get(0));
      assertTrue(outages.get(0).contains("gave up: the server was not back after"), outages.get(0));
      assertTrue(outages.get(0).contains("ycsbx.reconnect.giveupseconds=2"), outages.get(0));
      assertTrue(r.stderr().contains("[ERRORS] FAILED: outage: the server was not back"), out);
      // what was measured before is exported
      Matcher ok = Pattern.compile("\\[INSERT_TXN\\], Operations, (\\d+)").matcher(r.stdout());
      assertTrue(ok.find() && Long.parseLong(ok.group(1)) >= 40, out);
      assertTrue(r.stdout().contains("[INSERT_TXN-FAILED], Operations, "), out);
      Matcher acked = STOPPED.matcher(r.stdout());
      assertTrue(acked.find(), out);
      assertEquals(Long.parseLong(ok.group(1)) * BATCH, Long.parseLong(acked.group(1)), out);
      server.restart();
      assertTrue(rows(db) >= Long.parseLong(acked.group(1)), "acknowledged rows lost: " + rows(db) + " stored\n" + out);
    } finally {
      run.close();
      server.restart();
    }
  }

  @Test
  void theHandshakeWithAFrozenServerFailsWithinItsTimeout() throws Exception {
    String db = database();
    server.freeze();
    Result r;
    try {
      r = JavaProcess.run(null, 60, "site.ycsbx.tools.Main", "load", "jdbc", "-P", JavaProcess.workload("iibench"),
          "-p", "db.url=" + server.url(db), "-p", "db.user=postgres", "-p", "iibench.rows=1000");
    } finally {
      server.thaw();
    }
    assertEquals(1, r.exitCode(), r.all());
    List<String> lines = r.stderrLines();
    assertEquals(1, lines.size(), r.all());
    assertTrue(lines.get(0).contains("cannot reach " + server.url(db)) && lines.get(0).contains("no answer within 5 s"),
        lines.get(0));
    assertFalse(r.all().contains("Exception"), r.all());
    // the 5 s handshake plus a JVM's start on a busy machine
    assertTrue(r.millis() < 20_000, r.millis() + " ms");
    try (Connection c = server.connect(db); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM pg_tables WHERE schemaname = 'public'")) {
      rs.next();
      assertEquals(0, rs.getInt(1), "nothing is created when the server does not answer");
    }
  }

  @Test
  void maxExecutionTimeEndsARunWhoseServerFrozeWithinItsGrace() throws Exception {
    String db = database();
    // 400k rows at 4000 rows/s would take 100 s; maxexecutiontime=5 ends it, the frozen server would not
    Background run = load(db, 400_000, "-p", "maxexecutiontime=5");
    awaitRows(db, 4_000, run);
    server.freeze();
    Result r;
    try {
      r = run.await(60);
    } finally {
      run.close();
      server.thaw();
    }
    String out = r.all();
    assertTrue(r.millis() < (5 + 5 + 10) * 1000, "the run took " + r.millis() + " ms\n" + out);
    assertTrue(r.stderr().contains("[DEADLINE] maxexecutiontime=5 passed 5 s ago and operations still wait on the server:"
        + " aborting 2 connections"), out);
    assertTrue(r.stdout().contains("[INSERT_TXN], Operations, "), out);
    assertTrue(STOPPED.matcher(r.stdout()).find(), out);
    assertTrue(r.stderr().contains("[ERRORS] INSERT_TXN"), out);
    assertFalse(r.stderr().contains("[OUTAGE]"), out);
    // operations hung past the deadline: the run did not complete cleanly (as on MariaDB, JdbcServerFaultTest)
    assertTrue(r.stderr().contains("[ERRORS] FAILED: maxexecutiontime=5: 2 connections still waited on the server 5 s"
        + " after it and were aborted"), out);
    assertEquals(1, r.exitCode(), out);
  }

  private static Background load(String db, int rows, String... more) throws Exception {
    return IIBenchUnderFaults.load(server, db, rows, BATCH, more);
  }

  private static String database() throws SQLException {
    return IIBenchUnderFaults.database(server);
  }

  private static void awaitRows(String db, long atLeast, Background run) throws Exception {
    IIBenchUnderFaults.awaitRows(server, db, atLeast, run);
  }

  private static long rows(String db) throws SQLException {
    return IIBenchUnderFaults.rows(server, db);
  }
}
