package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.results.RateUnit;
import site.ycsbx.testing.RunFolderFixture;

/**
 * The step charts' figures: the rate over time in the table's unit and at the table's figure, no
 * chart over time for cells of too few intervals (a sentence instead), the writers' window, each
 * target's knee, and the chart files beside the page.
 */
@Tag("fast")
class TimeChartsTest {

  @Test
  void theRateOverTimeIsTheTablesFigureInTheTablesUnit(@TempDir Path tmp) throws IOException {
    ExperimentPageFixture f = new ExperimentPageFixture(tmp);
    Step load = f.plan.experiment().steps().get(0);
    List<Outcome> outcomes = f.outcomes.stream().filter(o -> o.cell().step().equals(load)).toList();
    String rate = StepTable.rateFigure(load, outcomes);
    assertEquals("headline.rows_s", rate);
    TimeCharts.Drawn d = TimeCharts.draw(load, rate, "INSERT_TXN", cells(tmp, outcomes));
    assertNull(d.note(), d.note());
    assertEquals("rows/s", d.rate().chart().getXYPlot().getRangeAxis().getLabel(), "the table's unit on the axis");
    XYSeriesCollection data = (XYSeriesCollection) d.rate().chart().getXYPlot().getDataset();
    for (StepTable.Row r : StepTable.rows(load, f.plan.experiment().targets(), outcomes)) {
      XYSeries s = data.getSeries(r.target().name());
      double mean = s.getItems().stream().mapToDouble(i -> ((org.jfree.data.xy.XYDataItem) i).getYValue()).average()
          .orElseThrow();
      // 100 (a) or 150 (b) INSERT_TXN an interval of 10 rows each: 1000 and 1500 rows/s, as the table says
      assertEquals(r.mean(rate), mean, r.mean(rate) * 1e-9, r.target().name() + ": chart " + mean + " against the table's "
          + r.mean(rate));
      assertEquals(ExperimentPageFixture.INTERVALS, s.getItemCount(), "a point per interval");
    }
    assertTrue(d.caption().contains("calls of INSERT_TXN times the cell's rows per call"), d.caption());
    // the table's figure as a level in each target's colour; the points agree with it: nothing said
    String svg = d.rate().svg();
    assertTrue(svg.contains("data-series='a'") && svg.contains("data-value='1000.00'"), svg.substring(0, 200));
    assertTrue(svg.contains("data-value='1500.00'"), "b's level");
    assertTrue(!d.caption().contains("points average"), d.caption());
    assertEquals(List.of("INSERT_TXN"), new ArrayList<>(d.latency().keySet()));
  }

  @Test
  void pointsThatDoNotAverageTheTablesFigureAreSaidToAndWhy(@TempDir Path tmp) throws IOException {
    ExperimentPageFixture f = new ExperimentPageFixture(tmp);
    Step load = f.plan.experiment().steps().get(0);
    Outcome a = f.outcomes.get(0);
    // sysbench's load: rows over its own seconds, its index build in them: 3000 rows over 6 s
    Map<String, Double> figures = new java.util.LinkedHashMap<>(a.result().figures());
    figures.put("headline.rows_s", 500.0);
    figures.put("headline.secs", 6.0);
    Outcome slower = new Outcome(a.cell(), a.entry(), new CellResult(figures, a.result().fingerprint(),
        a.result().mainOp()));
    Map<String, List<TimeCharts.Cell>> cells = Map.of("a", List.of(new TimeCharts.Cell(slower,
        CellTrace.read(tmp.resolve(Ledger.CELLS).resolve(a.cell().id())))));
    TimeCharts.Drawn d = TimeCharts.draw(load, "headline.rows_s", "INSERT_TXN", cells);
    assertTrue(d.caption().contains("a's points average 1000 rows/s over 3.0 s of interval logs, its table 500.0 (the"
        + " family's count over its own seconds: 6.0 s)"), d.caption());
    assertTrue(d.rate().svg().contains("data-value='500.000'"), "the table's level drawn");
  }

  @Test
  void aLastIntervalCutShortIsJoinedToTheOneBefore() {
    // 20000 rows/s for 2 s, then 0.4 s of 24 calls: alone 60 calls/s, a spike that was never there
    CellTrace t = new CellTrace(new double[] {1, 2, 2.4}, new double[] {1, 1, 0.4},
        Map.of("INSERT_TXN", new double[] {20, 20, 24}), Map.of("INSERT_TXN", new double[] {5, 7, 6}));
    CellTrace j = CellTrace.joinShortLast(t);
    assertArrayEquals(new double[] {1, 2.4}, j.ends());
    assertArrayEquals(new double[] {1, 1.4}, j.secs(), 1e-12);
    assertArrayEquals(new double[] {20, 44}, j.calls().get("INSERT_TXN"));
    assertArrayEquals(new double[] {5, 7}, j.p99us().get("INSERT_TXN"), "the higher p99");
    // half as long or more: kept
    CellTrace kept = new CellTrace(new double[] {1, 1.5}, new double[] {1, 0.5}, Map.of(), Map.of());
    assertEquals(2, CellTrace.joinShortLast(kept).intervals());
  }

  @Test
  void theRateCountsOnlyTheFamilysOwnOperations() {
    // an iibench run with queries beside the inserts: rows/s counts the inserts, not the 4000 queries a second
    assertEquals(java.util.Set.of("INSERT_TXN"), RateUnit.operations("headline.rows_s",
        List.of("INSERT_TXN", "QUERY", "DELETE_TXN")));
    assertEquals(java.util.Set.of("LATEST_BY_USER", "COUNT_DELETED"), RateUnit.operations("headline.reads_s",
        List.of("LATEST_BY_USER", "COUNT_DELETED", "INSERT_FILE")));
    // requests and ops: every operation but a batch's round trip and the per-thread check
    assertEquals(java.util.Set.of("ADD_LINK", "GET_NODE"), RateUnit.operations("headline.requests_s",
        List.of("ADD_LINK", "GET_NODE", "VERIFY", "INSERT_BATCH")));
    assertEquals(java.util.Set.of("READ", "UPDATE"), RateUnit.operations(CellResult.OPS_S, List.of("READ", "UPDATE")));
  }

  @Test
  void theOperationNamesAreTheFamiliesOwn() throws ReflectiveOperationException {
    Map<String, String> source = new TreeMap<>();
    source.put("INSERT_TXN", "site.ycsbx.workloads.iibench.IIBenchWorkload");
    source.put("LOAD_ROWS", "site.ycsbx.workloads.sysbench.SysbenchWorkload");
    source.put("TRANSACTION", "site.ycsbx.workloads.sysbench.SysbenchWorkload");
    source.put("LOAD_LINKS", "site.ycsbx.workloads.linkbench.LinkLoad");
    for (String op : List.of("LOAD_FILES", "LATEST_BY_USER", "COUNT_DELETED", "INSERT_FILE", "UPDATE_FILE",
        "DELETE_FILE")) {
      source.put(op, "site.ycsbx.workloads.filemeta.FileMetaWorkload");
    }
    assertEquals(new ArrayList<>(source.keySet()), RateUnit.known());
    // the units the families count by batches, from their descriptors as the list had them
    assertEquals(java.util.Set.of("rows", "links", "files"), RateUnit.PER_BATCH);
    for (Map.Entry<String, String> e : source.entrySet()) {
      java.lang.reflect.Field field = Class.forName(e.getValue()).getDeclaredField(e.getKey());
      field.setAccessible(true);
      assertEquals(e.getKey(), field.get(null), e.getValue() + "." + e.getKey());
    }
  }

  @Test
  void cellsOfTooFewIntervalsGetASentenceNotADot(@TempDir Path tmp) throws IOException {
    ExperimentPageFixture f = new ExperimentPageFixture(tmp);
    Step load = f.plan.experiment().steps().get(0);
    Outcome a = f.outcomes.get(0);
    // a 4 s cell logged at 10 s: one interval
    Path folder = new RunFolderFixture(0, 1, "host", 1_700_000_000_000L, 4000).phase("load")
        .interval("INSERT_TXN", 100, 200).write(tmp.resolve("short"));
    Map<String, List<TimeCharts.Cell>> cells = new LinkedHashMap<>();
    cells.put("a", List.of(new TimeCharts.Cell(a, CellTrace.read(folder))));
    TimeCharts.Drawn d = TimeCharts.draw(load, "headline.rows_s", "INSERT_TXN", cells);
    assertNull(d.rate(), "no chart of a dot");
    assertNotNull(d.note());
    assertTrue(d.note().contains("the cells ran 4.0 s") && d.note().contains("fewer than 3 intervals")
        && d.note().contains("(ycsbx.interval, 10 s unless set)")
        && d.note().contains("-p ycsbx.interval=0.5 gives 5 points or more a cell"), d.note());
  }

  @Test
  void theWritersWindowIsShadedWhereTheCellHadIt(@TempDir Path tmp) throws IOException {
    ExperimentPageFixture f = new ExperimentPageFixture(tmp);
    Step load = f.plan.experiment().steps().get(0);
    Path folder = new RunFolderFixture(0, 1, "host", 1_700_000_000_000L, 1000).phase("run")
        .fingerprint("workload.filemeta.writer.start", "2").fingerprint("workload.filemeta.writer.seconds", "3")
        .interval("LATEST_BY_USER", 100).interval("LATEST_BY_USER", 100).interval("LATEST_BY_USER", 100)
        .interval("LATEST_BY_USER", 100).interval("LATEST_BY_USER", 100).interval("LATEST_BY_USER", 100)
        .write(tmp.resolve("writer"));
    Outcome o = new Outcome(f.outcomes.get(0).cell(), f.outcomes.get(0).entry(), CellResult.read(folder));
    Map<String, List<TimeCharts.Cell>> cells = Map.of("a", List.of(new TimeCharts.Cell(o, CellTrace.read(folder))));
    TimeCharts.Drawn d = TimeCharts.draw(load, "headline.reads_s", "LATEST_BY_USER", cells);
    String svg = d.rate().svg();
    assertTrue(svg.contains("class='ycsbx-window'") && svg.contains("data-from='2.000'")
        && svg.contains("data-to='5.000'"), "the window from 2 s for 3 s: " + svg.substring(0, 300));
    assertTrue(d.caption().contains("shaded: the writers' window"), d.caption());
    // the same cell without a window: nothing shaded
    Path plain = new RunFolderFixture(0, 1, "host", 1_700_000_000_000L, 1000).phase("run")
        .interval("LATEST_BY_USER", 100).interval("LATEST_BY_USER", 100).interval("LATEST_BY_USER", 100)
        .write(tmp.resolve("plain"));
    Outcome p = new Outcome(o.cell(), o.entry(), CellResult.read(plain));
    TimeCharts.Drawn none = TimeCharts.draw(load, "headline.reads_s", "LATEST_BY_USER",
        Map.of("a", List.of(new TimeCharts.Cell(p, CellTrace.read(plain)))));
    assertTrue(!none.rate().svg().contains("ycsbx-window"), "no window asked, none shaded");
  }

  @Test
  void eachTargetsKneeIsDrawnInItsColour() {
    Map<String, TreeMap<Integer, double[]>> rates = new LinkedHashMap<>();
    TreeMap<Integer, double[]> a = new TreeMap<>();
    int[] threads = {1, 2, 4, 8, 16, 32, 64};
    double[] rate = {1000, 2000, 3900, 7200, 8100, 8000, 8200};
    for (int i = 0; i < threads.length; i++) {
      a.put(threads[i], new double[] {rate[i]});
    }
    rates.put("a", a);
    int knee = StepTable.kneeThreads(a);
    assertEquals(8, knee, "KneeFinder's worked example levels off at 8");
    String svg = ExperimentCharts.vsThreads("k", "s: rows/s vs threads", "rows/s", rates, 1, Map.of("a", knee)).svg();
    assertTrue(svg.contains("class='ycsbx-knee'") && svg.contains("data-series='a'")
        && svg.contains("data-threads='8'"), svg.substring(0, 300));
    assertTrue(!ExperimentCharts.vsThreads("k", "t", "rows/s", rates, 1, Map.of()).svg().contains("ycsbx-knee"));
    assertEquals(0, StepTable.kneeThreads(new TreeMap<>(Map.of(1, new double[] {1.0}, 2, new double[] {2.0}))),
        "two counts: no knee judged");
  }

  @Test
  void eachChartIsAlsoAnSvgAndAPngFile(@TempDir Path tmp) throws IOException {
    ExperimentPageFixture f = new ExperimentPageFixture(tmp);
    String page = Files.readString(f.write());
    Path charts = tmp.resolve(StepCharts.DIR);
    for (String name : List.of("load-over-time", "load-latency-over-time-INSERT_TXN", "load-latency",
        "load-response-times", "query-over-time", "query-threads-rate", "query-threads-p99")) {
      String svg = Files.readString(charts.resolve(name + ".svg"), StandardCharsets.UTF_8);
      assertTrue(svg.startsWith("<?xml"), name);
      // the page's element, character for character
      String element = svg.substring(svg.indexOf("<svg"), svg.lastIndexOf("</svg>") + 6);
      assertTrue(page.contains(element), name + ": the file's SVG is the page's");
      assertTrue(page.contains("data-file=\"charts/" + name + "\""), name);
      byte[] png = Files.readAllBytes(charts.resolve(name + ".png"));
      assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, java.util.Arrays.copyOf(png, 4), name);
      java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(charts.resolve(name + ".png").toFile());
      assertTrue(img.getWidth() >= 2 * 440 && img.getHeight() >= 2 * 300, name + ": drawn at twice the SVG's size");
    }
    // the page written again (the next step's end, a restart): the same charts, the same text, no file rewritten
    java.nio.file.attribute.FileTime png = Files.getLastModifiedTime(charts.resolve("load-over-time.png"));
    Files.setLastModifiedTime(charts.resolve("load-over-time.png"), java.nio.file.attribute.FileTime.fromMillis(
        png.toMillis() - 60_000));
    String again = Files.readString(f.write());
    assertEquals(svgOf(page, "exp-load-over-time"), svgOf(again, "exp-load-over-time"), "drawn twice, the same text");
    assertEquals(png.toMillis() - 60_000, Files.getLastModifiedTime(charts.resolve("load-over-time.png")).toMillis(),
        "an unchanged chart's PNG is not drawn again");
  }

  private static String svgOf(String page, String id) {
    int at = page.indexOf("<svg id='" + id + "'");
    assertTrue(at >= 0, "no chart " + id);
    return page.substring(at, page.indexOf("</svg>", at));
  }

  private static Map<String, List<TimeCharts.Cell>> cells(Path dir, List<Outcome> outcomes) {
    Map<String, List<TimeCharts.Cell>> out = new LinkedHashMap<>();
    for (Outcome o : outcomes) {
      if (o.ok()) {
        out.computeIfAbsent(o.cell().target().name(), k -> new ArrayList<>()).add(new TimeCharts.Cell(o,
            CellTrace.read(dir.resolve(Ledger.CELLS).resolve(o.cell().id()))));
      }
    }
    return out;
  }
}
