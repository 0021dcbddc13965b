package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.family.WorkloadFamilies;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.util.UserError;

/**
 * A load step's linkbench.maxid1 goes to the run steps after it: {@code -p step.load.linkbench.maxid1=N}
 * on experiments/linkbench-engines sized the load only, and the requests ran on a graph of another
 * size (the binding's check now refuses such a run, but only when its cell starts, after the loads).
 */
@Tag("fast")
class LoadedGraphTest {
  private static final Path LINKBENCH_ENGINES = Path.of(JavaProcess.workload("linkbench")).getParent().getParent()
      .resolve("experiments").resolve("linkbench-engines");

  private static String argument(Experiment e, Cell c, String key) {
    List<String> args = e.arguments(c);
    return args.stream().filter(a -> a.startsWith(key + "=")).reduce((a, b) -> b).orElse(null);
  }

  @Test
  void theLoadsMaxId1SizesTheRequestsGraph() {
    Experiment e = ExperimentFile.read(LINKBENCH_ENGINES, Map.of("step.load.linkbench.maxid1", "2001"));
    Plan plan = new Plan(e);
    for (Cell c : plan.cells()) {
      assertEquals("linkbench.maxid1=2001", argument(e, c, "linkbench.maxid1"), c.id());
    }
    assertEquals(List.of("step requests runs on the graph step load loads: linkbench.maxid1=2001"
        + " (step.load.linkbench.maxid1), not the file's 20001"), e.notes());

    // as the file has it, or sized by its variable: one value, no note
    for (Map<String, String> same : List.of(Map.<String, String>of(), Map.of("scale", "2"),
        Map.of("step.load.linkbench.maxid1", "2001", "step.requests.linkbench.maxid1", "2001"))) {
      Experiment s = ExperimentFile.read(LINKBENCH_ENGINES, same);
      assertEquals(List.of(), s.notes(), same.toString());
      String expected = same.isEmpty() ? "20001" : same.containsKey("scale") ? "10001" : "2001";
      for (Cell c : new Plan(s).cells()) {
        assertEquals("linkbench.maxid1=" + expected, argument(s, c, "linkbench.maxid1"), same + " " + c.id());
      }
    }
  }

  @Test
  void aRunStepWithoutItsOwnTakesTheLoadsAndTwoGraphsOnTheCommandLineAreRefused() {
    Map<String, String> k = PairedStepsTest.paired();
    k.put("step.load.linkbench.maxid1", "5001");
    Experiment e = ExperimentFile.parse(k, Map.of(), "x");
    assertEquals("5001", e.steps().get(1).props().get("linkbench.maxid1"));
    assertEquals(List.of(), e.notes());

    UserError refused = assertThrows(UserError.class, () -> ExperimentFile.read(LINKBENCH_ENGINES,
        Map.of("step.load.linkbench.maxid1", "2001", "step.requests.linkbench.maxid1", "3001")));
    assertEquals("experiment file: step.requests.linkbench.maxid1=3001 (-p) differs from step.load.linkbench.maxid1=2001:"
        + " step requests runs on the graph step load loads; give both the same value, or only"
        + " step.load.linkbench.maxid1", refused.getMessage());
    assertEquals(UserError.BAD_INPUT, refused.exitCode());
  }

  /** What the runs take from their load is every family's loaded shape: today LinkBench's ids. */
  @Test
  void theKeysCarriedAreTheFamiliesLoadedShapes() {
    assertEquals(List.of("linkbench.startid1", "linkbench.maxid1"), LoadedGraph.KEYS);
    assertEquals(WorkloadFamilies.all().stream().flatMap(f -> f.loadedShape().stream()).toList(), LoadedGraph.KEYS);
  }
}
