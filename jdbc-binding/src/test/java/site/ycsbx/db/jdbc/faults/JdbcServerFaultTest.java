package site.ycsbx.db.jdbc.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.jdbc.JdbcClient;
import site.ycsbx.testing.Background;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;

/**
 * {@link ServerFaultContract} on a MariaDB of the test's own ({@link PrivateMariaDb}), and what
 * is checked on MariaDB only: YCSB's stock client under a kill, an operation timeout against a
 * frozen server, a core workload run giving up, and settings refused.
 */
@Tag("slow")
class JdbcServerFaultTest extends ServerFaultContract {
  @Override
  protected PrivateServer start() throws Exception {
    return PrivateMariaDb.start();
  }

  @Override
  protected KilledLoad killedLoad() {
    // 40 transactions of 100 rows per second: about 10 s of load around the outage
    return new KilledLoad(40_000, 8_000, 2_500, 180, 2.0);
  }

  @Override
  protected String outageCause() {
    return ".*";
  }

  @Override
  protected int gaveUpAwaitSeconds() {
    return 120;
  }

  @Override
  protected int frozenHandshakeMillis() {
    return 30_000;
  }

  @Override
  protected String countTables(String db) {
    return "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = '" + db + "'";
  }

  @Override
  protected int maxExecutionTime() {
    return 6;
  }

  @Override
  protected void afterAKilledLoad(KilledRun k) {
    assertTrue(System.nanoTime() - k.killedAtNanos() < TimeUnit.SECONDS.toNanos(170));
  }

  @Test
  void underYcsbsStockClientTheLoadGoesOnAndTheOutageIsNamedAtExit() throws Exception {
    PrivateServer server = server();
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
    List<String> outages = outages(r);
    assertEquals(1, outages.size(), out);
    assertTrue(outages.get(0).matches("\\[OUTAGE\\] from \\S+Z to \\S+Z \\(\\d+\\.\\d s\\): [1-9]\\d* operations lost; cause: .*"),
        outages.get(0));
    assertTrue(r.stdout().contains("[INSERT_TXN-FAILED], Operations, "), out);
    assertTrue(rows(db) > atRestart, out);
  }

  @Test
  void withAnOperationTimeoutAFrozenServerFailsOperationsInsteadOfHangingTheRun() throws Exception {
    String db = database();
    Background run = load(db, 40_000, "-p", "ycsbx.optimeout=1", "-p", "ycsbx.reconnect.backoffms=100",
        "-p", "ycsbx.reconnect.maxbackoffms=500");
    awaitRows(db, 8_000, run);
    server().freeze();
    try {
      Thread.sleep(8_000);
      assertTrue(run.stderrSoFar().contains("[ERROR] INSERT_TXN"), "no operation failed while the server was frozen:\n"
          + run.stderrSoFar());
    } finally {
      server().thaw();
    }
    Result r = run.await(180);

    String out = r.all();
    assertEquals(0, r.exitCode(), out);
    List<String> outages = outages(r);
    assertFalse(outages.isEmpty(), out);
    assertTrue(outages.stream().allMatch(l -> l.contains("Z to 20")), "every outage ended: " + outages);
    Matcher max = Pattern.compile("\\[INSERT_TXN-FAILED\\], MaxLatency\\(us\\), (\\d+)").matcher(r.stdout());
    assertTrue(max.find(), out);
    // ycsbx.optimeout=1: the socket gives up after 1 s; a re-open waits at most the 5 s handshake timeout
    assertTrue(Long.parseLong(max.group(1)) < 7_000_000, "a failed transaction took " + max.group(1) + " us\n" + out);
    Matcher txn = TXN_ERRORS.matcher(r.stderr());
    long failedTransactions = txn.find() ? Long.parseLong(txn.group(2)) : 0;
    assertTrue(rows(db) >= 40_000 - 100L * failedTransactions, out);
  }

  @Test
  void aCoreWorkloadRunStopsWhenItGivesUpOnTheServer() throws Exception {
    String db = database();
    String url = server().url(db);
    Result load = JavaProcess.run(null, 120, "site.ycsbx.tools.Main", "load", "jdbc", "-P", JavaProcess.workload("workloada"),
        "-p", "db.url=" + url, "-p", "db.user=root", "-p", "recordcount=500");
    assertEquals(0, load.exitCode(), load.all());
    // a million operations at 300 per second would take an hour, each failing at once after the give-up
    Background run = Background.main("run", "jdbc", "-P", JavaProcess.workload("workloada"), "-p", "db.url=" + url,
        "-p", "db.user=root", "-p", "recordcount=500", "-p", "operationcount=1000000", "-p", "ycsbx.maxerrorpercent=100",
        "-p", "ycsbx.reconnect.giveupseconds=2", "-p", "ycsbx.reconnect.backoffms=100",
        "-p", "ycsbx.reconnect.maxbackoffms=500", "-threads", "2", "-target", "300");
    try {
      // the server dies once the run is under way (YCSB's "Starting test." comes after YCSB-X's
      // preflight): a fixed wait let a busy machine's kill land in the preflight instead
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!run.stderrSoFar().contains("Starting test.") && run.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(100);
      }
      Thread.sleep(2_000);
      assertTrue(run.isAlive(), run.stderrSoFar());
      server().kill();
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
      server().restart();
    }
  }

  @Test
  void anOperationTimeoutThatIsNotANumberIsRefusedInOneLine() {
    assertRefusedInOneLine("ycsbx.optimeout=soon", "ycsbx.optimeout=soon is not a whole number");
  }

  @Test
  void aReconnectSettingOutOfRangeIsRefusedInOneLine() {
    assertRefusedInOneLine("ycsbx.reconnect.giveupseconds=-1", "ycsbx.reconnect.giveupseconds=-1 is out of range");
  }

  private void assertRefusedInOneLine(String setting, String message) {
    Result r = JavaProcess.run(null, 60, "site.ycsbx.tools.Main", "load", "jdbc", "-P", JavaProcess.workload("iibench"),
        "-p", "db.url=" + server().url("nodb"), "-p", "db.user=root", "-p", setting);
    assertEquals(2, r.exitCode(), r.all());
    assertEquals(1, r.stderrLines().size(), r.all());
    assertTrue(r.stderrLines().get(0).contains(message), r.all());
  }
}
