package site.ycsbx.measurements;

import java.lang.reflect.Field;
import java.util.Properties;
import java.util.concurrent.atomic.LongAdder;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * YCSB's Measurements with one hook for every operation of every workload: YCSB's DBWrapper
 * (core workloads) and {@link OpTimer} (YCSB-X's workloads) both record through the singleton, so
 * {@code bin/ycsb} installs this subclass as the singleton before anything asks for it. The hook
 * drops what ends during the {@link Warmup}, feeds the {@link Intervals} (console lines, rows,
 * CSV, the run folder's HdrHistogram logs) under the names of the summary ({@code READ},
 * {@code Intended-READ}) and counts operations for the {@link Progress} line. Cost per operation
 * once the warm-up is over: a volatile read, one map lookup and one {@code recordValue}.
 */
public final class RunMeasurements extends Measurements {
  private static volatile boolean installed;
  private static final LongAdder WARMUP_CALLS = new LongAdder();
  private static final LongAdder CALLS = new LongAdder();

  /** YCSB's DBWrapper times each thread's DB cleanup; not an operation of the workload, left out of the intervals. */
  static final String CLEANUP = "CLEANUP";

  // YCSB's measurement.interval: 0 op, 1 intended, 2 both
  private final int mode;

  RunMeasurements(Properties props) {
    super(props);
    switch (props.getProperty(MEASUREMENT_INTERVAL, "op")) {
      case "intended" -> mode = 1;
      case "both" -> mode = 2;
      default -> mode = 0;
    }
  }

  /**
   * Makes this class YCSB's Measurements singleton for {@code props}; call before anything
   * (a workload's constructor, the Client) asks for the singleton.
   */
  public static synchronized void install(Properties props) {
    Measurements.setProperties(props);
    try {
      Field f = Measurements.class.getDeclaredField("singleton");
      f.setAccessible(true);
      f.set(null, new RunMeasurements(props));
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IllegalStateException("cannot install YCSB-X's measurements hook in YCSB " + e, e);
    }
    WARMUP_CALLS.reset();
    CALLS.reset();
    installed = true;
  }

  /** True when bin/ycsb installed the hook (false under the stock Client: OpTimer feeds the intervals itself). */
  public static boolean installed() {
    return installed;
  }

  /** Calls with a status (not of {@code *_BATCH} operations) dropped during the warm-up. */
  public static long warmupCalls() {
    return WARMUP_CALLS.sum();
  }

  /** Calls with a status (not of {@code *_BATCH} operations) recorded, for the progress line. */
  public static long calls() {
    return CALLS.sum();
  }

  /** Calls with a status, warm-up included: the work done, for the load's progress line. */
  public static long allCalls() {
    return CALLS.sum() + WARMUP_CALLS.sum();
  }

  @Override
  public void measure(String operation, int latency) {
    if (!Warmup.measuring()) {
      return;
    }
    super.measure(operation, latency);
    if (mode != 1 && !operation.equals(CLEANUP)) {
      Intervals.record(operation, latency);
    }
  }

  @Override
  public void measureIntended(String operation, int latency) {
    if (!Warmup.measuring()) {
      return;
    }
    super.measureIntended(operation, latency);
    if (mode != 0) {
      Intervals.record(mode == 1 ? operation : Intervals.INTENDED_PREFIX + operation, latency);
    }
  }

  @Override
  public void reportStatus(String operation, Status status) {
    boolean batch = operation.endsWith(ResultExporter.BATCH_SUFFIX);
    if (!Warmup.measuring()) {
      if (!batch) {
        WARMUP_CALLS.increment();
      }
      return;
    }
    if (!batch) {
      CALLS.increment();
    }
    super.reportStatus(operation, status);
  }
}
