package site.ycsbx.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.store.Bindings;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.MemoryProbeDb;

/**
 * bin/ycsb's Java side: checks and usage in-process through Main.run (what is decided before a run
 * starts), runs as a subprocess (YCSB's Client exits its JVM): exit codes, verdict, secrets.
 */
class MainTest {
  private static final String MAIN = Main.class.getName();
  private static final String MEMORY = MemoryProbeDb.class.getName();

  private static void assertOneLineError(Result r, int exit, String expected) {
    assertEquals(exit, r.exitCode(), r.all());
    List<String> lines = r.stderrLines();
    assertEquals(1, lines.size(), "expected one line on stderr, got:\n" + r.stderr());
    assertTrue(lines.get(0).contains(expected), lines.get(0));
    assertFalse(r.all().contains("Exception"), r.all());
  }

  @Test
  void unknownCommandIsOneLineExit2() {
    assertOneLineError(JavaProcess.run(MAIN, "lod", "basic"), 2, "unknown command 'lod'");
  }

  @Test
  void unknownBindingNamesTheBindings() {
    // core's class path has core's bindings and the test bindings its test resources declare
    assertOneLineError(InProcessMain.run("load", "mangodb", "-P", JavaProcess.workload("workloada")), 2,
        "unknown binding 'mangodb'; bindings: basic, memory, memory-filemeta, memory-iibench, memory-linkbench, null");
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
  void unreachableServerIsOneLineExit1WithoutPassword() {
    Result r = JavaProcess.run(MAIN, "load", MEMORY, "-P", JavaProcess.workload("probe"),
        "-p", "memory.unreachable=mongodb://bob:s3cr3t@127.0.0.1:1/x");
    assertOneLineError(r, 1, "cannot reach memory server mongodb://bob:*****@127.0.0.1:1/x");
    assertFalse(r.all().contains("s3cr3t"));
  }

  @Test
  void loadThroughMainPrintsFingerprintAndExitsZero() {
    Result r = JavaProcess.run(MAIN, "load", MEMORY, "-P", JavaProcess.workload("probe"), "-p", "recordcount=300");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("[FINGERPRINT]"), r.stdout());
    assertTrue(r.stdout().contains("[PROBE_PUT], Operations, 300"), r.stdout());
    assertTrue(r.stderr().contains("[ERRORS] OK: 300 operations, 0 failed"), r.stderr());
  }

  @Test
  void anyFailureInALoadExits1AndSaysWhy() {
    Result r = JavaProcess.run(MAIN, "load", MEMORY, "-P", JavaProcess.workload("probe"),
        "-p", "recordcount=100", "-p", "memory.failevery=50");
    assertEquals(Main.EXIT_RUN_FAILED, r.exitCode(), r.all());
    assertTrue(r.stderr().contains("[ERRORS] FAILED: 2 of 100 operations failed (2.00%), above ycsbx.maxerrorpercent=0 for a load"), r.stderr());
    assertTrue(r.stderr().contains("injected failure on put"), r.stderr());
  }

  @Test
  void thresholdIsAProperty() {
    Result r = JavaProcess.run(MAIN, "load", MEMORY, "-P", JavaProcess.workload("probe"),
        "-p", "recordcount=100", "-p", "memory.failevery=50", "-p", "ycsbx.maxerrorpercent=5");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stderr().contains("[ERRORS] OK: 100 operations, 2 failed"), r.stderr());
  }

  @Test
  void runOfMissingDataFailsAndSaysWhy() {
    // a fresh JVM has an empty memory table: every read misses
    Result r = JavaProcess.run(MAIN, "run", MEMORY, "-P", JavaProcess.workload("probe"), "-p", "operationcount=50");
    assertEquals(Main.EXIT_RUN_FAILED, r.exitCode(), r.all());
    assertTrue(r.stderr().contains("NOT_FOUND=50"), r.stderr());
    assertTrue(r.stderr().contains("not found (was the probe loaded?)"), r.stderr());
  }

  @Test
  void passwordsNeverReachOutputOrExportsButReachTheBinding(@TempDir Path dir) throws Exception {
    Path export = dir.resolve("out.json");
    Result r = JavaProcess.run(MAIN, "load", MEMORY, "-P", JavaProcess.workload("probe"), "-p", "recordcount=10",
        "-p", "memory.password=hunter2", "-p", "memory.url=mongodb://alice:hunter2@db.example:27017/x",
        "-p", "exporter=site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter",
        "-p", "exportfile=" + export);
    assertEquals(0, r.exitCode(), r.all());
    String json = Files.readString(export);
    for (String text : List.of(r.stdout(), r.stderr(), json)) {
      assertFalse(text.contains("hunter2"), text);
    }
    assertTrue(r.stdout().matches("(?s).*memory\\.pw\\.length +: 7\n.*"), r.stdout());
    assertTrue(json.contains("\"metric\" : \"FINGERPRINT\""), json);
    assertTrue(json.contains("mongodb://alice:*****@db.example:27017/x"), json);
    assertTrue(json.contains("\"metric\" : \"PROBE_PUT\""), json);
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
  void aBindingDeclaredInServicesRunsByName() {
    Result r = JavaProcess.run(MAIN, "load", "memory", "-P", JavaProcess.workload("probe"), "-p", "recordcount=50");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("[PROBE_PUT], Return=OK, 50"), r.stdout());
  }

  @Test
  void misspeltPropertyUnderAnOwnedPrefixIsRefusedWithASuggestion() {
    assertOneLineError(InProcessMain.run("load", MEMORY, "-P", JavaProcess.workload("probe"),
        "-p", "ycsbx.maxerrorpercnt=5"), 2,
        "unknown property ycsbx.maxerrorpercnt (did you mean ycsbx.maxerrorpercent?); ycsbx.* properties: ");
  }

  @Test
  void ycsbCoreWorkloadsRunThroughMain() {
    Result load = JavaProcess.run(MAIN, "load", "null", "-P", JavaProcess.workload("workloada"), "-p", "recordcount=500");
    assertEquals(0, load.exitCode(), load.all());
    assertTrue(load.stdout().contains("[INSERT], Return=OK, 500"), load.stdout());
    Result run = JavaProcess.run(MAIN, "run", "null", "-P", JavaProcess.workload("workloadc"), "-p", "operationcount=300");
    assertEquals(0, run.exitCode(), run.all());
    assertTrue(run.stdout().contains("[READ], Return=OK, 300"), run.stdout());
    assertTrue(run.stderr().contains("[ERRORS] OK: 300 operations, 0 failed"), run.stderr());
  }
}
