package site.ycsbx.workloads;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Zipf over ranks {@code [0, n)} with shape {@code theta} in (0, 1): rank k is chosen with
 * probability proportional to {@code 1 / (k + 1)^theta}. Drawn by the closed-form quantile of Gray
 * et al. ("Quickly generating billion-record synthetic databases", SIGMOD 1994), which LinkBench
 * and YCSB both use, so one draw costs one {@code pow} at any n and no table is kept. linkbench's
 * access distributions and filemeta's files per user draw from it.
 */
public final class Zipf {
  // below this, the normalising sum is added term by term; above, its tail is integrated
  private static final long EXACT_TERMS = 100_000;
  private static final ConcurrentHashMap<List<Double>, Double> ZETA = new ConcurrentHashMap<>();

  private final long n;
  private final double theta;
  private final double zetaN;
  private final double alpha;
  private final double eta;
  private final double secondThreshold;

  public Zipf(long n, double theta) {
    if (n < 1) {
      throw new IllegalArgumentException("n must be positive: " + n);
    }
    if (!(theta > 0 && theta < 1)) {
      throw new IllegalArgumentException("Zipf shape must be in (0, 1): " + theta);
    }
    this.n = n;
    this.theta = theta;
    this.zetaN = zeta(n, theta);
    double zeta2 = 1 + Math.pow(0.5, theta);
    this.alpha = 1 / (1 - theta);
    this.eta = n <= 2 ? 0 : (1 - Math.pow(2.0 / n, 1 - theta)) / (1 - zeta2 / zetaN);
    this.secondThreshold = zeta2;
  }

  public long next(SplittableRandom r) {
    return quantile(r.nextDouble());
  }

  /** The rank of a uniform draw {@code u} in [0, 1). */
  public long quantile(double u) {
    double uz = u * zetaN;
    if (uz < 1 || n == 1) {
      return 0;
    }
    if (uz < secondThreshold || n == 2) {
      return 1;
    }
    long k = (long) (n * Math.pow(eta * u - eta + 1, alpha));
    return Math.max(0, Math.min(k, n - 1));
  }

  /** Probability of rank k. */
  public double probability(long k) {
    return Math.pow(k + 1, -theta) / zetaN;
  }

  /**
   * The generalised harmonic number {@code sum_{i=1..n} i^-theta}: exact up to 100000 terms, the
   * rest by the Euler-Maclaurin formula (integral, end corrections, first derivative term), within
   * 1e-9 relative at any n; cached, as every requester thread builds the same distributions.
   */
  public static double zeta(long n, double theta) {
    return ZETA.computeIfAbsent(List.of((double) n, theta), k -> {
      long exact = Math.min(n, EXACT_TERMS);
      double sum = 0;
      for (long i = exact; i >= 1; i--) { // smallest terms first
        sum += Math.pow(i, -theta);
      }
      if (n > exact) {
        double a = exact;
        double b = n;
        sum += (Math.pow(b, 1 - theta) - Math.pow(a, 1 - theta)) / (1 - theta)
            + (Math.pow(b, -theta) - Math.pow(a, -theta)) / 2
            + theta * (Math.pow(a, -theta - 1) - Math.pow(b, -theta - 1)) / 12;
      }
      return sum;
    });
  }

  @Override
  public String toString() {
    return "zipf(" + theta + ")";
  }
}
