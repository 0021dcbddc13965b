package site.ycsbx.tools.experiment;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import site.ycsbx.util.Secrets;

/**
 * The cells of an experiment in the order they run. Steps run in the file's order. A load changes
 * the data, so it runs once per target, target after target. A run step alternates the order of
 * the targets from one repeat to the next (A B, then B A: "A B B A"), at each thread count, so that
 * drift during the step (caches warming, background flushing, a neighbour on the host) falls on
 * every target alike instead of on the later one. A run step paired with its load
 * ({@link PairedSteps}) runs at each thread count right after the load at that count.
 */
final class Plan {
  /** A cell's JVM start, checks and fingerprint, as measured on a small machine. */
  static final double CELL_OVERHEAD_SECONDS = 5;

  private final Experiment experiment;
  private final List<Cell> cells;

  Plan(Experiment experiment) {
    this.experiment = experiment;
    List<Cell> out = new ArrayList<>();
    for (Step s : experiment.steps()) {
      if (s.after() != null) {
        continue; // its cells go with its load's, count by count
      }
      Step paired = s.isLoad() ? PairedSteps.runAfter(s, experiment.steps()) : null;
      if (s.isLoad() && paired == null) {
        for (Target t : experiment.targets()) {
          for (int threads : s.threads()) {
            out.add(new Cell(out.size() + 1, s, t, threads, 1));
          }
        }
        continue;
      }
      for (int threads : s.threads()) {
        if (paired != null) {
          for (Target t : experiment.targets()) {
            out.add(new Cell(out.size() + 1, s, t, threads, 1));
          }
          runCells(paired, threads, out);
        } else {
          runCells(s, threads, out);
        }
      }
    }
    this.cells = List.copyOf(out);
  }

  private void runCells(Step s, int threads, List<Cell> out) {
    for (int r = 1; r <= s.repeats(); r++) {
      List<Target> order = new ArrayList<>(experiment.targets());
      if (r % 2 == 0) {
        Collections.reverse(order);
      }
      for (Target t : order) {
        out.add(new Cell(out.size() + 1, s, t, threads, r));
      }
    }
  }

  Experiment experiment() {
    return experiment;
  }

  List<Cell> cells() {
    return cells;
  }

  /** The cell's time limit in seconds (maxexecutiontime given by the experiment), NaN when a count ends it. */
  double timeLimit(Cell c) {
    for (Map<String, String> props : List.of(c.target().propsAt(c.step().name()), c.step().props(), c.target().props(),
        experiment.common())) {
      String v = props.get("maxexecutiontime");
      if (v != null && v.matches("\\d{1,18}") && Long.parseLong(v) > 0) {
        return Long.parseLong(v);
      }
    }
    return Double.NaN;
  }

  /** The plan as {@code --dry-run} prints it, with nothing measured before: see {@link #describe(Map, MeasuredRates)}. */
  String describe(Map<String, Double> measured) {
    return describe(measured, MeasuredRates.NONE);
  }

  /**
   * The plan as {@code --dry-run} prints it: what each step asks of every target (its counts,
   * exact), one line per cell (what it runs, how long and why) and the estimate with its sources
   * ({@link Estimate}): {@code measured}, seconds of the cells an earlier start of this experiment
   * finished; {@code rates}, what earlier experiments measured on this host.
   */
  String describe(Map<String, Double> measured, MeasuredRates rates) {
    Estimate estimate = new Estimate(this, measured, rates);
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "experiment %s: %d targets%s x %d steps, %d cells%n", experiment.name(),
        experiment.targets().size(), experiment.off().isEmpty() ? "" : " (" + experiment.off().size() + " more off)",
        experiment.steps().size(), cells.size()));
    for (Target t : experiment.targets()) {
      sb.append(String.format(Locale.ROOT, "  target %-16s %s%s%n", t.name(), t.binding(),
          t.expect().isEmpty() ? "" : "; expects " + t.expect()));
    }
    for (TargetSwitch.Off o : experiment.off()) {
      sb.append(String.format(Locale.ROOT, "  target %-16s %s; off, no cells (%s turns it on)%n", o.name(), o.binding(),
          o.turnOn()));
    }
    estimate.stepLines().forEach(l -> sb.append(l).append('\n'));
    for (Cell c : cells) {
      sb.append(String.format(Locale.ROOT, "  %3d  %-36s %s%n", c.seq(), c.id(), estimate.of(c).text()));
      sb.append("         bin/ycsb ").append(String.join(" ", Secrets.masked(experiment.arguments(c)).stream()
          .map(Plan::quoted).toList())).append('\n');
    }
    sb.append(estimate.total());
    return sb.toString();
  }

  /** An argument as a shell reads it back: quoted when it holds anything but plain characters. */
  static String quoted(String arg) {
    return arg.matches("[A-Za-z0-9_./:=,@%+-]+") ? arg : "'" + arg.replace("'", "'\\''") + "'";
  }
}
