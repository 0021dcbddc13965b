package site.ycsbx.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

/**
 * A bench cell's verdict on a goal. {@code PairedRatio GOAL RATIO...} prints {@code LOW-HIGH
 * VERDICT} for the pairs' ratios (YCSB-X / loop, each pair run back to back);
 * {@code PairedRatio GOAL --csv FILE...} judges every cell of the runs that bench/filemeta.sh
 * --csv wrote, the pairs of all the files together (several bench runs of the same settings).
 *
 * <p>A pair cancels the server's drift between pairs, but one pair still moves by 5-10% on a
 * shared 2-core box, so a median of five can land either side of a goal by chance. The interval
 * is the 90% confidence interval of the pairs' geometric mean ratio (Student's t on the log
 * ratios, as a paired test): its low end is a one-sided 95% bound. "met" when that bound is at or
 * above the goal, "missed" when the high end is below it, "undecided" otherwise (more pairs, or a
 * quieter machine, are needed to tell).
 */
public final class PairedRatio {
  static final double CONFIDENCE = 0.90;
  /** bench/filemeta.sh --csv's header. */
  static final String CSV_HEADER = "operation,threads,pair,side,ops_s,cpu_s";

  /** The interval of the geometric mean ratio; NaN ends with fewer than two pairs. */
  record Interval(double mean, double low, double high) {
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
    double mean = n == 0 ? Double.NaN : Math.exp(logs.getMean());
    if (n < 2) {
      return new Interval(mean, Double.NaN, Double.NaN);
    }
    double half = 0;
    double se = logs.getStandardDeviation() / Math.sqrt(n);
    if (se > 0) {
      half = new TDistribution(n - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2) * se;
    }
    return new Interval(mean, Math.exp(logs.getMean() - half), Math.exp(logs.getMean() + half));
  }

  /**
   * The pairs' ratios of each cell ("operation threads", in the order first seen) of the CSV
   * files' lines; a pair is one file's pair number of a cell with both sides.
   */
  static Map<String, double[]> cells(List<List<String>> files) {
    Map<String, List<Double>> ratios = new LinkedHashMap<>();
    for (int f = 0; f < files.size(); f++) {
      List<String> lines = files.get(f);
      if (lines.isEmpty() || !lines.get(0).equals(CSV_HEADER)) {
        throw new IllegalArgumentException("file " + (f + 1) + ": not bench/filemeta.sh --csv output (header "
            + CSV_HEADER + ")");
      }
      // cell -> pair -> {ycsbx, raw}
      Map<String, Map<String, double[]>> pairs = new LinkedHashMap<>();
      for (String line : lines.subList(1, lines.size())) {
        String[] v = line.split(",");
        if (v.length != 6 || !(v[3].equals("ycsbx") || v[3].equals("raw"))) {
          throw new IllegalArgumentException("file " + (f + 1) + ": bad line: " + line);
        }
        pairs.computeIfAbsent(v[0] + " " + v[1], k -> new LinkedHashMap<>())
            .computeIfAbsent(v[2], k -> new double[] {Double.NaN, Double.NaN})[v[3].equals("ycsbx") ? 0 : 1] =
            Double.parseDouble(v[4]);
      }
      pairs.forEach((cell, sides) -> sides.values().stream()
          .filter(p -> !Double.isNaN(p[0]) && !Double.isNaN(p[1])) // a bench stopped between a pair's two runs
          .forEach(p -> ratios.computeIfAbsent(cell, k -> new ArrayList<>()).add(p[0] / p[1])));
    }
    Map<String, double[]> out = new LinkedHashMap<>();
    ratios.forEach((cell, r) -> out.put(cell, r.stream().mapToDouble(Double::doubleValue).toArray()));
    return out;
  }

  public static void main(String[] args) throws IOException {
    if (args.length < 1) {
      System.err.println("usage: PairedRatio GOAL RATIO... | PairedRatio GOAL --csv FILE...");
      System.exit(2);
    }
    double goal = Double.parseDouble(args[0]);
    if (args.length > 1 && args[1].equals("--csv")) {
      List<List<String>> files = new ArrayList<>();
      for (String f : Arrays.asList(args).subList(2, args.length)) {
        files.add(Files.readAllLines(Path.of(f)));
      }
      String goalColumn = "goal_" + args[0];
      System.out.printf(Locale.ROOT, "%-15s %7s %6s %10s %13s %10s%n", "operation", "threads", "pairs", "mean_ratio",
          "pair_ci90", goalColumn);
      for (Map.Entry<String, double[]> e : cells(files).entrySet()) {
        String[] cell = e.getKey().split(" ");
        Interval i = of(e.getValue());
        System.out.printf(Locale.ROOT, "%-15s %7s %6d %10.3f %13s %10s%n", cell[0], cell[1], e.getValue().length,
            i.mean(), range(i), i.verdict(goal));
      }
      return;
    }
    double[] ratios = Arrays.stream(args, 1, args.length).mapToDouble(Double::parseDouble).toArray();
    Interval i = of(ratios);
    System.out.println(range(i) + " " + i.verdict(goal));
  }

  /** "LOW-HIGH", or "-" when one pair has no spread to judge by. */
  private static String range(Interval i) {
    return Double.isNaN(i.low()) ? "-" : String.format(Locale.ROOT, "%.3f-%.3f", i.low(), i.high());
  }
}
