package site.ycsbx.results;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import site.ycsbx.util.UserError;

/**
 * A run's efficiency per unit of its workload family, as the published tables give it where an
 * operation is a batch or a chunk (iibench's transaction of 1000 rows, LinkBench's chunk of
 * nodes): host CPU microseconds ({@code cpu_us.row}) and KB written ({@code wkb.row}) per unit of
 * the family's headline count ({@code [HEADLINE]} rows, links, requests...), over the run's
 * efficiency window ({@code [EFFICIENCY]} rows). Experiments, sweep and compare show the same figures.
 */
public final class UnitEfficiency {
  /** The headline counts that are a family's unit of work, and the unit's name in per-unit figures, in this order. */
  public static final Map<String, String> UNITS = units();
  public static final String CPU_PREFIX = "cpu_us.";
  public static final String WKB_PREFIX = "wkb.";

  private UnitEfficiency() {
  }

  private static Map<String, String> units() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("rows", "row");
    m.put("files", "file");
    m.put("links", "link");
    m.put("requests", "request");
    m.put("transactions", "transaction");
    return Collections.unmodifiableMap(m);
  }

  /** {@code cpu_us.<unit>} and {@code wkb.<unit>}; empty without a window or a count of a unit. */
  public static Map<String, Double> figures(Map<String, Double> efficiency, Map<String, Double> headline) {
    Map<String, Double> f = new LinkedHashMap<>();
    Double seconds = efficiency.get("Seconds");
    for (Map.Entry<String, String> u : UNITS.entrySet()) {
      Double count = headline.get(u.getKey());
      if (seconds == null || count == null || count <= 0) {
        continue;
      }
      double cpu = efficiency.getOrDefault("cpu.sec", Double.NaN) * seconds;
      double wkb = efficiency.getOrDefault("wkb.sec", Double.NaN) * seconds;
      f.put(CPU_PREFIX + u.getValue(), cpu * 1e6 / count);
      f.put(WKB_PREFIX + u.getValue(), wkb / count);
      break;
    }
    return f;
  }

  /** The per-unit figures of a YCSB-X export (its EFFICIENCY and HEADLINE metrics). */
  public static Map<String, Double> figures(YcsbResult r) {
    return figures(r.measurements("EFFICIENCY"), r.measurements("HEADLINE"));
  }

  /** The per-unit figures of a run folder (its summary.txt); empty when it has none or cannot be read. */
  public static Map<String, Double> ofFolder(Path runFolder) {
    Path summary = runFolder.resolve(RunFolder.SUMMARY_FILE);
    if (!Files.isRegularFile(summary)) {
      return Map.of();
    }
    try {
      return figures(YcsbResult.read(summary));
    } catch (UserError e) {
      // no figure rather than no table: the efficiency lines are left out
      return Map.of();
    }
  }

  /** The unit of {@code figures} ({@code row}), or null when they hold no per-unit figure. */
  public static String unit(Map<String, Double> figures) {
    if (figures == null) {
      return null;
    }
    for (String u : UNITS.values()) {
      if (figures.containsKey(CPU_PREFIX + u)) {
        return u;
      }
    }
    return null;
  }

  /** What {@code cpu_us.<unit>} and {@code wkb.<unit>} mean, as every table's note below it says. */
  public static String legend(String unit) {
    return CPU_PREFIX + unit + ": host CPU microseconds per " + unit + "; " + WKB_PREFIX + unit + ": KB written per "
        + unit;
  }

  /** Writes an efficiency block's lines of the unit's figures {@code cpu} and {@code wkb}. */
  public interface Lines {
    void write(StringBuilder sb, String cpu, String wkb);
  }

  /**
   * The block the sweep and compare tables print under theirs: its title ({@code EFFICIENCY per
   * <unit> (<over>)}), the lines {@code lines} writes, then the unit's legend; empty without a unit.
   */
  public static String block(String unit, String over, Lines lines) {
    if (unit == null) {
      return "";
    }
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "EFFICIENCY per %s (%s)%n", unit, over));
    lines.write(sb, CPU_PREFIX + unit, WKB_PREFIX + unit);
    sb.append(String.format(Locale.ROOT, "%s%n", legend(unit)));
    return sb.toString();
  }

  /** The unit of the first runs' per-unit figures that have one ({@code row}), or null when none has. */
  public static String unit(Stream<Map<String, Double>> runs) {
    return runs.map(UnitEfficiency::unit).filter(Objects::nonNull).findFirst().orElse(null);
  }

  /** The mean of one per-unit figure over runs, a run without it (or with NaN) left out; NaN when none has it. */
  public static double mean(Stream<Map<String, Double>> runs, String figure) {
    return runs.map(r -> r.get(figure)).filter(Objects::nonNull).mapToDouble(Double::doubleValue)
        .filter(d -> !Double.isNaN(d)).average().orElse(Double.NaN);
  }
}
