package site.ycsbx.measurements;

import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import site.ycsbx.family.WorkloadFamilies;
import site.ycsbx.family.WorkloadFamily;
import site.ycsbx.util.Props;

/**
 * The warm-up ({@value #PROPERTY} seconds, every workload): operations run from the first one on,
 * but until the warm-up is over none is recorded in YCSB's Measurements, the intervals, the run
 * folder or the error table ({@link RunMeasurements} drops them). The clock starts with the
 * run's first operation, not with the JVM: opening connections and preparing a schema are not
 * warm-up. Others ask {@link #isOver()} / {@link #endEpochMillis()} or register
 * {@link #onEnd(Runnable)} (the efficiency sampler, LinkBench's own statistics).
 */
public final class Warmup {
  public static final String PROPERTY = "ycsbx.warmup";
  static final double MAX_SECONDS = 86_400;

  private static volatile boolean over = true;
  private static long warmupNanos;
  private static volatile long firstNanos;
  private static volatile long endNanos;
  private static volatile long firstEpochMillis;
  private static volatile long endEpochMillis;
  private static final List<Runnable> LISTENERS = new CopyOnWriteArrayList<>();

  private Warmup() {
  }

  /** The families' own names of the same setting (LinkBench's warmup_time); one clock for all. */
  static List<String> aliases() {
    return WorkloadFamilies.aliasesOf(PROPERTY);
  }

  /**
   * The warm-up in seconds, 0 for none: {@value #PROPERTY}, or a family's alias of it
   * ({@link WorkloadFamily#aliases()}). A bad value, or two names that disagree, is a UserError.
   */
  public static double seconds(Properties props) {
    double s = Props.getDouble(props, PROPERTY, 0, 0, MAX_SECONDS);
    for (String alias : aliases()) {
      if (props.getProperty(alias) != null) {
        double a = Props.getDouble(props, alias, 0, 0, MAX_SECONDS);
        if (props.getProperty(PROPERTY) != null && a != s) {
          throw new site.ycsbx.util.UserError(PROPERTY + "=" + stripZeros(s) + " and " + alias + "=" + stripZeros(a)
              + " disagree; they are one setting: give one");
        }
        s = Math.max(s, a);
      }
    }
    return s;
  }

  /** Starts this JVM's run: no operation seen yet; called before the Client starts. */
  public static synchronized void configure(Properties props) {
    double s = seconds(props);
    warmupNanos = Math.round(s * 1e9);
    firstNanos = 0;
    endNanos = 0;
    firstEpochMillis = 0;
    endEpochMillis = 0;
    LISTENERS.clear();
    over = false;
  }

  /**
   * True when the operation ending now is measured: the hot path of every recorded operation
   * (one volatile read once the warm-up is over). The first call starts the warm-up's clock.
   */
  public static boolean measuring() {
    return over || check();
  }

  private static boolean check() {
    return measuringAt(System.nanoTime());
  }

  /** {@link #measuring()} for an operation that ended at {@code now} (System.nanoTime). */
  static boolean measuringAt(long now) {
    if (firstNanos == 0) {
      start(now);
    }
    // a thread that read the clock before the first operation's thread did, but got here after it,
    // ended with that first operation: without a warm-up it is measured, not lost
    if (Math.max(now, firstNanos) - endNanos >= 0) {
      end();
    }
    return over;
  }

  static synchronized void start(long now) {
    if (firstNanos != 0) {
      return;
    }
    firstEpochMillis = System.currentTimeMillis();
    endEpochMillis = firstEpochMillis + warmupNanos / 1_000_000;
    endNanos = now + warmupNanos;
    firstNanos = now;
  }

  private static synchronized void end() {
    if (over) {
      return;
    }
    over = true;
    if (warmupNanos > 0) {
      System.err.println(String.format(Locale.ROOT, "[YCSB-X] warm-up of %s s done: operations are recorded from now on",
          stripZeros(warmupNanos / 1e9)));
    }
    for (Runnable r : LISTENERS) {
      r.run();
    }
  }

  /** True once the warm-up has ended (at once when there is none, from the first operation). */
  public static boolean isOver() {
    return over && firstNanos != 0;
  }

  /** True once the run's first operation ended (warm-up or not). */
  public static boolean started() {
    return firstNanos != 0;
  }

  /** Epoch ms of the run's first operation, 0 before it. */
  public static long firstEpochMillis() {
    return firstEpochMillis;
  }

  /** Epoch ms when the warm-up ends (ended), i.e. the start of the timed phase; 0 before the first operation. */
  public static long endEpochMillis() {
    return endEpochMillis;
  }

  /** The warm-up's length in ms as configured (0 for none). */
  public static long millis() {
    return warmupNanos / 1_000_000;
  }

  /** Runs {@code r} once, on the thread of the first measured operation (at once if that has been). */
  public static void onEnd(Runnable r) {
    synchronized (Warmup.class) {
      if (!isOver()) {
        LISTENERS.add(r);
        return;
      }
    }
    r.run();
  }

  static String stripZeros(double d) {
    return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
  }
}
