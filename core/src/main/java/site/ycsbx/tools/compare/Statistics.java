package site.ycsbx.tools.compare;

import java.util.Arrays;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * The figures of a comparison, from the throughputs or latencies of each side's runs: means,
 * spreads, ratios B/A, and Welch's t-test with a 95% confidence interval of the ratio.
 */
public final class Statistics {
  /** p-value below which a throughput difference is called significant. */
  public static final double ALPHA = 0.05;
  /**
   * Runs a side needs before a significance test is shown: with two runs a side Welch's test has
   * one or two degrees of freedom and almost no power, so it calls a 2x difference "not
   * significant" (seen: B/A 0.45-0.56 at every thread count, "not significant" on every row).
   */
  public static final int MIN_RUNS_FOR_TEST = 3;

  private Statistics() {
  }

  public static double mean(double[] v) {
    SummaryStatistics s = new SummaryStatistics();
    for (double d : v) {
      s.addValue(d);
    }
    return s.getN() == 0 ? Double.NaN : s.getMean();
  }

  /** "+/-sd" of the values, empty below two values. */
  static String spread(double[] v) {
    if (v.length < 2) {
      return "";
    }
    SummaryStatistics s = new SummaryStatistics();
    for (double d : v) {
      s.addValue(d);
    }
    return String.format(Locale.ROOT, "+/-%.0f", s.getStandardDeviation());
  }

  /** The min..max of the values as {lo, hi}; NaN, NaN below two values. */
  static double[] minMax(double[] v) {
    if (v.length < 2) {
      return new double[] {Double.NaN, Double.NaN};
    }
    return new double[] {Arrays.stream(v).min().orElseThrow(), Arrays.stream(v).max().orElseThrow()};
  }

  /** B/A to two decimals; "-" when either is unknown or A is 0. */
  static String ratio(double a, double b) {
    if (Double.isNaN(a) || Double.isNaN(b) || a == 0) {
      return "-";
    }
    return String.format(Locale.ROOT, "%.2f", b / a);
  }

  /**
   * Welch's two-sided t-test on the throughputs of the repeats, and the 95% confidence interval
   * of B/A; "-" with fewer than {@value #MIN_RUNS_FOR_TEST} runs on either side.
   */
  static String significance(double[] a, double[] b) {
    if (a.length < MIN_RUNS_FOR_TEST || b.length < MIN_RUNS_FOR_TEST) {
      return "-";
    }
    double p = new TTest().tTest(a, b);
    String interval = ratioInterval(a, b);
    if (Double.isNaN(p)) {
      // both sides without any spread: identical values are not different, others are
      return (mean(a) == mean(b) ? "no difference (no spread)" : "significant (no spread on either side)")
          + "  " + interval;
    }
    return String.format(Locale.ROOT, "p=%.3f%s  %s", p, p < ALPHA ? " significant" : " not significant", interval);
  }

  /**
   * 95% confidence interval of the ratio B/A of the (geometric) mean throughputs: Welch's
   * interval for the difference of the mean logarithms, exponentiated, so it is the interval of a
   * ratio rather than of a difference and stays positive.
   */
  static String ratioInterval(double[] a, double[] b) {
    double[] ci = ratioBounds(a, b);
    return String.format(Locale.ROOT, "CI %.2f-%.2f", ci[0], ci[1]);
  }

  /** Welch's two-sided p-value of the two samples; NaN when neither has any spread. */
  public static double pValue(double[] a, double[] b) {
    return new TTest().tTest(a, b);
  }

  /** The 95% confidence interval of B/A as {@link #ratioInterval} computes it: {low, high}. */
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
