package site.ycsbx.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The console's [STATUS] line: its columns for a load, a counted run, a time-bounded run; one line per tick. */
@Tag("fast")
class StatusLineTest {
  private static Histogram latencies(long... micros) {
    Histogram h = new Histogram(3);
    for (long m : micros) {
      h.recordValue(m);
    }
    return h;
  }

  private static SortedMap<String, Histogram> ops(Object... nameAndHistogram) {
    SortedMap<String, Histogram> m = new TreeMap<>();
    for (int i = 0; i < nameAndHistogram.length; i += 2) {
      m.put((String) nameAndHistogram[i], (Histogram) nameAndHistogram[i + 1]);
    }
    return m;
  }

  @Test
  void aLoadSaysDoneOfTotalTheRatesTheEtaAndEachOperationsPercentiles() {
    Interval i = new Interval(10, 20, false, ops("INSERT_TXN", latencies(300_000, 500_000, 1_900_000)));
    // 11000 of 200000 rows, 6000 in this interval, 11000 since the first measured operation 20 s ago
    String line = StatusLine.format(i, new Progress.Snapshot("load", "rows", 11_000, 200_000, Double.NaN), 6_000, 11_000,
        Map.of(), null);
    assertEquals("[STATUS]  20 s load  11000/200000 rows   5.5% |     600 rows/s now,     550 avg | ETA  5m44s"
        + " | INSERT_TXN   0.3/s p50  500 ms p99 1901 ms", line);
  }

  @Test
  void etaIsTheRestAtTheAverageRate() {
    Interval i = new Interval(0, 10, false, ops());
    String line = StatusLine.format(i, new Progress.Snapshot("run", "ops", 500, 1000, Double.NaN), 500, 500, Map.of(),
        null);
    assertTrue(line.endsWith("| ETA   10 s"), "500 left at 50/s: " + line);
    assertTrue(line.contains(" 500/1000 ops  50.0% |"), line);
  }

  /**
   * A load of 60000 rows at 2000 rows/s for 20 s, then 200 rows/s (the table outgrew the cache), then
   * 400, then nothing, one line per 10 s. Worked by hand: at 30 s, 18000 rows left at 200 rows/s are
   * 90 s away (the average since the start, 1400 rows/s, said 13 s); at 40 s the last 30 s did 24000
   * rows (800/s) and the interval 200/s: 16000 left, 80 s; at 50 s the interval did 400/s, the last
   * 30 s 8000 rows (267/s): 12000 left, 45 s; at 60 s 400/s and 10000 rows in 30 s (333/s): 8000 left,
   * 24 s; at 70 s nothing moved: no ETA to give.
   */
  @Test
  void theEtaGoesByTheRecentRateSoACollapsingRateShowsAtOnce() {
    long[] done = {20_000, 40_000, 42_000, 44_000, 48_000, 52_000, 52_000};
    String[] eta = {"| ETA   20 s", "| ETA   10 s", "| ETA  1m30s", "| ETA  1m20s", "| ETA   45 s", "| ETA   24 s",
        "| ETA      ?"};
    RecentRate recent = new RecentRate();
    recent.start(0, 0);
    long last = 0;
    for (int k = 0; k < done.length; k++) {
      Interval i = new Interval(10 * k, 10 * (k + 1), false, ops());
      String line = StatusLine.format(i, new Progress.Snapshot("load", "rows", done[k], 60_000, Double.NaN),
          done[k] - last, done[k], recent.next(10 * (k + 1), done[k]), Map.of(), null);
      assertTrue(line.endsWith(eta[k]), "at " + 10 * (k + 1) + " s: " + line);
      last = done[k];
    }
  }

  /** A time limit that comes first at the recent rate, not at the average, says the time left. */
  @Test
  void aCollapsedRateMakesTheTimeLimitTheEnd() {
    Interval i = new Interval(20, 30, false, ops());
    // 42000 of 60000 rows, 1400/s on average, 200/s now; 60 s left of the limit: the limit ends it
    String line = StatusLine.format(i, new Progress.Snapshot("load", "rows", 42_000, 60_000, 60), 2_000, 42_000, 1400,
        Map.of(), null);
    assertTrue(line.endsWith("| left 1m00s"), line);
    // at the average rate the rows would be done in 13 s, before the limit
    assertFalse(line.contains("ETA"), line);
  }

  @Test
  void aRunBoundedByTimeSaysTheTimeLeftNotAShareOfItsCount() {
    Interval i = new Interval(0, 10, false, ops("GET_NODE", latencies(210)));
    String line = StatusLine.format(i, new Progress.Snapshot("run", "requests", 3167, Progress.NO_COUNT, 50), 3167, 3167,
        Map.of(), null);
    assertEquals("[STATUS]  10 s run      3167 requests |     317 requests/s now,     317 avg | left  50 s"
        + " | GET_NODE   0.1/s p50 0.21 ms p99 0.21 ms", line);
    assertFalse(line.contains("2147483647") || line.contains("%"), line);
  }

  @Test
  void aCountedRunThatTheTimeLimitEndsFirstKeepsItsShareAndSaysTheTimeLeft() {
    Interval i = new Interval(0, 10, false, ops());
    // 1000 ops/s: the million would take 16 minutes, the limit ends the run in 20 s
    String line = StatusLine.format(i, new Progress.Snapshot("run", "ops", 10_000, 1_000_000, 20), 10_000, 10_000,
        Map.of(), null);
    assertTrue(line.contains("  10000/1000000 ops   1.0% |"), line);
    assertTrue(line.endsWith("| left  20 s"), line);
  }

  @Test
  void theThreeMostFrequentOperationsAreNamedTheOthersSummedUpFailuresCounted() {
    Interval i = new Interval(0, 10, false, ops("A", latencies(100), "B", latencies(200), "C", latencies(300),
        "D", latencies(4_000), "E", latencies(9_000), "B-FAILED", latencies(1, 1, 1)));
    Map<String, Long> run = Map.of("A", 50L, "B", 40L, "C", 30L, "D", 20L, "E", 10L);
    String line = StatusLine.format(i, new Progress.Snapshot("run", "ops", 8, 0, Double.NaN), 8, 8, run, "12 links");
    assertTrue(line.endsWith("| A   0.1/s p50 0.10 ms p99 0.10 ms | B   0.1/s p50 0.20 ms p99 0.20 ms"
        + " | C   0.1/s p50 0.30 ms p99 0.30 ms | +2 ops p99<=9.0 ms | 3 failed | 12 links"), line);
    // four operations are all named: "+1 ops" would take as much room
    Interval four = new Interval(0, 10, false, ops("A", latencies(100), "B", latencies(200), "C", latencies(300),
        "D", latencies(400)));
    String l4 = StatusLine.format(four, new Progress.Snapshot("run", "ops", 4, 0, Double.NaN), 4, 4, run, null);
    assertTrue(l4.contains("| D ") && !l4.contains("+1 ops"), l4);
  }

  @Test
  void anIdleOperationShowsZeroPerSecondAndNoPercentiles() {
    Interval i = new Interval(0, 10, false, ops("READ", new Histogram(3), "UPDATE", latencies(500)));
    String line = StatusLine.format(i, new Progress.Snapshot("run", "ops", 1, 0, Double.NaN), 1, 1, Map.of(), null);
    assertTrue(line.endsWith("| READ     0/s | UPDATE   0.1/s p50 0.50 ms p99 0.50 ms"), line);
  }

  @Test
  void elapsedIsWholeSecondsOrMinutesAndTenthsForShortIntervals() {
    assertEquals("20 s", StatusLine.elapsed(new Interval(10.02, 20.04, false, ops())));
    assertEquals("1m40s", StatusLine.elapsed(new Interval(90, 100.1, false, ops())));
    assertEquals("1.5 s", StatusLine.elapsed(new Interval(1.0, 1.5, false, ops())));
    assertEquals("2 s", StatusLine.elapsed(new Interval(1.5, 2.0, false, ops())));
  }

  @Test
  void latenciesAndRatesReadAtAGlance() {
    assertEquals("0.05 ms", StatusLine.millis(50));
    assertEquals("1.2 ms", StatusLine.millis(1_234));
    assertEquals("31 ms", StatusLine.millis(31_000));
    assertEquals("250 ms", StatusLine.millis(250_000));
    assertEquals("0.6", StatusLine.rate(0.6));
    assertEquals("604", StatusLine.rate(603.7));
    assertEquals("0", StatusLine.rate(0));
  }

  /** Through the intervals as a run drives them: one line per tick, none for the last part, nothing else. */
  @Test
  void oneLinePerTickAndNoOther() throws Exception {
    Properties p = new Properties();
    p.setProperty("dotransactions", "false");
    p.setProperty("recordcount", "1000");
    Progress.configure(p);
    Progress.claim("rows", 1000);
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    Intervals in = new Intervals(10, new PrintStream(console, true, StandardCharsets.UTF_8), null, false);
    for (int tick = 0; tick < 3; tick++) {
      for (int k = 0; k < 10; k++) {
        in.add("INSERT_TXN", 1_000);
        Progress.addUnits(30);
      }
      in.tick(System.nanoTime());
    }
    in.add("INSERT_TXN", 1_000);
    Progress.addUnits(10);
    in.finish(System.nanoTime());
    List<String> lines = console.toString(StandardCharsets.UTF_8).lines().toList();
    assertEquals(3, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(0).matches("\\[STATUS\\] +[0-9.]+ s load +300/1000 rows +30\\.0% \\| .* \\| INSERT_TXN .*"),
        lines.get(0));
    assertTrue(lines.get(2).contains(" 900/1000 rows  90.0% |"), lines.get(2));
  }

  @Test
  void aCountResetUnderTheLineShowsNoNegativeRate() {
    // 910 operations at the last line, 0 now: another run in this JVM reset the count
    Interval i = new Interval(340, 350, false, ops());
    String line = StatusLine.format(i, new Progress.Snapshot("run", "ops", 0, Progress.NO_COUNT, Double.NaN), -910, -5,
        Map.of(), null);
    assertTrue(line.contains(" |       0 ops/s now,       0 avg"), line);
    assertFalse(line.contains("-"), line);
  }

  /** An in-process run that never reached its workload's cleanup: the next run in the JVM ends its ticker. */
  @Test
  void theNextRunEndsTheTickerOfOneNeverFinished() throws Exception {
    Properties p = new Properties();
    p.setProperty(Intervals.INTERVAL_PROPERTY, "0.1");
    String printed = site.ycsbx.testing.StdErr.captured(() -> {
      Intervals.configure(p);
      Intervals unfinished = Intervals.current();
      Intervals.record("READ", 100); // the first operation starts the ticker
      assertTrue(unfinished.ticking());
      Thread.sleep(250);
      Progress.configure(new Properties()); // a test's run that configures no intervals of its own
      assertFalse(unfinished.ticking(), "the ticker of the run never finished is stopped");
      assertEquals(null, Intervals.current());
    });
    assertTrue(printed.contains("[STATUS] "), "it ticked before: " + printed);
  }

  @Test
  void theStatusLineIsPlainAscii() {
    Interval i = new Interval(0, 10, false, ops("READ", latencies(5)));
    String line = StatusLine.format(i, new Progress.Snapshot("run", "ops", 1, 2, 5), 1, 1, Map.of(), null);
    assertTrue(line.chars().allMatch(c -> c < 128), line);
  }
}
