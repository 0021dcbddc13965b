package site.ycsbx.measurements;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The console line of an interval, one operation after another:
 * {@code [INTERVAL] 20 s  LATEST_BY_USER 4821 ops/s p50 1.2 ms p99 7.9 ms max 31 ms | UPDATE_FILE 402 ops/s ...}.
 * An operation idle in the interval shows {@code 0 ops/s} (readers starved by a writer show
 * there); a failure series ({@code OP-FAILED}) shows only in intervals where calls failed.
 */
final class IntervalLine implements IntervalSink {
  static final String PREFIX = "[INTERVAL] ";

  private final PrintStream out;

  IntervalLine(PrintStream out) {
    this.out = out;
  }

  @Override
  public void accept(Interval interval) {
    out.println(format(interval));
  }

  @Override
  public void rehearse(Interval sample) {
    format(sample);
  }

  static String format(Interval interval) {
    StringBuilder sb = new StringBuilder(PREFIX);
    if (interval.last()) {
      sb.append(String.format(Locale.ROOT, "%.1f s (last %.1f s)", interval.endSeconds(), interval.seconds()));
    } else {
      // whole seconds unless the intervals are shorter (ycsbx.interval=0.5: 0.5 s, 1.0 s, 1.5 s, ...)
      double end = interval.endSeconds();
      boolean whole = interval.seconds() >= 1 || Math.abs(end - Math.rint(end)) < 0.05;
      sb.append(String.format(Locale.ROOT, whole ? "%.0f s" : "%.1f s", end));
    }
    String sep = "  ";
    for (Map.Entry<String, Histogram> e : interval.operations().entrySet()) {
      Histogram h = e.getValue();
      if (h.getTotalCount() == 0 && e.getKey().endsWith("-FAILED")) {
        continue;
      }
      double rate = interval.opsPerSecond(e.getKey());
      // a few calls in a long interval are not "0 ops/s", which means idle
      sb.append(sep).append(e.getKey()).append(' ')
          .append(String.format(Locale.ROOT, rate > 0 && rate < 10 ? "%.1f ops/s" : "%.0f ops/s", rate));
      if (h.getTotalCount() > 0) {
        sb.append(" p50 ").append(millis(h.getValueAtPercentile(50)))
            .append(" p99 ").append(millis(h.getValueAtPercentile(99)))
            .append(" max ").append(millis(h.getMaxValue()));
      }
      sep = " | ";
    }
    return sb.toString();
  }

  /** Microseconds as milliseconds with two or three significant digits: 0.35 ms, 7.9 ms, 31 ms. */
  static String millis(long micros) {
    double ms = micros / 1000.0;
    String f = ms < 1 ? "%.2f ms" : ms < 100 ? "%.1f ms" : "%.0f ms";
    return String.format(Locale.ROOT, f, ms);
  }
}
