package site.ycsbx.tools.experiment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import site.ycsbx.results.WelchRatio;

/**
 * The verdict in plain words, a sentence per step: at each thread count, which target had the
 * highest rate, by how much over the next, and whether that lead is shown to hold. With
 * {@value WelchRatio#MIN_RUNS} or more repeats on both sides it is Welch's test and the 95%
 * interval of the ratio, as {@code ycsb compare} judges; with fewer, the sentence says the lead is
 * one run's and not shown to hold. Never a lead the figures do not carry.
 */
final class ExperimentVerdict {
  private ExperimentVerdict() {
  }

  static List<String> sentences(Experiment e, List<Outcome> outcomes) {
    List<String> out = new ArrayList<>();
    for (Step s : e.steps()) {
      String sentence = step(s, e.targets(), outcomes);
      if (sentence != null) {
        out.add(sentence);
      }
    }
    if (out.isEmpty()) {
      out.add("No step has finished cells yet: no verdict.");
    }
    return out;
  }

  /** The step's sentence; null when no row of it finished. */
  static String step(Step s, List<Target> targets, List<Outcome> all) {
    List<Outcome> outcomes = all.stream().filter(o -> o.cell().step().equals(s)).toList();
    List<StepTable.Row> rows = StepTable.rows(s, targets, outcomes);
    String rate = StepTable.rateFigure(s, outcomes);
    String rateName = StepTable.rateName(rate);
    boolean paced = false;
    // inserts at a rate asked (qr100, qp100): the rows/s are the pace, the queries/s the result
    String queries = RateTable.QUERY + ".ops_s";
    if (outcomes.stream().anyMatch(o -> o.ok() && o.result().get(RateTable.ASKED) > 0)
        && outcomes.stream().anyMatch(o -> o.ok() && !Double.isNaN(o.result().get(queries)))) {
      rate = queries;
      rateName = "queries/s";
      paced = true;
    }
    final String figure = rate;
    List<String> parts = new ArrayList<>();
    for (int threads : s.threads()) {
      List<StepTable.Row> at = rows.stream().filter(r -> r.threads() == threads && !r.ok().isEmpty()
          && !Double.isNaN(r.mean(figure))).sorted(Comparator.comparingDouble((StepTable.Row r) -> r.mean(figure))
              .reversed()).toList();
      if (at.isEmpty()) {
        continue;
      }
      String where = s.threads().size() > 1 ? "at " + threads + (threads == 1 ? " thread " : " threads ") : "";
      parts.add(where + lead(at, figure, rateName, s));
    }
    if (parts.isEmpty()) {
      return null;
    }
    return "Step " + s.name() + " (" + rateName + (paced ? " beside inserts at the rate asked" : "")
        + ", higher is better): " + String.join("; ", parts) + ".";
  }

  /** What the rows at one thread count say, the highest rate first. */
  static String lead(List<StepTable.Row> at, String rate, String rateName, Step s) {
    StepTable.Row top = at.get(0);
    String name = top.target().name();
    if (at.size() == 1) {
      return "only " + name + " finished (" + StepTable.number(top.mean(rate)) + " " + rateName + ")";
    }
    StepTable.Row next = at.get(1);
    double[] a = values(next, rate);
    double[] b = values(top, rate);
    double ratio = WelchRatio.mean(b) / WelchRatio.mean(a);
    String by = String.format(Locale.ROOT, "%.2fx %s", ratio, next.target().name());
    if (a.length < WelchRatio.MIN_RUNS || b.length < WelchRatio.MIN_RUNS) {
      String runs = a.length == 1 && b.length == 1 ? (s.isLoad() ? "one load each" : "one run each")
          : String.format(Locale.ROOT, "%d and %d runs", b.length, a.length);
      return String.format(Locale.ROOT, "%s had the highest %s, %s; %s, so the lead is not shown to hold (it takes"
          + " %d repeats of each)", name, rateName, by, runs, WelchRatio.MIN_RUNS);
    }
    double p = WelchRatio.pValue(a, b);
    double[] ci = WelchRatio.ratioBounds(a, b);
    String interval = String.format(Locale.ROOT, "95%% interval of the ratio %.2f-%.2f", ci[0], ci[1]);
    if (Double.isNaN(p)) {
      return WelchRatio.mean(a) == WelchRatio.mean(b) ? name + " and " + next.target().name() + " measured the same"
          + " in every repeat" : String.format(Locale.ROOT, "%s led, %s in every one of %d repeats (no spread)", name,
              by, b.length);
    }
    if (p < WelchRatio.ALPHA && ci[0] > 1) {
      return String.format(Locale.ROOT, "%s led, %s (%s, p=%.3f over %d and %d repeats)", name, by, interval, p,
          b.length, a.length);
    }
    return String.format(Locale.ROOT, "%s and %s are not shown to differ (%s had %s; %s, p=%.3f over %d and %d"
        + " repeats)", name, next.target().name(), name, by, interval, p, b.length, a.length);
  }

  private static double[] values(StepTable.Row r, String rate) {
    return r.ok().stream().mapToDouble(o -> o.result().get(rate)).filter(v -> !Double.isNaN(v)).toArray();
  }
}
