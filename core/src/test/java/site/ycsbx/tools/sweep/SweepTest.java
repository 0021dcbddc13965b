package site.ycsbx.tools.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.results.PointResult;
import site.ycsbx.results.SweepFile;
import site.ycsbx.results.YcsbResult;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.MemoryProbeDb;
import site.ycsbx.testing.ReportProbe;
import site.ycsbx.testing.SweepChecks;

/** Real sweeps on the null binding, failed points, and bad input. */
@Tag("slow")
class SweepTest {
  /** A sweep's exit code and what it printed. */
  record Run(int exit, String out, String err) {
  }

  /** Runs {@code ycsb sweep ARGS} in this JVM (each point still in its own). */
  static Run sweep(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = Sweep.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void repeatsVisitTheThreadCountsUpThenDown() {
    List<Integer> t = List.of(1, 2, 4, 8);
    assertEquals(List.of(1, 2, 4, 8), Sweep.order(t, 1));
    assertEquals(List.of(8, 4, 2, 1), Sweep.order(t, 2));
    assertEquals(List.of(1, 2, 4, 8), Sweep.order(t, 3));
  }

  /** A run folder given to a sweep: each point writes its own subfolder, t<threads>-r<repeat>. */
  @Test
  void eachPointOfASweepGetsItsOwnRunFolder(@TempDir Path tmp) throws Exception {
    Path runs = tmp.resolve("runs");
    Run r = sweep("run", "null", "-P", JavaProcess.workload("workloada"), "-p", "recordcount=100",
        "-p", "operationcount=500", "--threads", "1,2", "--out", tmp.resolve("sweep").toString(),
        "-p", site.ycsbx.results.RunFolder.OUT_PROPERTY + "=" + runs);
    assertEquals(0, r.exit(), r.err());
    for (int t : List.of(1, 2)) {
      Path json = runs.resolve("t" + t + "-r1").resolve(site.ycsbx.results.RunFolder.RESULT_FILE);
      assertTrue(Files.exists(json), json + ": " + r.err());
      com.fasterxml.jackson.databind.JsonNode n = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.toFile());
      assertEquals(String.valueOf(t), n.path("fingerprint").path("threads").asText());
      assertEquals(500, n.path("overall").path("operations").asLong());
      assertTrue(Files.exists(runs.resolve("t" + t + "-r1/READ.hdr")));
    }
  }

  @Test
  void nullBindingSweepWritesTheThreeFilesAndRendersInChromium(@TempDir Path tmp) throws Exception {
    Path out = tmp.resolve("s");
    Run r = sweep("run", "null", "-P", JavaProcess.workload("workloada"), "-p", "recordcount=500",
        "-p", "operationcount=1000", "--threads", "4,1,2", "--out", out.toString(), "--label", "null-a");
    assertEquals(0, r.exit(), r.err());
    // progress: point k of n, with an ETA after the first
    assertTrue(r.err().contains("sweep: point 1/3: run null, 1 thread\n"), r.err());
    assertTrue(r.err().contains("sweep: point 3/3: run null, 4 threads (ETA "), r.err());
    // the table: overall and per operation, all columns
    assertTrue(r.out().contains("OVERALL (latency columns: the slowest operation)"), r.out());
    assertTrue(r.out().matches("(?s).*threads\\s+ops/s\\s+p50 ms\\s+p95 ms\\s+p99 ms\\s+p99.9 ms\\s+max ms\\s+errors\\s+CPU %.*"),
        r.out());
    assertTrue(r.out().contains("\nREAD\n") && r.out().contains("\nUPDATE\n"), r.out());
    assertTrue(r.out().contains("verdict: "), r.out());

    SweepFile f = SweepChecks.assertFiles(out, List.of(1, 2, 4), List.of("READ", "UPDATE"), "null");
    assertEquals("null-a", f.label());
    for (PointResult p : f.points()) {
      assertEquals(1000, p.ops().get("READ").count() + p.ops().get("UPDATE").count());
      assertEquals(0, p.errors());
      assertTrue(p.cpuPercent() > 0 && p.cpuPercent() <= 100.5, "client CPU % " + p.cpuPercent());
      assertEquals("none", p.fingerprint().get("storage.engine"));
    }
    SweepChecks.assertRenders(out.resolve(SweepReport.HTML_FILE));
  }

  @Test
  void repeatsAndALatencyLimitAreDrawnOnThePage(@TempDir Path tmp) throws Exception {
    Path out = tmp.resolve("s");
    Run r = sweep("run", "null", "-P", JavaProcess.workload("workloada"), "-p", "recordcount=500",
        "-p", "operationcount=1000", "--threads", "1,2,4", "--repeat", "2", "--sla-p99", "2", "--out", out.toString(),
        "--label", "null-r2");
    assertEquals(0, r.exit(), r.err());
    SweepFile f = SweepChecks.assertFiles(out, List.of(1, 2, 4), List.of("READ", "UPDATE"), "null");
    Path html = out.resolve(SweepReport.HTML_FILE);
    JsonNode p = SweepChecks.assertReport(html, f);
    // two runs at each of 3 thread counts: a bar at each, per operation on the latency chart
    assertEquals(3, ReportProbe.chart(p, "throughput").path("spread").size());
    assertEquals(6, ReportProbe.chart(p, "latency").path("spread").size());
    assertEquals(1, ReportProbe.chart(p, "latency").path("limit").size());
    assertTrue(ReportProbe.setupEntries(p).contains("1:binding=null"), ReportProbe.setupEntries(p).toString());
    ReportProbe.screenshot(html, "sweep-null-binding");
  }

  @Test
  void aFailedPointIsReportedAndTheSweepGoesOnThenExitsOne(@TempDir Path tmp) throws Exception {
    Path out = tmp.resolve("s");
    Run r = sweep("load", MemoryProbeDb.class.getName(), "-P", JavaProcess.workload("probe"),
        "-p", "recordcount=50", "-p", "memory.unreachable=mongodb://bob:s3cr3t@127.0.0.1:1/x",
        "--threads", "1,2", "--out", out.toString());
    assertEquals(1, r.exit(), r.err());
    assertTrue(r.err().contains("sweep: point 1/2 FAILED (1 thread): exited 1: ycsb: cannot reach memory server"),
        r.err());
    assertTrue(r.err().contains("sweep: point 2/2 FAILED"), "the sweep must go on after a failed point: " + r.err());
    assertTrue(r.err().contains("sweep: 2 of 2 points failed"), r.err());
    assertTrue(r.out().contains("       1 FAILED: exited 1"), r.out());
    SweepFile f = SweepReport.read(out);
    assertEquals(List.of(1, 1), f.points().stream().map(PointResult::exitCode).toList());
    String json = Files.readString(out.resolve(SweepReport.JSON_FILE));
    assertFalse(json.contains("s3cr3t"), "password in sweep.json");
    assertTrue(json.contains("memory.unreachable=mongodb://bob:*****@127.0.0.1:1/x"), json);
  }

  @Test
  void reloadRunsTheLoadBeforeEachPoint(@TempDir Path tmp) throws Exception {
    Path out = tmp.resolve("s");
    Run r = sweep("run", "null", "-P", JavaProcess.workload("workloada"), "-p", "recordcount=200",
        "-p", "operationcount=500", "--threads", "1,2", "--reload", "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    for (String t : List.of("1", "2")) {
      // the reload is a load with the point's thread count, before the point
      Path reload = out.resolve("points/t" + t + "-r1-reload.json");
      YcsbResult load = YcsbResult.read(reload);
      assertEquals(200, load.stats("INSERT").count());
      assertEquals("load", load.fingerprint().get("phase"));
      assertEquals(t, load.fingerprint().get("threads"));
      Path point = out.resolve("points/t" + t + "-r1.json");
      assertTrue(Files.getLastModifiedTime(reload).compareTo(Files.getLastModifiedTime(point)) <= 0);
    }
    assertTrue(SweepReport.read(out).reload());
  }

  @Test
  void reloadOfALoadSweepIsRefused(@TempDir Path tmp) {
    assertBadInput(tmp, "--reload re-runs the load before each point of a run sweep",
        "load", "null", "-P", JavaProcess.workload("workloada"), "--threads", "1", "--reload");
  }

  @Test
  void aLoadSweepOfFixedKeysIsRefusedUpFront(@TempDir Path tmp) {
    // seen: points 2 and 3 failed on duplicate keys and "use 1" came from the one point left
    assertBadInput(tmp, "sweep load with site.ycsb.workloads.CoreWorkload: every point inserts the same keys",
        "load", "null", "-P", JavaProcess.workload("workloada"), "--threads", "1,2,4");
    assertBadInput(tmp, "every point after the first fails on duplicate keys",
        "load", "null", "-P", JavaProcess.workload("workloada"), "--threads", "2", "--repeat", "2");
  }

  @Test
  void aStartInstantIsRefusedInASweep(@TempDir Path tmp) {
    assertBadInput(tmp, "-p ycsbx.startat names one instant, and a sweep runs its points one after another",
        "run", "null", "-P", JavaProcess.workload("workloada"), "-p", "ycsbx.startat=" + (System.currentTimeMillis()
            + 60_000), "--threads", "1,2");
  }

  @Test
  void aLoadSweepOfAWorkloadThatAppendsRuns(@TempDir Path tmp) {
    Path out = tmp.resolve("iib");
    Run r = sweep("load", "null", "-P", JavaProcess.workload("iibench"), "-p", "recordcount=1200",
        "-p", "iibench.batchsize=100", "--threads", "1,2,4", "--out", out.toString());
    assertEquals(0, r.exit(), r.out() + r.err());
    assertTrue(r.out().contains("verdict: "), r.out());
  }

  private static void assertBadInput(Path tmp, String expected, String... sweepArgs) {
    Path out = tmp.resolve("never");
    String[] args = new String[sweepArgs.length + 3];
    args[0] = "sweep";
    System.arraycopy(sweepArgs, 0, args, 1, sweepArgs.length);
    args[args.length - 2] = "--out";
    args[args.length - 1] = out.toString();
    // decided before any point runs: bin/ycsb's Main in this JVM
    Result r = InProcessMain.run(args);
    assertEquals(2, r.exitCode(), r.all());
    assertEquals(1, r.stderrLines().size(), "expected one line:\n" + r.stderr());
    assertTrue(r.stderrLines().get(0).startsWith("ycsb: "), r.stderr());
    assertTrue(r.stderrLines().get(0).contains(expected), r.stderrLines().get(0));
    assertFalse(Files.exists(out), "nothing may be created on bad input");
  }

  @Test
  void emptyThreadList(@TempDir Path tmp) {
    assertBadInput(tmp, "--threads is empty; --threads accepts a comma-separated list of whole numbers from 1 to 100000",
        "run", "null", "-P", JavaProcess.workload("workloada"), "--threads", "");
  }

  @Test
  void nonNumericThreads(@TempDir Path tmp) {
    assertBadInput(tmp, "--threads 1,two,4: 'two' is not a whole number",
        "run", "null", "-P", JavaProcess.workload("workloada"), "--threads", "1,two,4");
  }

  @Test
  void zeroThreads(@TempDir Path tmp) {
    assertBadInput(tmp, "--threads 0,2: 0 is out of range",
        "run", "null", "-P", JavaProcess.workload("workloada"), "--threads", "0,2");
  }

  @Test
  void negativeThreads(@TempDir Path tmp) {
    assertBadInput(tmp, "--threads -4: -4 is out of range",
        "run", "null", "-P", JavaProcess.workload("workloada"), "--threads", "-4");
  }

  @Test
  void missingThreads(@TempDir Path tmp) {
    assertBadInput(tmp, "sweep needs --threads", "run", "null", "-P", JavaProcess.workload("workloada"));
  }

  @Test
  void exporterIsTheSweepsOwn(@TempDir Path tmp) {
    assertBadInput(tmp, "-p exporter is set per point by the sweep",
        "run", "null", "-P", JavaProcess.workload("workloada"), "-p", "exporter=x", "--threads", "1");
  }

  @Test
  void missingWorkloadFile(@TempDir Path tmp) {
    assertBadInput(tmp, "workload file workloads/nope does not exist",
        "run", "null", "-P", "workloads/nope", "--threads", "1,2");
  }

  @Test
  void existingSweepIsNotOverwritten(@TempDir Path tmp) throws Exception {
    Path out = tmp.resolve("s");
    Files.createDirectories(out);
    Files.writeString(out.resolve(SweepReport.JSON_FILE), "{}");
    Result r = InProcessMain.run("sweep", "run", "null", "-P", JavaProcess.workload("workloada"),
        "--threads", "1", "--out", out.toString());
    assertEquals(2, r.exitCode(), r.all());
    assertTrue(r.stderr().contains("already holds a sweep"), r.stderr());
    assertEquals("{}", Files.readString(out.resolve(SweepReport.JSON_FILE)));
  }
}
