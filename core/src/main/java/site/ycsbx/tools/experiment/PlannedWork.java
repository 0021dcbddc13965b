package site.ycsbx.tools.experiment;

import java.util.List;
import java.util.Locale;
import java.util.Properties;
import site.ycsb.workloads.CoreWorkload;
import site.ycsbx.store.filemeta.FileMetaPlan;
import site.ycsbx.tools.checks.CommandArgs;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.filemeta.FileMetaWorkload;
import site.ycsbx.workloads.iibench.IIBenchSettings;
import site.ycsbx.workloads.iibench.IIBenchWorkload;
import site.ycsbx.workloads.linkbench.LinkBenchSettings;
import site.ycsbx.workloads.linkbench.LinkBenchWorkload;
import site.ycsbx.workloads.sysbench.SysbenchSettings;
import site.ycsbx.workloads.sysbench.SysbenchWorkload;

/**
 * What a cell's count asks of it, in the family's unit, read from the cell's own properties (its
 * property files, then its -p keys, as its check reads them) in 64 bits: iibench's rows
 * ({@code iibench.rows}, 3 billion in the 2014 post), a LinkBench load's nodes
 * ({@code linkbench.maxid1 - linkbench.startid1}), a sysbench load's tables x rows, a filemeta
 * load's files, a YCSB load's records, else the operations of a run that a count ends.
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
    String countKey = load ? "recordcount" : "operationcount";
    String workload = p.getProperty("workload", "").trim();
    String family = family(workload);
    if (family == null) {
      return null;
    }
    switch (family) {
      case "iibench": {
        boolean own = p.getProperty(IIBenchSettings.ROWS_PROPERTY) != null;
        long rows = number(p, own ? IIBenchSettings.ROWS_PROPERTY : countKey, 0);
        double rate = p.getProperty(IIBenchSettings.INSERT_RATE_PROPERTY) == null ? 0
            : Double.parseDouble(p.getProperty(IIBenchSettings.INSERT_RATE_PROPERTY).trim());
        long round = number(p, IIBenchSettings.ROUND_ROWS_PROPERTY, IIBenchSettings.ROUND_ROWS_PROPERTY_DEFAULT);
        String how = own ? IIBenchSettings.ROWS_PROPERTY : countKey;
        if (round > 0 && rows > round) {
          // the sizes its table per size will have rows at: a round's end, all clients together
          how += ", " + grouped((rows + round - 1) / round) + " rounds of " + grouped(round) + ": "
              + IIBenchSettings.ROUND_ROWS_PROPERTY;
        }
        return new PlannedWork(rows, "rows", family, how, rate, limit);
      }
      case "sysbench": {
        if (!load) {
          return operations(p, family, limit);
        }
        long tables = number(p, SysbenchSettings.TABLES_PROPERTY, SysbenchSettings.TABLES_PROPERTY_DEFAULT);
        long size = number(p, SysbenchSettings.TABLE_SIZE_PROPERTY, SysbenchSettings.TABLE_SIZE_PROPERTY_DEFAULT);
        return new PlannedWork(Math.multiplyExact(tables, size), "rows", family, String.format(Locale.ROOT,
            "%s tables x %s rows", grouped(tables), grouped(size)), 0, limit);
      }
      case "linkbench": {
        if (!load) {
          return operations(p, family, limit);
        }
        long start = number(p, LinkBenchSettings.STARTID1, LinkBenchSettings.STARTID1_DEFAULT);
        long max = number(p, LinkBenchSettings.MAXID1, LinkBenchSettings.MAXID1_DEFAULT);
        return new PlannedWork(max - start, "nodes", family, LinkBenchSettings.MAXID1 + " - " + LinkBenchSettings.STARTID1,
            0, limit);
      }
      case "filemeta": {
        if (!load) {
          return operations(p, family, limit);
        }
        boolean own = p.getProperty(FileMetaPlan.FILES_PROPERTY) != null;
        return new PlannedWork(number(p, own ? FileMetaPlan.FILES_PROPERTY : countKey, 0), "files", family,
            own ? FileMetaPlan.FILES_PROPERTY : countKey, 0, limit);
      }
      default: {
        if (!load) {
          return operations(p, family, limit);
        }
        String key = p.getProperty("insertcount") != null ? "insertcount" : countKey;
        return new PlannedWork(number(p, key, 0), "records", family, key, 0, limit);
      }
    }
  }

  /** The count as the plan prints it: exact, its thousands grouped ({@code 3,000,000,000}). */
  static String grouped(long n) {
    return String.format(Locale.ROOT, "%,d", n);
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

  private static PlannedWork operations(Properties p, String family, long limit) {
    return new PlannedWork(number(p, "operationcount", 0), "operations", family, "operationcount", 0, limit);
  }

  private static final java.util.Map<String, String> FAMILIES = java.util.Map.of(
      IIBenchWorkload.class.getName(), "iibench", SysbenchWorkload.class.getName(), "sysbench",
      LinkBenchWorkload.class.getName(), "linkbench", FileMetaWorkload.class.getName(), "filemeta",
      CoreWorkload.class.getName(), "ycsb");

  /** The family of a workload class, or null for one that has no count the plan reads. */
  static String family(String workloadClass) {
    return FAMILIES.get(workloadClass);
  }

  private static long number(Properties p, String key, long defaultValue) {
    String v = p.getProperty(key);
    if (v == null || v.isBlank()) {
      return defaultValue;
    }
    try {
      return Long.parseLong(v.trim().replace("_", ""));
    } catch (NumberFormatException e) {
      return defaultValue; // the cell's check refuses it
    }
  }
}
