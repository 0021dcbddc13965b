package site.ycsbx.tools.compare;

import static site.ycsbx.tools.compare.Statistics.MIN_RUNS_FOR_TEST;
import static site.ycsbx.tools.compare.Statistics.mean;
import static site.ycsbx.tools.compare.Statistics.ratio;
import static site.ycsbx.tools.compare.Statistics.significance;
import static site.ycsbx.tools.compare.Statistics.spread;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import site.ycsbx.results.OpStats;

/**
 * The rows of a comparison, one per thread count (pair) and operation, and the table printed on
 * the console: throughput, p95 and p99 of each side with B/A, the spread of repeats and Welch's
 * test when there are enough of them.
 */
final class CompareTable {
  /** One line of the comparison: a thread count (pair) and an operation, every run's throughput of each side. */
  record Row(String threads, String op, double[] ta, double[] tb, double p95a, double p95b, double p99a, double p99b) {
  }

  private CompareTable() {
  }

  static boolean repeats(Side a, Side b, List<int[]> pairs) {
    return pairs.stream().anyMatch(p -> a.at(p[0]).size() > 1 || b.at(p[1]).size() > 1);
  }

  static boolean testable(Side a, Side b, List<int[]> pairs) {
    return pairs.stream()
        .allMatch(p -> a.at(p[0]).size() >= MIN_RUNS_FOR_TEST && b.at(p[1]).size() >= MIN_RUNS_FOR_TEST);
  }

  static List<Row> rows(Side a, Side b, List<int[]> pairs) {
    List<String> ops = new ArrayList<>();
    ops.add("OVERALL");
    ops.addAll(a.operations());
    List<Row> rows = new ArrayList<>();
    for (int[] p : pairs) {
      List<Side.Sample> sa = a.at(p[0]);
      List<Side.Sample> sb2 = b.at(p[1]);
      String threads = p[0] == p[1] ? t(p[0]) : t(p[0]) + "/" + t(p[1]);
      for (String op : ops) {
        rows.add(new Row(threads, op, Side.throughputs(sa, op), Side.throughputs(sb2, op),
            mean(Side.values(sa, op, OpStats::p95)), mean(Side.values(sb2, op, OpStats::p95)),
            mean(Side.values(sa, op, OpStats::p99)), mean(Side.values(sb2, op, OpStats::p99))));
      }
    }
    return rows;
  }

  static String table(Side a, Side b, List<int[]> pairs) {
    boolean repeats = repeats(a, b, pairs);
    boolean testable = testable(a, b, pairs);
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "%8s %-18s %12s%s %12s%s %6s %9s %9s %6s %9s %9s %6s%s%n", "threads",
        "operation", "A ops/s", repeats ? String.format("%9s", "spread") : "", "B ops/s",
        repeats ? String.format("%9s", "spread") : "", "B/A", "A p95 ms", "B p95 ms", "B/A", "A p99 ms",
        "B p99 ms", "B/A", testable ? "  Welch t-test (ops/s), 95% CI of B/A" : ""));
    for (Row r : rows(a, b, pairs)) {
      sb.append(String.format(Locale.ROOT, "%8s %-18s %12.0f%s %12.0f%s %6s %9s %9s %6s %9s %9s %6s%s%n",
          r.threads(), r.op(), mean(r.ta()), repeats ? String.format("%9s", spread(r.ta())) : "",
          mean(r.tb()), repeats ? String.format("%9s", spread(r.tb())) : "", ratio(mean(r.ta()), mean(r.tb())),
          ms(r.p95a()), ms(r.p95b()), ratio(r.p95a(), r.p95b()), ms(r.p99a()), ms(r.p99b()), ratio(r.p99a(), r.p99b()),
          testable ? "  " + significance(r.ta(), r.tb()) : ""));
    }
    sb.append("(OVERALL latency columns: the slowest operation's)\n");
    if (!testable) {
      sb.append(tooFewRunsLine(a, b, pairs));
    }
    return sb.toString();
  }

  /**
   * Why no significance column is shown: single runs (a ratio of two runs can be any run's noise,
   * seen: B/A from 1.69 to 0.77 across thread counts of one setup pair), or repeats too few for a test.
   */
  static String tooFewRunsLine(Side a, Side b, List<int[]> pairs) {
    if (!repeats(a, b, pairs)) {
      return String.format(Locale.ROOT, "single runs: each B/A compares one run of %s with one run of %s, so no"
          + " significance can be claimed; a claim that A and B differ needs %d or more runs a side (sweep --repeat %d)%n",
          a.label, b.label, MIN_RUNS_FOR_TEST, MIN_RUNS_FOR_TEST);
    }
    int fewestA = pairs.stream().mapToInt(p -> a.at(p[0]).size()).min().orElse(0);
    int fewestB = pairs.stream().mapToInt(p -> b.at(p[1]).size()).min().orElse(0);
    return String.format(Locale.ROOT, "no significance test: %s has %d and %s %d run%s at a thread count; Welch's"
        + " test on fewer than %d runs a side has almost no power, so a claim that A and B differ needs"
        + " %d or more runs a side (sweep --repeat %d)%n", a.label, fewestA, b.label, fewestB,
        fewestB == 1 ? "" : "s", MIN_RUNS_FOR_TEST, MIN_RUNS_FOR_TEST, MIN_RUNS_FOR_TEST);
  }

  /** Microseconds as milliseconds, with fewer decimals as they grow; "-" when unknown. */
  static String ms(double us) {
    if (Double.isNaN(us)) {
      return "-";
    }
    double ms = us / 1000;
    return String.format(Locale.ROOT, ms < 1 ? "%.3f" : ms < 100 ? "%.2f" : "%.1f", ms);
  }

  /** A thread count; "?" when the result does not say (stock YCSB's JSON exports). */
  private static String t(int threads) {
    return threads == 0 ? "?" : String.valueOf(threads);
  }
}
