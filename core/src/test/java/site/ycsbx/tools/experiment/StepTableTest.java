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

  @Test
  void noCautionWithRepeatsOrWithOneTarget() {
    assertNull(StepTable.singleRunCaution(step("run", 2), List.of(A, B)));
    assertNull(StepTable.singleRunCaution(step("run", 1), List.of(A)));
  }
}
