package site.ycsbx.workloads.linkbench;

import java.util.SplittableRandom;

/**
 * LinkBench's "real" access distribution: the node of popularity rank r is chosen in proportion to
 * the access count the empirical distribution (a {@code link_nreads}, {@code link_nwrites},
 * {@code node_nreads} or {@code node_nwrites} section) gives the node at {@code u = 1 - r / n}, the
 * same reading {@link OutDegrees} makes of {@code nlinks}. Ranks that share a point of the
 * distribution form one segment of equal weight, so a draw is a binary search over the points
 * and no per-node state is kept.
 */
final class RealAccess implements Ranks {
  private final long[] start;
  private final long[] end;
  private final long[] count;
  private final double[] weightBefore;
  private final int segments;
  private final double totalWeight;

  RealAccess(EmpiricalCdf cdf, long n) {
    int points = cdf.points();
    start = new long[points];
    end = new long[points];
    count = new long[points];
    weightBefore = new double[points];
    double w = 0;
    int s = 0;
    for (int i = points - 1; i >= 0; i--) { // rank order: the most accessed first
      // ranks whose u falls on point i: u in (cum[i-1], cum[i]]; the last point also takes any u
      // above its cumulative (a distribution that stops short of 100%)
      long from = i == points - 1 ? 0 : boundary(cdf.cumulative(i), n);
      long to = i == 0 ? n : boundary(cdf.cumulative(i - 1), n);
      if (to > from && cdf.count(i) > 0) {
        start[s] = from;
        end[s] = to;
        count[s] = cdf.count(i);
        weightBefore[s] = w;
        w += (double) cdf.count(i) * (to - from);
        s++;
      }
    }
    if (s == 0) {
      throw new IllegalArgumentException("the distribution gives no node any access");
    }
    segments = s;
    totalWeight = w;
  }

  // the first rank r with 1 - r/n <= cumulative
  private static long boundary(double cumulative, long n) {
    return Math.max(0, Math.min(n, (long) Math.ceil(n * (1 - cumulative))));
  }

  @Override
  public long next(SplittableRandom r) {
    double x = r.nextDouble() * totalWeight;
    int lo = 0;
    int hi = segments - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (weightBefore[mid] <= x) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    long rank = start[lo] + (long) ((x - weightBefore[lo]) / count[lo]);
    return Math.min(rank, end[lo] - 1);
  }
}
