package site.ycsbx.tools.experiment;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import site.ycsbx.family.CellCount;
import site.ycsbx.family.WorkloadFamilies;
import site.ycsbx.family.WorkloadFamily;
import site.ycsbx.tools.checks.CommandArgs;
import site.ycsbx.util.UserError;

/**
 * What a cell's count asks of it, in the family's unit, read from the cell's own properties (its
 * property files, then its -p keys, as its check reads them) in 64 bits: its family's count
 * ({@link WorkloadFamily#cellCount()}: iibench's rows, a LinkBench load's nodes, a sysbench load's
 * tables x rows, a filemeta load's files, a YCSB load's records), else the operations of a run
 * that a count ends.
 *
 * @param count how many of {@code unit}
 * @param unit rows, nodes, files, records or operations: the name of its {@code [HEADLINE]} count
 * @param family the workload family (iibench, linkbench, sysbench, filemeta, ycsb)
 * @param how where the count comes from, for the plan ({@code iibench.rows}, {@code 16 tables x ...})
 * @param pacedPerSecond the rate the cell asks (iibench.insertrate), 0 when it goes as fast as it can
 * @param timeLimit the cell's seconds when a time limit ends it (maxexecutiontime), 0 when none
 */
record PlannedWork(long count, String unit, String family, String how, double pacedPerSecond, long timeLimit) {
  /** The cell's work, or null when its properties cannot be read (its check says why) or its family has no count. */
  static PlannedWork of(Experiment e, Cell c) {
    List<String> args = e.arguments(c);
    CommandArgs parsed;
    try {
      parsed = CommandArgs.parse(args.subList(2, args.size()));
    } catch (UserError ex) {
      return null;
    }
    Properties p = parsed.props;
    boolean load = c.step().isLoad();
    // a workload file's time limit bounds its runs, not its loads (bin/ycsb's LoadTimeLimit)
    long limit = load && !parsed.explicit.contains("maxexecutiontime") ? 0 : number(p, "maxexecutiontime", 0);
    Optional<WorkloadFamily> family = WorkloadFamilies.byClassName(p.getProperty("workload", "").trim())
        .filter(f -> f.cellCount().isPresent());
    if (family.isEmpty()) {
      return null;
    }
    String name = family.get().name();
    CellCount.Count own = family.get().cellCount().get().of(p, load);
    if (own == null) {
      return new PlannedWork(number(p, "operationcount", 0), "operations", name, "operationcount", 0, limit);
    }
    return new PlannedWork(own.count(), own.unit(), name, own.how(), own.pacedPerSecond(), limit);
  }

  /** The count as the plan prints it: exact, its thousands grouped ({@code 3,000,000,000}). */
  static String grouped(long n) {
    return CellCount.grouped(n);
  }

  /**
   * What the plan says of a step's cells: {@code 3,000,000,000 rows per target (iibench.rows)} when
   * a target has one cell in the step, else {@code ... per cell (8 per target)}.
   */
  String describe(int cellsPerTarget) {
    String what = grouped(count) + " " + unit + (cellsPerTarget == 1 ? " per target" : " per cell (" + cellsPerTarget
        + " per target)") + " (" + how + ")";
    if (pacedPerSecond > 0) {
      what += String.format(Locale.ROOT, " at %s rows/s", StepTable.number(pacedPerSecond));
    }
    return timeLimit > 0 ? what + ", or " + timeLimit + " s" : what;
  }

  /** The family of a workload class that has a count the plan reads, or null. */
  static String family(String workloadClass) {
    return WorkloadFamilies.byClassName(workloadClass).filter(f -> f.cellCount().isPresent()).map(WorkloadFamily::name)
        .orElse(null);
  }

  private static long number(Properties p, String key, long defaultValue) {
    return CellCount.number(p, key, defaultValue);
  }
}
