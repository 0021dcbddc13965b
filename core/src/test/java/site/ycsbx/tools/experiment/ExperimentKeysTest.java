package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsbx.testing.OneLineError.assertOneLineError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.util.UserError;

/**
 * Nothing in an experiment is silently ignored: a key that is no variable, no experiment, target
 * or step key and no property a binding or workload reads is refused in one line with the nearest
 * name, exit 2, no folder (today's {@code -p scal=1} and {@code -p step.load.treads=2} ran a whole
 * experiment at the file's defaults). Keys that reach a binding or workload YCSB-X knows no list of
 * go through.
 */
@Tag("fast")
class ExperimentKeysTest {
  /** Who reads what, by hand: iibench's and YCSB's few, two bindings' own. */
  static final KnownProperties KNOWN = new KnownProperties(
      Set.of("recordcount", "operationcount", "maxexecutiontime", "threadcount", "db", "ycsbx.interval", "ycsbx.drop",
          "iibench.rows", "iibench.roundrows", "iibench.batchsize", "workload"),
      Map.of("null", Set.of(), "mongodb", Set.of("mongodb.url", "mongodb.batchsize"),
          "mongodb-embedded", Set.of("mongodb.embedded.dir", "mongodb.batchsize"), "jdbc", Set.of("db.url", "db.user")),
      Set.of("site.ycsbx.workloads.iibench.IIBenchWorkload", "site.ycsb.workloads.CoreWorkload"));

  @TempDir
  Path dir;

  static Experiment parse(Map<String, String> keys, Map<String, String> overrides) {
    return ExperimentFile.parse(keys, overrides, "x", KNOWN, null);
  }

  static String refused(Map<String, String> keys, Map<String, String> overrides) {
    UserError e = assertThrows(UserError.class, () -> parse(keys, overrides));
    assertEquals(UserError.BAD_INPUT, e.exitCode(), e.getMessage());
    return e.getMessage();
  }

  @Test
  void aMisspeltVariableOrStepKeyOnTheCommandLineIsRefusedWithTheNearestName() {
    assertEquals("-p scal=1: unknown key scal (did you mean scale?): not a variable of the file (scale), an experiment"
        + " key (experiment.name, targets, steps, target.NAME.*, step.NAME.*) nor a property any binding or workload"
        + " reads", refused(ExperimentFileTest.base(), Map.of("scal", "1")));
    assertEquals("-p step.load.treads=2: unknown key step.load.treads (did you mean step.load.threads?): not a step key"
        + " (command, P, threads, repeats, after, efficiency.threads, latency) nor a property any binding or workload reads",
        refused(ExperimentFileTest.base(), Map.of("step.load.treads", "2")));
    assertTrue(refused(ExperimentFileTest.base(), Map.of("step.load.recordcont", "1000"))
        .contains("(did you mean step.load.recordcount?)"));
    assertTrue(refused(ExperimentFileTest.base(), Map.of("target.a.mongodb.ur", "x"))
        .contains("unknown key target.a.mongodb.ur (did you mean target.a.mongodb.url?): not a target key"));
    assertTrue(refused(ExperimentFileTest.base(), Map.of("var.scal", "1"))
        .contains("-p var.scal=1: the file declares no variable scal (did you mean var.scale?)"));
    // what the file sets, and the same keys spelt right, are read
    assertEquals("2", parse(ExperimentFileTest.base(), Map.of("step.load.threads", "2")).steps().get(0).threads()
        .get(0).toString());
    assertEquals("40000", parse(ExperimentFileTest.base(), Map.of("scale", "2")).steps().get(0).props()
        .get("iibench.rows"));
  }

  @Test
  void aFileKeyNoOneReadsIsRefusedInEveryScope() {
    Map<String, String> k = ExperimentFileTest.base();
    k.put("ycsbx.intervl", "5");
    assertTrue(refused(k, Map.of()).startsWith("experiment file: ycsbx.intervl=5: unknown key ycsbx.intervl (did you"
        + " mean ycsbx.interval?)"), refused(k, Map.of()));
    k = ExperimentFileTest.base();
    k.put("target.a.step.load.iibench.rowz", "5");
    assertTrue(refused(k, Map.of()).contains("unknown key target.a.step.load.iibench.rowz (did you mean"
        + " target.a.step.load.iibench.rows?)"), refused(k, Map.of()));
    k = ExperimentFileTest.base();
    k.put("step.load.nothing.like.it", "5");
    assertTrue(refused(k, Map.of()).contains("unknown key step.load.nothing.like.it: not a step key"), refused(k, Map.of()));
  }

  @Test
  void propertiesTheExperimentSetsForEachCellAreRefusedNamingItsOwnKey() {
    assertTrue(refused(ExperimentFileTest.base(), Map.of("step.load.threadcount", "4"))
        .contains("the experiment sets threadcount for each cell; use step.NAME.threads"));
    assertTrue(refused(ExperimentFileTest.base(), Map.of("target.a.db", "site.ycsb.BasicDB"))
        .contains("use target.NAME.binding"));
  }

  @Test
  void keysThatReachABindingOrWorkloadYcsbxKnowsNoListOfGoThrough() {
    Map<String, String> k = ExperimentFileTest.base();
    k.put("target.a.binding", "com.example.MyDb");
    k.put("target.a.mydb.setting", "1");
    Experiment e = parse(k, Map.of());
    assertEquals("1", e.targets().get(0).props().get("mydb.setting"));
    // the same key on a target of a known binding: nobody reads it
    k.put("target.b.mydb.setting", "1");
    assertTrue(refused(k, Map.of()).contains("unknown key target.b.mydb.setting"), refused(k, Map.of()));
  }

  private Result run(Map<String, String> keys, String... more) throws IOException {
    keys.replaceAll((k, v) -> k.endsWith(".P") && v.startsWith("workloads/") ? "../" + v : v);
    Path f = dir.resolve("exp");
    Files.writeString(f, keys.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining("\n")) + "\n");
    List<String> args = new java.util.ArrayList<>(List.of("experiment", f.toString(), "--out",
        dir.resolve("out").toString()));
    args.addAll(List.of(more));
    return InProcessMain.run(args.toArray(new String[0]));
  }

  /** Through bin/ycsb's entry point and its list of every binding's and family's properties. */
  @Test
  void bothMisspellingsOfTheIssueAreRefusedByTheCommandBeforeAnythingExists() throws IOException {
    Map<String, String> k = new LinkedHashMap<>(ExperimentFileTest.base());
    k.remove("target.b.P");
    assertOneLineError(run(new LinkedHashMap<>(k), "-p", "scal=1"), 2, "-p scal=1: unknown key scal (did you mean"
        + " scale?)");
    assertOneLineError(run(new LinkedHashMap<>(k), "-p", "step.load.treads=2"), 2, "(did you mean step.load.threads?)");
    assertOneLineError(run(new LinkedHashMap<>(k), "-p", "step.query.maxexecutiontim=2"), 2,
        "(did you mean step.query.maxexecutiontime?)");
    assertFalse(Files.exists(dir.resolve("out")));
    // bin/ycsb's own list: a binding's and a family's properties are read in any scope
    Result ok = run(new LinkedHashMap<>(k), "--dry-run", "-p", "step.load.iibench.batchsize=500", "-p",
        "target.a.ycsbx.interval=2", "-p", "step.query.requestdistribution=uniform");
    assertEquals(0, ok.exitCode(), ok.all());
    assertFalse(Files.exists(dir.resolve("out")));
  }
}
