package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.results.RateUnit;

/**
 * experiment.html from an experiment of known figures ({@link ExperimentPageFixture}): per step
 * the figures StepTable prints, the relative rate marked outside 0.95-1.05, a row whose cells did
 * not finish shown with their reasons, the charts of each step, the plan and what differs in the
 * targets' fingerprints; and the page of an experiment stopped half-way.
 */
@Tag("fast")
class ExperimentPageTest {

  @Test
  void eachStepHasItsTableWithMarksUnfinishedRowsAndCharts(@TempDir Path tmp) throws IOException {
    ExperimentPageFixture f = new ExperimentPageFixture(tmp);
    String page = Files.readString(f.write());
    for (String bad : List.of("<script", "<link", "<img", "<iframe", "src=", "@import", "url(http")) {
      assertFalse(page.contains(bad), "the page loads nothing: " + bad);
    }
    assertTrue(page.contains("<title>YCSB-X experiment: page</title>"), page.substring(0, 400));

    String load = section(page, "load");
    // the figures the console table prints, from the cells' run folders
    Step loadStep = f.plan.experiment().steps().get(0);
    String printed = StepTable.format(loadStep, f.plan.experiment().targets(), f.outcomes);
    assertTrue(printed.contains("rows/s"), printed);
    assertTrue(load.contains("<th class=\"num\">rows/s</th>"), load);
    assertEquals("1000", cell(load, "a", 1, "rate"));
    assertEquals("1500", cell(load, "b", 1, "rate"));
    assertEquals("1.00", cell(load, "a", 1, "rel"));
    assertEquals("1.50", cell(load, "b", 1, "rel"));
    // efficiency per row where the family counts rows, as the console prints it
    assertTrue(load.contains("<th class=\"num\">cpu_<wbr>us.row</th>"), load);
    assertEquals("500.0", cell(load, "a", 1, "cpu_us.row"));
    // b: 3 CPU s over its 4500 rows (150 INSERT_TXN of 10 rows, 3 intervals)
    assertEquals("666.7", cell(load, "b", 1, "cpu_us.row"));
    assertEquals("0.1000", cell(load, "a", 1, "wkb.row"));
    assertTrue(load.contains("cpu_us.row: host CPU microseconds per row"), load);
    assertTrue(cellTag(load, "b", 1, "rel").contains("rel-high"), cellTag(load, "b", 1, "rel"));
    assertFalse(cellTag(load, "a", 1, "rel").contains("rel-"), cellTag(load, "a", 1, "rel"));
    double p99 = f.outcomes.get(0).result().get("INSERT_TXN.p99_us");
    assertEquals(StepTable.number(p99 / 1000), cell(load, "a", 1, "p99_ms"));
    assertEquals(1, count(load, "data-kind=\"over-time\" data-unit=\"rows/s\""), "rows/s over time, the table's unit");
    assertEquals(1, count(load, "data-kind=\"latency-over-time\" data-op=\"INSERT_TXN\""), "its p99 over time");
    assertEquals(1, count(load, "data-kind=\"latency\""), "latency percentiles");
    assertEquals(1, count(load, "data-kind=\"response-times\""), "the response-time histogram");
    assertEquals(0, count(load, "data-kind=\"threads-rate\""), "one thread count: no chart against threads");
    assertEquals(4, count(load, "<svg"), load);

    String query = section(page, "query");
    // 102 ops/s against 202: half, marked low; at 2 threads a's two repeats 312 and 322
    assertEquals("0.50", cell(query, "b", 1, "rel"));
    assertEquals("2.50", cell(query, "b", 1, "cpu.Kop"));
    assertTrue(cellTag(query, "b", 1, "rel").contains("rel-low"), cellTag(query, "b", 1, "rel"));
    assertEquals("2", cell(query, "a", 2, "n"));
    assertEquals("317.0", cell(query, "a", 2, "rate"));
    assertEquals("312.0..322.0", cell(query, "a", 2, "range"));
    assertTrue(query.contains("range: the lowest and highest ops/s of the repeats"), query);
    // b at 2 threads: unfinished, with the failure and the cell it stopped
    String row = row(query, "b", 2);
    assertTrue(row.startsWith("<tr data-target=\"b\" data-threads=\"2\" class=\"unfinished\">"), row);
    // the cell says it in a few words and a mark; the whole reason is under the table
    assertTrue(cellTag(query, "b", 2, "note").contains("class=\"why\""), row);
    assertTrue(row.contains(">query.b.t2.r1 FAILED (exit 1)<sup class=\"mark\" data-note=\"1\">¹</sup></td>"), row);
    String why = String.join("\n", notes(query, "b", 2));
    assertTrue(why.contains("query.b.t2.r1 FAILED (exit 1): " + ExperimentPageFixture.FAILURE), why);
    assertTrue(why.contains("query.b.t2.r2 not run: target b failed in cell query.b.t2.r1"), why);
    assertEquals("0", cell(query, "b", 2, "n"));
    assertEquals(1, count(query, "data-kind=\"over-time\" data-unit=\"ops/s\""));
    // UPDATE: 1 call of 201 an interval, under 5%: no latency line of its own
    assertEquals(1, count(query, "data-kind=\"latency-over-time\""));
    assertEquals(1, count(query, "data-op=\"READ\""));
    assertEquals(1, count(query, "data-kind=\"latency\""));
    assertEquals(1, count(query, "data-kind=\"threads-rate\""));
    assertEquals(1, count(query, "data-kind=\"threads-p99\""));
    assertEquals(1, count(query, "data-kind=\"response-times\""));
    assertEquals(6, count(query, "<svg"), "six charts");
    assertTrue(query.contains("knee: not judged (it takes 3 thread counts or more)"), query);
    // each table folds the console's text below it
    assertTrue(query.contains("The table as printed on the console"), query);

    // the targets: the one failure named; the fingerprints: only the key that differs
    assertTrue(page.contains("query.b.t2.r1: FAILED (exit 1): " + ExperimentPageFixture.FAILURE), page);
    String differs = page.substring(page.indexOf("<table class=\"results differs\""));
    differs = differs.substring(0, differs.indexOf("</table>"));
    assertEquals(1, count(differs, "<tr data-key="), differs);
    assertTrue(differs.contains("<tr data-key=\"storage.engine\">"), differs);
    assertTrue(differs.contains("<mark class=\"differ\">ROCKSDB</mark>"), differs);
    // a data folder of each target's own is named apart, as no difference of setup
    assertTrue(page.contains("<p class=\"note\" id=\"places\">Differ only in a place (a data folder, a port):"
        + " postgres.embedded.dir.</p>"), page);

    // the plan: every cell in the order it ran, with how it ended
    List<String> plan = new ArrayList<>();
    Matcher m = Pattern.compile("<tr data-cell=\"([^\"]+)\" data-status=\"([A-Z_a-z]+)\"").matcher(page);
    while (m.find()) {
      plan.add(m.group(1) + " " + m.group(2));
    }
    assertEquals(List.of("load.a.t1.r1 OK", "load.b.t1.r1 OK", "query.a.t1.r1 OK", "query.b.t1.r1 OK",
        "query.b.t1.r2 OK", "query.a.t1.r2 OK", "query.a.t2.r1 OK", "query.b.t2.r1 FAILED", "query.b.t2.r2 NOT_RUN",
        "query.a.t2.r2 OK"), plan);
  }

  @Test
  void aStoppedExperimentsPageShowsWhatRanAndWhatDidNot(@TempDir Path tmp) throws IOException {
    ExperimentPageFixture f = new ExperimentPageFixture(tmp);
    // stopped after the load and the first query cell
    f.outcomes.subList(3, f.outcomes.size()).clear();
    String page = Files.readString(f.write());
    assertTrue(page.contains("10 cells: 3 finished, 0 did not, 7 not run yet"), page.substring(0, 1500));
    String query = section(page, "query");
    assertTrue(row(query, "b", 1).contains("class=\"pending\""), row(query, "b", 1));
    assertEquals("not run yet", cell(query, "b", 1, "note"));
    assertEquals("1", cell(query, "a", 1, "n"));
    assertEquals(1, count(query, "data-kind=\"over-time\""), "a cell finished: its step has charts");
    assertEquals(7, count(page, "data-status=\"pending\""));
    assertFalse(Files.exists(tmp.resolve(ExperimentPage.FILE + ".tmp")), "written beside, then moved");
  }

  @Test
  void aCellsTraceHasEachOperationsCallsPerInterval(@TempDir Path tmp) throws IOException {
    new ExperimentPageFixture(tmp);
    CellTrace t = CellTrace.read(tmp.resolve(Ledger.CELLS).resolve("query.a.t1.r1"));
    assertEquals(ExperimentPageFixture.INTERVALS, t.intervals());
    java.util.Set<String> ops = RateUnit.operations(CellResult.OPS_S, t.calls().keySet());
    assertEquals(java.util.Set.of("READ", "UPDATE"), ops);
    for (int i = 0; i < t.intervals(); i++) {
      assertEquals(i + 1.0, t.ends()[i], 1e-9, "the interval's end, s from the cell's start");
      assertEquals(200 + 2, t.calls(ops, i), 1e-9, "READ and UPDATE added");
      assertEquals(1.0, t.secs()[i], 1e-9);
    }
    assertEquals(3.0, t.seconds(), 1e-9);
  }

  @Test
  void theKneePerTargetIsJudgedAsTheSweepJudgesIt() {
    // KneeFinder's worked example: the rate levels off at 8 threads
    TreeMap<Integer, double[]> rates = new TreeMap<>();
    int[] threads = {1, 2, 4, 8, 16, 32, 64};
    double[] rate = {1000, 2000, 3900, 7200, 8100, 8000, 8200};
    for (int i = 0; i < threads.length; i++) {
      rates.put(threads[i], new double[] {rate[i]});
    }
    assertEquals("levels off at 8 threads", StepTable.knee(rates));
    assertEquals("not judged (fewer than 3 thread counts finished)", StepTable.knee(new TreeMap<>(Map.of(1,
        new double[] {1.0}, 2, new double[] {2.0}))));
  }

  /** The step's section of the page. */
  /** A note once per row, however many of its cells it holds for; two notes of a row marked apart. */
  @Test
  void aRowsMarksAreEachNoteOnceAndApart(@TempDir Path tmp) throws Exception {
    ExperimentPageFixture f = new ExperimentPageFixture(tmp);
    for (Outcome o : f.outcomes) {
      if (o.ok() && o.cell().id().startsWith("query.a.t2.")) {
        o.result().figures().put(CellResult.BESIDE, 1.0);
      }
      if (o.ok() && o.cell().id().equals("query.a.t2.r2")) {
        o.result().figures().put(OwnTables.MARKED, 1.0);
      }
    }
    String query = section(Files.readString(f.write()), "query");
    List<String> notes = notes(query, "a", 2);
    assertEquals(2, notes.size(), notes.toString());
    assertTrue(notes.get(0).startsWith("ran beside other load (query.a.t2.r1, query.a.t2.r2): in those cells"),
        notes.toString());
    assertEquals("query.a.t2.r2 found rows no cell wrote in its tables.", notes.get(1));
    assertTrue(row(query, "a", 2).contains(">a<sup class=\"mark\" data-note=\"1\">¹</sup><sup class=\"sep\">,</sup>"
        + "<sup class=\"mark\" data-note=\"2\">²</sup></td>"), row(query, "a", 2));
  }

  static String section(String page, String step) {
    int start = page.indexOf("<section class=\"step\" data-step=\"" + step + "\"");
    assertTrue(start >= 0, "no section for step " + step);
    return page.substring(start, page.indexOf("</section>", start));
  }

  static String row(String section, String target, int threads) {
    Matcher m = Pattern.compile("(?s)<tr data-target=\"" + target + "\" data-threads=\"" + threads + "\".*?</tr>")
        .matcher(section);
    assertTrue(m.find(), "no row " + target + " at " + threads + " threads");
    return m.group();
  }

  static String cellTag(String section, String target, int threads, String col) {
    Matcher m = Pattern.compile("<td[^>]*data-col=\"" + Pattern.quote(col) + "\"[^>]*>").matcher(row(section, target,
        threads));
    assertTrue(m.find(), "no " + col + " in " + row(section, target, threads));
    return m.group();
  }

  /** The notes under the row's table that its marks stand for, in order. */
  static List<String> notes(String section, String target, int threads) {
    String r = row(section, target, threads);
    String after = section.substring(section.indexOf(r));
    after = after.substring(0, Math.max(0, after.indexOf("</ol>")));
    List<String> out = new java.util.ArrayList<>();
    Matcher m = Pattern.compile("<sup class=\"mark\" data-note=\"(\\d+)\">").matcher(r);
    while (m.find()) {
      Matcher li = Pattern.compile("<li data-note=\"" + m.group(1) + "\"><span class=\"n\">[^<]*</span>([^<]*)</li>")
          .matcher(after);
      assertTrue(li.find(), "no note " + m.group(1) + " under the table of " + r);
      out.add(li.group(1).replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">")
          .replace("&amp;", "&"));
    }
    return out;
  }

  static String cell(String section, String target, int threads, String col) {
    Matcher m = Pattern.compile("<td[^>]*data-col=\"" + Pattern.quote(col) + "\"[^>]*>([^<]*)</td>")
        .matcher(row(section, target, threads));
    assertTrue(m.find(), "no " + col + " in " + row(section, target, threads));
    return m.group(1).replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
  }

  static int count(String s, String needle) {
    int n = 0;
    for (int i = s.indexOf(needle); i >= 0; i = s.indexOf(needle, i + 1)) {
      n++;
    }
    return n;
  }
}
