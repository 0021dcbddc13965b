package site.ycsbx.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;
import site.ycsbx.measurements.OpTimer;
import site.ycsbx.verdict.ErrorLog;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.iibench.IIBenchPlan;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.probe.ProbeStore;
import site.ycsbx.testing.MemoryIIBenchDb;
import site.ycsbx.testing.MemoryProbeDb;
import site.ycsbx.workloads.iibench.IIBenchWorkload;

/**
 * What every store workload inherits: the schema prepared once before any thread starts its
 * operations (a failure reaching every thread), one way of timing and counting store calls, and
 * the demand a binding's preflight checks.
 */
@Tag("fast")
class StoreWorkloadTest {
  /** A workload whose preparation and operations the test scripts. */
  private static final class Scripted extends StoreWorkload<ProbeStore> {
    final AtomicInteger preparations = new AtomicInteger();
    final List<String> events = Collections.synchronizedList(new ArrayList<>());
    volatile StoreException failPrepare;
    volatile int preparing = 1;
    volatile RuntimeException failSetUp;

    Scripted() {
      super(ProbeStore.class, "scripted");
    }

    @Override
    protected void setUp(Properties props) {
      if (failSetUp != null) {
        throw failSetUp;
      }
    }

    @Override
    protected int preparingThreads() {
      return preparing;
    }

    @Override
    protected void prepare(ProbeStore store, int threadId) throws StoreException {
      preparations.incrementAndGet();
      sleep(150); // the other threads must wait, not start
      if (failPrepare != null) {
        throw failPrepare;
      }
      events.add("prepared by " + threadId);
    }

    @Override
    protected Object newThreadState(ProbeStore store, int threadId, int threadCount) {
      events.add("started " + threadId);
      return store;
    }

    @Override
    public boolean doInsert(DB db, Object threadState) {
      return true;
    }

    @Override
    public boolean doTransaction(DB db, Object threadState) {
      return true;
    }
  }

  private static Properties props() {
    Properties p = new Properties();
    p.setProperty("db", MemoryProbeDb.class.getName());
    Measurements.setProperties(p);
    return p;
  }

  /** initThread on {@code threads} threads, each after its binding's init() as YCSB's ClientThread does. */
  private static List<Throwable> startThreads(Scripted w, int threads) throws Exception {
    List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
    List<Thread> all = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      int id = i;
      Thread t = new Thread(() -> {
        MemoryProbeDb db = new MemoryProbeDb();
        db.setProperties(props());
        try {
          db.init();
          w.initThread(props(), id, threads);
        } catch (Exception e) {
          failures.add(e);
        } finally {
          db.cleanup();
        }
      });
      all.add(t);
      t.start();
    }
    for (Thread t : all) {
      t.join(10_000);
    }
    return failures;
  }

  @Test
  void theFirstThreadPreparesAndNoThreadStartsBeforeItIsDone() throws Exception {
    Scripted w = new Scripted();
    w.init(props());
    assertTrue(startThreads(w, 4).isEmpty());
    assertEquals(1, w.preparations.get());
    assertEquals("prepared by 0", w.events.get(0), "no thread starts before the schema is ready: " + w.events);
    assertEquals(5, w.events.size(), w.events.toString());
  }

  @Test
  void eachPreparingThreadPreparesItsPartBeforeAnyThreadStarts() throws Exception {
    Scripted w = new Scripted();
    w.preparing = 3;
    w.init(props());
    assertTrue(startThreads(w, 4).isEmpty());
    assertEquals(3, w.preparations.get());
    List<String> firstThree = new ArrayList<>(w.events.subList(0, 3));
    Collections.sort(firstThree);
    assertEquals(List.of("prepared by 0", "prepared by 1", "prepared by 2"), firstThree, w.events.toString());
  }

  @Test
  void morePreparingThreadsThanClientThreadsDoNotHang() throws Exception {
    Scripted w = new Scripted();
    w.preparing = 8;
    w.init(props());
    assertTrue(startThreads(w, 2).isEmpty());
    assertEquals(2, w.preparations.get());
  }

  @Test
  void aFailedPreparationReachesEveryThread() throws Exception {
    Scripted w = new Scripted();
    w.failPrepare = new StoreException("table ycsbx_probe is read-only");
    w.init(props());
    List<Throwable> failures = startThreads(w, 3);
    assertEquals(3, failures.size(), "every thread stops, none runs on a missing schema: " + failures);
    for (Throwable t : failures) {
      assertTrue(t instanceof WorkloadException, t.toString());
      assertEquals("scripted: cannot prepare the schema: table ycsbx_probe is read-only", t.getMessage());
    }
    assertTrue(w.events.isEmpty(), w.events.toString());
  }

  @Test
  void timedCallsMapFailuresOneWay() throws Exception {
    Scripted w = new Scripted();
    w.init(props());
    try {
      timedCallsOf(w);
    } finally {
      w.cleanup(); // the run's end, as YCSB's Client calls it: the first timed call started the [STATUS] ticker
    }
  }

  private static void timedCallsOf(Scripted w) throws Exception {
    assertEquals(Status.OK, w.timed("T_OK", () -> { }));
    String printed = site.ycsbx.testing.StdErr.captured(() -> {
      assertEquals(Status.ERROR, w.timed("T_STORE", () -> {
        throw new StoreException("connection reset");
      }));
      assertEquals(Status.NOT_FOUND, w.timed("T_STATUS", () -> {
        throw new StoreException(Status.NOT_FOUND, "key 7 not found");
      }));
      assertEquals(Status.ERROR, w.timed("T_RUNTIME", () -> {
        throw new IllegalStateException("driver bug");
      }));
      assertEquals(Status.ERROR, w.timed("T_NO_MESSAGE", () -> {
        throw new NullPointerException();
      }));
    });
    // each failure said once as it happened (captured: expected failures stay out of the build log)
    for (String m : List.of("connection reset", "key 7 not found", "driver bug", "java.lang.NullPointerException")) {
      assertTrue(printed.contains(m), printed);
    }
    assertEquals(List.of(), ErrorLog.messages("T_OK"));
    assertEquals(List.of("connection reset"), ErrorLog.messages("T_STORE"));
    assertEquals(List.of("key 7 not found"), ErrorLog.messages("T_STATUS"));
    assertEquals(List.of("driver bug"), ErrorLog.messages("T_RUNTIME"));
    assertEquals(List.of("java.lang.NullPointerException"), ErrorLog.messages("T_NO_MESSAGE"));
    String summary = Measurements.getMeasurements().getSummary();
    // timed as YCSB's DBWrapper times a DB call: a failure under OP-FAILED
    assertTrue(summary.contains("[T_OK: Count=1"), summary);
    for (String failed : List.of("T_STORE", "T_STATUS", "T_RUNTIME", "T_NO_MESSAGE")) {
      assertTrue(summary.contains("[" + failed + "-FAILED: Count=1"), summary);
    }
  }

  /** A workload whose init failed has no run and no cleanup: its intervals end with the failure. */
  @Test
  void aFailedInitLeavesNoTickerForTheNextTimedCall() throws Exception {
    Scripted w = new Scripted();
    w.failSetUp = new IllegalStateException("scripted setUp failure");
    assertThrows(IllegalStateException.class, () -> w.init(props()));
    long before = tickers();
    OpTimer timer = new OpTimer();
    timer.record("T_AFTER", Status.OK, System.nanoTime(), System.nanoTime(), System.nanoTime());
    assertEquals(before, tickers(), "a timed call after the failed init started the failed run's [STATUS] ticker");
  }

  private static long tickers() {
    return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("ycsbx-intervals")).count();
  }

  @Test
  void theDemandNamesTheStoreAndThePlan() {
    Properties p = props();
    p.setProperty("db", MemoryIIBenchDb.class.getName());
    p.setProperty("workload", IIBenchWorkload.class.getName());
    p.setProperty("dotransactions", "false");
    p.setProperty("recordcount", "1500");
    p.setProperty("iibench.batchsize", "1000");
    p.setProperty("iibench.drop", "true");
    StoreDemand d = StoreDemand.of(p);
    assertEquals(IIBenchStore.class, d.storeType());
    IIBenchPlan plan = d.plan(IIBenchPlan.class);
    assertEquals(1000, plan.batchRows());
    assertTrue(plan.drop());
    assertEquals("purchases_index", plan.tables().get(0).name());

    p.setProperty("workload", "site.ycsb.workloads.CoreWorkload");
    assertTrue(StoreDemand.of(p).isNone(), "YCSB's own workloads use the DB API");
    assertNull(StoreDemand.of(p).storeType());
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
