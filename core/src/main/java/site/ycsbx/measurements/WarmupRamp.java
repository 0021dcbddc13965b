package site.ycsbx.measurements;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a run's headline averages a warm-up: the first interval ran at under a tenth of the
 * median rate of the intervals after it (seen: a short run whose first 10 s ran at a tenth of
 * the rest, the JIT and the server's caches warming, and a throughput that averaged both without
 * a word). Said in one line of the summary, with the {@value Warmup#PROPERTY} that leaves it out;
 * nothing is said when it is not so.
 */
final class WarmupRamp {
  /** The first interval counts as a warm-up below this share of the later intervals' median rate. */
  static final double SHARE = 0.1;
  /** Later intervals needed for their median to be a rate to compare with (one could be a stall). */
  static final int MIN_LATER = 2;

  private WarmupRamp() {
  }

  /**
   * The summary's line, or null.
   *
   * @param intervals each interval's [length in seconds, operations ended in it], in order
   */
  static String line(List<double[]> intervals) {
    if (intervals.size() < 1 + MIN_LATER) {
      return null;
    }
    double[] first = intervals.get(0);
    List<Double> later = new ArrayList<>();
    for (int i = 1; i < intervals.size(); i++) {
      double[] in = intervals.get(i);
      // a last interval cut short (a fraction of a second) is no rate to judge by
      if (i < intervals.size() - 1 || in[0] >= first[0] / 2) {
        later.add(in[1] / in[0]);
      }
    }
    if (later.size() < MIN_LATER) {
      return null;
    }
    later.sort(null);
    int n = later.size();
    double median = n % 2 == 1 ? later.get(n / 2) : (later.get(n / 2 - 1) + later.get(n / 2)) / 2;
    double rate = first[1] / first[0];
    if (!(median > 0) || rate >= SHARE * median) {
      return null;
    }
    long seconds = Math.max(1, Math.round(first[0]));
    return String.format(Locale.ROOT, "warm-up: the first %s s ran at %s ops/s, under a tenth of the %s ops/s median"
        + " of the %d intervals after it, and the figures above include it; -p %s=%d leaves it out",
        IntervalRows.seconds(first[0]), RunSummary.perSecond(rate), RunSummary.perSecond(median), n, Warmup.PROPERTY,
        seconds);
  }
}
