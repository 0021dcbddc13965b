package site.ycsbx.tools.experiment;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * LinkBench's per-operation latency lines, per engine, as the 2015 post gave them after its
 * {@code clients IPS QPS} table: for one step at one client count, a row per target and operation
 * type ({@code ADD_LINK}, {@code GET_LINKS_LIST}, ...) with its count, p50/p95/p99/max and mean
 * (LinkBench's lines give count, p50, p99, max and mean; the mean is YCSB's {@code AverageLatency(us)}
 * of the cell's summary), the mean over the step's repeats at that count. An operation a target did not run shows {@code -}
 * where the others have figures, so a missing operation reads as missing, not as fast.
 */
final class LatencyTable {
  private static final String P = "[EXPERIMENT] ";
  private static final List<String> FIGURES = List.of("count", "p50_us", "p95_us", "p99_us", "max_us", "mean_us");

  private LatencyTable() {
  }

  static String format(Step step, int threads, List<Target> targets, List<Outcome> outcomes) {
    Set<String> ops = new LinkedHashSet<>();
    for (Outcome o : cells(step, threads, null, outcomes)) {
      o.result().figures().keySet().stream().filter(k -> k.endsWith(".p50_us")).sorted()
          .forEach(k -> ops.add(k.substring(0, k.length() - ".p50_us".length())));
    }
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "%slatency per operation of step %s at %d clients (LinkBench's latency lines"
        + " per engine): count per cell, p50 p95 p99 max mean in ms%s%n", P, step.name(), threads,
        step.repeats() > 1 ? ", the mean of " + step.repeats() + " repeats" : ""));
    sb.append(String.format(Locale.ROOT, "%s%-16s %-22s %10s %9s %9s %9s %9s %9s%n", P, "engine", "operation", "count",
        "p50", "p95", "p99", "max", "mean"));
    for (Target t : targets) {
      List<Outcome> ok = cells(step, threads, t, outcomes);
      if (ok.isEmpty()) {
        sb.append(String.format(Locale.ROOT, "%s%-16s (no finished cell)%n", P, t.name()));
        continue;
      }
      for (String op : ops) {
        sb.append(String.format(Locale.ROOT, "%s%-16s %-22s", P, t.name(), op));
        for (String f : FIGURES) {
          double mean = mean(ok, op + "." + f);
          // a count is whole in a cell: its mean over repeats reads as a count too
          String v = Double.isNaN(mean) ? "-" : f.equals("count") ? String.format(Locale.ROOT, "%.0f", mean)
              : StepTable.number(mean / 1000);
          sb.append(String.format(Locale.ROOT, f.equals("count") ? " %10s" : " %9s", v));
        }
        sb.append('\n');
      }
    }
    return sb.toString();
  }

  /** The step's finished cells at {@code threads}, of one target (all targets when null). */
  private static List<Outcome> cells(Step step, int threads, Target target, List<Outcome> outcomes) {
    return outcomes.stream().filter(o -> o.ok() && o.cell().step().equals(step) && o.cell().threads() == threads
        && (target == null || o.cell().target().equals(target))).toList();
  }

  private static double mean(List<Outcome> cells, String figure) {
    return cells.stream().mapToDouble(o -> o.result().get(figure)).filter(v -> !Double.isNaN(v)).average()
        .orElse(Double.NaN);
  }
}
