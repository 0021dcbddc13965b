package site.ycsbx.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.results.RunFolder;
import site.ycsbx.testing.RunFolderFixture;

/** report.html's rate over time in the family's unit: iibench's rows/s, not its transactions per second. */
@Tag("fast")
class OpChartsTest {
  private static final long T0 = 1_790_000_000_000L;

  @Test
  void anIIBenchLoadsRateIsDrawnInRowsAsItsSummaryCountsThem(@TempDir Path tmp) throws IOException {
    RunFolderFixture f = new RunFolderFixture(0, 1, "host", T0, 1000).phase("load");
    // 4 intervals of 1 s: 20, 30, 40, 10 transactions of 50 rows, and queries beside them that rows/s leaves out
    for (int n : new int[] {20, 30, 40, 10}) {
      f.interval("INSERT_TXN", new long[n]);
      f.interval("QUERY", new long[500]);
    }
    Path dir = f.write(tmp.resolve("run"));
    ObjectMapper m = new ObjectMapper();
    ObjectNode json = (ObjectNode) m.readTree(dir.resolve("result.json").toFile());
    ((ObjectNode) json.path("headline")).put("rows", 5000.0).put("secs", 4.0).put("rows_s", 1250.0);
    m.writeValue(dir.resolve("result.json").toFile(), json);
    RunFolder run = RunFolder.read(dir);
    List<RunReport.OpLog> logs = List.of(RunReport.OpLog.read(run, "INSERT_TXN", T0),
        RunReport.OpLog.read(run, "QUERY", T0));
    OpCharts.RateLine r = OpCharts.rateLine(run.result(), logs);
    assertEquals("rows/s", r.unit());
    assertEquals(Set.of("INSERT_TXN"), r.ops());
    assertEquals(50.0, r.perCall(), 1e-9);
    assertArrayEquals(new double[] {1000, 1500, 2000, 500}, r.line().values(), 1e-6);
    // the mean of the points is the headline's rate
    assertEquals(1250.0, java.util.Arrays.stream(r.line().values()).average().orElseThrow(), 1e-6);
    String page = RunReport.html(run, List.of());
    assertTrue(page.contains("<div class=\"ycsbx-rate-chart\" data-unit=\"rows/s\" data-points=\"4\">"), page);
    assertTrue(page.contains("the calls of INSERT_TXN times 50.00 rows per call"), page);
  }

  @Test
  void aRunWithoutAFamilyRateHasNone(@TempDir Path tmp) throws IOException {
    Path dir = new RunFolderFixture(0, 1, "host", T0, 1000).phase("run").interval("READ", 1, 2).interval("READ", 3)
        .interval("READ", 4).write(tmp.resolve("ycsb"));
    RunFolder run = RunFolder.read(dir);
    assertNull(OpCharts.rateLine(run.result(), List.of(RunReport.OpLog.read(run, "READ", T0))));
    assertFalse(RunReport.html(run, List.of()).contains("ycsbx-rate-chart"));
    assertTrue(Files.exists(dir.resolve("result.json")));
  }
}
