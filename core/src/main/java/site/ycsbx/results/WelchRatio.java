package site.ycsbx.results;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * Whether one side's rates differ from the other's: Welch's two-sided t-test and the 95% confidence
 * interval of the ratio B/A, from each side's repeats. {@code ycsb compare} and the experiment's
 * verdict judge with the same figures.
 */
public final class WelchRatio {
  /** p-value below which a difference is called significant. */
  public static final double ALPHA = 0.05;
  /**
   * Runs a side needs before a significance test is shown: with two runs a side Welch's test has
   * one or two degrees of freedom and almost no power, so it calls a 2x difference "not
   * significant" (seen: B/A 0.45-0.56 at every thread count, "not significant" on every row).
   */
  public static final int MIN_RUNS = 3;

  private WelchRatio() {
  }

  public static double mean(double[] v) {
    SummaryStatistics s = new SummaryStatistics();
    for (double d : v) {
      s.addValue(d);
    }
    return s.getN() == 0 ? Double.NaN : s.getMean();
  }

  /** Welch's two-sided p-value of the two samples; NaN when neither has any spread. */
  public static double pValue(double[] a, double[] b) {
    return new TTest().tTest(a, b);
  }

  /**
   * 95% confidence interval of the ratio B/A of the (geometric) mean throughputs, {low, high}:
   * Welch's interval for the difference of the mean logarithms, exponentiated, so it is the
   * interval of a ratio rather than of a difference and stays positive.
   */
  public static double[] ratioBounds(double[] a, double[] b) {
    SummaryStatistics la = logs(a);
    SummaryStatistics lb = logs(b);
    double diff = lb.getMean() - la.getMean();
    double va = la.getVariance() / la.getN();
    double vb = lb.getVariance() / lb.getN();
    double se = Math.sqrt(va + vb);
    double half = 0;
    if (se > 0) {
      double df = (va + vb) * (va + vb) / (va * va / (la.getN() - 1) + vb * vb / (lb.getN() - 1));
      half = new TDistribution(df).inverseCumulativeProbability(1 - ALPHA / 2) * se;
    }
    return new double[] {Math.exp(diff - half), Math.exp(diff + half)};
  }

  private static SummaryStatistics logs(double[] v) {
    SummaryStatistics s = new SummaryStatistics();
    for (double d : v) {
      s.addValue(Math.log(d));
    }
    return s;
  }
}
