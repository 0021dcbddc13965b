package site.ycsbx.measurements;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Properties;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurement;
import site.ycsb.measurements.OneMeasurementHdrHistogram;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * YCSB's Measurements with one hook for every operation of every workload: YCSB's DBWrapper
 * (core workloads) and {@link OpTimer} (YCSB-X's workloads) both record through the singleton, so
 * {@code bin/ycsb} installs this subclass as the singleton before anything asks for it. The hook
 * drops what ends during the {@link Warmup}, feeds the {@link Intervals} (console lines, rows,
 * CSV, the run folder's HdrHistogram logs) under the names of the summary ({@code READ},
 * {@code Intended-READ}) and counts operations for the {@link Progress} of the status line.
 *
 * <p>YCSB's hdrhistogram measurements record per thread ({@link PerThreadRecorder}) in every mode.
 *
 * <p>Cost per operation once the warm-up is over: with YCSB's default {@code measurementtype=hdrhistogram}
 * (and neither {@code -s} nor {@code hdrhistogram.fileoutput}, which swap YCSB's histograms
 * themselves), one volatile read: the intervals take each interval's histogram from YCSB's own
 * HdrHistogram recorders, exactly as YCSB's status thread does, so every value is recorded once and
 * the totals are the sum of the intervals. Otherwise the intervals keep recorders of their own
 * (one map lookup and one {@code recordValue} more per operation).
 */
public final class RunMeasurements extends Measurements {
  private static volatile boolean installed;
  private static final LongAdder WARMUP_CALLS = new LongAdder();
  private static final LongAdder CALLS = new LongAdder();
  // the operation timed once per YCSB call when a call times several (sysbench's TRANSACTION); null: every one
  private static volatile String callOperation;

  /** YCSB's DBWrapper times each thread's DB cleanup; not an operation of the workload, left out of the intervals. */
  static final String CLEANUP = "CLEANUP";
  /** Its intended-time series (measurement.interval=intended or both): not an operation either. */
  static final String INTENDED_CLEANUP = Intervals.INTENDED_PREFIX + CLEANUP;

  // YCSB 0.17's internals the shared mode reads (pinned version; checked once at install)
  private static final Field OPS;
  private static final Field INTENDED_OPS;
  private static final Method TAKE_INTERVAL;

  static {
    try {
      OPS = Measurements.class.getDeclaredField("opToMesurementMap");
      INTENDED_OPS = Measurements.class.getDeclaredField("opToIntendedMesurementMap");
      TAKE_INTERVAL = OneMeasurementHdrHistogram.class.getDeclaredMethod("getIntervalHistogramAndAccumulate");
      OPS.setAccessible(true);
      INTENDED_OPS.setAccessible(true);
      TAKE_INTERVAL.setAccessible(true);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  // YCSB's measurement.interval: 0 op, 1 intended, 2 both
  private final int mode;
  // the intervals take YCSB's own histograms (see the class comment)
  private final boolean shared;

  RunMeasurements(Properties props) {
    super(props);
    switch (props.getProperty(MEASUREMENT_INTERVAL, "op")) {
      case "intended" -> mode = 1;
      case "both" -> mode = 2;
      default -> mode = 0;
    }
    shared = "hdrhistogram".equals(props.getProperty(MEASUREMENT_TYPE_PROPERTY, "hdrhistogram"))
        && !Boolean.parseBoolean(props.getProperty("hdrhistogram.fileoutput", "false"))
        && !Boolean.parseBoolean(props.getProperty(site.ycsb.Client.STATUS_PROPERTY, "false"));
    PerThreadRecorder.install(this, OPS, INTENDED_OPS);
  }

  /**
   * What the intervals read at each tick when YCSB's histograms are shared: every operation's
   * histogram since the last tick (added to YCSB's totals as it is taken); null when not shared.
   */
  public static Supplier<SortedMap<String, Histogram>> intervalSource() {
    Measurements m = Measurements.getMeasurements();
    if (!(m instanceof RunMeasurements r) || !r.shared) {
      return null;
    }
    rehearseTaking(r);
    return r::takeIntervals;
  }

  /**
   * Calls of one method through reflection after which the JDK has generated its accessor class
   * (JDK 17 calls natively until then): a rehearsal of a reflective call repeats it this often.
   */
  static final int REFLECTIVE_CALLS = Integer.getInteger("sun.reflect.inflationThreshold", 15) + 2;

  /**
   * Takes a throwaway histogram more times than the JDK's reflection calls a method natively: on
   * the next call it generates an accessor class, which a run would otherwise load at its second
   * or third interval, inside the clock (see {@link Intervals#rehearse} for what that costs).
   */
  private static void rehearseTaking(RunMeasurements r) {
    OneMeasurementHdrHistogram dry = new OneMeasurementHdrHistogram("REHEARSAL", new Properties());
    PerThreadRecorder.into(dry);
    try {
      for (int i = 0; i < REFLECTIVE_CALLS; i++) {
        dry.measure(i);
        TAKE_INTERVAL.invoke(dry);
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot read YCSB's histograms: " + e, e);
    }
  }

  @SuppressWarnings("unchecked")
  private SortedMap<String, Histogram> takeIntervals() {
    SortedMap<String, Histogram> out = new TreeMap<>();
    try {
      for (Field f : new Field[] {OPS, INTENDED_OPS}) {
        for (OneMeasurement m : ((Map<String, OneMeasurement>) f.get(this)).values()) {
          if (m instanceof OneMeasurementHdrHistogram && !m.getName().equals(CLEANUP)
              && !m.getName().equals(INTENDED_CLEANUP)) {
            out.put(m.getName(), (Histogram) TAKE_INTERVAL.invoke(m));
          }
        }
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot read YCSB's histograms: " + e, e);
    }
    return out;
  }

  /** The intervals end first: the last one takes its histograms before YCSB adds them to its totals. */
  @Override
  public void exportMeasurements(MeasurementsExporter exporter) throws IOException {
    Intervals.finishRun();
    super.exportMeasurements(exporter);
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
    callOperation = null;
    installed = true;
    preloadContendedCounter();
  }

  /**
   * A LongAdder (these counters, the workloads' own) adds its per-thread cells the first time two
   * threads collide on it, seconds into a run: their class is loaded here instead, before the clock.
   */
  private static void preloadContendedCounter() {
    try {
      Class.forName("java.util.concurrent.atomic.Striped64$Cell", true, LongAdder.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      // another JDK's LongAdder: it loads what it needs when it needs it
    }
  }

  /** True when bin/ycsb installed the hook (false under the stock Client: OpTimer feeds the intervals itself). */
  public static boolean installed() {
    return installed;
  }

  /** Calls with a status (not of {@code *_BATCH} operations) dropped during the warm-up. */
  public static long warmupCalls() {
    return WARMUP_CALLS.sum();
  }

  /**
   * One call a workload ran unrecorded during the warm-up without timing it (LinkBench decides at
   * a request's start): counted with the dropped ones, so [OVERALL] leaves it out too.
   */
  public static void warmupCall() {
    WARMUP_CALLS.increment();
  }

  /**
   * For a workload that times several operations in one of YCSB's calls (sysbench: each statement
   * and the TRANSACTION around them): only {@code op} counts as a call. YCSB's [OVERALL] counts
   * calls, and the warm-up's are taken out of it; counting the statements there took out about 19
   * times too many, and a run after a warm-up reported 0 operations.
   */
  public static void callsAre(String op) {
    callOperation = op;
  }

  private static boolean isCall(String operation) {
    String op = callOperation;
    return op != null ? op.equals(operation) : !operation.endsWith(ResultExporter.BATCH_SUFFIX);
  }

  /** Calls with a status (not of {@code *_BATCH} operations) recorded. */
  public static long calls() {
    return CALLS.sum();
  }

  /** Calls with a status, warm-up included: the work done, for the status line. */
  public static long allCalls() {
    return CALLS.sum() + WARMUP_CALLS.sum();
  }

  @Override
  public void measure(String operation, int latency) {
    if (!Warmup.measuring()) {
      return;
    }
    super.measure(operation, latency);
    if (!shared && mode != 1 && !operation.equals(CLEANUP)) {
      Intervals.record(operation, latency);
    }
  }

  @Override
  public void measureIntended(String operation, int latency) {
    if (!Warmup.measuring()) {
      return;
    }
    super.measureIntended(operation, latency);
    if (!shared && mode != 0 && !operation.equals(CLEANUP)) {
      Intervals.record(mode == 1 ? operation : Intervals.INTENDED_PREFIX + operation, latency);
    }
  }

  @Override
  public void reportStatus(String operation, Status status) {
    if (!Warmup.measuring()) {
      if (isCall(operation)) {
        WARMUP_CALLS.increment();
      }
      return;
    }
    if (isCall(operation)) {
      CALLS.increment();
    }
    super.reportStatus(operation, status);
  }
}
