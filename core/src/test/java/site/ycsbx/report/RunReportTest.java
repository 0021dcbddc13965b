package site.ycsbx.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsbx.testing.RunReportChecks.cell;
import static site.ycsbx.testing.RunReportChecks.number;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.measurements.EfficiencyCsv;
import site.ycsbx.measurements.EfficiencyFigures;
import site.ycsbx.measurements.EfficiencyTable;
import site.ycsbx.testing.HeadlessChromium;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.RunFolderFixture;
import site.ycsbx.testing.RunReportChecks;
import site.ycsbx.tools.Main;
import site.ycsbx.tools.merge.Merge;

/**
 * report.html: the page built from a fixture folder (charts per operation and kind, tables whose
 * figures are result.json's and efficiency.csv's), a real workloada run on the null binding and a
 * merged folder, both rendered in headless Chromium.
 */
@Tag("process")
class RunReportTest {
  private static final long T0 = 1_790_000_000_000L;

  @TempDir
  Path tmp;

  @Test
  void percentileTicksReadAsPercentiles() {
    assertEquals("0%", RunCharts.PercentileFormat.label(1));
    assertEquals("50%", RunCharts.PercentileFormat.label(2));
    assertEquals("90%", RunCharts.PercentileFormat.label(10));
    assertEquals("99%", RunCharts.PercentileFormat.label(100));
    assertEquals("99.9%", RunCharts.PercentileFormat.label(1000));
    assertEquals("99.999%", RunCharts.PercentileFormat.label(100_000));
  }

  @Test
  void aLongLogIsDrawnWithAtMostAThousandPointsAndTheSameValues() {
    RunReport.OpLog l = new RunReport.OpLog("READ", T0, 2500);
    RunReport.OpLog shortLog = new RunReport.OpLog("READ", T0, 1000);
    Histogram all = new Histogram(3);
    Histogram firstThree = new Histogram(3);
    for (int i = 0; i < 2500; i++) {
      Histogram h = new Histogram(3);
      h.recordValue(10 + i);
      h.recordValue(5000 + i % 7);
      all.add(h);
      if (i < 3) {
        firstThree.add(h);
      }
      l.add(new site.ycsbx.results.RunFolder.Interval(T0 + 1000L * i, T0 + 1000L * (i + 1), h));
      if (i < 1000) {
        shortLog.add(new site.ycsbx.results.RunFolder.Interval(T0 + 1000L * i, T0 + 1000L * (i + 1), h));
      }
    }
    l.flush();
    shortLog.flush();
    assertEquals(834, l.points.size()); // 3 intervals a point, the last of one
    assertEquals(1000, shortLog.points.size());
    assertEquals(all, l.total);
    double[] first = l.points.get(0);
    assertEquals(3.0, first[0]);
    assertEquals(2.0, first[1]); // 6 operations in 3 s
    assertEquals(firstThree.getValueAtPercentile(50), first[2]);
    assertEquals(firstThree.getValueAtPercentile(99), first[3]);
    assertEquals(2500.0, l.points.get(833)[0]);
    assertEquals(2.0, l.points.get(833)[1]);
  }

  /** One client's folder with known latencies, an error status and an efficiency.csv. */
  private static RunFolderFixture client(int index, int count, long start, Random rnd, Histogram reads) {
    RunFolderFixture f = new RunFolderFixture(index, count, "host-" + index, start, 1000)
        .fingerprint("jdbc.password", "*****").fingerprint("jdbc.url", "jdbc:mariadb://db:3306/ycsb");
    for (int i = 0; i < 8; i++) {
      long[] r = new long[300 + rnd.nextInt(200)];
      for (int k = 0; k < r.length; k++) {
        r[k] = 80 + (long) (rnd.nextDouble() * rnd.nextDouble() * 20_000);
        reads.recordValue(r[k]);
      }
      long[] u = new long[100 + rnd.nextInt(50)];
      for (int k = 0; k < u.length; k++) {
        u[k] = 400 + rnd.nextInt(9_000);
      }
      f.interval("READ", r).interval("UPDATE", u);
    }
    return f.returns("UPDATE", "ERROR", 3 + index).returns("UPDATE", "SERVICE_UNAVAILABLE", 1);
  }

  private static void efficiencyCsv(Path dir, double scale) throws IOException {
    int columns = EfficiencyCsv.HEADER.split(",").length;
    StringBuilder sample = new StringBuilder("sample,1790000001000,1,1,");
    StringBuilder summary = new StringBuilder("run,1790000008000,8,8,4000");
    for (int i = 5; i < columns; i++) {
      sample.append(',').append(i);
      // server_cpu_kop left empty: no local server
      summary.append(',').append(i == 18 ? "" : String.valueOf((i + 0.123456) * scale));
    }
    Files.writeString(dir.resolve(EfficiencyCsv.FILE), EfficiencyCsv.HEADER + "\n" + sample + "\n" + summary + "\n");
  }

  @Test
  void theFixturesPageHoldsItsChartsAndTheFiguresOfItsFiles() throws IOException {
    Histogram reads = new Histogram(3);
    Path dir = client(0, 1, T0, new Random(7), reads).write(tmp.resolve("run"));
    efficiencyCsv(dir, 1);
    RunReport.write(dir);
    String page = RunReportChecks.selfContained(dir);
    JsonNode json = new ObjectMapper().readTree(dir.resolve("result.json").toFile());

    for (String op : List.of("READ", "UPDATE")) {
      for (String kind : RunReportChecks.KINDS) {
        Matcher m = Pattern.compile("(?s)<div class=\"ycsbx-chart\" data-op=\"" + op + "\" data-kind=\"" + kind
            + "\" data-points=\"(\\d+)\"[^>]*><svg[^>]*>(.*?)</svg></div>").matcher(page);
        assertTrue(m.find(), op + " " + kind);
        assertTrue(m.group(2).contains("<path"), op + " " + kind + ": nothing drawn");
        // a time chart has a point per interval; the distribution is of every operation
        assertEquals(kind.equals("percentiles") ? json.path("operations").path(op).path("count").asLong() : 8,
            Long.parseLong(m.group(1)), op + " " + kind);
      }
      assertEquals(json.path("operations").path(op).path("count").asLong(), number(page, "operations", op, "count"));
    }
    assertEquals(reads.getValueAtPercentile(99), number(page, "operations", "READ", "p99"));
    assertEquals(reads.getValueAtPercentile(50), number(page, "operations", "READ", "p50"));
    assertEquals(reads.getMaxValue(), number(page, "operations", "READ", "max"));
    assertEquals(4, number(page, "operations", "UPDATE", "failed"));
    JsonNode returns = json.path("operations").path("UPDATE").path("returns");
    assertEquals(returns.path("OK").asLong(), number(page, "errors", "UPDATE", "ok"));
    assertEquals(4, number(page, "errors", "UPDATE", "failed"));
    assertTrue(page.contains("<span data-status=\"ERROR\">ERROR=3</span>"), page);
    assertTrue(page.contains("<span data-status=\"SERVICE_UNAVAILABLE\">SERVICE_UNAVAILABLE=1</span>"), page);
    assertEquals(0, number(page, "errors", "READ", "failed"));

    // efficiency: the summary row, every console column, formatted as the console does
    Map<String, String> row = RunReport.summaryRow(dir.resolve(EfficiencyCsv.FILE));
    assertEquals("run", row.get("row"));
    for (int i = 0; i < EfficiencyFigures.COLUMNS.size(); i++) {
      String v = row.get(EfficiencyCsv.COLUMNS.get(i));
      assertEquals(v.isEmpty() ? "n/a" : EfficiencyTable.num(Double.parseDouble(v)),
          cell(page, "efficiency", "run", EfficiencyFigures.COLUMNS.get(i)), EfficiencyFigures.COLUMNS.get(i));
      assertTrue(page.contains("<th class=\"num\">" + EfficiencyFigures.COLUMNS.get(i) + "</th>"));
    }
    assertEquals("n/a", cell(page, "efficiency", "run", "server.Kop"));

    // the header and the fingerprint as result.json has them (the password masked there)
    assertTrue(page.contains("<th scope=\"row\">client</th><td>client 0 of 1 (host-0)</td>"), page);
    assertTrue(page.contains("<th scope=\"row\">threads</th><td>4</td>"), page);
    assertTrue(page.contains("2026-09-21 14:13:20.000 UTC"), "start time");
    json.path("fingerprint").fields().forEachRemaining(e -> assertTrue(page.contains("data-key=\""
        + e.getKey() + "\"><span class=\"k\">" + e.getKey() + "</span>=<span class=\"v\">" + e.getValue().asText()
        + "</span>"), e.getKey()));
    assertTrue(page.contains(">*****<"), "masked password");
  }

  /** workloada on the null binding through bin/ycsb's entry point: the page of a real run. */
  @Test
  void aWorkloadaRunsPageRendersWithItsChartsAndMatchesItsResult() throws Exception {
    Path dir = tmp.resolve("run");
    JavaProcess.Result r = JavaProcess.run(Main.class.getName(), "run", "null", "-P", JavaProcess.workload("workloada"),
        "-p", "recordcount=1000", "-p", "operationcount=6000", "-target", "4000", "-threads", "2",
        "-p", "ycsbx.interval=0.5", "-p", "ycsbx.out=" + dir);
    assertEquals(0, r.exitCode(), r.all());
    assertFalse(r.stderr().contains("cannot write"), r.stderr());
    String page = RunReportChecks.selfContained(dir);
    JsonNode json = new ObjectMapper().readTree(dir.resolve("result.json").toFile());
    for (String op : List.of("READ", "UPDATE", "Intended-READ", "Intended-UPDATE")) {
      JsonNode o = json.path("operations").path(op);
      assertEquals(o.path("count").asLong(), number(page, "operations", op, "count"), op);
      assertEquals(o.path("summary").path("99thPercentileLatency(us)").asLong(), number(page, "operations", op, "p99"));
      assertEquals(o.path("summary").path("95thPercentileLatency(us)").asLong(), number(page, "operations", op, "p95"));
      assertEquals(o.path("summary").path("MaxLatency(us)").asLong(), number(page, "operations", op, "max"));
    }
    assertEquals(json.path("operations").path("READ").path("returns").path("OK").asLong(),
        number(page, "errors", "READ", "ok"));
    assertFalse(page.contains("data-op=\"CLEANUP\""), "YCSB's per-thread cleanup is no operation of the workload");
    assertTrue(page.contains("<th scope=\"row\">target</th><td>4000 ops/s</td>"), page);
    Map<String, String> eff = RunReport.summaryRow(dir.resolve(EfficiencyCsv.FILE));
    assertEquals(EfficiencyTable.num(Double.parseDouble(eff.get("cs_op"))), cell(page, "efficiency", "run", "cs.op"));
    assertEquals(eff.get("ops"), cell(page, "efficiency", "run", "operations"));

    HeadlessChromium.Rendered shot = RunReportChecks.rendered(dir, List.of("READ", "UPDATE"));
    assertTrue(shot.dom().contains("READ: latency by percentile"), "chart titles in the DOM");
  }

  @Test
  void reportFalseLeavesThePageOutAndTheReportCommandDrawsItLaterOrRefusesAFolderWithoutAResult() throws Exception {
    Path dir = tmp.resolve("quiet");
    JavaProcess.Result r = JavaProcess.run(Main.class.getName(), "run", "null", "-P", JavaProcess.workload("workloada"),
        "-p", "recordcount=100", "-p", "operationcount=2000", "-p", "ycsbx.report=false", "-p", "ycsbx.out=" + dir);
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(Files.isRegularFile(dir.resolve("result.json")), r.all());
    assertFalse(Files.exists(dir.resolve(RunReport.FILE)), "ycsbx.report=false draws no page");

    // report draws the page from the folder, in this JVM through bin/ycsb's Main
    JavaProcess.Result drawn = InProcessMain.run("report", dir.toString());
    assertEquals(0, drawn.exitCode(), drawn.all());
    String page = RunReportChecks.selfContained(dir);
    JsonNode json = new ObjectMapper().readTree(dir.resolve("result.json").toFile());
    assertEquals(json.path("operations").path("READ").path("count").asLong(), number(page, "operations", "READ", "count"));

    Path notAFolder = Files.createDirectories(tmp.resolve("empty"));
    JavaProcess.Result refused = InProcessMain.run("report", notAFolder.toString());
    assertEquals(2, refused.exitCode(), refused.all());
    assertEquals(1, refused.stderr().strip().lines().count(), refused.stderr());
    assertTrue(refused.stderr().contains("is not a run folder"), refused.stderr());
    assertFalse(Files.exists(notAFolder.resolve(RunReport.FILE)));
  }

  @Test
  void aMergedFoldersPageShowsTheMergeAndEachClientsEfficiency() throws Exception {
    Histogram reads = new Histogram(3);
    Random rnd = new Random(11);
    List<String> args = new ArrayList<>();
    for (int c = 0; c < 3; c++) {
      Path d = client(c, 3, T0 + 5L * c, rnd, reads).write(tmp.resolve("client-" + c));
      efficiencyCsv(d, c + 1);
      args.add(d.toString());
    }
    Path out = tmp.resolve("merged");
    args.addAll(List.of("--out", out.toString()));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertEquals(0, Merge.run(args, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true,
        StandardCharsets.UTF_8)));
    assertEquals("", err.toString(StandardCharsets.UTF_8));
    String page = RunReportChecks.selfContained(out);
    JsonNode json = new ObjectMapper().readTree(out.resolve("result.json").toFile());
    assertTrue(page.contains("merged from 3 clients (host-0, host-1, host-2)"), page);
    assertEquals(reads.getTotalCount(), number(page, "operations", "READ", "count"));
    assertEquals(json.path("operations").path("READ").path("latency_us").path("p99").asLong(),
        number(page, "operations", "READ", "p99"));
    assertEquals(reads.getValueAtPercentile(99), number(page, "operations", "READ", "p99"));
    assertEquals(reads.getValueAtPercentile(99.9), number(page, "operations", "READ", "p99.9"));
    assertEquals(String.format(java.util.Locale.ROOT, "%,.0f", json.path("operations").path("READ").path("throughput").asDouble()),
        cell(page, "operations", "READ", "ops"));
    assertEquals(3 + 4 + 5 + 3, number(page, "errors", "UPDATE", "failed"));
    for (int c = 0; c < 3; c++) {
      Map<String, String> row = RunReport.summaryRow(tmp.resolve("client-" + c).resolve(EfficiencyCsv.FILE));
      assertEquals(EfficiencyTable.num(Double.parseDouble(row.get("cs_op"))),
          cell(page, "efficiency", "client " + c + " (host-" + c + ")", "cs.op"));
    }
    // the merged folder read alone (no clients at hand) says where the efficiency figures are
    RunReport.write(out);
    assertTrue(Files.readString(out.resolve("report.html")).contains("each client keeps its own"));
    RunReport.write(out, List.of(site.ycsbx.results.RunFolder.read(tmp.resolve("client-0")),
        site.ycsbx.results.RunFolder.read(tmp.resolve("client-1")),
        site.ycsbx.results.RunFolder.read(tmp.resolve("client-2"))));
    RunReportChecks.rendered(out, List.of("READ", "UPDATE"));
  }
}
