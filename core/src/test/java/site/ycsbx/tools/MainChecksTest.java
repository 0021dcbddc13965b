package site.ycsbx.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsbx.testing.OneLineError.assertOneLineError;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.store.Bindings;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.MemoryProbeDb;

/**
 * bin/ycsb's checks and usage in-process, through the launcher's own entry point (Main.run): what
 * is decided before a run starts. Runs are in {@link MainTest}.
 */
@Tag("fast")
class MainChecksTest {
  private static final String MAIN = Main.class.getName();
  private static final String MEMORY = MemoryProbeDb.class.getName();

  @Test
  void unknownBindingNamesTheBindings() {
    // core's class path has core's bindings and the test bindings its test resources declare
    assertOneLineError(InProcessMain.run("load", "mangodb", "-P", JavaProcess.workload("workloada")), 2,
        "unknown binding 'mangodb'; bindings: basic, memory, memory-filemeta, memory-iibench, memory-linkbench, null");
  }

  @Test
  void checkRunsEveryCheckPrintsTheFingerprintAndRunsNothing() {
    var r = InProcessMain.run("check", "load", "null", "-P", JavaProcess.workload("iibench"), "-threads", "3");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("[FINGERPRINT]"), r.stdout());
    assertEquals("3", site.ycsbx.testing.PrintedFingerprint.of(r.stdout()).get("threads"), r.stdout());
    assertTrue(r.stdout().endsWith("[YCSB-X] check: every check passed, the server's too; nothing ran\n"), r.stdout());
    assertFalse(r.all().contains("Starting test."), r.all());

    assertOneLineError(InProcessMain.run("check", "shell", "null"), 2, "check needs load or run");
    assertOneLineError(InProcessMain.run("check", "load", "null", "-P", JavaProcess.workload("iibench"), "-p",
        "iibench.rws=5"), 2, "unknown property iibench.rws");
  }

  @Test
  void negativeThreadCountIsRejected() {
    assertOneLineError(InProcessMain.run("load", "basic", "-P", JavaProcess.workload("workloada"), "-threads", "-4"),
        2, "threadcount=-4 is out of range");
  }

  @Test
  void nonNumericRecordCountIsRejected() {
    assertOneLineError(InProcessMain.run("load", "basic", "-P", JavaProcess.workload("workloada"),
        "-p", "recordcount=lots"), 2, "recordcount=lots is not a whole number");
  }

  @Test
  void missingWorkloadFileIsRejected() {
    assertOneLineError(InProcessMain.run("run", "basic", "-P", "workloads/nope"), 2,
        "workload file workloads/nope does not exist");
  }

  @Test
  void bindingWithoutTheStoreIsOneLineBeforeAnyThread() {
    Result r = InProcessMain.run("load", "basic", "-P", JavaProcess.workload("probe"));
    assertOneLineError(r, 2, "binding basic has no ProbeStore, which workload probe needs; bindings that have it:");
  }

  @Test
  void helpListsCommandsBindingsAndWorkloads() {
    Result r = InProcessMain.run("--help");
    assertEquals(0, r.exitCode());
    for (String s : List.of("load", "run", "shell", "workloada", "iibench", "probe", "-threads")) {
      assertTrue(r.stdout().contains(s), s);
    }
    for (Bindings.Binding b : Bindings.all()) {
      assertTrue(r.stdout().matches("(?s).*\\n  " + Pattern.quote(b.name()) + " +" + Pattern.quote(b.description()) + "\\n.*"),
          "--help lists binding " + b.name() + ":\n" + r.stdout());
    }
    assertEquals(List.of("basic", "memory", "memory-filemeta", "memory-iibench", "memory-linkbench", "null"), Bindings.all().stream().map(Bindings.Binding::name).toList(),
        "bindings found through META-INF/services, by name");
  }

  @Test
  void helpListsEveryWorkloadFileAndTheLauncherOptions() throws java.io.IOException {
    Result r = InProcessMain.run("--help");
    assertEquals(0, r.exitCode());
    java.nio.file.Path folder = java.nio.file.Path.of(JavaProcess.workload("workloada")).getParent();
    List<String> files;
    try (java.util.stream.Stream<java.nio.file.Path> s = java.nio.file.Files.list(folder)) {
      files = s.map(p -> p.getFileName().toString()).sorted().toList();
    }
    assertTrue(files.size() >= 14, files.toString());
    for (String f : files) {
      assertTrue(r.stdout().matches("(?s).*[ ,]" + Pattern.quote(f) + "[,:].*"), "--help lists workloads/" + f + ":\n"
          + r.stdout());
    }
    for (String s : List.of("-jvm-args", "-cp PATH", "JAVA_OPTS")) {
      assertTrue(r.stdout().contains(s), s + ":\n" + r.stdout());
    }
  }

  @Test
  void aMisspeltYcsbPropertyIsRefusedNotIgnored() {
    // YCSB would load the default 1000 records and say nothing
    assertOneLineError(InProcessMain.run("load", "null", "-P", JavaProcess.workload("workloada"),
        "-p", "recordcont=5000"), 2, "unknown property recordcont (did you mean recordcount?)");
    assertOneLineError(InProcessMain.run("run", "null", "-P", JavaProcess.workload("workloada"),
        "-p", "requestdistrbution=uniform"), 2, "unknown property requestdistrbution (did you mean requestdistribution?)");
  }

  @Test
  void anImpossibleProportionIsRefused() {
    assertOneLineError(InProcessMain.run("run", "null", "-P", JavaProcess.workload("workloada"),
        "-p", "readproportion=1.5"), 2, "readproportion=1.5 is out of range; readproportion accepts 0.0 to 1.0");
    assertOneLineError(InProcessMain.run("run", "null", "-P", JavaProcess.workload("workloada"),
        "-p", "updateproportion=-0.1"), 2, "updateproportion=-0.1 is out of range");
    assertOneLineError(InProcessMain.run("run", "null", "-P", JavaProcess.workload("workloada"),
        "-p", "readproportion=0", "-p", "updateproportion=0", "-p", "insertproportion=0", "-p", "scanproportion=0",
        "-p", "readmodifywriteproportion=0"), 2, "every operation proportion is 0");
  }

  @Test
  void propertiesOfOtherBindingsAndToolsStillPass() {
    // a property nobody here reads but far from YCSB's names is another binding's or tool's
    List<String> clientArgs = new java.util.ArrayList<>();
    Result r = InProcessMain.checks(clientArgs, "load", "null", "-P", JavaProcess.workload("workloada"),
        "-p", "recordcount=20", "-p", "hbase.zookeeper.quorum=zk1", "-p", "cassandra.readconsistencylevel=ONE");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(clientArgs.contains("hbase.zookeeper.quorum=zk1"), "passed on to YCSB's Client: " + clientArgs);
  }

  @Test
  void misspeltPropertyUnderAnOwnedPrefixIsRefusedWithASuggestion() {
    assertOneLineError(InProcessMain.run("load", MEMORY, "-P", JavaProcess.workload("probe"),
        "-p", "ycsbx.maxerrorpercnt=5"), 2,
        "unknown property ycsbx.maxerrorpercnt (did you mean ycsbx.maxerrorpercent?); ycsbx.* properties: ");
  }
}
