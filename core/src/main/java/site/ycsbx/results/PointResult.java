package site.ycsbx.results;

import java.util.Map;

/**
 * One point of a sweep: one thread count, one repeat, run in its own JVM.
 *
 * @param exitCode the point's exit code (0 ok, 1 failed run or unusable server, 2 bad input)
 * @param failure why the point failed, one line, or null
 * @param wallMs wall time of the point's JVM, start to exit
 * @param cpuPercent CPU time of the point's JVM over its wall time and this machine's cores
 * @param ops per-operation results, in YCSB's order
 * @param exportFile the point's YCSB JSON export, relative to the sweep folder
 * @param perUnit efficiency per unit of the workload family ({@link UnitEfficiency}: {@code cpu_us.row},
 *     {@code wkb.row}); empty where the family counts no unit, null in a sweep.json written before it
 */
public record PointResult(int threads, int repeat, int exitCode, String failure, long wallMs, double cpuPercent,
    double throughput, long errors, Map<String, OpStats> ops, Map<String, String> fingerprint, String exportFile,
    Map<String, Double> perUnit) {

  public boolean ok() {
    return exitCode == 0 && failure == null;
  }

  /** The worst p99 of the point's operations (µs): what the latency verdict looks at. */
  public double worstP99() {
    return ops.values().stream().filter(o -> !o.op().endsWith("_BATCH")).mapToDouble(OpStats::p99)
        .filter(d -> !Double.isNaN(d)).max().orElse(Double.NaN);
  }
}
