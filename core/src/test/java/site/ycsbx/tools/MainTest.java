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
 * bin/ycsb's Java side run as a subprocess (YCSB's Client exits its JVM): exit codes, verdict,
 * secrets; one bad input through the real launcher. The checks made before a run starts are in
 * {@link MainChecksTest}, in-process.
 */
@Tag("process")
class MainTest {
  private static final String MAIN = Main.class.getName();
  private static final String MEMORY = MemoryProbeDb.class.getName();

  @Test
  void unknownCommandIsOneLineExit2() {
    assertOneLineError(JavaProcess.run(MAIN, "lod", "basic"), 2, "unknown command 'lod'");
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

  /** A run that waited for its server at its start records the wait in its run folder; one that did not, nothing. */
  @Test
  void theRunFolderRecordsTheOutagesTheRunMet(@TempDir Path dir) throws Exception {
    Result r = JavaProcess.run(MAIN, "load", MEMORY, "-P", JavaProcess.workload("probe"), "-p", "recordcount=100",
        "-p", "memory.awayfor=1500", "-p", "ycsbx.reconnect.atstart=true",
        "-p", "ycsbx.reconnect.backoffms=100", "-p", "ycsbx.out=" + dir.resolve("waited"));
    assertEquals(0, r.exitCode(), r.all());
    com.fasterxml.jackson.databind.JsonNode outages = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(dir.resolve("waited/result.json").toFile()).path("outages");
    assertEquals(1, outages.path("count").asInt(), outages.toString());
    assertEquals(1, outages.path("before_start").asInt(), outages.toString());
    assertEquals(0, outages.path("operations_lost").asInt(), outages.toString());
    assertFalse(outages.path("gave_up").asBoolean(), outages.toString());
    // away for 1.5 s from the child's first check (a deadline on the test's clock counted the child JVM's
    // start too: 1.3 s of 1.5 on a CI run with every module's tests side by side)
    double secs = outages.path("seconds").asDouble();
    assertTrue(secs > 0.5 && secs < 30, outages.toString());
    String summary = Files.readString(dir.resolve("waited/summary.txt"));
    assertTrue(summary.contains(String.format(java.util.Locale.ROOT, "(%.1f s): before the run started (it waited for"
        + " the server); cause: cannot reach memory server: Connection refused", secs)), summary);
    assertTrue(r.stderr().contains("[ERRORS] OK: 100 operations, 0 failed"), r.stderr());

    Result clean = JavaProcess.run(MAIN, "load", MEMORY, "-P", JavaProcess.workload("probe"), "-p", "recordcount=10",
        "-p", "ycsbx.out=" + dir.resolve("clean"));
    assertEquals(0, clean.exitCode(), clean.all());
    String json = Files.readString(dir.resolve("clean/result.json"));
    assertTrue(json.replaceAll("\\s", "").contains("\"outages\":{\"count\":0,\"seconds\":0.0,\"before_start\":0,"
        + "\"operations_lost\":0,\"gave_up\":false}"), json);
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
  void aBindingDeclaredInServicesRunsByName() {
    Result r = JavaProcess.run(MAIN, "load", "memory", "-P", JavaProcess.workload("probe"), "-p", "recordcount=50");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("[PROBE_PUT], Return=OK, 50"), r.stdout());
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
