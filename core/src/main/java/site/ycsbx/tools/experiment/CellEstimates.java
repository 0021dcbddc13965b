package site.ycsbx.tools.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import site.ycsbx.measurements.Progress;

/**
 * How long the cells left take, as far as the experiment knows: a cell's length from the cells
 * like it that finished (the same step, target and thread count in another repeat; else the same
 * step and thread count on another target: their mean, each cell's measured seconds, this start's
 * or an earlier one's), else from its time limit ({@code maxexecutiontime} plus a cell's start),
 * else unknown (a count ends it and no cell like it finished yet). Not the experiment's elapsed
 * time over the cells done: a load of 20 minutes and query cells of 10 s would make each other's
 * estimate wrong.
 */
final class CellEstimates {
  /** A cell's expected seconds and what they rest on; NaN seconds when unknown. */
  record Estimate(double seconds, String basis) {
    boolean known() {
      return !Double.isNaN(seconds);
    }
  }

  private final Plan plan;

  CellEstimates(Plan plan) {
    this.plan = plan;
  }

  /** The estimate of {@code c} from {@code measured}: seconds of the cells that finished, by cell id. */
  Estimate of(Cell c, Map<String, Double> measured) {
    List<Double> sameTarget = new ArrayList<>();
    List<Double> sameCount = new ArrayList<>();
    for (Cell o : plan.cells()) {
      Double s = measured.get(o.id());
      if (s == null || o.equals(c) || !o.step().equals(c.step()) || o.threads() != c.threads()) {
        continue;
      }
      (o.target().equals(c.target()) ? sameTarget : sameCount).add(s);
    }
    if (!sameTarget.isEmpty()) {
      return new Estimate(mean(sameTarget), "as its other repeats took");
    }
    if (!sameCount.isEmpty()) {
      return new Estimate(mean(sameCount), "as the other targets' took");
    }
    double limit = plan.timeLimit(c);
    if (!Double.isNaN(limit)) {
      return new Estimate(limit + Plan.CELL_OVERHEAD_SECONDS, "its time limit");
    }
    return new Estimate(Double.NaN, "a count ends it, and no cell like it finished yet");
  }

  /**
   * What a cell's start line says: the estimate of {@code current} and of the experiment's cells
   * left ({@code left}: the cells after it that will run), e.g.
   * {@code ETA this cell 12 s (its time limit), the experiment 3m20s (+2 cells of unknown length)}.
   */
  String line(Cell current, List<Cell> left, Map<String, Double> measured) {
    Estimate now = of(current, measured);
    double total = now.known() ? now.seconds() : 0;
    int unknown = now.known() ? 0 : 1;
    for (Cell c : left) {
      Estimate e = of(c, measured);
      if (e.known()) {
        total += e.seconds();
      } else {
        unknown++;
      }
    }
    String cell = now.known() ? Progress.duration(now.seconds()) + " (" + now.basis() + ")" : "unknown (" + now.basis()
        + ")";
    String all = unknown == 0 ? Progress.duration(total)
        : (total > 0 ? "at least " + Progress.duration(total) : "unknown") + String.format(Locale.ROOT,
            " (%d cell%s of unknown length)", unknown, unknown == 1 ? "" : "s");
    return "ETA this cell " + cell + ", the experiment " + all;
  }

  private static double mean(List<Double> v) {
    return v.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
  }
}
