package site.ycsbx.workloads;

import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsbx.verdict.ErrorLog;
import site.ycsbx.measurements.Intervals;
import site.ycsbx.measurements.OpTimer;
import site.ycsbx.measurements.Schedule;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.util.UserError;

/**
 * Base of workloads that talk to a store rather than to YCSB's key/value DB API. It
 * <ul>
 * <li>checks in {@code init()}, before any thread starts, that the binding has the store;</li>
 * <li>tells a binding's preflight what the run will ask ({@link #demand});</li>
 * <li>prepares the schema once: the first {@link #preparingThreads()} client threads each
 * prepare their part, every thread waits for all of them, and a failure reaches every thread;</li>
 * <li>times every store call the same way ({@link #timed}).</li>
 * </ul>
 *
 * @param <S> the store interface
 */
public abstract class StoreWorkload<S> extends Workload implements Validating, StoreDemand.Source {
  // a schema on billions of existing rows (index checks, pre-split chunks) can take a while
  private static final long PREPARE_TIMEOUT_SECONDS = 3600;

  private final Class<S> storeType;
  private final String name;
  private OpTimer timer;
  private CountDownLatch prepared;
  private volatile String prepareFailure;

  protected StoreWorkload(Class<S> storeType, String name) {
    this.storeType = storeType;
    this.name = name;
  }

  /** The store interface this workload takes. */
  public final Class<S> storeType() {
    return storeType;
  }

  /** Checks the properties and the binding; no side effects. Subclasses add their checks. */
  @Override
  public void validate(Properties props) {
    StoreRegistry.requireProvided(props, storeType, name);
    Intervals.validate(props);
  }

  /** The store this workload takes and its family's plan, for the binding's preflight. */
  @Override
  public final StoreDemand demand(Properties props) {
    validate(props);
    return new StoreDemand(storeType, plan(props));
  }

  /** The family's plan (tables, batch sizes, drop) for the binding's checks; null when none. */
  protected Object plan(Properties props) {
    return null;
  }

  @Override
  public void init(Properties props) throws WorkloadException {
    ClientThreads.refuseUnderStockClient(props);
    try {
      validate(props);
    } catch (UserError e) {
      throw new WorkloadException(e.getMessage());
    }
    timer = new OpTimer(); // after the Client has configured YCSB's Measurements
    // a binding that gave up on the server ends the run instead of failing every remaining operation
    site.ycsbx.faults.Outages.onGiveUp(this::requestStop);
    Schedule.configure(props);
    try {
      if (!site.ycsbx.measurements.RunMeasurements.installed()) {
        Intervals.configure(props); // else bin/ycsb configured them for every workload
      }
    } catch (java.io.IOException e) {
      throw new WorkloadException("cannot write " + Intervals.FILE_PROPERTY + ": " + e.getMessage());
    }
    try {
      setUp(props);
    } catch (WorkloadException | RuntimeException e) {
      // no run follows, and no cleanup: a later timed call in this JVM must not start this run's ticker
      Intervals.finishRun();
      throw e;
    }
  }

  /**
   * YCSB's Client calls this once the client threads are done: the run's last interval ends here,
   * before any report or verification the workload adds. Subclasses call it first.
   */
  @Override
  public void cleanup() {
    site.ycsbx.faults.Deadline.clientThreadsDone(); // a verify after the run is not cut off by maxexecutiontime
    Intervals.finishRun();
  }

  /** Reads the validated properties; called once before the threads start. */
  protected abstract void setUp(Properties props) throws WorkloadException;

  /** How many client threads (0..n-1) prepare a part of the schema; 1 by default. */
  protected int preparingThreads() {
    return 1;
  }

  /**
   * Creates this thread's part of the schema when absent (tables, indexes, shards); never
   * drops unless the user asked. Runs on client threads 0..{@link #preparingThreads()}-1.
   */
  protected void prepare(S store, int threadId) throws StoreException {
  }

  /** What thread {@code threadId} prepares, for the message when it fails. */
  protected String preparedBy(int threadId) {
    return "the schema";
  }

  @Override
  public final Object initThread(Properties props, int threadId, int threadCount) throws WorkloadException {
    S store = StoreRegistry.take(storeType);
    CountDownLatch latch = latch(threadCount);
    if (threadId < Math.min(preparingThreads(), threadCount)) {
      try {
        prepare(store, threadId);
      } catch (StoreException | RuntimeException e) {
        prepareFailure = "cannot prepare " + preparedBy(threadId) + ": " + message(e);
      } finally {
        latch.countDown();
      }
    }
    try {
      if (!latch.await(PREPARE_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        throw new WorkloadException(name + ": schema not prepared within " + PREPARE_TIMEOUT_SECONDS + " s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new WorkloadException(name + ": interrupted while preparing the schema");
    }
    if (prepareFailure != null) {
      throw new WorkloadException(name + ": " + prepareFailure);
    }
    return newThreadState(store, threadId, threadCount);
  }

  private synchronized CountDownLatch latch(int threadCount) {
    if (prepared == null) {
      prepared = new CountDownLatch(Math.max(1, Math.min(preparingThreads(), threadCount)));
    }
    return prepared;
  }

  /** The per-thread state YCSB passes back to doInsert/doTransaction; the schema is ready. */
  protected abstract Object newThreadState(S store, int threadId, int threadCount) throws WorkloadException;

  /** A store call to time. */
  @FunctionalInterface
  protected interface StoreCall {
    void run() throws StoreException;
  }

  /**
   * Runs one store call as operation {@code op}: from the intended start under {@code -target},
   * recorded in YCSB's Measurements as DBWrapper records a DB call, a failure logged once
   * ({@link ErrorLog}) and counted under the status the store gave (ERROR for an unexpected
   * exception). Never throws.
   */
  protected final Status timed(String op, StoreCall call) {
    long intended = timer.intendedStartNanos();
    long start = System.nanoTime();
    Status status = run(op, call);
    long end = System.nanoTime();
    timer.record(op, status, intended, start, end);
    timed(op, status, intended != 0 ? intended : start, end);
    return status;
  }

  /**
   * Called after each {@link #timed} call with its latency span: from the intended start when
   * YCSB keeps one (a paced run with measurement.interval intended or both), else the actual start.
   * For workloads that keep figures of their own beside YCSB's.
   */
  protected void timed(String op, Status status, long fromNanos, long endNanos) {
  }

  /**
   * Runs a store call as {@link #timed} does but records nothing (a warm-up): a failure is
   * logged once, not counted.
   */
  protected final Status unrecorded(String op, StoreCall call) {
    return run(op, call);
  }

  private static Status run(String op, StoreCall call) {
    try {
      call.run();
      return Status.OK;
    } catch (StoreException e) {
      ErrorLog.report(op, e.getMessage());
      return e.status();
    } catch (RuntimeException e) {
      ErrorLog.report(op, message(e));
      return Status.ERROR;
    }
  }

  private static String message(Exception e) {
    return e.getMessage() != null ? e.getMessage() : e.toString();
  }
}
