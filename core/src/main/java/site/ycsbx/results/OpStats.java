package site.ycsbx.results;

/**
 * One operation of one YCSB run, as YCSB exported it. Latencies are in microseconds (YCSB's
 * unit); NaN when the run's histogram did not export that percentile (YCSB's default histogram
 * exports only the 95th and 99th).
 */
public record OpStats(String op, long count, double opsPerSec, double p50, double p95, double p99,
    double p999, double max, long errors) {
}
