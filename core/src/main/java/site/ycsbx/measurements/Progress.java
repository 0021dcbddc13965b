package site.ycsbx.measurements;

import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import site.ycsbx.util.Props;

/**
 * How far the run is, for the {@link StatusLine} and the {@link RunSummary}: units done of a
 * total, and the time limit. By default the unit is the operation of the summary (one per
 * record of YCSB's core workloads), counted by {@link RunMeasurements} against YCSB's
 * {@code insertcount}/{@code recordcount} in a load and {@code operationcount} in a run. A
 * workload whose unit is not one operation (rows of a batch) {@link #claim claims} the count and
 * {@link #addUnits adds} its units; one whose operations have a name of their own (LinkBench's
 * requests) {@link #operationsAre names} them. A workload may add figures of its own to each
 * status line ({@link #figures}) and a line to the summary ({@link #headline}). One run per JVM,
 * as YCSB's Measurements; {@link #configure} starts it, so workloads claim in their
 * {@code init}, after it.
 */
public final class Progress {
  /**
   * Kept so that existing command lines run: 0 turns the status line off; any other value is
   * accepted, and the line comes once per {@value Intervals#INTERVAL_PROPERTY} seconds.
   */
  public static final String PROPERTY = "ycsbx.progress";
  public static final double PROPERTY_DEFAULT = 10;
  /** YCSB reads operationcount as an int: its largest value says "until the time limit". */
  static final long NO_COUNT = Integer.MAX_VALUE;

  private static volatile String phase = "run";
  private static volatile String unit = "ops";
  private static volatile long total;
  private static volatile boolean claimed;
  private static volatile String unitOperation;
  private static volatile double limitSeconds;
  private static volatile long configuredMillis = System.currentTimeMillis();
  private static volatile Supplier<String> figures;
  private static volatile Supplier<String> headline;
  private static volatile Supplier<Map<String, Double>> results;
  private static volatile Supplier<java.util.List<Map<String, Double>>> rounds;
  private static final LongAdder UNITS = new LongAdder();

  private Progress() {
  }

  /** What the status line shows of the progress at one moment. */
  record Snapshot(String phase, String unit, long done, long total, double secondsLeft) {
    /** True when the time limit, not the count, ends the run: the line says the time left. */
    boolean timeBound() {
      return !Double.isNaN(secondsLeft) && (total <= 0 || total >= NO_COUNT);
    }
  }

  /** The value of {@value #PROPERTY}; a bad value is a UserError. */
  public static double seconds(Properties props) {
    return Props.getDouble(props, PROPERTY, PROPERTY_DEFAULT, 0, 86_400);
  }

  /**
   * Starts this JVM's run: phase, total and time limit from YCSB's properties, nothing claimed.
   * The intervals of an earlier run in this JVM that was never finished (an in-process test that
   * did not call its workload's cleanup) end here without output: their ticker would otherwise
   * print this run's counts as theirs, for as long as the JVM lives.
   */
  public static void configure(Properties props) {
    Intervals.dropUnfinished();
    configureCounts(props);
  }

  private static synchronized void configureCounts(Properties props) {
    boolean load = !Props.getBoolean(props, "dotransactions", true);
    phase = load ? "load" : "run";
    total = load
        ? Props.getLong(props, "insertcount", Props.getLong(props, "recordcount", 0, 0, Long.MAX_VALUE), 0, Long.MAX_VALUE)
        : Props.getLong(props, "operationcount", 0, 0, Long.MAX_VALUE);
    limitSeconds = Props.getDouble(props, "maxexecutiontime", 0, 0, Double.MAX_VALUE);
    unit = "ops";
    claimed = false;
    unitOperation = null;
    figures = null;
    headline = null;
    results = null;
    rounds = null;
    configuredMillis = System.currentTimeMillis();
    UNITS.reset();
  }

  /**
   * A workload counts its own {@code unit}s (rows, files) against its {@code total}, with
   * {@link #addUnits}. Call in {@code Workload.init}, before the client threads start.
   */
  public static void claim(String unit, long total) {
    claim(unit, total, null);
  }

  /**
   * As {@link #claim(String, long)}, for a family that times each unit as a whole under the
   * operation {@code timedAs} (sysbench's TRANSACTION around the statements timed inside it):
   * the run folder names it ({@code unit_operation}), and tables show its latency as the run's.
   */
  public static void claim(String unit, long total, String timedAs) {
    Progress.unit = unit;
    Progress.total = total;
    claimed = true;
    unitOperation = timedAs;
  }

  /** The operation that times the claimed unit as a whole; null when the family names none. */
  public static String unitOperation() {
    return unitOperation;
  }

  /** Adds units done to a claimed count; free when nothing reads it. */
  public static void addUnits(long n) {
    UNITS.add(n);
  }

  /** The run's operations are counted as before, under the workload's name for them. */
  public static void operationsAre(String unit) {
    Progress.unit = unit;
  }

  /** Figures of the workload's own at the end of each status line (e.g. LinkBench's links loaded). */
  public static void figures(Supplier<String> f) {
    figures = f;
  }

  /** The workload's line of the run's summary (e.g. iibench's rows/s and size on storage). */
  public static void headline(Supplier<String> h) {
    headline = h;
  }

  /**
   * The headline's figures by name, with their unit in the name ({@code rows_s}, {@code db_size_mb}):
   * exported as {@code [HEADLINE], name, value} rows, which experiments and other readers take
   * instead of parsing the summary's line.
   */
  public static void results(Supplier<Map<String, Double>> r) {
    results = r;
  }

  /**
   * The family's figures at each step it reached (iibench's rounds), in order, each by name with
   * its unit in the name: exported as {@code [ROUND], <n> <name>, value} rows (n from 1), so that an
   * experiment reads a load's sizes from the run folder, as the published tables give one per size.
   */
  public static void rounds(Supplier<java.util.List<Map<String, Double>>> r) {
    rounds = r;
  }

  /** The workload's rounds; empty when it gives none. */
  static java.util.List<Map<String, Double>> rounds() {
    Supplier<java.util.List<Map<String, Double>>> r = rounds;
    java.util.List<Map<String, Double>> out = r == null ? null : r.get();
    return out == null ? java.util.List.of() : out;
  }

  /** The workload's headline figures; empty when it gives none. */
  static Map<String, Double> results() {
    Supplier<Map<String, Double>> r = results;
    Map<String, Double> out = r == null ? null : r.get();
    return out == null ? Map.of() : out;
  }

  static String figures() {
    Supplier<String> f = figures;
    return f == null ? null : f.get();
  }

  static String headline() {
    Supplier<String> h = headline;
    return h == null ? null : h.get();
  }

  static boolean claimed() {
    return claimed;
  }

  /**
   * Where the run stands now. {@code opsSeen}: operations the caller counted, the fallback when
   * bin/ycsb's hook (which counts every call, warm-up included) is not installed.
   */
  static Snapshot now(long opsSeen) {
    long done = claimed ? UNITS.sum() : RunMeasurements.installed() ? RunMeasurements.allCalls() : opsSeen;
    double left = Double.NaN;
    if (limitSeconds > 0) {
      // YCSB starts maxexecutiontime's clock with its Client, which bin/ycsb starts right after runStarts()
      long start = RunMeasurements.installed() ? ResultExporter.runStartMillis() : configuredMillis;
      left = Math.max(0, limitSeconds - (System.currentTimeMillis() - start) / 1000.0);
    }
    return new Snapshot(phase, unit, done, total, left);
  }

  /** 45 s, 5m44s, 2h05m: a time to read at a glance. */
  public static String duration(double seconds) {
    long s = Math.round(seconds);
    if (s < 60) {
      return s + " s";
    }
    if (s < 3600) {
      return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
    }
    return String.format(Locale.ROOT, "%dh%02dm", s / 3600, (s % 3600) / 60);
  }
}
