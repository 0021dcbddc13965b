package site.ycsbx.measurements;

import java.util.SortedMap;
import org.HdrHistogram.Histogram;

/**
 * One interval of a run: per operation, the latencies (microseconds) of the operations that
 * ended in it. Printers and exporters take intervals whatever made them: today {@link Intervals}
 * from its recorders, later the run folder's HdrHistogram interval logs (read back with
 * HdrHistogram's HistogramLogReader) can feed the same printers.
 *
 * @param startSeconds seconds from the run's first operation to this interval's start
 * @param endSeconds seconds from the run's first operation to this interval's end
 * @param last the run's final interval (usually shorter than the others)
 * @param operations operation name to its latencies in this interval; an operation seen earlier
 *        in the run and idle in this one has an empty histogram
 */
public record Interval(double startSeconds, double endSeconds, boolean last, SortedMap<String, Histogram> operations) {
  /** The interval's length in seconds (never 0, so rates stay finite). */
  public double seconds() {
    return Math.max(1e-6, endSeconds - startSeconds);
  }

  /** Operations of {@code op} per second over this interval. */
  public double opsPerSecond(String op) {
    Histogram h = operations.get(op);
    return h == null ? 0 : h.getTotalCount() / seconds();
  }
}
