package site.ycsbx.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsbx.util.UserError;

/** Intervals ended by hand (no ticker thread): status lines, CSV rows and export rows from the same histograms. */
@Tag("fast")
class IntervalsTest {
  private static final Pattern PERCENTILES = Pattern.compile(" p50 +[0-9.]+ ms p99 +[0-9.]+ ms");

  @TempDir
  Path tmp;

  private final ByteArrayOutputStream console = new ByteArrayOutputStream();

  private Intervals intervals(Path csv) throws IOException {
    Progress.configure(new Properties());
    return new Intervals(10, new PrintStream(console, true, StandardCharsets.UTF_8), csv, false);
  }

  private List<String> lines() {
    return console.toString(StandardCharsets.UTF_8).lines().toList();
  }

  /** YCSB's exporter interface, keeping what it was given. */
  private static final class Rows implements MeasurementsExporter {
    final List<String> rows = new ArrayList<>();

    @Override
    public void write(String metric, String measurement, int i) {
      rows.add(metric + "|" + measurement + "|" + i);
    }

    @Override
    public void write(String metric, String measurement, long i) {
      rows.add(metric + "|" + measurement + "|" + i);
    }

    @Override
    public void write(String metric, String measurement, double d) {
      rows.add(metric + "|" + measurement + "|" + d);
    }

    @Override
    public void close() {
    }

    long sum(String metric, String suffix) {
      return rows.stream().filter(r -> r.startsWith(metric + "|") && r.split("\\|")[1].endsWith(suffix))
          .mapToLong(r -> Long.parseLong(r.split("\\|")[2])).sum();
    }
  }

  @Test
  void eachIntervalIsALinePerOperationWithItsOwnCounts() throws IOException {
    Path csv = tmp.resolve("intervals.csv");
    Intervals in = intervals(csv);
    long t0 = System.nanoTime();
    for (int i = 1; i <= 300; i++) {
      in.add("LATEST_BY_USER", i); // 1..300 us
    }
    for (int i = 0; i < 20; i++) {
      in.add("UPDATE_FILE", 40_000); // 40 ms
    }
    in.tick(System.nanoTime());
    for (int i = 0; i < 100; i++) {
      in.add("LATEST_BY_USER", 2_000);
    }
    in.add("LATEST_BY_USER-FAILED", 5);
    in.tick(System.nanoTime());
    in.add("LATEST_BY_USER", 7);
    in.finish(System.nanoTime());
    in.finish(System.nanoTime()); // once only
    assertTrue(System.nanoTime() - t0 < 10_000_000_000L, "the test ended the intervals itself");

    List<String> lines = lines();
    assertEquals(2, lines.size(), "a line per tick, none for the last, shorter interval: " + String.join("\n", lines));
    String first = lines.get(0);
    assertTrue(first.matches("\\[STATUS\\] +\\d+ s run +\\d+ ops \\| .* \\| LATEST_BY_USER +\\d+/s p50 .*"
        + " \\| UPDATE_FILE +\\d+/s p50 .*"), first);
    assertTrue(first.contains("p50 0.15 ms p99 0.30 ms"), "percentiles of 1..300 us: " + first);
    assertTrue(first.contains("UPDATE_FILE") && first.endsWith("p50   40 ms p99   40 ms"), first);
    assertFalse(first.contains("failed"), "no failure before the first failure: " + first);
    String second = lines.get(1);
    assertTrue(second.endsWith("| UPDATE_FILE     0/s | 1 failed"), "an idle operation shows 0/s and no percentiles,"
        + " the failure its count: " + second);
    assertTrue(second.contains("LATEST_BY_USER") && second.contains("p50  2.0 ms p99  2.0 ms"), second);
    assertEquals(2 + 1, PERCENTILES.matcher(String.join("\n", lines)).results().count(),
        "percentiles for each operation with calls in the interval: " + lines);

    List<String> rows = Files.readAllLines(csv);
    assertEquals(IntervalCsv.HEADER, rows.get(0));
    // 2 operations, then 3 (the failure series appeared), then 3 again
    assertEquals(1 + 2 + 3 + 3, rows.size(), String.join("\n", rows));
    assertEquals(401, rows.stream().skip(1).filter(r -> r.split(",")[2].equals("LATEST_BY_USER"))
        .mapToLong(r -> Long.parseLong(r.split(",")[3])).sum());
    assertEquals(20, rows.stream().skip(1).filter(r -> r.split(",")[2].equals("UPDATE_FILE"))
        .mapToLong(r -> Long.parseLong(r.split(",")[3])).sum());
    assertTrue(rows.get(1).matches("0\\.000,[0-9.]+,LATEST_BY_USER,300,[0-9.]+,150,29[0-9],300"), rows.get(1));

    Rows export = new Rows();
    in.export(export);
    assertEquals(401, export.sum("INTERVAL-LATEST_BY_USER", "s Operations"));
    assertEquals(1, export.sum("INTERVAL-LATEST_BY_USER-FAILED", "s Operations"));
    assertEquals(20, export.sum("INTERVAL-UPDATE_FILE", "s Operations"));
    long max = export.sum("INTERVAL-UPDATE_FILE", "s MaxLatency(us)");
    assertTrue(max >= 40_000 && max <= 40_040, "one interval with updates, 3 digits of HdrHistogram: " + max);
    assertEquals(5 * (2 + 3 + 3), export.rows.size(), "five figures per operation and interval: " + export.rows);
    assertTrue(export.rows.get(0).matches("INTERVAL-LATEST_BY_USER\\|\\d+s Operations\\|300"), export.rows.get(0));
  }

  @Test
  void theRehearsalBeforeTheRunKeepsAndWritesNothing() throws IOException {
    Path csv = tmp.resolve("intervals.csv");
    Path hdrDir = Files.createDirectory(tmp.resolve("run"));
    AtomicInteger taken = new AtomicInteger();
    Intervals in = new Intervals(10, new PrintStream(console, true, StandardCharsets.UTF_8), csv, hdrDir, () -> {
      taken.incrementAndGet();
      return new TreeMap<>();
    }, false, true);
    assertEquals(1, taken.get(), "the source's histograms are taken once before the run, while empty");
    assertEquals(List.of(), lines());
    assertEquals(List.of(IntervalCsv.HEADER), Files.readAllLines(csv));
    try (var files = Files.list(hdrDir)) {
      assertEquals(List.of(), files.toList());
    }
    in.finish(System.nanoTime());
    Rows export = new Rows();
    in.export(export);
    assertEquals(List.of(), export.rows, "no sample figure reaches the export");
    assertEquals(List.of(), lines());
  }

  @Test
  void noOperationNoInterval() throws IOException {
    Intervals in = intervals(null);
    in.tick(System.nanoTime());
    in.finish(System.nanoTime());
    Rows export = new Rows();
    in.export(export);
    assertEquals(List.of(), lines());
    assertEquals(List.of(), export.rows);
  }

  @Test
  void intervalRowsAreNamedByTheirEndInSeconds() {
    assertEquals("20", IntervalRows.seconds(20.04));
    assertEquals("23.4", IntervalRows.seconds(23.38));
  }

  @Test
  void theRunsTotalsAreTheIntervalsAddedUp() throws IOException {
    Intervals in = intervals(null);
    for (int i = 1; i <= 100; i++) {
      in.add("READ", i * 10); // 10..1000 us
    }
    in.tick(System.nanoTime());
    for (int i = 0; i < 100; i++) {
      in.add("READ", 5_000);
    }
    java.util.SortedMap<String, org.HdrHistogram.Histogram> totals = in.totals();
    assertEquals(200, totals.get("READ").getTotalCount(), "the last interval ends and counts too");
    assertEquals(1000, totals.get("READ").getValueAtPercentile(50), 1);
    assertEquals(5000, totals.get("READ").getValueAtPercentile(99), 5);
  }

  @Test
  void badValuesAreOneLineNamingWhatIsAccepted() {
    assertEquals(10, Intervals.seconds(new Properties()));
    assertEquals(0, Intervals.seconds(props(Intervals.INTERVAL_PROPERTY, "0")));
    assertEquals(0.5, Intervals.seconds(props(Intervals.INTERVAL_PROPERTY, "0.5")));
    assertNull(Intervals.file(new Properties()));
    String[][] bad = {
        {Intervals.INTERVAL_PROPERTY, "ten", "ycsbx.interval=ten is not a number; ycsbx.interval accepts 0.0 to 86400.0"},
        {Intervals.INTERVAL_PROPERTY, "-1", "ycsbx.interval=-1 is out of range"},
        {Intervals.INTERVAL_PROPERTY, "0.01", "ycsbx.interval=0.01 is too short; ycsbx.interval accepts 0 (no intervals)"
            + " or 0.1 to 86400.0 seconds"},
        {Intervals.FILE_PROPERTY, tmp.resolve("no/such/folder.csv").toString(), "is not a file in an existing folder"},
        {Intervals.FILE_PROPERTY, tmp.toString(), "is not a file in an existing folder"},
    };
    for (String[] b : bad) {
      UserError e = assertThrows(UserError.class, () -> Intervals.validate(props(b[0], b[1])), b[1]);
      assertTrue(e.getMessage().contains(b[2]), e.getMessage());
      assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
  }

  private static Properties props(String k, String v) {
    Properties p = new Properties();
    p.setProperty(k, v);
    return p;
  }
}
