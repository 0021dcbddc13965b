package site.ycsbx.workloads.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.measurements.Measurements;
import site.ycsbx.db.nulldb.NullDb;
import site.ycsbx.db.nulldb.sysbench.NullSysbenchStore;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.sysbench.IgnoredError;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.store.sysbench.SysbenchTable;

/**
 * What sysbench 1.0.20 does after an error it ignores, checked against its source and the
 * installed binary (a probe script: an ignorable error in every other attempt): the event is run
 * again from its start until it commits (sysbench.lua's thread_run), the failed attempt's
 * statements stay counted, no ROLLBACK is counted, an UPDATE that changed no row counts as
 * "other" (its drivers count by affected rows), and "execution time" is the threads' time in
 * their events.
 */
@Tag("fast")
class SysbenchIgnoredErrorTest {
  @AfterEach
  void clear() {
    StoreRegistry.clear();
  }

  /** The null store, where every other DELETE_INSERT (or COMMIT) hits an ignored error and no UPDATE of k changes a row. */
  private static final class Flaky extends NullSysbenchStore {
    final boolean atCommit;
    int calls;

    Flaky(boolean atCommit) {
      this.atCommit = atCommit;
    }

    private void maybeFail(String what) throws IgnoredError {
      if (calls++ % 2 == 0) {
        throw new IgnoredError(what + ": deadlock (test)");
      }
    }

    @Override
    public void commit() throws StoreException {
      try {
        Thread.sleep(20); // time inside the event, for the threads fairness
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      if (atCommit) {
        maybeFail("COMMIT");
      }
    }

    @Override
    public int indexUpdate(SysbenchTable t, int id) {
      return 0;
    }

    @Override
    public void deleteInsert(SysbenchTable t, int id, int k, String c, String pad) throws StoreException {
      if (!atCommit) {
        maybeFail("DELETE");
      }
    }
  }

  private static long figure(String out, String regex) {
    Matcher m = Pattern.compile(regex).matcher(out);
    assertTrue(m.find(), regex + " not in:\n" + out);
    return Long.parseLong(m.group(1));
  }

  private static double decimal(String out, String regex) {
    Matcher m = Pattern.compile(regex).matcher(out);
    assertTrue(m.find(), regex + " not in:\n" + out);
    return Double.parseDouble(m.group(1));
  }

  /** Runs {@code events} YCSB calls on one thread, a pause between them; returns what the workload printed. */
  private static String run(Flaky store, int events) throws Exception {
    Properties p = new Properties();
    p.setProperty("db", NullDb.class.getName());
    p.setProperty("dotransactions", "true");
    p.setProperty("operationcount", String.valueOf(events));
    p.setProperty("threadcount", "1");
    p.setProperty(SysbenchSettings.TABLE_SIZE_PROPERTY, "1000");
    p.setProperty(SysbenchSettings.REPORT_INTERVAL_PROPERTY, "0");
    Measurements.setProperties(p);
    SysbenchWorkload w = new SysbenchWorkload();
    PrintStream stdout = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      w.init(p);
      StoreRegistry.clear();
      StoreRegistry.offer(SysbenchStore.class, store);
      Object state = w.initThread(p, 0, 1);
      for (int i = 0; i < events; i++) {
        assertTrue(w.doTransaction(null, state));
        Thread.sleep(40); // time outside the events: not "execution time"
      }
      w.cleanup();
    } finally {
      System.setOut(stdout);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void anIgnoredErrorRunsTheEventAgainAndCountsAsSysbenchDoes() throws Exception {
    int events = 5;
    String out = run(new Flaky(false), events);
    // every event: a failed attempt (BEGIN, 14 SELECTs, 2 UPDATEs, the failed DELETE), then one that commits
    assertEquals(events, figure(out, "(?m)^    transactions: +(\\d+) "), out);
    assertEquals(events, figure(out, "(?m)^    ignored errors: +(\\d+) "), out);
    assertEquals(2 * 14 * events, figure(out, "(?m)^        read: +(\\d+)$"), out);
    // the UPDATE of c both times, the DELETE and INSERT once; the UPDATE of k changed no row: "other"
    assertEquals(4 * events, figure(out, "(?m)^        write: +(\\d+)$"), out);
    // BEGIN and the UPDATE of k in both attempts, COMMIT once; no ROLLBACK
    assertEquals(5 * events, figure(out, "(?m)^        other: +(\\d+)$"), out);
    assertEquals(events, figure(out, "(?m)^    total number of events: +(\\d+)$"), out);
    // the threads' time in their events (latency sum / threads), not the run's wall time
    double sumMs = decimal(out, "(?m)^ +sum: +([0-9.]+)$");
    double execS = decimal(out, "(?m)^    execution time \\(avg/stddev\\): +([0-9.]+)/");
    assertTrue(Math.abs(execS * 1000 - sumMs) < 1, execS + " s against a latency sum of " + sumMs + " ms:\n" + out);
    double totalS = decimal(out, "(?m)^    total time: +([0-9.]+)s$");
    assertTrue(execS < totalS * 0.8, "pauses between events are not execution time:\n" + out);
  }

  @Test
  void anIgnoredErrorAtCommitCountsAndRunsTheEventAgain() throws Exception {
    int events = 4;
    String out = run(new Flaky(true), events);
    assertEquals(events, figure(out, "(?m)^    transactions: +(\\d+) "), out);
    assertEquals(events, figure(out, "(?m)^    ignored errors: +(\\d+) "), out);
    assertEquals(2 * 14 * events, figure(out, "(?m)^        read: +(\\d+)$"), out);
    // BEGIN and the UPDATE of k in both attempts, the COMMIT that worked
    assertEquals(5 * events, figure(out, "(?m)^        other: +(\\d+)$"), out);
    // both attempts ran every write: the UPDATE of c, the DELETE and the INSERT
    assertEquals(6 * events, figure(out, "(?m)^        write: +(\\d+)$"), out);
  }
}
