package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.RunFolderFixture;

/**
 * The insert benchmark's tables from recorded run folders: a load in rounds (a reaches 3 sizes,
 * b stops after 2, most of its last round still in memtables) with its index build after the
 * rows, then inserts at 100 rows/s asked beside queries (a keeps 99 rows/s, b 80). Every cell of
 * every table is the figure of its cell's run folder; the mark is where the rate was not kept,
 * and only there.
 */
@Tag("fast")
class InsertBenchmarkTablesTest {
  @TempDir
  Path dir;
  private Plan plan;
  private final List<Outcome> outcomes = new ArrayList<>();

  @BeforeEach
  void recordedExperiment() throws IOException {
    Map<String, String> k = new LinkedHashMap<>();
    k.put("targets", "a,b");
    k.put("target.a.binding", "jdbc");
    k.put("target.b.binding", "jdbc");
    k.put("steps", "load,qr100");
    k.put("step.load.command", "load");
    k.put("step.load.P", "workloads/iibench");
    k.put("step.qr100.command", "run");
    k.put("step.qr100.P", "workloads/iibench");
    plan = new Plan(ExperimentFile.parse(k, Map.of(), "ib"));
    for (Cell c : plan.cells()) {
      outcomes.add(new Outcome(c, new Ledger.Entry(c.id(), "d", Ledger.Status.OK, 0, 5.0, ""),
          CellResult.read(folder(c))));
    }
  }

  private static boolean b(Cell c) {
    return c.target().name().equals("b");
  }

  private Path folder(Cell c) throws IOException {
    RunFolderFixture f = new RunFolderFixture(0, 1, "host", 1_700_000_000_000L + 100_000L * c.seq(), 1000)
        .phase(c.step().command()).fingerprint("threads", "1");
    long[] lat = new long[50];
    Arrays.setAll(lat, j -> (b(c) ? 2 : 1) * (1000 + j * 100L));
    f.interval("INSERT_TXN", lat);
    if (!c.step().isLoad()) {
      f.interval("QUERY", 300, 400, 500, 600);
    }
    Path folder = f.write(dir.resolve(Ledger.CELLS).resolve(c.id()));
    StringBuilder s = new StringBuilder();
    if (c.step().isLoad()) {
      // each round 1000 rows in 1 s (b: 1.5 s), the server writing 0.75 MB, the host's disks 2 MB
      int rounds = b(c) ? 2 : 3;
      double secs = b(c) ? 1.5 : 1.0;
      for (int r = 1; r <= rounds; r++) {
        round(s, r, "round", r);
        round(s, r, "planned_rows", 1000 * r);
        round(s, r, "load_rows", 1000 * r);
        round(s, r, "rows", 1000 * r);
        if (!(b(c) && r == 2)) {
          round(s, r, "db_size_mb", 0.25 * r);
          round(s, r, "bytes_row", 262.144);
        } else {
          round(s, r, "mem_mb", 0.5);
        }
        round(s, r, "test_secs", secs);
        round(s, r, "rows_s", 1000 / secs);
        round(s, r, "written_mb", 0.75);
        round(s, r, "write_mb_s", 0.75 / secs);
        round(s, r, "host_wr_mb", 2.0);
        round(s, r, "host_wr_mb_s", 2.0 / secs);
        round(s, r, "spread_s", 0);
        round(s, r, "cum_test_secs", secs * r);
        round(s, r, "cum_rows_s", 1000 / secs);
        round(s, r, "cum_written_mb", 0.75 * r);
      }
      s.append("[HEADLINE], planned_rows, 3000\n[HEADLINE], round_rows, 1000\n");
      s.append("[HEADLINE], rows_s, ").append(b(c) ? 666.7 : 1000).append('\n');
      s.append("[HEADLINE], rows, ").append(rounds * 1000 + (b(c) ? 400 : 0)).append('\n');
      s.append("[HEADLINE], index_secs, ").append(b(c) ? 3.0 : 2.0).append('\n');
      s.append("[HEADLINE], indexed_rows, ").append(rounds * 1000).append('\n');
    } else {
      s.append("[HEADLINE], rows_s, ").append(b(c) ? 80 : 99).append('\n');
      s.append("[HEADLINE], asked_rows_s, 100\n");
      s.append("[HEADLINE], db_size_mb, 512\n");
      s.append("[EFFICIENCY], Seconds, 4\n[EFFICIENCY], cs.sec, 2000\n[EFFICIENCY], cpu.sec, 0.5\n")
          .append("[EFFICIENCY], r.sec, 10\n[EFFICIENCY], rkb.sec, 40\n[EFFICIENCY], wkb.sec, 800\n")
          .append("[EFFICIENCY], us, 20\n[EFFICIENCY], sy, 5\n");
    }
    Files.writeString(folder.resolve("summary.txt"), s, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    return folder;
  }

  private static void round(StringBuilder s, int round, String name, double v) {
    s.append("[ROUND], ").append(round).append(' ').append(name).append(", ").append(v).append('\n');
  }

  private Step step(String name) {
    return plan.experiment().steps().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
  }

  private List<Target> targets() {
    return plan.experiment().targets();
  }

  private CellResult result(String id) {
    return outcomes.stream().filter(o -> o.cell().id().equals(id)).findFirst().orElseThrow().result();
  }

  @Test
  void aLoadInRoundsGetsATablePerSizeWithItsRunFoldersFiguresAndWhereATargetStopped() {
    List<ExtraTable> tables = SizeTables.tables(step("load"), targets(), outcomes);
    assertEquals(3, tables.size(), "a table per planned size");
    for (int size = 1; size <= 3; size++) {
      ExtraTable t = tables.get(size - 1);
      assertEquals("step load at " + size * 1000 + " rows inserted by the load (round " + size + " of 3): the insert"
          + " benchmark's table per size", t.title());
      assertEquals("Server", t.columns().get(t.columns().size() - 1), "the post's last column");
      for (ExtraTable.Row row : t.rows()) {
        CellResult r = result("load." + row.target() + ".t1.r1");
        if (size > r.rounds().size()) {
          assertEquals("b", row.target());
          assertEquals("not reached: stopped at 2400 rows", row.why(), "b keeps the sizes it reached");
          continue;
        }
        Map<String, Double> round = r.rounds().get(size - 1);
        assertEquals(size * 1000.0, round.get("planned_rows"));
        assertNull(row.why());
        for (int i = 0; i < SizeTables.FIGURES.size(); i++) {
          Double v = round.get(SizeTables.FIGURES.get(i));
          assertEquals(v == null ? "X" : StepTable.number(v), row.cells().get(i), row.target() + " at " + size
              + ": " + t.columns().get(i));
        }
      }
    }
    // b's second round had most of its data in memtables: its size is not measured, not 0
    assertEquals("X", tables.get(1).rows().get(1).cells().get(0));
    assertEquals("X", tables.get(1).rows().get(1).cells().get(1));
    String text = StepTables.format(step("load"), targets(), outcomes);
    assertTrue(text.contains("[EXPERIMENT] step load at 3000 rows inserted by the load (round 3 of 3)"), text);
    assertTrue(text.lines().anyMatch(l -> l.matches("\\[EXPERIMENT] +DB-size\\(MB\\) +Bytes-per-doc +Write-rate\\(MB/s\\)"
        + " +Bytes-written\\(MB\\) +Test-secs +TPS\\(rows/s\\) +Spread-secs +Proc-write\\(MB/s\\) +Proc-written\\(MB\\)"
        + " +Server")), text);
    // a at 3000 rows: its third round's own 1 s and 1000 rows/s, not the 3 s since the load's start
    assertTrue(text.lines().anyMatch(l -> l.matches("\\[EXPERIMENT] +0\\.7500 +262\\.1 +2\\.00 +2\\.00 +1\\.00 +1000 +0"
        + " +0\\.7500 +0\\.7500 +a")), text);
    assertTrue(text.contains("[EXPERIMENT] b                not reached: stopped at 2400 rows"), text);
    // the run step has no rounds: no size table
    assertTrue(SizeTables.tables(step("qr100"), targets(), outcomes).isEmpty());
  }

  @Test
  void insertsBelowTheAskedRateAreMarkedAndOnlyThere() {
    assertEquals(99.0, result("qr100.a.t1.r1").get(RateTable.SUSTAINED_PCT), 1e-9);
    assertEquals(80.0, result("qr100.b.t1.r1").get(RateTable.SUSTAINED_PCT), 1e-9);
    List<ExtraTable> tables = RateTable.tables(step("qr100"), targets(), outcomes);
    assertEquals(List.of("rate", "relative"), tables.stream().map(ExtraTable::kind).toList());
    ExtraTable t = tables.get(0);
    assertEquals(RateTable.COLUMNS, t.columns());
    ExtraTable.Row a = t.rows().get(0);
    ExtraTable.Row b = t.rows().get(1);
    assertFalse(a.marked(), "99 of 100 rows/s is kept");
    assertEquals("99.00", a.cells().get(0));
    assertTrue(b.marked(), "80 of 100 rows/s is not");
    assertEquals("80.00*", b.cells().get(0));
    CellResult ra = result("qr100.a.t1.r1");
    Map<String, String> cells = new LinkedHashMap<>();
    for (int i = 1; i < t.columns().size(); i++) {
      cells.put(t.columns().get(i), a.cells().get(i - 1));
    }
    double qps = ra.get("QUERY.ops_s");
    assertEquals(StepTable.number(qps), cells.get("qps"));
    assertEquals(StepTable.number(10), cells.get("rps"));
    assertEquals(StepTable.number(10 / qps), cells.get("rpq"));
    assertEquals(StepTable.number(800 / 99.0), cells.get("wkbpi"));
    assertEquals(StepTable.number(25), cells.get("cpups"));
    assertEquals(StepTable.number(0.5e6 / qps), cells.get("cpupq"));
    assertEquals(StepTable.number(0.5), cells.get("dbgb1"));
    assertEquals("X", cells.get("dbgb2"));
    assertEquals("X", cells.get("rss"));
    assertEquals(StepTable.number(ra.get("INSERT_TXN.max_us") / 1000), cells.get("maxop"));
    assertEquals(StepTable.number(ra.get("QUERY.p99_us") / 1000), cells.get("p99"));
    String text = StepTables.format(step("qr100"), targets(), outcomes);
    assertEquals(1, text.lines().filter(l -> l.contains("*") && l.startsWith("[EXPERIMENT] b ")
        && l.contains("80.00*")).count(), text);
    assertFalse(text.lines().anyMatch(l -> l.startsWith("[EXPERIMENT] a ") && l.contains("99.00*")), text);
    // the load asked no rate: no summary, no mark
    assertTrue(RateTable.tables(step("load"), targets(), outcomes).stream().noneMatch(x -> x.kind().equals("rate")));
    assertTrue(Double.isNaN(result("load.a.t1.r1").get(RateTable.SUSTAINED_PCT)));
    // the cell's own line as it ends
    assertEquals("", RateTable.cellMark(result("qr100.a.t1.r1")));
    assertEquals("; inserts NOT SUSTAINED: 80% of the 100.0 rows/s asked", RateTable.cellMark(result("qr100.b.t1.r1")));
  }

  @Test
  void theIndexBuildAfterTheRowsIsTheLoadsLxTable() {
    ExtraTable t = RateTable.tables(step("load"), targets(), outcomes).get(0);
    assertEquals("index", t.kind());
    assertEquals(List.of("2.00", "1.00", "1500"), t.rows().get(0).cells());
    assertEquals(List.of("3.00", "1.50", "666.7"), t.rows().get(1).cells());
  }

  @Test
  void resultsFilesAndThePageHoldTheRoundsAndTheMarks() throws IOException {
    String csv = ResultsFiles.csv(outcomes);
    List<String> lines = csv.lines().toList();
    List<String> head = List.of(lines.get(0).split(",", -1));
    assertEquals(List.of("seq", "cell", "step", "target", "threads", "repeat", "round"), head.subList(0, 7));
    int round = head.indexOf("round");
    int size = head.indexOf("round.db_size_mb");
    int secs = head.indexOf("round.test_secs");
    int cum = head.indexOf("round.cum_test_secs");
    int pct = head.indexOf(RateTable.SUSTAINED_PCT);
    assertEquals(1 + 4 + 5, lines.size(), csv);
    List<String[]> rows = lines.stream().skip(1).map(l -> l.split(",", -1)).toList();
    assertEquals(4, rows.stream().filter(r -> r[round].isEmpty()).count(), "a row per cell");
    String[] a3 = rows.stream().filter(r -> r[1].equals("load.a.t1.r1") && r[round].equals("3")).findFirst()
        .orElseThrow();
    assertEquals("0.75", a3[size]);
    assertEquals("1.0", a3[secs], "the round's own seconds");
    assertEquals("3.0", a3[cum], "since the load's start: cum_");
    assertEquals(head.size(), a3.length);
    String[] b = rows.stream().filter(r -> r[1].equals("qr100.b.t1.r1")).findFirst().orElseThrow();
    assertEquals("80.0", b[pct]);
    String json = ResultsFiles.json(plan.experiment(), outcomes);
    assertTrue(json.contains("\"rounds\" : [ {"), json);
    assertTrue(json.contains("\"sustained_pct\" : 80.0"), json);

    new ExperimentPage(dir, List.of("bin/ycsb", "experiment", "page"), null).write(plan, outcomes, System.err);
    String page = Files.readString(dir.resolve(ExperimentPage.FILE));
    assertEquals(3, ExperimentPageTest.count(page, "data-kind=\"size\""));
    String rate = page.substring(page.indexOf("data-kind=\"rate\""));
    assertTrue(rate.contains("<tr data-target=\"b\" data-threads=\"1\" data-marked=\"true\">"), rate);
    assertTrue(rate.contains("<tr data-target=\"a\" data-threads=\"1\" data-marked=\"false\">"), rate);
    assertTrue(rate.contains("<td class=\"num rel-low\" data-col=\"ips\">80.00</td>"), rate);
    assertEquals(1, ExperimentPageTest.count(rate.substring(0, rate.indexOf("</table>")), "rel-low"));

    // results.md: a table per size, once each, in the 2014 post's columns, the Server last
    String md = Files.readString(dir.resolve(BlogTables.MD));
    List<BlogTablesTest.Table> tables = BlogTablesTest.tables(md);
    List<BlogTablesTest.Table> sizes = tables.stream().filter(t -> t.title().contains("table per size")).toList();
    assertEquals(3, sizes.size(), md);
    assertEquals(3, sizes.stream().map(BlogTablesTest.Table::title).distinct().count(), md);
    for (BlogTablesTest.Table t : sizes) {
      assertEquals(SizeTables.COLUMNS, t.header(), t.title());
      assertEquals(List.of("a", "b"), t.rows().stream().map(r -> r.get(r.size() - 1)).toList(), t.title());
    }
    // b stopped at 2400 rows: "not reached" in the 3000 rows' table only, where it is true
    assertEquals(1, ExperimentPageTest.count(md, "not reached"), md);
    assertTrue(sizes.get(2).title().contains("at 3000 rows") && sizes.get(2).rows().get(1).get(0)
        .equals("not reached: stopped at 2400 rows"), sizes.get(2).toString());
    String txt = Files.readString(dir.resolve(BlogTables.TXT));
    assertEquals(3, ExperimentPageTest.count(txt, "the insert benchmark's table per size"), txt);
  }

  /**
   * The insert benchmark's relative table: each figure of a target over the first target's, the
   * throughput (ips, qps) marked outside 0.95-1.05, red below and green above on the page; the
   * first target's own row is 1 where measured.
   */
  @Test
  void theRelativeTableDividesByTheFirstTargetAndMarksOnlyTheThroughputOutsideTheBand() {
    ExtraTable t = RateTable.tables(step("qr100"), targets(), outcomes).get(1);
    assertEquals(RateTable.COLUMNS, t.columns());
    assertTrue(t.title().contains("relative to a"), t.title());
    ExtraTable.Row a = t.rows().get(0);
    ExtraTable.Row b = t.rows().get(1);
    assertFalse(a.marked());
    assertEquals("1.00", a.cells().get(0));
    assertEquals("X", a.cells().get(13), "dbgb2 is not measured: no ratio");
    assertTrue(b.marked(), "80 against 99 rows/s");
    assertEquals(String.format(java.util.Locale.ROOT, "%.2f*", 80 / 99.0), b.cells().get(0));
    assertEquals("1.00", b.cells().get(1), "the same queries/s: inside the band, unmarked");
    CellResult ra = result("qr100.a.t1.r1");
    CellResult rb = result("qr100.b.t1.r1");
    assertEquals(String.format(java.util.Locale.ROOT, "%.2f", rb.get("INSERT_TXN.max_us") / ra.get("INSERT_TXN.max_us")),
        b.cells().get(15), "maxop twice a's is a ratio, not a mark: a cost");
    assertFalse(b.cells().get(15).endsWith("*"));
    String html = t.html();
    assertTrue(html.contains("<td class=\"num rel-low\" data-col=\"ips\">0.81</td>"), html);
    ExtraTable high = new ExtraTable("relative", "t", List.of("target", "ips"), List.of(ExtraTable.Row.of("x", 1,
        List.of("1.20*"), true)), null);
    assertTrue(high.html().contains("<td class=\"num rel-high\" data-col=\"ips\">1.20</td>"), high.html());
  }

  /** l.i1 and l.i2 (deletes per insert, no rate asked) get the summary and its relative table; a plain step none. */
  @Test
  void aStepWithDeletesPerInsertGetsTheSummaryWithoutARateMark() throws IOException {
    Cell c = outcomes.stream().filter(o -> o.cell().id().equals("qr100.a.t1.r1")).findFirst().orElseThrow().cell();
    Path folder = dir.resolve(Ledger.CELLS).resolve(c.id());
    String summary = Files.readString(folder.resolve("summary.txt")).replace("[HEADLINE], asked_rows_s, 100\n",
        "[HEADLINE], deleted_rows, 400\n");
    Files.writeString(folder.resolve("summary.txt"), summary, StandardCharsets.UTF_8);
    List<Outcome> li1 = List.of(new Outcome(c, outcomes.get(0).entry(), CellResult.read(folder)));
    List<ExtraTable> tables = RateTable.tables(step("qr100"), targets(), li1);
    assertEquals(List.of("rate", "relative"), tables.stream().map(ExtraTable::kind).toList());
    assertTrue(tables.get(0).title().contains("inserts with as many deletes of the oldest rows"), tables.get(0).title());
    assertFalse(tables.get(0).rows().get(0).marked());
    assertEquals("99.00", tables.get(0).rows().get(0).cells().get(0));
    assertTrue(tables.get(1).rows().get(1).why() != null, "b has no cell here: no ratio");
  }
}
