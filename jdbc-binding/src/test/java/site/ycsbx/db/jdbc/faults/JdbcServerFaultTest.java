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
import site.ycsbx.db.jdbc.JdbcClient;
import site.ycsbx.testing.Background;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;

/**
 * Fault injection against a MariaDB of the test's own: killed and restarted under an iibench
 * load, killed for good, and frozen (SIGSTOP) before a run starts.
 */
class JdbcServerFaultTest {
  private static final int BATCH = 100;
  private static final Pattern ACKED = Pattern.compile("\\[IIBENCH\\] inserted (\\d+) rows");
  private static final Pattern VERIFIED = Pattern.compile("\\[IIBENCH-VERIFY\\] purchases_index: (\\d+) rows, (\\d+) expected");
  private static final Pattern TXN_ERRORS = Pattern.compile("\\[ERRORS\\] INSERT_TXN\\s+(\\d+)\\s+(\\d+)");
  private static PrivateMariaDb server;

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

  @Test
  void aLoadGoesOnAfterTheServerIsKilledAndRestarted() throws Exception {
    String db = database();
    // 40 transactions of 100 rows per second: about 10 s of load around the outage
    Background run = load(db, 40_000, "-p", "ycsbx.reconnect.backoffms=100", "-p", "ycsbx.reconnect.maxbackoffms=500",
        "-p", "iibench.verify=true");
    awaitRows(db, 8_000, run);
    server.kill();
    long killed = System.nanoTime();
    Thread.sleep(2_500);
    server.restart();
    long atRestart = rows(db);
    Result r = run.await(180);

    String out = r.all();
    long stored = rows(db);
    // iibench.verify counted on a fresh connection, not on one the kill broke
    Matcher verify = VERIFIED.matcher(r.stdout());
    assertTrue(verify.find(), out);
    assertEquals(stored, Long.parseLong(verify.group(1)), out);
    long expected = Long.parseLong(verify.group(2));
    assertTrue(stored >= expected, "acknowledged rows lost: " + out);
    // a transaction the server committed just before the kill, whose answer never came, is a
    // mismatch the verification reports (a failed VERIFY, within ycsbx.maxerrorpercent=100 here)
    assertEquals(stored != expected, r.stdout().contains("): MISMATCH: "), out);
    assertEquals(0, r.exitCode(), out);
    List<String> outages = r.stderr().lines().filter(l -> l.startsWith("[OUTAGE]")).toList();
    assertEquals(1, outages.size(), out);
    assertTrue(outages.get(0).matches("\\[OUTAGE\\] from \\S+Z to \\S+Z \\((\\d+\\.\\d) s\\): [1-9]\\d* operations lost; cause: .*"),
        outages.get(0));
    double seconds = Double.parseDouble(outages.get(0).replaceAll(".*\\((\\d+\\.\\d) s\\).*", "$1"));
    assertTrue(seconds >= 2.0 && seconds < 15, outages.get(0));
    Matcher txn = TXN_ERRORS.matcher(r.stderr());
    assertTrue(txn.find(), out);
    long ok = Long.parseLong(txn.group(1));
    long failed = Long.parseLong(txn.group(2));
    assertTrue(failed > 0, "transactions during the outage count as failed: " + out);
    // failed operations are timed with their real latency
    assertTrue(r.stdout().contains("[INSERT_TXN-FAILED], Operations, " + failed), out);

    assertTrue(stored > atRestart, "nothing stored after the restart (" + atRestart + " rows then, " + stored + " now)\n" + out);
    Matcher acked = ACKED.matcher(r.stdout());
    assertTrue(acked.find(), out);
    long ackedRows = Long.parseLong(acked.group(1));
    // synchronous durability: every acknowledged transaction survived the kill
    assertTrue(stored >= ok * BATCH && stored >= ackedRows, stored + " rows stored, " + ok + " transactions of " + BATCH
        + " acknowledged (" + ackedRows + " rows)\n" + out);
    assertTrue(System.nanoTime() - killed < TimeUnit.SECONDS.toNanos(170));
  }

  @Test
  void underYcsbsStockClientTheLoadGoesOnAndTheOutageIsNamedAtExit() throws Exception {
    String db = database();
    Background run = Background.java("site.ycsb.Client", "-load", "-db", JdbcClient.class.getName(),
        "-P", JavaProcess.workload("iibench"), "-p", "db.url=" + server.url(db), "-p", "db.user=root",
        "-p", "iibench.rows=30000", "-p", "iibench.batchsize=" + BATCH, "-p", "ycsbx.reconnect.backoffms=100",
        "-p", "ycsbx.reconnect.maxbackoffms=500", "-threads", "2", "-target", "40");
    awaitRows(db, 6_000, run);
    server.kill();
    Thread.sleep(2_000);
    server.restart();
    long atRestart = rows(db);
    Result r = run.await(180);

    String out = r.all();
    List<String> outages = r.stderr().lines().filter(l -> l.startsWith("[OUTAGE]")).toList();
    assertEquals(1, outages.size(), out);
    assertTrue(outages.get(0).matches("\\[OUTAGE\\] from \\S+Z to \\S+Z \\(\\d+\\.\\d s\\): [1-9]\\d* operations lost; cause: .*"),
        outages.get(0));
    assertTrue(r.stdout().contains("[INSERT_TXN-FAILED], Operations, "), out);
    assertTrue(rows(db) > atRestart, out);
  }

  @Test
  void aServerThatDoesNotComeBackEndsTheRunWithTheOutageNamed() throws Exception {
    String db = database();
    // 400k rows at 4000 rows/s would take 100 s
    Background run = load(db, 400_000, "-p", "ycsbx.reconnect.giveupseconds=2", "-p", "ycsbx.reconnect.backoffms=100",
        "-p", "ycsbx.reconnect.maxbackoffms=500");
    try {
      awaitRows(db, 4_000, run);
      server.kill();
      long killed = System.nanoTime();
      Result r = run.await(120);
      long secondsAfterKill = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed);

      String out = r.all();
      assertEquals(1, r.exitCode(), out);
      assertTrue(secondsAfterKill < 20, "the run went on for " + secondsAfterKill + " s after the server died\n" + out);
      List<String> outages = r.stderr().lines().filter(l -> l.startsWith("[OUTAGE]")).toList();
      assertEquals(1, outages.size(), out);
      assertTrue(outages.get(0).contains("to (not back when the run ended)"), outages.get(0));
      assertTrue(outages.get(0).contains("gave up: the server was not back after"), outages.get(0));
      assertTrue(outages.get(0).contains("ycsbx.reconnect.giveupseconds=2"), outages.get(0));
      assertTrue(r.stderr().contains("[ERRORS] FAILED: outage: the server was not back"), out);
    } finally {
      server.restart();
    }
  }

  @Test
  void withAnOperationTimeoutAFrozenServerFailsOperationsInsteadOfHangingTheRun() throws Exception {
    String db = database();
    Background run = load(db, 40_000, "-p", "ycsbx.optimeout=1", "-p", "ycsbx.reconnect.backoffms=100",
        "-p", "ycsbx.reconnect.maxbackoffms=500");
    awaitRows(db, 8_000, run);
    server.freeze();
    try {
      Thread.sleep(8_000);
      assertTrue(run.stderrSoFar().contains("[ERROR] INSERT_TXN"), "no operation failed while the server was frozen:\n"
          + run.stderrSoFar());
    } finally {
      server.thaw();
    }
    Result r = run.await(180);

    String out = r.all();
    assertEquals(0, r.exitCode(), out);
    List<String> outages = r.stderr().lines().filter(l -> l.startsWith("[OUTAGE]")).toList();
    assertFalse(outages.isEmpty(), out);
    assertTrue(outages.stream().allMatch(l -> l.contains("Z to 20")), "every outage ended: " + outages);
    Matcher max = Pattern.compile("\\[INSERT_TXN-FAILED\\], MaxLatency\\(us\\), (\\d+)").matcher(r.stdout());
    assertTrue(max.find(), out);
    // ycsbx.optimeout=1: the socket gives up after 1 s; a re-open waits at most the 5 s handshake timeout
    assertTrue(Long.parseLong(max.group(1)) < 7_000_000, "a failed transaction took " + max.group(1) + " us\n" + out);
    assertTrue(rows(db) >= 40_000 - 100L * failedTransactions(r), out);
  }

  @Test
  void maxExecutionTimeEndsARunWhoseServerFrozeWithinItsGrace() throws Exception {
    String db = database();
    // 400k rows at 4000 rows/s would take 100 s; maxexecutiontime=6 ends it, the frozen server would not
    Background run = load(db, 400_000, "-p", "maxexecutiontime=6");
    awaitRows(db, 4_000, run);
    server.freeze();
    Result r;
    try {
      r = run.await(60);
    } finally {
      server.thaw();
    }
    String out = r.all();
    assertTrue(r.millis() < (6 + 5 + 10) * 1000, "the run took " + r.millis() + " ms\n" + out);
    assertTrue(r.stderr().contains("[DEADLINE] maxexecutiontime=6 passed 5 s ago and operations still wait on the server:"
        + " aborting 2 connections"), out);
    // what was measured is exported, and the aborts are failures, not an outage
    assertTrue(r.stdout().contains("[INSERT_TXN], Operations, "), out);
    assertTrue(r.stderr().contains("[ERRORS] INSERT_TXN"), out);
    assertFalse(r.stderr().contains("[OUTAGE]"), out);
    // operations hung past the deadline: the run did not complete cleanly, whatever the error share
    assertTrue(r.stderr().contains("[ERRORS] FAILED: maxexecutiontime=6: 2 connections still waited on the server 5 s"
        + " after it and were aborted"), out);
    assertEquals(1, r.exitCode(), out);
  }

  @Test
  void aCoreWorkloadRunStopsWhenItGivesUpOnTheServer() throws Exception {
    String db = database();
    String url = server.url(db);
    Result load = JavaProcess.run(null, 120, "site.ycsbx.tools.Main", "load", "jdbc", "-P", JavaProcess.workload("workloada"),
        "-p", "db.url=" + url, "-p", "db.user=root", "-p", "recordcount=500");
    assertEquals(0, load.exitCode(), load.all());
    // a million operations at 300 per second would take an hour, each failing at once after the give-up
    Background run = Background.main("run", "jdbc", "-P", JavaProcess.workload("workloada"), "-p", "db.url=" + url,
        "-p", "db.user=root", "-p", "recordcount=500", "-p", "operationcount=1000000", "-p", "ycsbx.maxerrorpercent=100",
        "-p", "ycsbx.reconnect.giveupseconds=2", "-p", "ycsbx.reconnect.backoffms=100",
        "-p", "ycsbx.reconnect.maxbackoffms=500", "-threads", "2", "-target", "300");
    try {
      Thread.sleep(4_000);
      assertTrue(run.isAlive(), run.stderrSoFar());
      server.kill();
      long killed = System.nanoTime();
      Result r = run.await(60);
      long secondsAfterKill = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed);

      String out = r.all();
      assertEquals(1, r.exitCode(), out);
      assertTrue(secondsAfterKill < 15, "the run went on for " + secondsAfterKill + " s after the server died\n" + out);
      assertTrue(r.stderr().contains("[ERRORS] FAILED: outage: the server was not back"), out);
      Matcher notAttempted = Pattern.compile("\\[ERRORS\\] NOT_ATTEMPTED\\s+(\\d+)\\s+of operationcount=1000000 \\(the run"
          + " gave up on the server \\(ycsbx.reconnect.giveupseconds\\); counted as failed\\)").matcher(r.stderr());
      assertTrue(notAttempted.find(), out);
      assertTrue(Long.parseLong(notAttempted.group(1)) > 990_000, out);
    } finally {
      server.restart();
    }
  }

  @Test
  void anOperationTimeoutThatIsNotANumberIsRefusedInOneLine() {
    Result r = JavaProcess.run(null, 60, "site.ycsbx.tools.Main", "load", "jdbc", "-P", JavaProcess.workload("iibench"),
        "-p", "db.url=" + server.url("nodb"), "-p", "db.user=root", "-p", "ycsbx.optimeout=soon");
    assertEquals(2, r.exitCode(), r.all());
    assertEquals(1, r.stderrLines().size(), r.all());
    assertTrue(r.stderrLines().get(0).contains("ycsbx.optimeout=soon is not a whole number"), r.all());
  }

  @Test
  void aReconnectSettingOutOfRangeIsRefusedInOneLine() {
    Result r = JavaProcess.run(null, 60, "site.ycsbx.tools.Main", "load", "jdbc", "-P", JavaProcess.workload("iibench"),
        "-p", "db.url=" + server.url("nodb"), "-p", "db.user=root", "-p", "ycsbx.reconnect.giveupseconds=-1");
    assertEquals(2, r.exitCode(), r.all());
    assertEquals(1, r.stderrLines().size(), r.all());
    assertTrue(r.stderrLines().get(0).contains("ycsbx.reconnect.giveupseconds=-1 is out of range"), r.all());
  }

  private static long failedTransactions(Result r) {
    Matcher txn = TXN_ERRORS.matcher(r.stderr());
    return txn.find() ? Long.parseLong(txn.group(2)) : 0;
  }

  @Test
  void theHandshakeWithAFrozenServerFailsWithinItsTimeout() throws Exception {
    String db = database();
    server.freeze();
    Result r;
    try {
      r = JavaProcess.run(null, 60, "site.ycsbx.tools.Main", "load", "jdbc", "-P", JavaProcess.workload("iibench"),
          "-p", "db.url=" + server.url(db), "-p", "db.user=root", "-p", "iibench.rows=1000");
    } finally {
      server.thaw();
    }
    assertEquals(1, r.exitCode(), r.all());
    List<String> lines = r.stderrLines();
    assertEquals(1, lines.size(), r.all());
    assertTrue(lines.get(0).contains("cannot reach " + server.url(db)) && lines.get(0).contains("no answer within 5 s"),
        lines.get(0));
    assertFalse(r.all().contains("Exception"), r.all());
    assertTrue(r.millis() < 30_000, r.millis() + " ms");
    try (Connection c = server.connect(db); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = '" + db + "'")) {
      rs.next();
      assertEquals(0, rs.getInt(1), "nothing is created when the server does not answer");
    }
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
