package site.ycsbx.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.measurements.exporter.MeasurementsExporter;

@Tag("fast")
class ScheduleTest {
  private static final long S = 1_000_000_000L;
  private static final long MS = 1_000_000L;

  /** 1000 ops/s scheduled; operations start on time for 3 s, then each takes 2 ms and lag builds. */
  @Test
  void aClientThatCannotKeepTheRateIsReportedBehindFromWhenItFellBehind() {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    Schedule s = new Schedule(1000, 10, new PrintStream(text, true));
    long now = 0;
    for (int k = 0; k < 3000; k++) {
      s.observe(k * MS + 1, k * MS + 50_000); // 50 us late: jitter
    }
    assertNull(s.report(3 * S), "on schedule: nothing to say");
    now = 3 * S;
    for (int k = 3000; k < 6000; k++) {
      s.observe(k * MS + 1, now);
      now += 2 * MS;
    }
    // the last operation was intended at 6 s and started at 9 s
    assertEquals(3.0, s.maxBehindSeconds(), 0.01);
    assertEquals(5.0, s.firstBehindSeconds(), 0.01, "lag passed 1 s at the 1001st slow operation, 5 s in");
    String line = s.report(now);
    assertTrue(line.startsWith("[SCHEDULE] 9 s: up to 3.0 s behind the -target schedule of 1000 ops/s (behind since 5 s,"
        + " worst 3.0 s)"), line);
    // it catches up (the client is fast again and the schedule is open-ended, so lag falls)
    s.observe(6000 * MS + 1, 6000 * MS + 100 * 1000);
    assertEquals("[SCHEDULE] 9 s: back on the -target schedule (within 0.0 s)", s.report(now));
    assertNull(s.report(now + 10 * S), "said once");
    String summary = s.summarize();
    assertEquals("[SCHEDULE] fell behind the -target schedule of 1000 ops/s 5 s into the run, 3.0 s behind at worst,"
        + " 0.0 s at the end: the throughput is what the client could do, not the target", summary);
    assertNull(s.summarize(), "printed once (exporter and shutdown hook)");
    assertEquals(3, text.toString().lines().count(), text.toString());
  }

  @Test
  void aRunThatKeptItsScheduleSaysSoAndExportsItsFigures() throws Exception {
    Schedule s = new Schedule(200, 10, new PrintStream(new ByteArrayOutputStream()));
    for (int k = 0; k < 400; k++) {
      s.observe(k * 5 * MS + 7, k * 5 * MS + 7 + 3 * MS);
    }
    assertEquals(-1, s.firstBehindSeconds());
    assertEquals("[SCHEDULE] kept the -target schedule of 200 ops/s (operations started at most 0.003 s late)",
        s.summarize());
    List<String> exported = new ArrayList<>();
    s.export(new MeasurementsExporter() {
      @Override
      public void write(String metric, String measurement, int i) {
        exported.add(metric + ", " + measurement + ", " + i);
      }

      @Override
      public void write(String metric, String measurement, long i) {
        exported.add(metric + ", " + measurement + ", " + i);
      }

      @Override
      public void write(String metric, String measurement, double d) {
        exported.add(metric + ", " + measurement + ", " + d);
      }

      @Override
      public void close() {
      }
    });
    assertEquals(List.of("SCHEDULE, Target(ops/sec), 200", "SCHEDULE, MaxBehind(ms), 3", "SCHEDULE, FirstBehind(s), -1.0",
        "SCHEDULE, BehindAtEnd(ms), 3"), exported);
  }

  /** Read-modify-write makes two calls for one scheduled operation: the second is not a new lag. */
  @Test
  void aSecondCallOfTheSameOperationIsNotCountedAgain() {
    Schedule s = new Schedule(1000, 10, new PrintStream(new ByteArrayOutputStream()));
    s.observe(5 * MS, 5 * MS);
    s.observe(5 * MS, 5 * MS + 2 * S); // the update after a 2 s read
    assertEquals(0.0, s.maxBehindSeconds(), 1e-9);
    assertEquals(-1, s.firstBehindSeconds());
    s.observe(0, 9 * S);
    assertEquals(0.0, s.maxBehindSeconds(), 1e-9, "no intended start (not paced): nothing to measure");
  }
}
