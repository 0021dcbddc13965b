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
