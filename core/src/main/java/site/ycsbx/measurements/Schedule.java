package site.ycsbx.measurements;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * Whether a paced run ({@code -target}) kept its schedule. YCSB's Client gives each operation an
 * intended start; when the client cannot keep the rate, intended starts pile up behind the clock
 * and the throughput printed is what the client could do, not the target. The intended-start
 * latencies are right, but a reader of the throughput alone is misled: this says so while the
 * run goes (every {@code status.interval} seconds while behind, YCSB's status interval, default
 * 10) and in the summary (how far behind, from when), as NoSQLBench does.
 *
 * <p>Bindings call {@link #onOperation()} as an operation starts. One schedule per JVM (a run).
 */
public final class Schedule {
  /** The metric of the schedule's figures in the export. */
  public static final String METRIC = "SCHEDULE";
  /** Behind by more than this is reported; shorter lags are scheduling jitter and GC. */
  public static final long BEHIND_NANOS = 1_000_000_000L;
  private static final String STATUS_INTERVAL_PROPERTY = "status.interval";

  private static volatile Schedule current;

  private final int target;
  private final int reportSeconds;
  private final PrintStream out;
  private final AtomicLong startNanos = new AtomicLong(Long.MAX_VALUE);
  private final AtomicLong maxLagNanos = new AtomicLong();
  private final AtomicLong windowLagNanos = new AtomicLong();
  private final AtomicLong firstBehindNanos = new AtomicLong(-1);
  private final AtomicLong lastLagNanos = new AtomicLong();
  private final ThreadLocal<long[]> lastIntended = ThreadLocal.withInitial(() -> new long[1]);
  private volatile boolean reporting;
  private boolean saidBehind;
  private boolean summarized;

  Schedule(int target, int reportSeconds, PrintStream out) {
    this.target = target;
    this.reportSeconds = reportSeconds;
    this.out = out;
  }

  /**
   * Tracks this run's schedule when it is paced ({@code target} > 0); idempotent: the first call
   * of a JVM decides. Without intended start times ({@code measurement.interval=op}) nothing can
   * be tracked, and the run is told so once.
   */
  public static synchronized void configure(Properties props) {
    if (current != null) {
      return;
    }
    int target;
    try {
      target = Integer.parseInt(props.getProperty("target", "0").trim());
    } catch (NumberFormatException e) {
      target = 0;
    }
    if (target <= 0) {
      return;
    }
    String interval = props.getProperty(Measurements.MEASUREMENT_INTERVAL, "op");
    if (interval.equals("op")) {
      System.err.println("[SCHEDULE] -target " + target + " with measurement.interval=op: intended start times are not"
          + " recorded, so falling behind the schedule is not tracked (set measurement.interval=both)");
      return;
    }
    int every;
    try {
      every = Math.max(1, Integer.parseInt(props.getProperty(STATUS_INTERVAL_PROPERTY, "10").trim()));
    } catch (NumberFormatException e) {
      every = 10;
    }
    rehearse(target, every);
    Schedule s = new Schedule(target, every, System.err);
    current = s;
    Runtime.getRuntime().addShutdownHook(new Thread(() -> s.summarize(), "ycsbx-schedule"));
  }

  /**
   * Every line once, on a schedule of its own that prints nowhere, before the run: their
   * formatting would otherwise be loaded at the first line, inside the clock (see
   * {@link Intervals#rehearse}).
   */
  static void rehearse(int target, int every) {
    PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
    Schedule dry = new Schedule(target, every, nowhere);
    dry.reporting = true; // no thread of its own
    long t = System.nanoTime();
    dry.observe(t - 2 * BEHIND_NANOS, t);
    dry.report(t); // behind
    dry.report(t); // back on schedule
    dry.summarize();
    dry.summarized = false;
    dry.firstBehindNanos.set(-1);
    dry.summarize();
  }

  /** Call as an operation starts, on the client thread YCSB paced. */
  public static void onOperation() {
    Interruption.checkpoint();
    Schedule s = current;
    if (s != null) {
      s.observe(Measurements.getMeasurements().getIntendedtartTimeNs(), System.nanoTime());
    }
  }

  /** The schedule of this run, or null when it is not paced (or not tracked). */
  public static Schedule current() {
    return current;
  }

  void observe(long intendedNanos, long nowNanos) {
    long[] last = lastIntended.get();
    if (intendedNanos == 0 || intendedNanos == last[0]) {
      return; // not paced, or a second call of one operation (read-modify-write): one lag per operation
    }
    last[0] = intendedNanos;
    startNanos.accumulateAndGet(intendedNanos, Math::min);
    long lag = Math.max(0, nowNanos - intendedNanos);
    maxLagNanos.accumulateAndGet(lag, Math::max);
    windowLagNanos.accumulateAndGet(lag, Math::max);
    lastLagNanos.set(lag);
    if (lag > BEHIND_NANOS) {
      firstBehindNanos.compareAndSet(-1, nowNanos);
    }
    if (!reporting) {
      startReporter();
    }
  }

  private synchronized void startReporter() {
    if (reporting) {
      return;
    }
    reporting = true;
    Thread t = new Thread(() -> {
      try {
        while (true) {
          Thread.sleep(reportSeconds * 1000L);
          report(System.nanoTime());
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "ycsbx-schedule-status");
    t.setDaemon(true);
    t.start();
  }

  /** The status line of the last interval, printed while behind and once when back on schedule. */
  synchronized String report(long nowNanos) {
    long window = windowLagNanos.getAndSet(0);
    String line = null;
    if (window > BEHIND_NANOS) {
      line = String.format(Locale.ROOT, "[SCHEDULE] %.0f s: up to %.1f s behind the -target schedule of %d ops/s"
          + " (behind since %.0f s, worst %.1f s): the throughput shows what the client could do, not the target",
          seconds(nowNanos - startNanos.get()), seconds(window), target,
          seconds(firstBehindNanos.get() - startNanos.get()), seconds(maxLagNanos.get()));
      saidBehind = true;
    } else if (saidBehind) {
      line = String.format(Locale.ROOT, "[SCHEDULE] %.0f s: back on the -target schedule (within %.1f s)",
          seconds(nowNanos - startNanos.get()), seconds(window));
      saidBehind = false;
    }
    if (line != null) {
      out.println(line);
    }
    return line;
  }

  /** Seconds into the run at which an operation first started more than 1 s late; -1 when none did. */
  public double firstBehindSeconds() {
    long first = firstBehindNanos.get();
    return first < 0 ? -1 : seconds(first - startNanos.get());
  }

  public double maxBehindSeconds() {
    return seconds(maxLagNanos.get());
  }

  /** The lag of the last operation that started. */
  public double behindAtEndSeconds() {
    return seconds(lastLagNanos.get());
  }

  /** Adds the schedule's figures to the export, beside the operations'. */
  public void export(MeasurementsExporter exporter) throws IOException {
    exporter.write(METRIC, "Target(ops/sec)", target);
    exporter.write(METRIC, "MaxBehind(ms)", Math.round(maxBehindSeconds() * 1000));
    exporter.write(METRIC, "FirstBehind(s)", firstBehindSeconds());
    exporter.write(METRIC, "BehindAtEnd(ms)", Math.round(behindAtEndSeconds() * 1000));
  }

  /** One line for the end of the run (printed once). */
  public synchronized String summarize() {
    if (summarized) {
      return null;
    }
    summarized = true;
    String line;
    if (firstBehindNanos.get() < 0) {
      line = String.format(Locale.ROOT, "[SCHEDULE] kept the -target schedule of %d ops/s (operations started at"
          + " most %.3f s late)", target, maxBehindSeconds());
    } else {
      line = String.format(Locale.ROOT, "[SCHEDULE] fell behind the -target schedule of %d ops/s %.0f s into the run,"
          + " %.1f s behind at worst, %.1f s at the end: the throughput is what the client could do, not the target",
          target, firstBehindSeconds(), maxBehindSeconds(), behindAtEndSeconds());
    }
    out.println(line);
    out.flush();
    return line;
  }

  private static double seconds(long nanos) {
    return nanos / 1e9;
  }
}
