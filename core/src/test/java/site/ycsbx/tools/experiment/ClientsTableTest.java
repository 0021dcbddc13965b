package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.RunFolderFixture;

/**
 * LinkBench's {@code clients IPS QPS} table and its efficiency rows, from run folders of known
 * figures: every cell of the table is the figure of that cell's run folder.
 */
@Tag("fast")
class ClientsTableTest {
  @TempDir
  static Path dir;
  private static Plan plan;
  private static List<Outcome> outcomes;

  @BeforeAll
  static void cells() throws IOException {
    plan = new Plan(ExperimentFile.parse(PairedStepsTest.paired(), Map.of(), "x"));
    outcomes = outcomes(plan);
  }

  /** b loads twice a's links/s; requests/s grow with the count and the repeat (the mean of 2 shows). */
  private static String summary(Cell c) {
    boolean b = c.target().name().equals("b");
    if (c.step().isLoad()) {
      // 50 chunks of 100 links in 5 s: the per-chunk cs.op (99) is not the per-link one (2000 * 5 / 5000 = 2)
      return "[HEADLINE], links_s, " + (b ? 2000 : 1000) * c.threads() + "\n[HEADLINE], links, 5000\n"
          + "[EFFICIENCY], Seconds, 5\n[EFFICIENCY], Operations, 50\n[EFFICIENCY], cs.sec, 2000\n"
          + "[EFFICIENCY], cpu.sec, " + (b ? 1.0 : 0.5) + "\n[EFFICIENCY], r.sec, 10\n[EFFICIENCY], rkb.sec, 40\n"
          + "[EFFICIENCY], wkb.sec, 800\n[EFFICIENCY], cs.op, 99\n[EFFICIENCY], cpu.Kop, 99\n"
          // vmstat's us and sy on a 2-core host: 0.5 CPU s/s is 25% of its CPU time
          + "[EFFICIENCY], us, " + (b ? 40 : 20) + "\n[EFFICIENCY], sy, " + (b ? 10 : 5) + "\n";
    }
    return "[HEADLINE], requests_s, " + (100 * c.threads() + c.repeat()) + "\n[HEADLINE], requests, 1000\n"
        + "[EFFICIENCY], Seconds, 10\n[EFFICIENCY], cs.sec, 300\n[EFFICIENCY], cpu.sec, 0.2\n"
        + "[EFFICIENCY], r.sec, 0\n[EFFICIENCY], rkb.sec, 0\n[EFFICIENCY], wkb.sec, " + (b ? 50 : 25) + "\n";
  }

  private static List<Outcome> outcomes(Plan plan) throws IOException {
    List<Outcome> out = new ArrayList<>();
    for (Cell c : plan.cells()) {
      RunFolderFixture f = new RunFolderFixture(0, 1, "host", 1_700_000_000_000L + 100_000L * c.seq(), 1000)
          .phase(c.step().command());
      f.interval(c.step().isLoad() ? "LOAD_CHUNK" : "GET_LINK", 100, 200, 300);
      if (!c.step().isLoad() && c.target().name().equals("a")) {
        f.interval("ADD_LINK", 1000, 3000); // b runs no ADD_LINK: its latency line says so
      }
      Path folder = f.write(dir.resolve(c.id()));
      Files.writeString(folder.resolve("summary.txt"), summary(c), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
      out.add(new Outcome(c, new Ledger.Entry(c.id(), "d", Ledger.Status.OK, 0, 5, ""), CellResult.read(folder)));
    }
    return out;
  }

  @Test
  void ipsAndQpsPerTargetAndClientCountAreTheCellsFigures() {
    Step query = plan.experiment().steps().get(1);
    String table = ClientsTable.format(plan.experiment(), query, outcomes);
    assertTrue(table.contains("load+query: IPS is links/s of a load at each client count (step load), QPS"
        + " requests/s of step query at the same count (mean of 2 repeats)"), table);
    assertTrue(table.contains("target           clients          IPS          QPS\n"), table);
    // QPS: the mean of the repeats' 101 and 102 at 1 client, 401 and 402 at 4
    assertTrue(table.contains("[EXPERIMENT] a                      1         1000        101.5\n"), table);
    assertTrue(table.contains("[EXPERIMENT] a                      4         4000        401.5\n"), table);
    assertTrue(table.contains("[EXPERIMENT] b                      4         8000        401.5\n"), table);
    // a's block before b's, as the post gave one block per engine
    assertTrue(table.indexOf("] a  ") < table.indexOf("] b  "), table);
  }

  @Test
  void theEfficiencyRowsArePerLinkForTheLoadAndPerRequestForTheQueries() {
    Step query = plan.experiment().steps().get(1);
    String table = ClientsTable.format(plan.experiment(), query, outcomes);
    assertTrue(table.contains("efficiency of step load at 4 clients, per link"), table);
    assertTrue(table.contains("efficiency of step query at 4 clients, per request"), table);
    assertTrue(table.contains("    cs.sec cpu.sec(%) cpu.sec(s)      cs.op    cpu.Kop      r.sec    rkb.sec    wkb.sec"
        + "       r.op     rkb.op     wkb.op engine\n"), table);
    // a's load: 2000 cs/s over 5 s for 5000 links is 2 a link, not the 99 per chunk; 0.5 CPU s/s: 0.5 s per 1000
    // links; the post's cpu.sec on vmstat's scale: us 20 + sy 5 = 25 (%)
    assertTrue(table.contains("[EXPERIMENT]       2000      25.00     0.5000       2.00     0.5000      10.00      40.00"
        + "      800.0     0.0100     0.0400     0.8000 a\n"), table);
    assertTrue(table.contains("[EXPERIMENT]       2000      50.00       1.00       2.00       1.00"), table);
    // the query cells exported no us/sy: not measured, not 0
    assertTrue(table.contains("[EXPERIMENT]      300.0        n/a     0.2000       3.00"), table);
    assertTrue(table.contains("cpu.sec(%): vmstat's us+sy, % of the host's CPU time (the post's cpu.sec); cpu.sec(s):"
        + " host CPU seconds busy per second"), table);
    CellResult bLoad = outcomes.stream().filter(o -> o.cell().id().equals("load.b.t4.r1")).findFirst().orElseThrow()
        .result();
    assertEquals(1.0, ClientsTable.figure(bLoad, "cpu.Kop"), 1e-12);
    CellResult aQuery = outcomes.stream().filter(o -> o.cell().id().equals("query.a.t4.r2")).findFirst().orElseThrow()
        .result();
    // 25 KB/s over 10 s for 1000 requests
    assertEquals(0.25, ClientsTable.figure(aQuery, "wkb.op"), 1e-12);
    assertEquals(3.0, ClientsTable.figure(aQuery, "cs.op"), 1e-12);
    String page = new ExperimentPage(dir, List.of("bin/ycsb", "experiment", "page"), null).html(plan, outcomes);
    assertTrue(page.contains("<section class=\"pair\" data-step=\"query\">\n<h2>load+query: clients, IPS, QPS,"
        + " efficiency</h2>"), page);
    assertTrue(page.contains("efficiency of step query at 4 clients, per request"), page);
  }

  @Test
  void withoutAFamilyCountTheRowsArePerOperation() {
    Map<String, Double> f = Map.of("cs.sec", 300.0, "cs.op", 7.0, ClientsTable.WINDOW, 10.0);
    CellResult r = new CellResult(f, Map.of(), null);
    assertEquals(null, ClientsTable.unitCount(r));
    assertEquals(7.0, ClientsTable.figure(r, "cs.op"), 0);
    assertEquals(300.0, ClientsTable.figure(r, "cs.sec"), 0);
  }

  /** LinkBench's latency lines per engine: each cell the mean of the run folders' figures, a missing operation "-". */
  @Test
  void theLatencyLinesPerEngineAreTheRunFoldersFigures() {
    Step query = plan.experiment().steps().get(1);
    String table = ClientsTable.format(plan.experiment(), query, outcomes);
    assertTrue(table.contains("latency per operation of step query at 4 clients (LinkBench's latency lines per engine):"
        + " count per cell, p50 p95 p99 max mean in ms, the mean of 2 repeats\n"), table);
    assertTrue(table.contains("engine           operation                   count       p50       p95       p99       max"
        + "      mean\n"), table);
    CellResult r1 = result("query.a.t4.r1");
    CellResult r2 = result("query.a.t4.r2");
    StringBuilder add = new StringBuilder(String.format(java.util.Locale.ROOT, "[EXPERIMENT] %-16s %-22s %10s", "a",
        "ADD_LINK", String.format(java.util.Locale.ROOT, "%.0f", r1.get("ADD_LINK.count"))));
    for (String f : List.of("p50_us", "p95_us", "p99_us", "max_us", "mean_us")) {
      add.append(String.format(java.util.Locale.ROOT, " %9s", StepTable.number(
          (r1.get("ADD_LINK." + f) + r2.get("ADD_LINK." + f)) / 2 / 1000)));
    }
    assertEquals(2.0, r1.get("ADD_LINK.count"), 0);
    // the mean is YCSB's AverageLatency(us) of the run folder: 1 ms and 3 ms average to 2 ms (HdrHistogram's, to its
    // precision of 3 digits)
    assertEquals(2000.0, r1.get("ADD_LINK.mean_us"), 1.0);
    assertTrue(table.contains(add + "\n"), add + " in\n" + table);
    assertTrue(table.contains(String.format(java.util.Locale.ROOT, "[EXPERIMENT] %-16s %-22s %10s %9s %9s %9s %9s %9s%n",
        "b", "ADD_LINK", "-", "-", "-", "-", "-", "-")), "b ran no ADD_LINK: " + table);
    assertTrue(table.contains(String.format(java.util.Locale.ROOT, "[EXPERIMENT] %-16s %-22s %10s", "b", "GET_LINK",
        String.format(java.util.Locale.ROOT, "%.0f", result("query.b.t4.r1").get("GET_LINK.count")))), table);
    assertTrue(table.indexOf("] a                ADD_LINK") < table.indexOf("] b                ADD_LINK"), table);
  }

  private static CellResult result(String id) {
    return outcomes.stream().filter(o -> o.cell().id().equals(id)).findFirst().orElseThrow().result();
  }
}
