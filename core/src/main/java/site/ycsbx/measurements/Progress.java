package site.ycsbx.measurements;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import site.ycsbx.util.Props;

/**
 * The periodic progress line of a long phase: done of total, the rate over the last interval and
 * since the start, and the time left (by the rate so far, or the time limit when that comes
 * first). YCSB's status line ({@code -s}) has neither a total nor an ETA.
 *
 * <p>One line for every workload: bin/ycsb starts {@link #startLoad} for every load, counting the
 * operations of the summary (one per record of YCSB's core workloads) against YCSB's
 * {@code insertcount}/{@code recordcount}. A workload whose unit is not one operation
 * (rows of a batch) {@link #claim claims} the run's line and {@link #addUnits adds} its units;
 * one that prints its own line with this class (LinkBench, also for its requests) claims it with
 * total 0 and units never added, which silences the run's line.
 */
public final class Progress {
  public static final String PROPERTY = "ycsbx.progress";
  public static final double PROPERTY_DEFAULT = 10;
  static final String PREFIX = "[PROGRESS] ";

  private static volatile boolean claimed;
  private static volatile long claimedTotal;
  private static volatile String claimedUnit;
  private static final LongAdder UNITS = new LongAdder();

  private final String prefix;
  private final String what;
  private final String unit;
  private final long total;
  private final long intervalNanos;
  private final long startNanos;
  private final long deadlineNanos;
  private final PrintStream out;
  // added to by every client thread after each unit: a LongAdder keeps them off one cache line
  private final LongAdder done = new LongAdder();
  private final AtomicLong nextNanos;
  private long lastDone;
  private long lastNanos;

  /**
   * @param prefix the line's tag, e.g. {@code [LINKBENCH] }
   * @param total units in all, 0 when unknown
   * @param intervalSeconds 0 for no line
   * @param maxSeconds the phase's time limit, 0 for none
   */
  public Progress(String prefix, String what, String unit, long total, double intervalSeconds, double maxSeconds,
      long startNanos, PrintStream out) {
    this.prefix = prefix;
    this.what = what;
    this.unit = unit;
    this.total = total;
    this.intervalNanos = intervalSeconds <= 0 ? Long.MAX_VALUE : (long) (intervalSeconds * 1e9);
    this.startNanos = startNanos;
    this.deadlineNanos = maxSeconds <= 0 ? 0 : startNanos + (long) (maxSeconds * 1e9);
    this.out = out;
    this.nextNanos = new AtomicLong(intervalNanos == Long.MAX_VALUE ? Long.MAX_VALUE : startNanos + intervalNanos);
    this.lastNanos = startNanos;
  }

  /** Adds {@code units} done; the thread that finds the interval up prints the line. */
  public void add(long units, long nowNanos, String extra) {
    done.add(units);
    long next = nextNanos.get();
    if (nowNanos >= next && nextNanos.compareAndSet(next, nowNanos + intervalNanos)) {
      print(done.sum(), nowNanos, extra);
    }
  }

  public long done() {
    return done.sum();
  }

  // ---- the run's line (bin/ycsb)

  /** The interval in seconds, 0 for no line. A bad value is a UserError. */
  public static double seconds(Properties props) {
    return Props.getDouble(props, PROPERTY, PROPERTY_DEFAULT, 0, 86_400);
  }

  /**
   * A workload takes over the run's line: its {@code unit}s (rows, files) against its
   * {@code total}; total 0 and no {@link #addUnits} silence the line (the workload prints its own).
   * Call in {@code Workload.init}, before the client threads start.
   */
  public static void claim(String unit, long total) {
    claimedUnit = unit;
    claimedTotal = total;
    claimed = true;
  }

  /** Adds units to a claimed line; free when none is configured. */
  public static void addUnits(long n) {
    UNITS.add(n);
  }

  /**
   * Starts the load's line on a daemon thread: every {@value #PROPERTY} seconds once the first
   * operation ran, until the JVM ends.
   */
  public static void startLoad(Properties props, PrintStream out) {
    double seconds = seconds(props);
    claimed = false;
    UNITS.reset();
    if (seconds <= 0) {
      return;
    }
    long opsTotal = Props.getLong(props, "insertcount", Props.getLong(props, "recordcount", 0, 0, Long.MAX_VALUE), 0,
        Long.MAX_VALUE);
    double maxSeconds = Props.getDouble(props, "maxexecutiontime", 0, 0, Double.MAX_VALUE);
    RunMeasurements.countCalls();
    Thread t = new Thread(() -> {
      long period = (long) (seconds * 1e9);
      try {
        while (!Warmup.started()) {
          Thread.sleep(10);
        }
        long start = System.nanoTime();
        Progress p = null;
        LongSupplier done = null;
        while (true) {
          long next = start + period * ((System.nanoTime() - start) / period + 1);
          java.util.concurrent.locks.LockSupport.parkNanos(next - System.nanoTime());
          if (p == null) {
            if (claimed && claimedTotal == 0) {
              return; // the workload prints its own line
            }
            p = claimed ? new Progress(PREFIX, "load", claimedUnit, claimedTotal, seconds, maxSeconds, start, out)
                : new Progress(PREFIX, "load", "operations", opsTotal, seconds, maxSeconds, start, out);
            done = claimed ? UNITS::sum : RunMeasurements::allCalls;
          }
          long d = done.getAsLong();
          p.print(d, System.nanoTime(), null);
          if (p.total > 0 && d >= p.total) {
            return; // the load is done: its last line said 100%
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "ycsbx-progress");
    t.setDaemon(true);
    t.start();
  }

  private synchronized void print(long d, long now, String extra) {
    double sinceStart = Math.max(1e-9, (now - startNanos) / 1e9);
    double interval = Math.max(1e-9, (now - lastNanos) / 1e9);
    double rate = (d - lastDone) / interval;
    double average = d / sinceStart;
    lastDone = d;
    lastNanos = now;
    StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%s%s: %d", prefix, what, d));
    if (total > 0) {
      line.append(String.format(Locale.ROOT, "/%d %s (%.1f%%)", total, unit, 100.0 * d / total));
    } else {
      line.append(' ').append(unit);
    }
    line.append(extra == null ? "" : ", " + extra);
    line.append(String.format(Locale.ROOT, interval < 9.95 ? ", %.0f %s/s over the last %.1f s, %.0f/s since the start"
        : ", %.0f %s/s over the last %.0f s, %.0f/s since the start", rate, unit, interval, average));
    double left = Double.NaN;
    if (total > 0 && average > 0) {
      left = Math.max(0, (total - d) / average);
    }
    if (deadlineNanos > 0) {
      double toDeadline = Math.max(0, (deadlineNanos - now) / 1e9);
      left = Double.isNaN(left) ? toDeadline : Math.min(left, toDeadline);
    }
    line.append(Double.isNaN(left) ? "" : ", ETA " + duration(left));
    out.println(line);
  }

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
