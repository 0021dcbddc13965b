package site.ycsbx.tools.compare;

import java.util.Arrays;
import java.util.Locale;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import site.ycsbx.results.WelchRatio;

/**
 * The figures of a comparison, from the throughputs or latencies of each side's runs: means,
 * spreads, ratios B/A, and Welch's t-test with a 95% confidence interval of the ratio.
 */
final class Statistics {
  /** p-value below which a throughput difference is called significant. */
  static final double ALPHA = WelchRatio.ALPHA;
  /** Runs a side needs before a significance test is shown ({@link WelchRatio#MIN_RUNS}). */
  static final int MIN_RUNS_FOR_TEST = WelchRatio.MIN_RUNS;

  private Statistics() {
  }

  static double mean(double[] v) {
    return WelchRatio.mean(v);
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
    double p = WelchRatio.pValue(a, b);
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
    double[] ci = WelchRatio.ratioBounds(a, b);
    return String.format(Locale.ROOT, "CI %.2f-%.2f", ci[0], ci[1]);
  }

}
