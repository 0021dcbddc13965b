package site.ycsbx.tools.experiment;

import java.util.List;
import java.util.Locale;

/**
 * The table of a load and run pair ({@link PairedSteps}), as the 2015 LinkBench post printed it:
 * per target, {@code clients IPS QPS} at each client count (IPS: the load's rate at that count,
 * QPS: the run step's at that count, the mean over its repeats); then, at one client count, a row
 * per target of the load's and of the run step's efficiency in the post's columns, per link
 * inserted and per request where the family counts them (else per operation).
 */
final class ClientsTable {
  /**
   * The post's columns, in its order, its {@code cpu.sec} on both scales: {@value #CPU_PCT}, the
   * post's (vmstat's us+sy, percent of the host's CPU time), and {@value #CPU_S}, host CPU seconds
   * busy per second; the target's name follows as {@code engine}.
   */
  static final List<String> COLUMNS = List.of("cs.sec", "cpu.sec(%)", "cpu.sec(s)", "cs.op", "cpu.Kop", "r.sec",
      "rkb.sec", "wkb.sec", "r.op", "rkb.op", "wkb.op");
  static final String CPU_PCT = "cpu.sec(%)";
  static final String CPU_S = "cpu.sec(s)";
  /** The run's efficiency window, kept by {@link CellResult}: per-unit figures are counts over it. */
  static final String WINDOW = "efficiency_s";
  private static final String P = "[EXPERIMENT] ";

  private ClientsTable() {
  }

  static String format(Experiment e, Step run, List<Outcome> outcomes) {
    Step load = e.steps().stream().filter(s -> s.name().equals(run.after())).findFirst().orElseThrow();
    List<Target> targets = e.targets();
    String ips = StepTable.rateFigure(load, outcomes);
    String qps = StepTable.rateFigure(run, outcomes);
    List<StepTable.Row> loads = StepTable.rows(load, targets, outcomes);
    List<StepTable.Row> runs = StepTable.rows(run, targets, outcomes);
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "%s%s+%s: IPS is %s of a load at each client count (step %s), QPS %s of"
        + " step %s at the same count%s%n", P, load.name(), run.name(), StepTable.rateName(ips), load.name(),
        StepTable.rateName(qps), run.name(), run.repeats() > 1 ? " (mean of " + run.repeats() + " repeats)" : ""));
    sb.append(String.format(Locale.ROOT, "%s%-16s %7s %12s %12s%n", P, "target", "clients", "IPS", "QPS"));
    for (Target t : targets) {
      for (int threads : run.threads()) {
        StepTable.Row l = row(loads, t, threads);
        StepTable.Row r = row(runs, t, threads);
        List<Outcome> both = new java.util.ArrayList<>(l == null ? List.of() : l.ok());
        both.addAll(r == null ? List.of() : r.ok());
        sb.append(String.format(Locale.ROOT, "%s%-16s %7d %12s %12s%s%n", P, t.name(), threads, value(l, ips),
            value(r, qps), OwnTables.rowNote(both)));
      }
    }
    int at = PairedSteps.efficiencyThreads(run);
    sb.append(efficiency(load, at, targets, outcomes));
    sb.append(efficiency(run, at, targets, outcomes));
    sb.append(P).append("cs: context switches; cpu.sec(%): vmstat's us+sy, % of the host's CPU time (the post's"
        + " cpu.sec); cpu.sec(s): host CPU seconds busy per second (user+nice+system+irq+softirq+steal; 2 busy cores:"
        + " 2.00); r: disk reads; rkb/wkb: KB read/written; .sec: per second; .op: per unit named above the rows;"
        + " cpu.Kop: host CPU seconds per 1000 units (CPU ms per unit)\n");
    sb.append(LatencyTable.format(run, at, targets, outcomes));
    return sb.toString();
  }

  /** One step's efficiency rows at {@code threads}: one per target, the post's columns, then its name. */
  static String efficiency(Step step, int threads, List<Target> targets, List<Outcome> outcomes) {
    String unit = outcomes.stream().filter(o -> o.ok() && o.cell().step().equals(step)).map(o -> unitCount(o.result()))
        .filter(java.util.Objects::nonNull).findFirst().map(CellResult.UNITS::get).orElse("operation");
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "%sefficiency of step %s at %d clients, per %s (.sec: per second, .op: per"
        + " %s; cpu.sec in %% and in host CPU s, cpu.Kop in host CPU s, rkb/wkb in KB)%n", P, step.name(), threads,
        unit, unit));
    StringBuilder head = new StringBuilder(P);
    COLUMNS.forEach(c -> head.append(String.format(Locale.ROOT, "%10s ", c)));
    sb.append(head).append("engine\n");
    List<Outcome> shown = new java.util.ArrayList<>();
    for (Target t : targets) {
      List<Outcome> ok = outcomes.stream().filter(o -> o.ok() && o.cell().step().equals(step)
          && o.cell().target().equals(t) && o.cell().threads() == threads).toList();
      sb.append(P);
      if (ok.isEmpty()) {
        sb.append(String.format(Locale.ROOT, "%-" + (11 * COLUMNS.size()) + "s%s%n", "(no finished cell)", t.name()));
        continue;
      }
      for (String c : COLUMNS) {
        double mean = ok.stream().mapToDouble(o -> figure(o.result(), c)).filter(v -> !Double.isNaN(v)).average()
            .orElse(Double.NaN);
        sb.append(String.format(Locale.ROOT, "%10s ", StepTable.number(mean) + OwnTables.writeMark(ok, c)));
      }
      sb.append(t.name()).append('\n');
      shown.addAll(ok);
    }
    OwnTables.notes(shown).forEach(l -> sb.append(P).append(l).append('\n'));
    return sb.toString();
  }

  /**
   * A column of the post for one cell: the rates as measured; a per-operation column per unit of
   * the family's headline count (links, requests) over the efficiency window, where it has one.
   */
  static double figure(CellResult r, String column) {
    if (column.equals(CPU_PCT)) {
      return r.get("us") + r.get("sy");
    }
    if (column.equals(CPU_S)) {
      return r.get("cpu.sec");
    }
    String count = unitCount(r);
    if (column.endsWith(".sec") || count == null) {
      return r.get(column);
    }
    String rate = column.equals("cpu.Kop") ? "cpu.sec" : column.replace(".op", ".sec");
    double perUnit = r.get(rate) * r.get(WINDOW) / r.get(CellResult.HEADLINE_PREFIX + count);
    return column.equals("cpu.Kop") ? perUnit * 1000 : perUnit;
  }

  /** The headline count that is the cell's unit of work (links, requests), or null. */
  static String unitCount(CellResult r) {
    for (String count : CellResult.UNITS.keySet()) {
      if (r.get(CellResult.HEADLINE_PREFIX + count) > 0 && !Double.isNaN(r.get(WINDOW))) {
        return count;
      }
    }
    return null;
  }

  private static StepTable.Row row(List<StepTable.Row> rows, Target t, int threads) {
    return rows.stream().filter(r -> r.target().equals(t) && r.threads() == threads).findFirst().orElse(null);
  }

  private static String value(StepTable.Row row, String figure) {
    if (row == null || row.ok().isEmpty()) {
      return row == null || row.cells().isEmpty() ? "not run" : "failed";
    }
    return StepTable.number(row.mean(figure));
  }
}
