package site.ycsbx.workloads.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The headline's transactions/s ends where the run's threads ended (the report printed), as
 * sysbench's own: the export comes later, after the workload's cleanup and its verify, and a rate
 * divided by the time up to it read 393/s for a run whose intervals gave 450/s.
 */
@Tag("fast")
class SysbenchReportRateTest {
  @Test
  void theRateStopsAtTheRunsEndNotAtTheExport() throws Exception {
    SysbenchReport report = new SysbenchReport(1, new PrintStream(new ByteArrayOutputStream(), true,
        StandardCharsets.UTF_8));
    report.start(0, new long[0], () -> new long[][] {{100}, {100_000_000L}}, () -> { });
    for (int i = 0; i < 100; i++) {
      report.read();
      report.transaction(1_000_000L);
    }
    Thread.sleep(200);
    report.print(new long[] {100}, new long[] {100_000_000L});
    Map<String, Double> atEnd = report.results();
    String headlineAtEnd = report.headline();
    // the cleanup's verify and the export take their time: the figures must not fall with it
    Thread.sleep(400);
    Map<String, Double> atExport = report.results();
    assertEquals(atEnd, atExport);
    assertEquals(headlineAtEnd, report.headline());
    double rate = atExport.get("transactions_s");
    // 100 transactions in the 0.2 s (and a little) before the end: about 500/s, and not about 170/s (0.6 s)
    assertTrue(rate > 250 && rate <= 500.0 + 1e-9, "transactions/s over the run, not up to the export: " + rate);
    assertEquals(100.0, atExport.get("transactions"));
  }

  @Test
  void beforeTheEndTheRateIsTheRunsSoFar() throws Exception {
    SysbenchReport report = new SysbenchReport(1, new PrintStream(new ByteArrayOutputStream(), true,
        StandardCharsets.UTF_8));
    report.start(0, new long[0], () -> new long[][] {{10}, {1L}}, () -> { });
    for (int i = 0; i < 10; i++) {
      report.transaction(1_000L);
    }
    double early = report.results().get("transactions_s");
    Thread.sleep(300);
    double later = report.results().get("transactions_s");
    assertTrue(later < early, "a run still going: its rate so far falls while nothing commits (" + early + ", " + later
        + ")");
  }
}
