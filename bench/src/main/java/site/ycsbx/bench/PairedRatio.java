package site.ycsbx.bench;

import java.util.Arrays;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

/**
 * A bench cell's verdict on a goal: {@code PairedRatio GOAL RATIO...} prints
 * {@code LOW-HIGH VERDICT} for the pairs' ratios (YCSB-X / loop, each pair run back to back).
 * A pair cancels the server's drift between pairs, but one pair still moves by 5-10% on a
 * shared 2-core box, so a median of five can land either side of a goal by chance. The interval
 * is the 90% confidence interval of the pairs' geometric mean ratio (Student's t on the log
 * ratios, as a paired test): its low end is a one-sided 95% bound. "met" when that bound is at or
 * above the goal, "missed" when the high end is below it, "undecided" otherwise (more pairs, or a
 * quieter machine, are needed to tell).
 */
public final class PairedRatio {
  static final double CONFIDENCE = 0.90;

  /** The interval of the geometric mean ratio; NaN ends with fewer than two pairs. */
  record Interval(double low, double high) {
    String verdict(double goal) {
      if (low >= goal) {
        return "met";
      }
      return high < goal ? "missed" : "undecided";
    }
  }

  private PairedRatio() {
  }

  static Interval of(double[] ratios) {
    SummaryStatistics logs = new SummaryStatistics();
    for (double r : ratios) {
      if (!(r > 0) || Double.isInfinite(r)) {
        throw new IllegalArgumentException("a ratio must be a positive number, got " + r);
      }
      logs.addValue(Math.log(r));
    }
    long n = logs.getN();
    if (n < 2) {
      return new Interval(Double.NaN, Double.NaN);
    }
    double half = 0;
    double se = logs.getStandardDeviation() / Math.sqrt(n);
    if (se > 0) {
      half = new TDistribution(n - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2) * se;
    }
    return new Interval(Math.exp(logs.getMean() - half), Math.exp(logs.getMean() + half));
  }

  public static void main(String[] args) {
    if (args.length < 1) {
      System.err.println("usage: PairedRatio GOAL RATIO...");
      System.exit(2);
    }
    double goal = Double.parseDouble(args[0]);
    double[] ratios = Arrays.stream(args, 1, args.length).mapToDouble(Double::parseDouble).toArray();
    Interval i = of(ratios);
    if (Double.isNaN(i.low())) {
      System.out.println("- undecided"); // one pair has no spread to judge by
    } else {
      System.out.printf(Locale.ROOT, "%.3f-%.3f %s%n", i.low(), i.high(), i.verdict(goal));
    }
  }
}
