package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.util.UserError;

/** A run step after a load goes count by count with it: LinkBench's load and request phase at each client count. */
@Tag("fast")
class PairedStepsTest {
  static Map<String, String> paired() {
    Map<String, String> k = ExperimentFileTest.base();
    k.put("step.load.threads", "1,4");
    k.put("step.load.linkbench.drop", "true");
    k.put("step.query.after", "load");
    return k;
  }

  @Test
  void eachCountLoadsEveryTargetThenRunsTheQueriesOnWhatTheLoadLeft() {
    Plan p = new Plan(ExperimentFile.parse(paired(), Map.of(), "x"));
    assertEquals(List.of("load.a.t1.r1", "load.b.t1.r1", "query.a.t1.r1", "query.b.t1.r1", "query.b.t1.r2",
        "query.a.t1.r2", "load.a.t4.r1", "load.b.t4.r1", "query.a.t4.r1", "query.b.t4.r1", "query.b.t4.r2",
        "query.a.t4.r2"), p.cells().stream().map(Cell::id).toList());
    Step query = p.experiment().steps().get(1);
    assertEquals("load", query.after());
    // the pairing keys are the experiment's: no cell's command line carries them
    assertEquals(Map.of(), query.props());
    assertEquals(4, PairedSteps.efficiencyThreads(query));
  }

  @Test
  void theEfficiencyCountIsOneOfTheStepsCounts() {
    Map<String, String> k = paired();
    k.put("step.query.efficiency.threads", "1");
    assertEquals(1, PairedSteps.efficiencyThreads(ExperimentFile.parse(k, Map.of(), "x").steps().get(1)));
    k.put("step.query.efficiency.threads", "16");
    assertTrue(refused(k).contains("step.query.efficiency.threads=16 is not one of the step's thread counts 1,4"),
        refused(k));
  }

  private static String refused(Map<String, String> keys) {
    return assertThrows(UserError.class, () -> ExperimentFile.parse(keys, Map.of(), "x")).getMessage();
  }

  @Test
  void refusesAPairThatCannotRunCountByCount() {
    Map<String, String> k = paired();
    k.put("step.query.after", "lod");
    assertTrue(refused(k).contains("step.query.after=lod names no step (steps: load,query)"), refused(k));

    k = paired();
    k.put("step.query.threads", "1,8");
    k.put("step.query.efficiency.threads", "4");
    assertTrue(refused(k).contains("step.query.threads=1,8 differs from step.load.threads=1,4"), refused(k));
    k.put("step.query.efficiency.threads", "four");
    assertTrue(refused(k).contains("step.query.efficiency.threads=four is not a thread count"), refused(k));

    k = paired();
    k.put("steps", "query,load");
    assertTrue(refused(k).contains("query must come right after load in steps="), refused(k));

    k = paired();
    k.remove("step.query.after");
    k.put("step.load.after", "query");
    assertTrue(refused(k).contains("only a run step goes after a load"), refused(k));

    k = paired();
    k.put("step.load.command", "run");
    assertTrue(refused(k).contains("step load is not a load (its command is run)"), refused(k));

    k = ExperimentFileTest.base();
    k.put("step.query.efficiency.threads", "4");
    assertTrue(refused(k).contains("needs step.query.after=LOADSTEP"), refused(k));
  }
}
