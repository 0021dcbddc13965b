package site.ycsbx.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The run's last lines: what it did, per operation, the workload's headline, the export, the verdict last. */
@Tag("fast")
class RunSummaryTest {
  @Test
  void theAnswerInAFewLinesEndingWithTheVerdict() {
    SortedMap<String, long[]> ops = new TreeMap<>();
    ops.put("INSERT_TXN", new long[] {200, 295_000, 526_000});
    ops.put("QUERY", new long[] {12, 3_100, 9_800});
    String s = RunSummary.render(new RunSummary.Facts("load", "iibench", "mongodb-embedded", "1", 200, 37_100, 5.39,
        ops, null, "iibench: 200000 rows in 37.0 s, 5405.4 rows/s; on storage 26.2 MB, 137 bytes/row",
        "whole export: out.txt", "[ERRORS] OK: 200 operations, 0 failed"));
    assertEquals("""
        [SUMMARY] load of iibench on mongodb-embedded, 1 thread: 200 operations in 37.1 s, 5.39 ops/s
        [SUMMARY]   INSERT_TXN 200 ops    5.39/s   p50  295 ms   p99  526 ms
        [SUMMARY]   QUERY       12 ops    0.32/s   p50  3.1 ms   p99  9.8 ms
        [SUMMARY] iibench: 200000 rows in 37.0 s, 5405.4 rows/s; on storage 26.2 MB, 137 bytes/row
        [SUMMARY] whole export: out.txt
        [ERRORS] OK: 200 operations, 0 failed
        """, s);
  }

  @Test
  void perOperationFromTheIntervalsElseFromYcsbsFigures() {
    Histogram h = new Histogram(3);
    for (int i = 1; i <= 100; i++) {
      h.recordValue(i * 100);
    }
    SortedMap<String, Histogram> totals = new TreeMap<>(Map.of("READ", h, "CLEANUP", h));
    long[] read = RunSummary.operations(totals, Map.of()).get("READ");
    assertEquals(100, read[0]);
    assertEquals(5000, read[1], 5);
    assertEquals(9900, read[2], 10);
    assertEquals(1, RunSummary.operations(totals, Map.of()).size(), "YCSB's CLEANUP is not an operation of the run");
    // without intervals (ycsbx.interval=0): YCSB's count and p99, no p50
    long[] fromYcsb = RunSummary.operations(null, Map.of("READ", Map.of("Operations", 7L,
        "99thPercentileLatency(us)", 900L), "ERRORS", Map.of("Operations", 7L))).get("READ");
    assertEquals(7, fromYcsb[0]);
    assertEquals(-1, fromYcsb[1]);
    assertEquals(900, fromYcsb[2]);
  }

  @Test
  void theWorkloadIsNamedByItsFamily() {
    assertEquals("iibench", RunSummary.workloadName("site.ycsbx.workloads.iibench.IIBenchWorkload"));
    assertEquals("linkbench", RunSummary.workloadName("site.ycsbx.workloads.linkbench.LinkBenchWorkload"));
    assertEquals("YCSB's core workload", RunSummary.workloadName("site.ycsb.workloads.CoreWorkload"));
  }
}
