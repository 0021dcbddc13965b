package site.ycsbx.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import org.apache.commons.math3.stat.regression.OLSMultipleLinearRegression;
import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * Finds where more client threads stop adding throughput.
 *
 * <p>Method: a segmented (two-line, continuous) least-squares fit in log-log space. With
 * x = log2(threads) and y = log2(ops/s), the model is y = a + b1·min(x − c, 0) + b2·max(x − c, 0):
 * 2^a is the throughput at the break c, and b1, b2 are scaling exponents before and after it
 * (1 = throughput doubles with the threads, 0 = flat, negative = falls). In log-log space linear
 * scaling is a straight line and a plateau is a horizontal one, so a saturating curve is two
 * lines. Each measured thread count strictly between the smallest and the largest is tried
 * as c; a, b1 and b2 come from ordinary least squares (Commons Math) over one central value
 * per thread count (the median of its repeats: repeats that drift apart must not let one pass
 * decide the shape), and the c with the smallest residual sum of squares wins. Fitting all
 * thread counts at once is what makes it robust: one noisy point moves the fitted slopes a
 * little, where a rule on successive differences would move the knee.
 *
 * <p>The bend must earn its extra parameter: when a single straight line (2 parameters) has a
 * corrected Akaike information criterion (AICc) at least as good as the best two-segment fit
 * (3 parameters), the line is used, and the curve is either flat or still rising. With n
 * points AICc = n·ln(SSE/n) + 2k + 2k(k+1)/(n−k−1), so a bend needs at least 5 thread counts
 * and, with few of them, a clearly better fit; this is what keeps noise in a flat curve from
 * being read as a knee or a late rise.
 *
 * <p>The slopes are read as the throughput gained per doubling of threads, 2^b − 1. Gaining
 * less than {@link #FLAT_GAIN} (10%) per doubling is "flat". Rising before the break and flat
 * after it: the knee is at c ({@link Kind#PEAK} when throughput falls by more than 10% per
 * doubling after it, or when every measured thread count past the knee runs more than 10% below
 * the knee's throughput). Flat on both sides: more threads never helped ({@link Kind#FLAT}, knee at
 * the smallest count). Still gaining 10% or more per doubling after the best break, and in
 * the last measured doubling: {@link Kind#STILL_RISING}, no knee in the measured range. When
 * the fit rises but the last doublings of the central values each add less than 10%, the
 * verdict follows the data: the knee is where that flat run starts.
 *
 * <p>Worked example: 1, 2, 4, 8, 16, 32, 64 threads giving 1.0k, 2.0k, 3.9k, 7.2k, 8.1k, 8.0k,
 * 8.2k ops/s. Of the breaks at 2, 4, 8, 16 and 32 threads, 8 leaves the smallest squared
 * error; the fit there gains 95% per doubling before and 3% after, around a level of 7.5k ops/s,
 * so throughput levels off at 8 threads (KneeFinderTest checks these numbers).
 */
public final class KneeFinder {
  /** A doubling of threads that adds less than this share of throughput adds nothing worth having. */
  public static final double FLAT_GAIN = 0.10;

  /** What the fitted curve looks like. */
  public enum Kind {
    /** rises, then levels off at the knee */
    KNEE,
    /** rises, then falls after the knee */
    PEAK,
    /** more threads never added throughput: the knee is the smallest thread count */
    FLAT,
    /** still rising at the largest thread count: no knee in range */
    STILL_RISING,
    /** fewer than three thread counts: a bend cannot be told from two points */
    TOO_FEW
  }

  /**
   * The fit's answer.
   *
   * @param kneeThreads the measured thread count at the knee (0 when there is none)
   * @param breakThreads the thread count the fitted level refers to: the break of the two-line
   *     fit, or the smallest thread count when a single line was used (0 with too few points)
   * @param level fitted throughput at breakThreads
   * @param gainBefore share of throughput gained per doubling of threads before the break (1 = doubles)
   * @param gainAfter the same after the break (negative: falls)
   * @param sse the fit's residual sum of squares (log2 units)
   */
  public record Knee(Kind kind, int kneeThreads, int breakThreads, double level, double gainBefore, double gainAfter, double sse) {
    public boolean found() {
      return kind == Kind.KNEE || kind == Kind.PEAK || kind == Kind.FLAT;
    }

    /** The fitted throughput at a thread count (NaN with too few points): the curve charts draw. */
    public double fitted(double threads) {
      if (breakThreads <= 0) {
        return Double.NaN;
      }
      double gain = threads <= breakThreads ? gainBefore : gainAfter;
      return level * Math.pow(1 + gain, log2(threads / breakThreads));
    }
  }

  private KneeFinder() {
  }

  /**
   * threads[i] ran at throughput[i]; a thread count may appear several times (repeats).
   * Points without throughput (0 or NaN: a failed run) are left out.
   */
  public static Knee find(int[] threads, double[] throughput) {
    if (threads.length != throughput.length) {
      throw new IllegalArgumentException("threads and throughput differ in length");
    }
    TreeMap<Integer, List<Double>> runs = new TreeMap<>();
    for (int i = 0; i < threads.length; i++) {
      if (threads[i] > 0 && throughput[i] > 0 && Double.isFinite(throughput[i])) {
        runs.computeIfAbsent(threads[i], t -> new ArrayList<>()).add(throughput[i]);
      }
    }
    if (runs.size() < 3) {
      return new Knee(Kind.TOO_FEW, 0, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }
    // one central value per thread count: repeats that drift (a second pass 35% slower across
    // the board) must not let one pass's line outweigh the shape both passes share
    Integer[] counts = runs.keySet().toArray(new Integer[0]);
    double[] central = new double[counts.length];
    for (int i = 0; i < counts.length; i++) {
      central[i] = median(runs.get(counts[i]));
    }
    return fallenPeak(agreeWithData(fitCentral(counts, central), counts, central), counts, central);
  }

  /**
   * "Levels off" is said only when throughput stays near the knee's: a fit over a long flat
   * tail can spread one fall (8 -> 16 threads losing 16%, then level) into a gentle slope of a
   * few percent per doubling. When every thread count past the knee runs more than
   * {@link #FLAT_GAIN} below the knee's throughput, the curve peaked there; one low point that
   * later counts climb back from is noise and leaves the knee a knee.
   */
  private static Knee fallenPeak(Knee k, Integer[] counts, double[] central) {
    if (k.kind() != Kind.KNEE) {
      return k;
    }
    int at = Arrays.asList(counts).indexOf(k.kneeThreads());
    if (at < 0 || at == counts.length - 1) {
      return k;
    }
    for (int i = at + 1; i < counts.length; i++) {
      if (central[i] >= (1 - FLAT_GAIN) * central[at]) {
        return k;
      }
    }
    return new Knee(Kind.PEAK, k.kneeThreads(), k.breakThreads(), k.level(), k.gainBefore(), k.gainAfter(), k.sse());
  }

  private static Knee fitCentral(Integer[] counts, double[] central) {
    double[] x = new double[counts.length];
    double[] y = new double[counts.length];
    for (int i = 0; i < counts.length; i++) {
      x[i] = log2(counts[i]);
      y[i] = log2(central[i]);
    }
    Fit best = null;
    for (int i = 1; i < counts.length - 1; i++) {
      Fit f = fit(x, y, counts[i]);
      if (best == null || f.sse < best.sse - 1e-12) {
        best = f;
      }
    }
    SimpleRegression line = new SimpleRegression();
    for (int i = 0; i < x.length; i++) {
      line.addData(x[i], y[i]);
    }
    if (aicc(line.getSumSquaredErrors(), x.length, 2) <= aicc(best.sse, x.length, 3)) {
      // one straight line explains the points as well: no bend to report
      double g = Math.pow(2, line.getSlope()) - 1;
      double level = Math.pow(2, line.predict(x[0]));
      return g >= FLAT_GAIN ? new Knee(Kind.STILL_RISING, 0, counts[0], level, g, g, line.getSumSquaredErrors())
          : new Knee(Kind.FLAT, counts[0], counts[0], level, g, g, line.getSumSquaredErrors());
    }
    double level = Math.pow(2, best.beta[0]);
    double g1 = Math.pow(2, best.beta[1]) - 1;
    double g2 = Math.pow(2, best.beta[2]) - 1;
    Kind kind;
    int knee;
    if (g2 >= FLAT_GAIN) {
      kind = Kind.STILL_RISING;
      knee = 0;
    } else if (g1 < FLAT_GAIN) {
      kind = Kind.FLAT;
      knee = counts[0];
    } else {
      kind = g2 < -FLAT_GAIN ? Kind.PEAK : Kind.KNEE;
      knee = best.threads;
    }
    return new Knee(kind, knee, best.threads, level, g1, g2, best.sse);
  }

  /**
   * "Still rising" is said only when the data shows it: the fit may run a single rising line
   * through points whose last doublings each add under {@link #FLAT_GAIN} (a bend on five
   * points rarely earns its parameter), and "try more threads" would then contradict the table
   * beside it. The knee is then where the trailing run of flat doublings starts.
   */
  private static Knee agreeWithData(Knee fitted, Integer[] counts, double[] central) {
    int last = counts.length - 1;
    if (fitted.kind() != Kind.STILL_RISING || gainPerDoubling(counts, central, last - 1) >= FLAT_GAIN) {
      return fitted;
    }
    int start = last - 1;
    while (start > 0 && gainPerDoubling(counts, central, start - 1) < FLAT_GAIN) {
      start--;
    }
    Kind kind = start == 0 ? Kind.FLAT : Kind.KNEE;
    double after = Math.pow(central[last] / central[start], 1 / log2((double) counts[last] / counts[start])) - 1;
    double before = start == 0 ? after
        : Math.pow(central[start] / central[0], 1 / log2((double) counts[start] / counts[0])) - 1;
    return new Knee(kind, counts[start], counts[start], central[start], before, after, fitted.sse());
  }

  /** Throughput gained per doubling of threads from counts[i] to counts[i + 1]. */
  private static double gainPerDoubling(Integer[] counts, double[] central, int i) {
    return Math.pow(central[i + 1] / central[i], 1 / log2((double) counts[i + 1] / counts[i])) - 1;
  }

  private static double median(List<Double> v) {
    List<Double> sorted = new ArrayList<>(v);
    sorted.sort(null);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  /**
   * Corrected Akaike information criterion of a least-squares fit with k parameters: lower is
   * better; the correction keeps a three-parameter bend from winning on a handful of noisy
   * points. Infinite when there are too few points to judge k parameters.
   */
  private static double aicc(double sse, int n, int k) {
    if (n - k - 1 <= 0) {
      return Double.POSITIVE_INFINITY;
    }
    // a perfect fit would be -infinity for both models; the floor lets the simpler one win ties
    double rss = Math.max(sse, 1e-12 * n);
    return n * Math.log(rss / n) + 2.0 * k + 2.0 * k * (k + 1) / (n - k - 1);
  }

  private static double log2(double v) {
    return Math.log(v) / Math.log(2);
  }

  private record Fit(int threads, double[] beta, double sse) {
  }

  private static Fit fit(double[] x, double[] y, int breakThreads) {
    double c = log2(breakThreads);
    double[][] design = new double[x.length][2];
    for (int i = 0; i < x.length; i++) {
      design[i][0] = Math.min(x[i] - c, 0);
      design[i][1] = Math.max(x[i] - c, 0);
    }
    OLSMultipleLinearRegression ols = new OLSMultipleLinearRegression();
    ols.newSampleData(y, design);
    return new Fit(breakThreads, ols.estimateRegressionParameters(), ols.calculateResidualSumOfSquares());
  }
}
