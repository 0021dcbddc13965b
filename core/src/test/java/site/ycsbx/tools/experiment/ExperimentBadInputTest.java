package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsbx.testing.OneLineError.assertOneLineError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess.Result;

/** Bad input refused in one line, exit 2, before the experiment's folder or any cell exists. */
@Tag("fast")
class ExperimentBadInputTest {
  @TempDir
  Path dir;

  private Path file(Map<String, String> keys) throws IOException {
    // the tests run in core/: the project's workload files are one folder up
    keys.replaceAll((k, v) -> k.endsWith(".P") && v.startsWith("workloads/") ? "../" + v : v);
    Path f = dir.resolve("exp");
    Files.writeString(f, keys.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining("\n")) + "\n");
    return f;
  }

  private Result run(Map<String, String> keys, String... more) throws IOException {
    String[] args = new String[4 + more.length];
    args[0] = "experiment";
    args[1] = file(keys).toString();
    args[2] = "--out";
    args[3] = dir.resolve("out").toString();
    System.arraycopy(more, 0, args, 4, more.length);
    return InProcessMain.run(args);
  }

  @Test
  void aMisspeltPropertyOfAStepIsRefusedWithItsNearestName() throws IOException {
    Map<String, String> k = ExperimentFileTest.base();
    k.remove("target.b.P");
    k.put("step.query.operationcont", "5");
    Result r = run(k);
    assertOneLineError(r, 2, "experiment file: step.query.operationcont=5: unknown key step.query.operationcont (did you"
        + " mean step.query.operationcount?)");
    assertFalse(Files.exists(dir.resolve("out")));
  }

  @Test
  void aBadValueOfAKnownPropertyIsRefusedNamingTheStepAndTarget() throws IOException {
    Map<String, String> k = ExperimentFileTest.base();
    k.remove("target.b.P");
    k.put("step.query.operationcount", "many");
    Result r = run(k);
    assertOneLineError(r, 2, "step query, target a: ", "operationcount=many");
    assertFalse(Files.exists(dir.resolve("out")));
  }

  @Test
  void anUnknownBindingIsRefused() throws IOException {
    Map<String, String> k = ExperimentFileTest.base();
    k.remove("target.b.P");
    k.put("target.b.binding", "mongo");
    Result r = run(k);
    assertOneLineError(r, 2, "target b", "mongo");
    assertFalse(Files.exists(dir.resolve("out")));
  }

  @Test
  void anOutFolderOfAnotherExperimentOrOfOtherFilesIsRefused() throws IOException {
    Map<String, String> k = ExperimentFileTest.base();
    k.remove("target.b.P");
    Files.createDirectories(dir.resolve("out"));
    Files.writeString(dir.resolve("out").resolve(Ledger.NAME_FILE), "other\n");
    assertOneLineError(run(k), 2, "holds experiment 'other', not 'exp'");

    Files.delete(dir.resolve("out").resolve(Ledger.NAME_FILE));
    Files.writeString(dir.resolve("out").resolve("notes.txt"), "mine\n");
    assertOneLineError(run(k), 2, "holds files but no experiment");
    assertEquals("mine\n", Files.readString(dir.resolve("out").resolve("notes.txt")));
  }

  @Test
  void aRedoOfACellNotInThePlanIsRefused() throws IOException {
    Map<String, String> k = ExperimentFileTest.base();
    k.remove("target.b.P");
    assertOneLineError(run(k, "--redo", "query.c.t1.r1"), 2, "--redo query.c.t1.r1: no such cell");
  }

  @Test
  void aMissingFileAndAStrayArgumentAreRefused() {
    assertOneLineError(InProcessMain.run("experiment", dir.resolve("none").toString()), 2, "does not exist");
    assertOneLineError(InProcessMain.run("experiment"), 2, "experiment needs a file");
    assertOneLineError(InProcessMain.run("experiment", "a", "b"), 2, "unexpected argument 'b'");
  }

  /**
   * A cell that finished under another definition: a run refuses it; a dry run (a plan of another
   * size, say) prints the plan without that cell's earlier time and says the run would refuse it.
   */
  @Test
  void aChangedCellIsRefusedByARunAndNamedByADryRun() throws IOException {
    Map<String, String> k = ExperimentFileTest.base();
    k.remove("target.b.P");
    Path out = Files.createDirectories(dir.resolve("out"));
    Files.writeString(out.resolve(Ledger.NAME_FILE), "exp\n");
    Files.writeString(out.resolve(Ledger.FILE), "# cell\tdefinition\tstatus\texit\tseconds\n"
        + "load.a.t1.r1\t000000000000\tOK\t0\t12.0\t\n");
    assertOneLineError(run(k), 2, "cell load.a.t1.r1 changed since it ran", "--redo load.a.t1.r1");
    Result dry = run(k, "--dry-run");
    assertEquals(0, dry.exitCode(), dry.all());
    assertTrue(dry.stdout().contains("1 cells changed since they ran in " + out + " (load.a.t1.r1): a run refuses"
        + " them"), dry.stdout());
    assertFalse(dry.stdout().contains("took 12 s before"), dry.stdout());
    assertOneLineError(run(k, "--dry-run", "--check"), 2, "cell load.a.t1.r1 changed since it ran");
  }

  @Test
  void theDryRunPrintsThePlanAndCreatesNothing() throws IOException {
    Map<String, String> k = ExperimentFileTest.base();
    k.remove("target.b.P");
    Result r = run(k, "--dry-run");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("experiment exp: 2 targets x 2 steps, 10 cells"), r.stdout());
    assertFalse(Files.exists(dir.resolve("out")));
  }
}
