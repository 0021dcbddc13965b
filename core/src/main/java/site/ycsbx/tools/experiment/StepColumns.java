package site.ycsbx.tools.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The columns of a step's table, the same on the page and in results.md/results.txt: target,
 * threads, repeats, the rate and its relative, the latency operation's p50/p95/p99, the
 * efficiency per unit, the family's headline figures, and the rate's range when a row has repeats.
 */
record StepColumns(String rateName, Set<String> headline, String op, String unit, List<String> efficiency,
    boolean range, List<String> names) {

  static StepColumns of(Step s, List<StepTable.Row> rows, List<Outcome> outcomes, String rate) {
    String rateName = StepTable.rateName(rate);
    Set<String> headline = StepTable.headline(s, outcomes, rate);
    String op = StepTable.latencyOp(s, rows);
    String unit = StepTable.unit(s, outcomes);
    List<String> efficiency = StepTable.efficiency(unit);
    boolean range = rows.stream().anyMatch(r -> r.ok().size() > 1);
    List<String> cols = new ArrayList<>(List.of("target", "threads", "n", rateName, "rel", "p50_ms", "p95_ms",
        "p99_ms"));
    cols.addAll(efficiency);
    headline.forEach(h -> cols.add(h.substring(CellResult.HEADLINE_PREFIX.length())));
    if (range) {
      cols.add(rateName + " range");
    }
    return new StepColumns(rateName, headline, op, unit, efficiency, range, List.copyOf(cols));
  }
}
