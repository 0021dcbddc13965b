package site.ycsbx.workloads.linkbench;

import java.util.SplittableRandom;

/**
 * A popularity distribution over ranks {@code [0, n)} (0 = the most chosen), from which a request
 * picks the node it goes to; {@link IdAccess} then maps the rank to an id.
 */
interface Ranks {
  long next(SplittableRandom r);

  /** Every rank equally likely (LinkBench's UniformDistribution, its default for node deletes). */
  static Ranks uniform(long n) {
    return r -> r.nextLong(n);
  }

  /**
   * Geometric over {@code [min, max)} with success probability {@code p}, as LinkBench draws the
   * number of id2s of a multiget (its defaults 1..128, p 0.382: mean about 2.6).
   */
  static Ranks geometric(long min, long max, double p) {
    double logQ = Math.log1p(-p);
    return r -> {
      double u = r.nextDouble();
      if (u == 0.0) {
        return min;
      }
      long x = min + (long) Math.ceil(Math.log1p(-u) / logQ) - 1;
      return Math.max(min, Math.min(x, max - 1));
    };
  }
}
