package site.ycsbx.workloads.linkbench;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The periodic progress line of a long phase: done of total, the rate over the last interval and
 * since the start, and the time left (by the rate so far, or the time limit when that comes
 * first). YCSB's status line has neither a total nor an ETA. Called from the client threads after
 * each unit of work; one of them prints when the interval is up.
 */
final class Progress {
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
   * @param total units in all, 0 when unknown
   * @param intervalSeconds 0 for no line
   * @param maxSeconds the phase's time limit, 0 for none
   */
  Progress(String what, String unit, long total, double intervalSeconds, double maxSeconds, long startNanos,
      PrintStream out) {
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

  void add(long units, long nowNanos, String extra) {
    done.add(units);
    long next = nextNanos.get();
    if (nowNanos >= next && nextNanos.compareAndSet(next, nowNanos + intervalNanos)) {
      print(done.sum(), nowNanos, extra);
    }
  }

  long done() {
    return done.sum();
  }

  private synchronized void print(long d, long now, String extra) {
    double sinceStart = Math.max(1e-9, (now - startNanos) / 1e9);
    double interval = Math.max(1e-9, (now - lastNanos) / 1e9);
    double rate = (d - lastDone) / interval;
    double average = d / sinceStart;
    lastDone = d;
    lastNanos = now;
    StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "[LINKBENCH] %s: %d", what, d));
    if (total > 0) {
      line.append(String.format(Locale.ROOT, "/%d %s (%.1f%%)", total, unit, 100.0 * d / total));
    } else {
      line.append(' ').append(unit);
    }
    line.append(extra == null ? "" : ", " + extra);
    line.append(String.format(Locale.ROOT, ", %.0f %s/s over the last %.0f s, %.0f/s since the start", rate, unit,
        interval, average));
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

  static String duration(double seconds) {
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
