package site.ycsbx.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** compare's statistics on known samples, worked by hand. */
@Tag("fast")
class StatisticsTest {
  /** Welch's statistic and degrees of freedom by hand; the p-value must match the table's. */
  @Test
  void welchTestOnKnownSamples() {
    double[] a = {100, 102, 98, 101};
    double[] b = {104, 99, 107, 103};
    double ma = 100.25;
    double mb = 103.25;
    double va = ((0.25 * 0.25) + (1.75 * 1.75) + (2.25 * 2.25) + (0.75 * 0.75)) / 3;
    double vb = ((0.75 * 0.75) + (4.25 * 4.25) + (3.75 * 3.75) + (0.25 * 0.25)) / 3;
    double se2 = va / 4 + vb / 4;
    double t = (ma - mb) / Math.sqrt(se2);
    double df = se2 * se2 / ((va / 4) * (va / 4) / 3 + (vb / 4) * (vb / 4) / 3);
    double p = 2 * new org.apache.commons.math3.distribution.TDistribution(df).cumulativeProbability(-Math.abs(t));
    assertTrue(Statistics.significance(a, b).startsWith(
        String.format(Locale.ROOT, "p=%.3f%s  CI ", p, p < 0.05 ? " significant" : " not significant")),
        Statistics.significance(a, b));
    assertTrue(Statistics.significance(new double[] {100, 101, 99}, new double[] {200, 201, 199})
        .startsWith("p=0.000 significant"));
    assertTrue(Statistics.significance(new double[] {100, 110, 90}, new double[] {101, 109, 92}).contains(" not significant"));
    // below three runs a side the test has no power: it is not run at all
    assertEquals("-", Statistics.significance(new double[] {100}, new double[] {200, 201}));
    assertEquals("-", Statistics.significance(new double[] {100, 102}, new double[] {45, 56}));
    // quantized throughputs can repeat exactly: no variance to test, the verdict follows the means
    assertEquals("significant (no spread on either side)  CI 2.00-2.00",
        Statistics.significance(new double[] {100, 100, 100}, new double[] {200, 200, 200}));
    assertEquals("no difference (no spread)  CI 1.00-1.00",
        Statistics.significance(new double[] {100, 100, 100}, new double[] {100, 100, 100}));
  }

  /** The interval of B/A by hand: Welch's interval on the logarithms, exponentiated. */
  @Test
  void ratioIntervalOnKnownSamples() {
    double[] a = {1000, 1100, 900};
    double[] b = {500, 560, 450};
    double[] la = java.util.Arrays.stream(a).map(Math::log).toArray();
    double[] lb = java.util.Arrays.stream(b).map(Math::log).toArray();
    double ma = java.util.Arrays.stream(la).average().orElseThrow();
    double mb = java.util.Arrays.stream(lb).average().orElseThrow();
    double va = java.util.Arrays.stream(la).map(x -> (x - ma) * (x - ma)).sum() / 2 / 3;
    double vb = java.util.Arrays.stream(lb).map(x -> (x - mb) * (x - mb)).sum() / 2 / 3;
    double df = (va + vb) * (va + vb) / (va * va / 2 + vb * vb / 2);
    double half = new org.apache.commons.math3.distribution.TDistribution(df).inverseCumulativeProbability(0.975)
        * Math.sqrt(va + vb);
    assertEquals(String.format(Locale.ROOT, "CI %.2f-%.2f", Math.exp(mb - ma - half), Math.exp(mb - ma + half)),
        Statistics.ratioInterval(a, b));
    // B at about half of A, clearly: the interval excludes 1
    String ci = Statistics.ratioInterval(a, b);
    assertTrue(Double.parseDouble(ci.substring(3).split("-")[1]) < 1.0, ci);
    // the same throughputs on both sides: the interval straddles 1
    String same = Statistics.ratioInterval(a, new double[] {1050, 950, 1010});
    assertTrue(Double.parseDouble(same.substring(3).split("-")[0]) < 1.0
        && Double.parseDouble(same.substring(3).split("-")[1]) > 1.0, same);
  }
}
