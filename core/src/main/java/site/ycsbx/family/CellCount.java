package site.ycsbx.family;

import java.util.Locale;
import java.util.Properties;

/**
 * What an experiment cell of a family asks of it, in the family's unit, read from the cell's own
 * properties in 64 bits (the experiment's plan and estimate): iibench's rows, a LinkBench load's
 * nodes, a sysbench load's tables x rows, a filemeta load's files, a YCSB load's records.
 */
@FunctionalInterface
public interface CellCount {
  /**
   * @param count how many of {@code unit}
   * @param unit rows, nodes, files or records: the name of its {@code [HEADLINE]} count
   * @param how where the count comes from, for the plan ({@code iibench.rows}, {@code 16 tables x ...})
   * @param pacedPerSecond the rate the cell asks (iibench.insertrate), 0 when it goes as fast as it can
   */
  record Count(long count, String unit, String how, double pacedPerSecond) {
  }

  /**
   * The cell's count; null when the count is the operations of a run (operationcount).
   *
   * @param load true for a load step's cell
   */
  Count of(Properties p, boolean load);

  /** A count of a load step's cells, {@code load} read from their properties; a run's count its operations. */
  static CellCount ofLoads(java.util.function.Function<Properties, Count> load) {
    return (p, isLoad) -> isLoad ? load.apply(p) : null;
  }

  /** The count as the plan prints it: exact, its thousands grouped ({@code 3,000,000,000}). */
  static String grouped(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /** A whole number of the cell's properties; the default when unset or unreadable (the cell's check refuses it). */
  static long number(Properties p, String key, long defaultValue) {
    String v = p.getProperty(key);
    if (v == null || v.isBlank()) {
      return defaultValue;
    }
    try {
      return Long.parseLong(v.trim().replace("_", ""));
    } catch (NumberFormatException e) {
      return defaultValue;
    }
  }

  /** The count key of YCSB's Client for the phase: recordcount for a load, operationcount for a run. */
  static String countKey(boolean load) {
    return load ? "recordcount" : "operationcount";
  }
}
