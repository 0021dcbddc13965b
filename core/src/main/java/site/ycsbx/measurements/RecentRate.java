package site.ycsbx.measurements;

import java.util.ArrayList;
import java.util.List;

/**
 * Units per second over the last {@value #WINDOW_SECONDS} seconds of a run (at least one
 * interval), from the done count at each status line: the rate an ETA rests on. The average since
 * the start would hide a rate that collapsed (a table that outgrew the cache, a server gone): 18000
 * rows left after 30 s at 2000 then 200 rows/s are 90 s away, not the 13 s of the average.
 */
final class RecentRate {
  static final double WINDOW_SECONDS = 30;
  // {seconds, done} at each line, the oldest being at or before the window's start
  private final List<double[]> samples = new ArrayList<>();

  /** The run's first measured operation: {@code done} units at {@code seconds}. */
  void start(double seconds, long done) {
    samples.clear();
    samples.add(new double[] {seconds, done});
  }

  /** The rate over the window that ends at {@code seconds} with {@code done}; remembers the sample. */
  double next(double seconds, long done) {
    if (samples.isEmpty()) {
      start(0, 0);
    }
    double[] from = samples.get(0);
    double rate = seconds > from[0] ? Math.max(0, done - from[1]) / (seconds - from[0]) : Double.NaN;
    samples.add(new double[] {seconds, done});
    // keep one sample at or before the next window's start, none older
    while (samples.size() > 1 && samples.get(1)[0] <= seconds + nextInterval() - WINDOW_SECONDS) {
      samples.remove(0);
    }
    return rate;
  }

  // the next line comes an interval later: its window starts WINDOW_SECONDS before that
  private double nextInterval() {
    int n = samples.size();
    return n < 2 ? 0 : samples.get(n - 1)[0] - samples.get(n - 2)[0];
  }
}
