package site.ycsbx.tools.sweep;

import java.util.List;
import java.util.Locale;
import site.ycsbx.results.PointResult;
import site.ycsbx.results.SweepFile;
import site.ycsbx.results.UnitEfficiency;

/**
 * The sweep's efficiency per unit of the workload family (host CPU microseconds and KB written
 * per row, link, request...), one line per thread count, the mean over its repeats: where an
 * operation is a batch or a chunk, what the published tables give. Absent where the family
 * counts no unit (YCSB's core workloads: an operation is one record there).
 */
final class SweepEfficiency {
  private SweepEfficiency() {
  }

  /** The block printed under the sweep's table; empty when no point has per-unit figures. */
  static String table(SweepFile sweep) {
    String unit = UnitEfficiency.unit(sweep.points().stream().filter(PointResult::ok).map(PointResult::perUnit));
    String block = UnitEfficiency.block(unit, "the mean of the repeats; over each point's efficiency window",
        (sb, cpu, wkb) -> {
          sb.append(String.format(Locale.ROOT, "%8s %12s %12s%n", "threads", cpu, wkb));
          for (int t : sweep.threads()) {
            List<PointResult> ok = sweep.points().stream()
                .filter(p -> p.threads() == t && p.ok() && p.perUnit() != null).toList();
            sb.append(String.format(Locale.ROOT, "%8d %12s %12s%n", t, number(mean(ok, cpu)), number(mean(ok, wkb))));
          }
        });
    // a blank line parts it from what the sweep prints next
    return block.isEmpty() ? block : block + String.format(Locale.ROOT, "%n");
  }

  static double mean(List<PointResult> points, String figure) {
    return UnitEfficiency.mean(points.stream().map(PointResult::perUnit), figure);
  }

  /** 4 significant figures at most, no exponent; n/a when not measured. */
  static String number(double v) {
    return site.ycsbx.measurements.EfficiencyTable.num(v);
  }
}
