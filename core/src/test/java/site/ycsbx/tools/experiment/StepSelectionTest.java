package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.util.UserError;

/**
 * A subset of the steps ({@code --steps}, {@code -p steps=}), with the steps it needs added and
 * said; today {@code -p steps=load} was refused ("names step 'query', which is not in steps=load").
 */
@Tag("fast")
class StepSelectionTest {
  /** A load, two run steps, and a LinkBench-like pair: the load of a graph and the requests after it. */
  private static Map<String, String> file() {
    Map<String, String> k = ExperimentFileTest.base();
    k.put("steps", "load,query,graph,requests");
    k.put("step.graph.command", "load");
    k.put("step.graph.P", "workloads/linkbench-small");
    k.put("step.graph.linkbench.maxid1", "5001");
    k.put("step.graph.threads", "1,4");
    k.put("step.requests.command", "run");
    k.put("step.requests.P", "workloads/linkbench-small");
    k.put("step.requests.linkbench.maxid1", "5001");
    k.put("step.requests.after", "graph");
    k.put("step.requests.threads", "1,4");
    return k;
  }

  private static Experiment parse(Map<String, String> overrides, List<String> steps) {
    return ExperimentFile.parse(file(), overrides, "x", KnownProperties.UNCHECKED, steps);
  }

  private static List<String> names(Experiment e) {
    return e.steps().stream().map(Step::name).toList();
  }

  @Test
  void stepsRunsTheNamedStepsInTheFilesOrder() {
    Experiment e = parse(Map.of(), List.of("query", "load"));
    assertEquals(List.of("load", "query"), names(e));
    assertEquals(List.of(), e.notes());
    assertEquals(List.of("load.a.t1.r1", "load.b.t1.r1"), new Plan(e).cells().stream().map(Cell::id).limit(2).toList());
    // -p steps= takes the order given
    assertEquals(List.of("query", "load"), names(parse(Map.of("steps", "query,load"), null)));
  }

  @Test
  void aRunStepThatGoesWithItsLoadGetsItAndARunStepWithoutItsLoadIsSaid() {
    Experiment e = parse(Map.of(), List.of("requests"));
    assertEquals(List.of("graph", "requests"), names(e));
    assertEquals(List.of("--steps requests: added step graph: step requests goes count by count with it"
        + " (step.requests.after=graph)"), e.notes());
    e = parse(Map.of("steps", "query"), null);
    assertEquals(List.of("query"), names(e));
    assertEquals(List.of("-p steps=query: step query runs on the data already stored (the load step load before it in the"
        + " file does not run now)"), e.notes());
  }

  @Test
  void aLoadThatDoesNotRunStillSizesTheGraphOfTheRunStepsAfterIt() {
    Map<String, String> k = file();
    k.put("steps", "load,query,graph,requests,more");
    k.put("step.more.command", "run");
    k.put("step.more.P", "workloads/linkbench-small");
    Experiment e = ExperimentFile.parse(k, Map.of(), "x", KnownProperties.UNCHECKED, List.of("more"));
    assertEquals(List.of("more"), names(e));
    assertEquals("5001", e.steps().get(0).props().get("linkbench.maxid1"));
    assertEquals(List.of("--steps more: step more runs on the data already stored (the load steps load, graph before it in"
        + " the file do not run now)"), e.notes());
  }

  @Test
  void anUnknownStepOrAKeyOfAStepThatDoesNotRunIsRefused() {
    UserError e = org.junit.jupiter.api.Assertions.assertThrows(UserError.class, () -> parse(Map.of(), List.of("qery")));
    assertEquals("--steps qery: no step 'qery' (did you mean query?); the file's steps: load,query,graph,requests",
        e.getMessage());
    e = org.junit.jupiter.api.Assertions.assertThrows(UserError.class, () -> parse(Map.of("steps", "lod"), null));
    assertTrue(e.getMessage().startsWith("-p steps=lod: no step 'lod' (did you mean load?)"), e.getMessage());
    e = org.junit.jupiter.api.Assertions.assertThrows(UserError.class,
        () -> parse(Map.of("step.query.threads", "2"), List.of("load")));
    assertEquals("-p step.query.threads=2: step query does not run (steps: load); it would change nothing",
        e.getMessage());
    e = org.junit.jupiter.api.Assertions.assertThrows(UserError.class,
        () -> parse(Map.of("steps", "load"), List.of("load")));
    assertEquals("--steps and -p steps= both name the steps that run: give one", e.getMessage());
  }

  @Test
  void theCommandLinesStepsOptionIsParsed() {
    ExperimentArgs a = ExperimentArgs.parse(List.of("../experiments/insert-benchmark", "--steps", "load, qr100",
        "--check", "-p", "x="));
    assertEquals(List.of("load", "qr100"), a.steps());
    assertTrue(a.check());
    assertEquals(Map.of("x", ""), a.overrides());
    UserError e = org.junit.jupiter.api.Assertions.assertThrows(UserError.class,
        () -> ExperimentArgs.parse(List.of("../experiments/insert-benchmark", "--steps", "load,load")));
    assertTrue(e.getMessage().contains("each step once"), e.getMessage());
  }
}
