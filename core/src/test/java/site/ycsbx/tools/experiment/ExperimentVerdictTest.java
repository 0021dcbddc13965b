package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The verdict's sentences: a lead is claimed only when Welch's test over 3 repeats and more says it
 * holds; a clear-looking lead from one run each, or from repeats that overlap, is said not to hold.
 */
@Tag("fast")
class ExperimentVerdictTest {
  private static Plan plan(int repeats) {
    Map<String, String> k = new LinkedHashMap<>();
    k.put("targets", "a,b");
    k.put("target.a.binding", "jdbc");
    k.put("target.b.binding", "jdbc");
    k.put("steps", "query");
    k.put("step.query.command", "run");
    k.put("step.query.P", "workloads/workloadc");
    k.put("step.query.repeats", String.valueOf(repeats));
    return new Plan(ExperimentFile.parse(k, Map.of(), "verdict"));
  }

  /** Every cell finished with these ops/s: a's repeats, then b's. */
  private static String verdict(Plan plan, double[] a, double[] b) {
    List<Outcome> outcomes = new ArrayList<>();
    for (Cell c : plan.cells()) {
      double v = (c.target().name().equals("a") ? a : b)[c.repeat() - 1];
      Map<String, Double> f = new LinkedHashMap<>(Map.of(CellResult.OPS_S, v));
      outcomes.add(new Outcome(c, new Ledger.Entry(c.id(), "d", Ledger.Status.OK, 0, 1, ""),
          new CellResult(f, Map.of(), "READ")));
    }
    return ExperimentVerdict.sentences(plan.experiment(), outcomes).get(0);
  }

  @Test
  void claimsALeadOnlyWhereTheRepeatsShowItHolds() {
    String held = verdict(plan(3), new double[] {100, 102, 98}, new double[] {150, 148, 152});
    assertTrue(held.startsWith("Step query (ops/s, higher is better): b led, 1.50x a (95% interval of the ratio"), held);
    assertTrue(held.contains("over 3 and 3 repeats"), held);

    // overlapping repeats: b's mean is higher, but no lead is claimed
    String overlap = verdict(plan(3), new double[] {100, 130, 90}, new double[] {120, 95, 125});
    assertTrue(overlap.startsWith("Step query (ops/s, higher is better): b and a are not shown to differ"), overlap);
  }

  @Test
  void oneRunEachIsNeverALead() {
    String one = verdict(plan(1), new double[] {100}, new double[] {300});
    assertEquals("Step query (ops/s, higher is better): b had the highest ops/s, 3.00x a; one run each, so the lead is"
        + " not shown to hold (it takes 3 repeats of each).", one);
    String two = verdict(plan(2), new double[] {100, 101}, new double[] {300, 301});
    assertTrue(two.contains("2 and 2 runs, so the lead is not shown to hold"), two);
  }

  @Test
  void aStepOfInsertsAtARateAskedIsJudgedByItsQueries() {
    Plan plan = plan(1);
    List<Outcome> outcomes = new ArrayList<>();
    for (Cell c : plan.cells()) {
      boolean a = c.target().name().equals("a");
      // a kept the pace a little better, b ran 4 times the queries
      Map<String, Double> f = new LinkedHashMap<>(Map.of(CellResult.OPS_S, 10.0, CellResult.HEADLINE_PREFIX + "rows_s",
          a ? 100.0 : 98.0, RateTable.ASKED, 100.0, RateTable.QUERY + ".ops_s", a ? 50.0 : 200.0));
      outcomes.add(new Outcome(c, new Ledger.Entry(c.id(), "d", Ledger.Status.OK, 0, 1, ""),
          new CellResult(f, Map.of(), "QUERY")));
    }
    assertEquals("Step query (queries/s beside inserts at the rate asked, higher is better): b had the highest"
        + " queries/s, 4.00x a; one run each, so the lead is not shown to hold (it takes 3 repeats of each).",
        ExperimentVerdict.sentences(plan.experiment(), outcomes).get(0));
  }

  @Test
  void noFinishedCellNoVerdict() {
    assertEquals(List.of("No step has finished cells yet: no verdict."),
        ExperimentVerdict.sentences(plan(1).experiment(), List.of()));
  }
}
