package site.ycsbx.tools.compare;

import java.util.List;
import java.util.Locale;
import site.ycsbx.measurements.EfficiencyTable;
import site.ycsbx.results.UnitEfficiency;

/**
 * The comparison's efficiency per unit of the workload family (host CPU microseconds and KB
 * written per row, link, request...), per thread count (pair), each side's mean and B/A: where an
 * operation is a batch or a chunk, what the published tables compare. Shown when both sides count
 * the same unit; absent otherwise (YCSB's core workloads, stock YCSB results).
 */
final class CompareEfficiency {
  private CompareEfficiency() {
  }

  /** The unit both sides' runs count ({@code row}), or null. */
  static String unit(Side a, Side b) {
    String ua = unit(a);
    return ua != null && ua.equals(unit(b)) ? ua : null;
  }

  private static String unit(Side s) {
    return UnitEfficiency.unit(s.samples.stream().map(Side.Sample::perUnit));
  }

  /** The block printed under the comparison's table; empty when the sides have no unit in common. */
  static String table(Side a, Side b, List<int[]> pairs) {
    String block = UnitEfficiency.block(unit(a, b), "each side's mean over its runs", (sb, cpu, wkb) -> {
      sb.append(String.format(Locale.ROOT, "%8s %14s %14s %6s %14s %14s %6s%n", "threads", "A " + cpu, "B " + cpu,
          "B/A", "A " + wkb, "B " + wkb, "B/A"));
      for (int[] p : pairs) {
        double ca = mean(a.at(p[0]), cpu);
        double cb = mean(b.at(p[1]), cpu);
        double wa = mean(a.at(p[0]), wkb);
        double wb = mean(b.at(p[1]), wkb);
        String threads = p[0] == p[1] ? t(p[0]) : t(p[0]) + "/" + t(p[1]);
        sb.append(String.format(Locale.ROOT, "%8s %14s %14s %6s %14s %14s %6s%n", threads, EfficiencyTable.num(ca),
            EfficiencyTable.num(cb), Statistics.ratio(ca, cb), EfficiencyTable.num(wa), EfficiencyTable.num(wb),
            Statistics.ratio(wa, wb)));
      }
    });
    // a blank line parts it from the comparison's table above
    return block.isEmpty() ? block : String.format(Locale.ROOT, "%n") + block;
  }

  static double mean(List<Side.Sample> samples, String figure) {
    return UnitEfficiency.mean(samples.stream().map(Side.Sample::perUnit), figure);
  }

  private static String t(int threads) {
    return threads == 0 ? "?" : String.valueOf(threads);
  }
}
