package site.ycsbx.db.jdbc.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import site.ycsbx.testing.Background;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;

/**
 * The faults every server's test injects into a server of its own under an iibench load: killed
 * and restarted, killed for good, frozen (SIGSTOP) before a run and during one. A subclass starts
 * the server and gives the figures its server was tuned with; what only one server checks stays
 * in its subclass, through the {@code after...} hooks. One instance runs all of a class's tests,
 * so that the subclass's {@link #start()} runs once per class, not once per test.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ServerFaultContract {
  protected static final int BATCH = 100;
  protected static final Pattern TXN_ERRORS = Pattern.compile("\\[ERRORS\\] INSERT_TXN\\s+(\\d+)\\s+(\\d+)");
  private static final Pattern ACKED = Pattern.compile("\\[IIBENCH\\] inserted (\\d+) rows");
  private static final Pattern VERIFIED = Pattern.compile("\\[IIBENCH-VERIFY\\] purchases_index: (\\d+) rows, (\\d+) expected");
  private PrivateServer server;

  /**
   * The load {@link #aLoadGoesOnAfterTheServerIsKilledAndRestarted} kills the server under: its
   * rows, the rows stored when the server is killed, how long it stays down, how long the run
   * may take after the restart and the shortest outage the run may report.
   */
  protected record KilledLoad(int rows, int rowsAtKill, int downMillis, int awaitSeconds, double shortestOutage) {
  }

  /** When the server was killed (nanoTime), the rows stored, the transactions acknowledged and failed, the output. */
  protected record KilledRun(long killedAtNanos, long stored, long ok, long failed, String out) {
  }

  protected abstract PrivateServer start() throws Exception;

  protected abstract KilledLoad killedLoad();

  /** A regular expression of the cause an outage line names. */
  protected abstract String outageCause();

  /** How long a run whose server was killed for good may take to give up and end. */
  protected abstract int gaveUpAwaitSeconds();

  /** How long a run whose handshake found the server frozen may take in all. */
  protected abstract int frozenHandshakeMillis();

  /** A query of how many tables the test database {@code db} holds, on a connection to it. */
  protected abstract String countTables(String db);

  /** The maxexecutiontime of a run whose server freezes. */
  protected abstract int maxExecutionTime();

  protected void afterAKilledLoad(KilledRun k) {
  }

  /** Runs while the server is still down; the contract restarts it afterwards, if this did not. */
  protected void afterGivingUp(String db, Result r) throws Exception {
  }

  protected void afterTheDeadline(Result r) {
  }

  @BeforeAll
  final void startServer() throws Exception {
    server = start();
  }

  @AfterAll
  final void stopServer() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void aLoadGoesOnAfterTheServerIsKilledAndRestarted() throws Exception {
    KilledLoad k = killedLoad();
    String db = database();
    Background run = load(db, k.rows(), "-p", "ycsbx.reconnect.backoffms=100", "-p", "ycsbx.reconnect.maxbackoffms=500",
        "-p", "iibench.verify=true");
    awaitRows(db, k.rowsAtKill(), run);
    server.kill();
    long killed = System.nanoTime();
    Thread.sleep(k.downMillis());
    server.restart();
    long atRestart = rows(db);
    Result r = run.await(k.awaitSeconds());

    String out = r.all();
    long stored = rows(db);
    Matcher verify = VERIFIED.matcher(r.stdout());
    assertTrue(verify.find(), out);
    assertEquals(stored, Long.parseLong(verify.group(1)), "iibench.verify counted on a fresh connection, not on one the"
        + " kill broke\n" + out);
    long expected = Long.parseLong(verify.group(2));
    assertTrue(stored >= expected, "acknowledged rows lost: " + out);
    // a transaction the server committed just before the kill, whose answer never came, is a
    // mismatch the verification reports (a failed VERIFY, within ycsbx.maxerrorpercent=100 here)
    assertEquals(stored != expected, r.stdout().contains("): MISMATCH: "), out);
    assertEquals(0, r.exitCode(), out);
    List<String> outages = outages(r);
    assertEquals(1, outages.size(), out);
    assertTrue(outages.get(0).matches("\\[OUTAGE\\] from \\S+Z to \\S+Z \\((\\d+\\.\\d) s\\): [1-9]\\d* operations lost;"
        + " cause: " + outageCause()), outages.get(0));
    double seconds = Double.parseDouble(outages.get(0).replaceAll(".*\\((\\d+\\.\\d) s\\).*", "$1"));
    assertTrue(seconds >= k.shortestOutage() && seconds < 15, outages.get(0));
    Matcher txn = TXN_ERRORS.matcher(r.stderr());
    assertTrue(txn.find(), out);
    long ok = Long.parseLong(txn.group(1));
    long failed = Long.parseLong(txn.group(2));
    assertTrue(failed > 0, "transactions during the outage count as failed: " + out);
    // failed operations are timed with their real latency
    assertTrue(r.stdout().contains("[INSERT_TXN-FAILED], Operations, " + failed), out);

    assertTrue(stored > atRestart, "nothing stored after the restart (" + atRestart + " rows then, " + stored + " now)\n"
        + out);
    Matcher acked = ACKED.matcher(r.stdout());
    assertTrue(acked.find(), out);
    long ackedRows = Long.parseLong(acked.group(1));
    // synchronous durability: every acknowledged transaction survived the kill
    assertTrue(stored >= ok * BATCH && stored >= ackedRows, stored + " rows stored, " + ok + " transactions of " + BATCH
        + " acknowledged (" + ackedRows + " rows)\n" + out);
    afterAKilledLoad(new KilledRun(killed, stored, ok, failed, out));
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
      Result r = run.await(gaveUpAwaitSeconds());
      long secondsAfterKill = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed);

      String out = r.all();
      assertEquals(1, r.exitCode(), out);
      // giveupseconds=2, then at most one back-off (0.5 s) and the 5 s handshake timeout per thread, and the export
      assertTrue(secondsAfterKill < 20, "the run went on for " + secondsAfterKill + " s after the server died\n" + out);
      List<String> outages = outages(r);
      assertEquals(1, outages.size(), out);
      assertTrue(outages.get(0).contains("to (not back when the run ended)"), outages.get(0));
      assertTrue(outages.get(0).contains("gave up: the server was not back after"), outages.get(0));
      assertTrue(outages.get(0).contains("ycsbx.reconnect.giveupseconds=2"), outages.get(0));
      assertTrue(r.stderr().contains("[ERRORS] FAILED: outage: the server was not back"), out);
      afterGivingUp(db, r);
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
          "-p", "db.url=" + server.url(db), "-p", "db.user=" + server.user(), "-p", "iibench.rows=1000");
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
    assertTrue(r.millis() < frozenHandshakeMillis(), r.millis() + " ms");
    try (Connection c = server.connect(db); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(countTables(db))) {
      rs.next();
      assertEquals(0, rs.getInt(1), "nothing is created when the server does not answer");
    }
  }

  @Test
  void maxExecutionTimeEndsARunWhoseServerFrozeWithinItsGrace() throws Exception {
    int limit = maxExecutionTime();
    String db = database();
    // 400k rows at 4000 rows/s would take 100 s; maxexecutiontime ends it, the frozen server would not
    Background run = load(db, 400_000, "-p", "maxexecutiontime=" + limit);
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
    // the deadline, its 5 s of grace, and the JVM's start, checks and export, which a side-by-side CI run on
    // a busy 2-core VM stretched to 11.3 s: a frozen server the deadline did not end would hold it 60 s
    assertTrue(r.millis() < (limit + 5 + 20) * 1000, "the run took " + r.millis() + " ms\n" + out);
    assertTrue(r.stderr().contains("[DEADLINE] maxexecutiontime=" + limit + " passed 5 s ago and operations still wait on"
        + " the server: aborting 2 connections"), out);
    // what was measured is exported, and the aborts are failures, not an outage
    assertTrue(r.stdout().contains("[INSERT_TXN], Operations, "), out);
    assertTrue(r.stderr().contains("[ERRORS] INSERT_TXN"), out);
    assertFalse(r.stderr().contains("[OUTAGE]"), out);
    // operations hung past the deadline: the run did not complete cleanly, whatever the error share
    assertTrue(r.stderr().contains("[ERRORS] FAILED: maxexecutiontime=" + limit + ": 2 connections still waited on the"
        + " server 5 s after it and were aborted"), out);
    assertEquals(1, r.exitCode(), out);
    afterTheDeadline(r);
  }

  protected final PrivateServer server() {
    return server;
  }

  protected static List<String> outages(Result r) {
    return r.stderr().lines().filter(l -> l.startsWith("[OUTAGE]")).toList();
  }

  /**
   * An iibench load slow enough (2 threads, 40 transactions/s) that a fault lands mid-load, with
   * every failure tolerated so the run itself decides its exit code.
   */
  protected final Background load(String db, int rows, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("load", "jdbc", "-P", JavaProcess.workload("iibench"),
        "-p", "db.url=" + server.url(db), "-p", "db.user=" + server.user(), "-p", "iibench.rows=" + rows,
        "-p", "iibench.batchsize=" + BATCH, "-p", "iibench.reportseconds=1", "-p", "ycsbx.maxerrorpercent=100",
        "-threads", "2", "-target", "40"));
    args.addAll(List.of(more));
    return Background.main(args.toArray(new String[0]));
  }

  protected final String database() throws SQLException {
    return server.newDatabase("faults_");
  }

  protected final void awaitRows(String db, long atLeast, Background run) throws Exception {
    server.awaitRows(db, "purchases_index", atLeast, run);
  }

  protected final long rows(String db) throws SQLException {
    return server.count(db, "SELECT COUNT(*) FROM purchases_index");
  }
}
