package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The command line over a file that stands in for real servers: an empty value removes a key, a
 * target moved to another binding loses the keys only its old binding reads (experiments/ycsb-versions'
 * real-server form was refused with "unknown property mongodb.embedded.dir"), and a key for one
 * target at one step.
 */
@Tag("fast")
class OverridesTest {
  /** ycsb-versions' shape: two embedded stand-ins, a load and a run. */
  static Map<String, String> standIns() {
    Map<String, String> k = new LinkedHashMap<>();
    k.put("var.records", "1000");
    k.put("targets", "mongo26,mongo30");
    for (String t : List.of("mongo26", "mongo30")) {
      k.put("target." + t + ".binding", "mongodb-embedded");
      k.put("target." + t + ".mongodb.embedded.dir", "runs/data/" + t);
      k.put("target." + t + ".mongodb.batchsize", "100");
    }
    k.put("recordcount", "${records}");
    k.put("steps", "load,run");
    k.put("step.load.command", "load");
    k.put("step.load.P", "workloads/workloada");
    k.put("step.load.ycsbx.drop", "true");
    k.put("step.run.command", "run");
    k.put("step.run.P", "workloads/workloadb");
    k.put("step.run.maxexecutiontime", "10");
    return k;
  }

  @Test
  void anEmptyValueRemovesTheFilesKeyAndSaysSo() {
    Experiment e = ExperimentKeysTest.parse(standIns(), Map.of("target.mongo26.mongodb.embedded.dir", ""));
    assertFalse(e.targets().get(0).props().containsKey("mongodb.embedded.dir"));
    assertEquals("runs/data/mongo30", e.targets().get(1).props().get("mongodb.embedded.dir"));
    assertEquals(List.of("-p target.mongo26.mongodb.embedded.dir= removes the file's"
        + " target.mongo26.mongodb.embedded.dir=runs/data/mongo26"), e.notes());
    Cell first = new Plan(e).cells().get(0);
    assertFalse(e.arguments(first).stream().anyMatch(a -> a.startsWith("mongodb.embedded.dir")), e.arguments(first)
        .toString());
  }

  /**
   * Each cell takes a key where it is set most narrowly: a -p the file sets more narrowly would not
   * reach those cells (seen: -p db.user=bench beside a target's own db.user ran that target as the
   * file's account, said nowhere). Refused naming the file's key; a -p at that scope too passes.
   */
  @Test
  void aCommandLineKeyTheFileSetsMoreNarrowlyIsRefused() {
    Map<String, String> k = standIns();
    k.put("target.mongo30.ycsbx.interval", "5");
    k.put("target.mongo26.step.run.ycsbx.interval", "1");
    assertEquals("-p ycsbx.interval=10 would not reach every cell: the file sets"
        + " target.mongo26.step.run.ycsbx.interval=1, which its cells take instead; give -p"
        + " target.mongo26.step.run.ycsbx.interval=... too (or -p target.mongo26.step.run.ycsbx.interval="
        + " to remove the file's)", ExperimentKeysTest.refused(k, Map.of("ycsbx.interval", "10")));
    // a target's key shadowed by its own key at one step; a step's key by a target's at that step
    assertTrue(ExperimentKeysTest.refused(k, Map.of("target.mongo26.ycsbx.interval", "5"))
        .contains("the file sets target.mongo26.step.run.ycsbx.interval=1"));
    assertTrue(ExperimentKeysTest.refused(k, Map.of("step.run.ycsbx.interval", "5"))
        .contains("the file sets target.mongo26.step.run.ycsbx.interval=1"));
    // every narrower key given too: it reaches each cell, and each cell takes its own
    Map<String, String> all = new LinkedHashMap<>(Map.of("ycsbx.interval", "10",
        "target.mongo30.ycsbx.interval", "10", "target.mongo26.step.run.ycsbx.interval",
        "10"));
    Experiment e = ExperimentKeysTest.parse(k, all);
    new Plan(e).cells().forEach(c -> assertTrue(e.arguments(c).contains("ycsbx.interval=10"),
        e.arguments(c).toString()));
    // a key the file sets nowhere more narrowly, and the experiment's own keys of a target or step, pass
    ExperimentKeysTest.parse(standIns(), Map.of("ycsbx.interval", "5"));
    ExperimentKeysTest.parse(k, Map.of("step.run.threads", "2", "target.mongo26.binding", "mongodb-embedded"));
  }

  @Test
  void anEmptyValueOfAKeyTheFileLacksOrOfAVariableIsRefused() {
    assertEquals("-p target.mongo26.mongodb.embeded.dir=: the file sets no target.mongo26.mongodb.embeded.dir (did you"
        + " mean target.mongo26.mongodb.embedded.dir?); an empty value removes a key of the file, and there is none to"
        + " remove", ExperimentKeysTest.refused(standIns(), Map.of("target.mongo26.mongodb.embeded.dir", "")));
    assertTrue(ExperimentKeysTest.refused(standIns(), Map.of("records", "")).startsWith("-p records=: variable records"
        + " needs a value"));
  }

  @Test
  void aTargetMovedToAnotherBindingLosesTheKeysOnlyItsOldBindingReads() {
    Experiment e = ExperimentKeysTest.parse(standIns(), Map.of("target.mongo26.binding", "mongodb",
        "target.mongo26.mongodb.url", "mongodb://127.0.0.1:1/ycsb"));
    Target t = e.targets().get(0);
    assertEquals("mongodb", t.binding());
    // the embedded folder goes; the batch size, which the new binding reads too, stays
    assertEquals(Map.of("mongodb.url", "mongodb://127.0.0.1:1/ycsb", "mongodb.batchsize", "100"), t.props());
    assertEquals(List.of("target mongo26 runs on mongodb (-p), not the file's mongodb-embedded: dropped"
        + " target.mongo26.mongodb.embedded.dir=runs/data/mongo26 (only mongodb-embedded reads it)"), e.notes());
    // the other target keeps its stand-in
    assertEquals("runs/data/mongo30", e.targets().get(1).props().get("mongodb.embedded.dir"));
  }

  @Test
  void aKeyTheCommandLineGivesStaysAndAnUnknownBindingLosesNothing() {
    // given with -p, the key is the user's: the new binding's check says whether it reads it
    Experiment e = ExperimentKeysTest.parse(standIns(), Map.of("target.mongo26.binding", "mongodb",
        "target.mongo26.mongodb.embedded.dir", "elsewhere"));
    assertEquals("elsewhere", e.targets().get(0).props().get("mongodb.embedded.dir"));
    assertEquals(List.of(), e.notes());
    // a class YCSB-X knows nothing of may read anything
    e = ExperimentKeysTest.parse(standIns(), Map.of("target.mongo26.binding", "com.example.MyDb"));
    assertEquals("runs/data/mongo26", e.targets().get(0).props().get("mongodb.embedded.dir"));
    // the same binding again drops nothing
    e = ExperimentKeysTest.parse(standIns(), Map.of("target.mongo26.binding", "mongodb-embedded"));
    assertEquals(List.of(), e.notes());
  }

  @Test
  void aSubsetOfTheTargetsRunsAndAKeyOfOneLeftOutIsRefused() {
    Experiment e = ExperimentKeysTest.parse(standIns(), Map.of("targets", "mongo30"));
    assertEquals(List.of("mongo30"), e.targets().stream().map(Target::name).toList());
    assertEquals("-p target.mongo26.mongodb.batchsize=5: target mongo26 does not run (targets: mongo30); it would change"
        + " nothing", ExperimentKeysTest.refused(standIns(), Map.of("targets", "mongo30",
            "target.mongo26.mongodb.batchsize", "5")));
  }

  @Test
  void aKeyForOneTargetAtOneStepReachesOnlyThatTargetsCellsOfThatStep() {
    Map<String, String> k = standIns();
    k.put("target.mongo30.step.load.mongodb.batchsize", "1000");
    Experiment e = ExperimentKeysTest.parse(k, Map.of("target.mongo26.step.run.maxexecutiontime", "20"));
    Plan p = new Plan(e);
    for (Cell c : p.cells()) {
      List<String> args = e.arguments(c);
      String batch = c.target().name().equals("mongo30") && c.step().isLoad() ? "1000" : "100";
      assertEquals(1, args.stream().filter(a -> a.startsWith("mongodb.batchsize=")).count(), args.toString());
      assertTrue(args.contains("mongodb.batchsize=" + batch), c.id() + " " + args);
      if (!c.step().isLoad()) {
        String limit = c.target().name().equals("mongo26") ? "20" : "10";
        assertEquals(1, args.stream().filter(a -> a.startsWith("maxexecutiontime=")).count(), args.toString());
        assertTrue(args.contains("maxexecutiontime=" + limit), c.id() + " " + args);
        assertEquals(Double.parseDouble(limit), p.timeLimit(c), c.id());
      }
    }
    // a step's own keys are every target's; an unknown step is refused with the nearest
    assertEquals("-p target.mongo26.step.run.threads=4: a step's threads is the same for every target; set"
        + " step.run.threads", ExperimentKeysTest.refused(standIns(), Map.of("target.mongo26.step.run.threads", "4")));
    assertTrue(ExperimentKeysTest.refused(standIns(), Map.of("target.mongo26.step.rn.maxexecutiontime", "4"))
        .contains("names step 'rn', which is not in steps=load,run (did you mean run?)"));
    // a key set by a target and by a step is still refused, pointing at the narrower scope
    k = standIns();
    k.put("target.mongo26.maxexecutiontime", "5");
    assertTrue(ExperimentKeysTest.refused(k, Map.of()).contains("maxexecutiontime is set by both target.mongo26 and"
        + " step.run; set it in one place (target.mongo26.step.run.maxexecutiontime sets it for one target at one"
        + " step)"));
  }
}
