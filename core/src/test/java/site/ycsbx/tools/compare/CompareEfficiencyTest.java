package site.ycsbx.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.results.OpStats;
import site.ycsbx.results.PointResult;
import site.ycsbx.results.SweepFile;
import site.ycsbx.testing.RunFolderFixture;
import site.ycsbx.tools.sweep.SweepReport;

/**
 * Efficiency per unit of the family (issue 25 item 8) in compare's and sweep's tables: per row
 * where the family counts rows, not per operation (a batch of rows), and absent where it counts none.
 */
@Tag("fast")
class CompareEfficiencyTest {
  /** A load of 100000 rows in 100 transactions over 10 s of the efficiency window, at {@code cpu} host CPU s/s. */
  private static Path load(Path dir, double cpu, boolean rows) throws IOException {
    Path folder = new RunFolderFixture(0, 1, "host", 1_700_000_000_000L, 1000).phase("load")
        .fingerprint("threads", "1").interval("INSERT_TXN", 1000, 1100, 1200).write(dir);
    String summary = "[EFFICIENCY], Seconds, 10\n[EFFICIENCY], Operations, 100\n[EFFICIENCY], cpu.sec, " + cpu
        + "\n[EFFICIENCY], cpu.Kop, " + cpu * 10 / 100 * 1000 + "\n[EFFICIENCY], wkb.sec, 4000\n"
        + (rows ? "[HEADLINE], rows, 100000\n[HEADLINE], rows_s, 10000\n" : "");
    Files.writeString(folder.resolve("summary.txt"), summary, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
    return folder;
  }

  private static String compare(Path a, Path b) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Compare.run(List.of(a.toString(), b.toString(), "--html", a.resolveSibling(a.getFileName() + ".html").toString()),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void compareShowsCpuAndWritesPerRowOfEachSide(@TempDir Path tmp) throws IOException {
    String text = compare(load(tmp.resolve("a"), 0.5, true), load(tmp.resolve("b"), 1.0, true));
    assertTrue(text.contains("EFFICIENCY per row"), text);
    // 0.5 CPU s/s over 10 s for 100000 rows: 50 us a row (an operation, 1000 rows, takes 50 ms); B twice that;
    // 4000 KB/s over 10 s: 0.4 KB a row on both
    assertTrue(text.contains("       1          50.00          100.0   2.00         0.4000         0.4000   1.00\n"),
        text);
    assertFalse(text.contains("  50000  "), text);
    assertTrue(text.contains("cpu_us.row: host CPU microseconds per row; wkb.row: KB written per row\n"), text);
  }

  @Test
  void compareLeavesItOutWhereAFamilyCountsNoUnit(@TempDir Path tmp) throws IOException {
    assertFalse(compare(load(tmp.resolve("a"), 0.5, false), load(tmp.resolve("b"), 1.0, false)).contains("EFFICIENCY"));
    // one side without a unit: nothing to set beside the other's
    assertFalse(compare(load(tmp.resolve("c"), 0.5, true), load(tmp.resolve("d"), 1.0, false)).contains("EFFICIENCY"));
  }

  private static PointResult point(int threads, int repeat, Map<String, Double> perUnit) {
    Map<String, OpStats> ops = Map.of("INSERT_TXN", new OpStats("INSERT_TXN", 100, 10, 1000, 1100, 1200, 1300, 1400, 0));
    return new PointResult(threads, repeat, 0, null, 3000, 40, 10, 0, ops, Map.of("threads", "" + threads), null,
        perUnit);
  }

  private static String sweepTable(List<PointResult> points) {
    return new SweepReport(new SweepFile("x", "load", "jdbc", List.of("workloads/iibench"), List.of(), List.of(1, 2), 2,
        false, null, points, null, null)).table();
  }

  @Test
  void sweepShowsTheMeanPerRowOfEachThreadCountAndNothingWithoutAUnit() {
    List<PointResult> points = new ArrayList<>();
    points.add(point(1, 1, Map.of("cpu_us.row", 40.0, "wkb.row", 0.5)));
    points.add(point(1, 2, Map.of("cpu_us.row", 60.0, "wkb.row", 0.3)));
    points.add(point(2, 1, Map.of("cpu_us.row", 70.0, "wkb.row", 0.6)));
    points.add(point(2, 2, Map.of("cpu_us.row", 90.0, "wkb.row", 0.6)));
    String table = sweepTable(points);
    assertTrue(table.contains("EFFICIENCY per row"), table);
    assertTrue(table.contains(" threads   cpu_us.row      wkb.row\n       1        50.00       0.4000\n"
        + "       2        80.00       0.6000\n"), table);
    assertTrue(table.contains("cpu_us.row: host CPU microseconds per row; wkb.row: KB written per row\n\n"), table);
    // a sweep.json written before the figures (null) and a family without a unit (empty): no block
    List<PointResult> none = List.of(point(1, 1, Map.of()), point(1, 2, null), point(2, 1, Map.of()),
        point(2, 2, Map.of()));
    assertFalse(sweepTable(none).contains("EFFICIENCY"), sweepTable(none));
  }
}
