package site.ycsbx.tools.experiment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import site.ycsbx.report.BarChart;
import site.ycsbx.report.Charts;
import site.ycsbx.report.Figure;
import site.ycsbx.results.RunFolder;

/**
 * The bar and thread charts of {@code experiment.html}, arranged here and drawn by the report
 * layer: the busiest operation's latency percentiles per target as grouped bars ({@link BarChart}),
 * its response-time histogram per target, and throughput and p99 against threads
 * ({@link Charts#threadsFigure}) where a step has several thread counts. The charts over time are
 * {@link TimeCharts}'.
 */
final class ExperimentCharts {
  static final String[] PERCENTILES = {"p50", "p95", "p99"};

  private ExperimentCharts() {
  }

  /**
   * The busiest operation's p50, p95 and p99 (ms) per row of the step's table (a target, or a
   * target at a thread count), as grouped bars; a row without figures is left out.
   *
   * @param percentiles per row its p50, p95, p99 in ms
   */
  static Figure latencyBars(String id, String title, Map<String, double[]> percentiles) {
    BarChart bars = new BarChart();
    for (int p = 0; p < PERCENTILES.length; p++) {
      for (Map.Entry<String, double[]> e : percentiles.entrySet()) {
        double v = e.getValue()[p];
        bars.add(Double.isNaN(v) ? null : v, PERCENTILES[p], e.getKey());
      }
    }
    return bars.figure(id, title, null, "latency (ms)", percentiles.size() > 6);
  }

  /** Buckets of the response-time histogram: bucket b holds (2^(b-1), 2^b] µs, bucket 0 up to 1 µs. */
  static final int BUCKETS = 40;

  /** The bucket of a latency in µs. */
  static int bucket(long us) {
    return us <= 1 ? 0 : Math.min(BUCKETS - 1, 64 - Long.numberOfLeadingZeros(us - 1));
  }

  /** A cell's calls of {@code op} per bucket ({@link #bucket}), from its interval logs; all 0 without a log. */
  static long[] histogram(Path runFolder, String op) {
    long[] out = new long[BUCKETS];
    org.HdrHistogram.Histogram h = RunFolder.read(runFolder).total(op);
    if (h != null) {
      for (org.HdrHistogram.HistogramIterationValue v : h.recordedValues()) {
        out[bucket(v.getValueIteratedTo())] += v.getCountAtValueIteratedTo();
      }
    }
    return out;
  }

  /**
   * The response-time histogram of the step's busiest operation, a bar per target in each bucket:
   * the share of the target's calls (%) whose latency fell in it, buckets doubling from one to the
   * next, from the lowest bucket any target used to the highest.
   *
   * @param perTarget per target its calls per bucket, its cells added
   */
  static Figure responseTimes(String id, String title, Map<String, long[]> perTarget) {
    int lo = BUCKETS;
    int hi = -1;
    for (long[] c : perTarget.values()) {
      for (int b = 0; b < c.length; b++) {
        if (c[b] > 0) {
          lo = Math.min(lo, b);
          hi = Math.max(hi, b);
        }
      }
    }
    BarChart bars = new BarChart();
    for (Map.Entry<String, long[]> e : perTarget.entrySet()) {
      long total = java.util.Arrays.stream(e.getValue()).sum();
      for (int b = lo; b <= hi; b++) {
        bars.add(total == 0 ? null : 100.0 * e.getValue()[b] / total, e.getKey(), bucketLabel(b));
      }
    }
    // up to 8 labels of 6 characters fit side by side in the chart's width
    return bars.figure(id, title, "response time up to (ms)", "share of calls (%)", hi - lo + 1 > 8);
  }

  /** A bucket's upper bound in ms, as the axis reads it (titled "response time up to"). */
  static String bucketLabel(int b) {
    return StepTable.number((1L << b) / 1000.0);
  }

  /**
   * A figure against threads, a line per target: the mean over repeats with their range as an
   * error bar, as the sweep draws it.
   *
   * @param perTarget per target: per thread count (ascending) its values over the repeats
   * @param scale each value divided by this (1000: µs to ms)
   * @param knees per target the thread count of its knee, drawn as a line in its colour
   */
  static Figure vsThreads(String id, String title, String yLabel, Map<String, TreeMap<Integer, double[]>> perTarget,
      double scale, Map<String, Integer> knees) {
    List<Charts.Series> series = new ArrayList<>();
    for (Map.Entry<String, TreeMap<Integer, double[]>> e : perTarget.entrySet()) {
      int n = e.getValue().size();
      int[] threads = new int[n];
      double[] mean = new double[n];
      double[] low = new double[n];
      double[] high = new double[n];
      int[] runs = new int[n];
      int i = 0;
      for (Map.Entry<Integer, double[]> t : e.getValue().entrySet()) {
        double[] v = java.util.Arrays.stream(t.getValue()).filter(d -> !Double.isNaN(d)).map(d -> d / scale).toArray();
        threads[i] = t.getKey();
        runs[i] = v.length;
        mean[i] = java.util.Arrays.stream(v).average().orElse(Double.NaN);
        low[i] = v.length > 1 ? java.util.Arrays.stream(v).min().orElseThrow() : Double.NaN;
        high[i] = v.length > 1 ? java.util.Arrays.stream(v).max().orElseThrow() : Double.NaN;
        i++;
      }
      series.add(new Charts.Series(e.getKey(), threads, mean, low, high, runs));
    }
    return Charts.threadsFigure(id, title, yLabel, series, Charts.Marks.NONE, knees);
  }

  /** An SVG id from a step's name and the chart's kind: letters, digits, - and _ only. */
  static String id(String step, String kind) {
    return ("exp-" + step + "-" + kind).replaceAll("[^A-Za-z0-9_-]", "_");
  }
}
