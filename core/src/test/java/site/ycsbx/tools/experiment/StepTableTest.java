package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A step's table cautions where its ratios rest on one run a side, and only there. */
@Tag("fast")
class StepTableTest {
  private static final Target A = new Target("a", "null", List.of(), Map.of(), Map.of());
  private static final Target B = new Target("b", "null", List.of(), Map.of(), Map.of());

  private static Step step(String command, int repeats) {
    return new Step("s", command, List.of(), Map.of(), List.of(1), repeats);
  }

  @Test
  void singleRunsOfTwoTargetsAreSaidToShowNoDifference() {
    String run = StepTable.singleRunCaution(step("run", 1), List.of(A, B));
    assertTrue(run.startsWith("single runs: each rel compares one run with one run"), run);
    assertTrue(run.contains("step.s.repeats=3"), run);
    String load = StepTable.singleRunCaution(step("load", 1), List.of(A, B));
    assertTrue(load.startsWith("single loads:"), load);
  }

  /** A row whose cells ran beside other load says how many; a clean row says nothing. */
  @Test
  void aRowOfCellsBesideOtherLoadIsMarked() {
    Step s = step("run", 2);
    List<Outcome> outcomes = new java.util.ArrayList<>();
    for (Target t : List.of(A, B)) {
      for (int r = 1; r <= 2; r++) {
        double beside = t == B && r == 2 ? 1 : 0;
        CellResult res = new CellResult(Map.of("ops_s", 1000.0, "READ.p50_us", 100.0, "READ.p99_us", 900.0,
            CellResult.BESIDE, beside), Map.of(), "READ");
        Cell c = new Cell(r, s, t, 1, r);
        outcomes.add(new Outcome(c, new Ledger.Entry(c.id(), "", Ledger.Status.OK, 0, 1, ""), res));
      }
    }
    String table = StepTable.format(s, List.of(A, B), outcomes);
    List<String> rows = table.lines().filter(l -> l.matches("\\[EXPERIMENT] [ab] +1 .*")).toList();
    assertTrue(!rows.get(0).contains("beside"), table);
    assertTrue(rows.get(1).endsWith("  (1 of 2 beside other load)"), table);
    assertTrue(table.contains("[EXPERIMENT] beside other load: in those cells more of the host's CPU than"
        + " ycsbx.others.cpu"), table);
    assertTrue(!StepTable.format(s, List.of(A), outcomes.subList(0, 2)).contains("beside"));
  }

  /**
   * The YCSB 2.6 vs 3.0 post's headline is UPDATE's p95 and p99 in a 95/5 mix, where READ is the
   * busiest: {@code step.S.latency=UPDATE} shows UPDATE's; a name no cell ran shows n/a and says so.
   */
  @Test
  void theStepsLatencyOperationIsShownNotTheBusiest() {
    List<Outcome> outcomes = new java.util.ArrayList<>();
    Step named = new Step("b", "run", List.of(), Map.of(), List.of(4), 1, null, 0, "UPDATE");
    Step misspelt = new Step("b", "run", List.of(), Map.of(), List.of(4), 1, null, 0, "UPDTE");
    Step busiest = new Step("b", "run", List.of(), Map.of(), List.of(4), 1);
    for (Target t : List.of(A, B)) {
      double k = t == A ? 1 : 2;
      Map<String, Double> f = Map.of("ops_s", 1000.0, "READ.count", 950.0, "UPDATE.count", 50.0, "READ.p50_us", 100.0,
          "READ.p95_us", 200.0, "READ.p99_us", 300.0, "UPDATE.p50_us", 1500 * k, "UPDATE.p95_us", 2500 * k,
          "UPDATE.p99_us", 9000 * k);
      Cell c = new Cell(outcomes.size() + 1, named, t, 4, 1);
      outcomes.add(new Outcome(c, new Ledger.Entry(c.id(), "", Ledger.Status.OK, 0, 1, ""),
          new CellResult(f, Map.of(), "READ")));
    }
    String table = StepTable.format(named, List.of(A, B), outcomes);
    String head = table.lines().filter(l -> l.contains(" target ")).findFirst().orElseThrow();
    assertTrue(head.matches(".* p50_ms +p95_ms +p99_ms.*"), table);
    // b's UPDATE: 3.00, 5.00 and 18.00 ms (twice a's 1.5, 2.5, 9)
    assertTrue(table.lines().anyMatch(l -> l.matches("\\[EXPERIMENT] a +4 +1 +1000 +1\\.00 +1\\.50 +2\\.50 +9\\.00.*")),
        table);
    assertTrue(table.lines().anyMatch(l -> l.matches("\\[EXPERIMENT] b +4 +1 +1000 +1\\.00 +3\\.00 +5\\.00 +18\\.00.*")),
        table);
    assertTrue(table.contains("p50/p95/p99 of UPDATE (step.b.latency) (ms)"), table);
    // without the key, the busiest: READ's 0.1, 0.2, 0.3 ms
    String plain = StepTable.format(busiest, List.of(A, B), outcomes.stream().map(o -> new Outcome(
        new Cell(o.cell().seq(), busiest, o.cell().target(), 4, 1), o.entry(), o.result())).toList());
    assertTrue(plain.lines().anyMatch(l -> l.matches("\\[EXPERIMENT] a +4 +1 +1000 +1\\.00 +0\\.1000 +0\\.2000 +0\\.3000.*")),
        plain);
    String wrong = StepTable.format(misspelt, List.of(A, B), outcomes.stream().map(o -> new Outcome(
        new Cell(o.cell().seq(), misspelt, o.cell().target(), 4, 1), o.entry(), o.result())).toList());
    assertTrue(wrong.contains("NO UPDTE operation in a t4, b t4 (n/a)"), wrong);
    assertTrue(wrong.lines().anyMatch(l -> l.matches("\\[EXPERIMENT] a +4 +1 +1000 +1\\.00 +n/a +n/a +n/a.*")), wrong);
  }

  /**
   * From three thread counts the console says where each target's rate levels off, as the page's
   * chart does (KneeFinder's worked example for a: levels off at 8 threads; b doubles each time);
   * with two counts it says nothing.
   */
  @Test
  void aSweepStepSaysWhereEachTargetLevelsOff() {
    List<Integer> threads = List.of(1, 2, 4, 8, 16, 32, 64);
    double[] a = {1000, 2000, 3900, 7200, 8100, 8000, 8200};
    Step s = new Step("b", "run", List.of(), Map.of(), threads, 1);
    List<Outcome> outcomes = new java.util.ArrayList<>();
    for (int i = 0; i < threads.size(); i++) {
      for (Target t : List.of(A, B)) {
        double rate = t == A ? a[i] : 1000.0 * threads.get(i);
        Cell c = new Cell(outcomes.size() + 1, s, t, threads.get(i), 1);
        outcomes.add(new Outcome(c, new Ledger.Entry(c.id(), "", Ledger.Status.OK, 0, 1, ""),
            new CellResult(Map.of("ops_s", rate), Map.of(), null)));
      }
    }
    String table = StepTable.format(s, List.of(A, B), outcomes);
    assertTrue(table.contains("[EXPERIMENT] knee (ops/s over threads 1,2,4,8,16,32,64): a levels off at 8 threads;"
        + " b still rising at the largest thread count\n"), table);
    Step two = new Step("b", "run", List.of(), Map.of(), List.of(1, 2), 1);
    assertTrue(!StepTable.format(two, List.of(A, B), outcomes.stream().filter(o -> o.cell().threads() <= 2)
        .map(o -> new Outcome(new Cell(o.cell().seq(), two, o.cell().target(), o.cell().threads(), 1), o.entry(),
            o.result())).toList()).contains("knee"));
  }

  /**
   * a's second repeat met an outage of 11.8 s inside its run, b's first two (5.2 s waited for before
   * its run, then 3.1 s inside it): each row says how many of its cells met how many outages and for
   * how long, a line under the table says what that means; a row whose cells met none says nothing.
   */
  @Test
  void aRowWhoseCellsMetAnOutageSaysHowManyAndHowLong() {
    Step s = step("run", 2);
    List<Outcome> outcomes = new java.util.ArrayList<>();
    double[][] outages = {{0, 0}, {1, 11.8}, {2, 8.3}, {0, 0}};
    int k = 0;
    for (Target t : List.of(A, B)) {
      for (int r = 1; r <= 2; r++) {
        CellResult res = new CellResult(Map.of("ops_s", 1000.0, "READ.p50_us", 100.0, "READ.p99_us", 900.0,
            CellResult.OUTAGES, outages[k][0], CellResult.OUTAGE_SECS, outages[k][1]), Map.of(), "READ");
        k++;
        Cell c = new Cell(k, s, t, 1, r);
        outcomes.add(new Outcome(c, new Ledger.Entry(c.id(), "", Ledger.Status.OK, 0, 1, ""), res));
      }
    }
    String table = StepTable.format(s, List.of(A, B), outcomes);
    List<String> rows = table.lines().filter(l -> l.matches("\\[EXPERIMENT] [ab] +1 .*")).toList();
    assertTrue(rows.get(0).endsWith("  (1 of 2 cells met 1 outage, 11.8 s)"), table);
    assertTrue(rows.get(1).endsWith("  (1 of 2 cells met 2 outages, 8.3 s)"), table);
    assertTrue(table.contains("[EXPERIMENT] " + StepTable.OUTAGE_NOTE + "\n"), table);
    // one cell a row: the count and the seconds alone
    String one = StepTable.format(step("run", 1), List.of(A), List.of(new Outcome(new Cell(1, step("run", 1), A, 1, 1),
        new Ledger.Entry("c", "", Ledger.Status.OK, 0, 1, ""), new CellResult(Map.of("ops_s", 10.0,
            CellResult.OUTAGES, 1.0, CellResult.OUTAGE_SECS, 5.25), Map.of(), null))));
    assertTrue(one.lines().anyMatch(l -> l.startsWith("[EXPERIMENT] a ") && l.endsWith("  (1 outage, 5.3 s)")), one);
    // no outage: no mark, no line
    String clean = StepTable.format(s, List.of(A, B), List.of(outcomes.get(0), outcomes.get(3)));
    assertTrue(!clean.contains("outage"), clean);
  }

  @Test
  void noCautionWithRepeatsOrWithOneTarget() {
    assertNull(StepTable.singleRunCaution(step("run", 2), List.of(A, B)));
    assertNull(StepTable.singleRunCaution(step("run", 1), List.of(A)));
  }

  /** Every family's cells carry the size at their end ([HEADLINE] db_size_mb, cache_mb, db_cache_x): the table shows it. */
  @Test
  void theDbSizeAtTheEndIsAColumn() {
    Step s = step("run", 1);
    java.util.List<Outcome> outcomes = new java.util.ArrayList<>();
    int seq = 0;
    for (Target t : List.of(A, B)) {
      Map<String, Double> f = new java.util.HashMap<>(Map.of(CellResult.OPS_S, 1000.0,
          CellResult.HEADLINE_PREFIX + "db_size_mb", t == A ? 2048.0 : 24576.0, CellResult.HEADLINE_PREFIX + "cache_mb",
          8192.0, CellResult.HEADLINE_PREFIX + "db_cache_x", t == A ? 0.25 : 3.0));
      Cell c = new Cell(seq++, s, t, 1, 1);
      outcomes.add(new Outcome(c, new Ledger.Entry(c.id(), "d", Ledger.Status.OK, 0, 1, null),
          new CellResult(f, Map.of(), null)));
    }
    String table = StepTable.format(s, List.of(A, B), outcomes);
    String head = table.lines().filter(l -> l.contains("target")).findFirst().orElseThrow();
    for (String column : List.of(" db_size_mb", " cache_mb", " db_cache_x")) {
      assertTrue(head.contains(column), table);
    }
    String b = table.lines().filter(l -> l.startsWith("[EXPERIMENT] b ")).findFirst().orElseThrow();
    assertTrue(b.contains(" 24576") && b.contains(" 3.00"), table);
  }
}
