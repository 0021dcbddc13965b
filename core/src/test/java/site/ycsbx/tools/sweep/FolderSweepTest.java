package site.ycsbx.tools.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsbx.tools.sweep.SweepTest.sweep;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.results.PointResult;
import site.ycsbx.results.RunFolder;
import site.ycsbx.results.SweepFile;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.RunFolderFixture;
import site.ycsbx.tools.compare.Compare;
import site.ycsbx.tools.merge.Merge;
import site.ycsbx.util.UserError;

/** {@code sweep --from}: a sweep made of run folders and merged folders already written. */
@Tag("process")
class FolderSweepTest {
  private static final long T0 = 1_790_000_000_000L;
  private static final long INTERVAL = 10_000;

  @TempDir
  Path tmp;

  /**
   * The clients of one many-client run at {@code threadsPerClient}, merged: {@code perInterval}
   * reads per client and interval, latencies growing with the total thread count.
   */
  private Path mergedRun(String name, int clients, int threadsPerClient, int perInterval, Histogram all)
      throws IOException {
    Random rnd = new Random(name.hashCode());
    List<String> dirs = new ArrayList<>();
    for (int c = 0; c < clients; c++) {
      RunFolderFixture f = new RunFolderFixture(c, clients, "host-" + c, T0 + 5L * c, INTERVAL)
          .fingerprint("threads", String.valueOf(threadsPerClient));
      for (int i = 0; i < 3; i++) {
        long[] reads = new long[perInterval];
        for (int k = 0; k < reads.length; k++) {
          reads[k] = 100L * clients * threadsPerClient + rnd.nextInt(1000 * clients * threadsPerClient);
          all.recordValue(reads[k]);
        }
        f.interval("READ", reads);
      }
      dirs.add(f.write(tmp.resolve(name + "-client-" + c)).toString());
    }
    Path merged = tmp.resolve(name);
    List<String> args = new ArrayList<>(dirs);
    args.addAll(List.of("--out", merged.toString()));
    assertEquals(0, Merge.run(args, new PrintStream(new ByteArrayOutputStream()), new PrintStream(new ByteArrayOutputStream())));
    return merged;
  }

  private Path oneClient(String name, int threads, int perInterval) throws IOException {
    RunFolderFixture f = new RunFolderFixture(0, 1, "host-0", T0, INTERVAL).fingerprint("threads", String.valueOf(threads));
    for (int i = 0; i < 3; i++) {
      long[] reads = new long[perInterval];
      java.util.Arrays.fill(reads, 150L * threads);
      f.interval("READ", reads);
    }
    return f.write(tmp.resolve(name));
  }

  @Test
  void mergedFoldersBecomePointsAtTheirClientsThreadsTogether() throws Exception {
    Histogram h8 = new Histogram(3);
    Histogram h12 = new Histogram(3);
    Histogram h12b = new Histogram(3);
    Path one = oneClient("single-4", 4, 2000);
    Path m8 = mergedRun("m2x4", 2, 4, 1500, h8);
    Path m12 = mergedRun("m3x4", 3, 4, 1100, h12);
    Path m12b = mergedRun("m3x4-again", 3, 4, 1000, h12b);
    Path out = tmp.resolve("sweep");
    SweepTest.Run r = sweep("--from", m12.toString(), one.toString(), m8.toString(), m12b.toString(), "--out", out.toString(),
        "--label", "three clients");
    assertEquals(0, r.exit(), r.err());

    SweepFile f = SweepReport.read(out);
    assertEquals(List.of(4, 8, 12), f.threads());
    assertEquals(2, f.repeat());
    assertEquals("three clients", f.label());
    assertEquals(4, f.folders().size());
    List<PointResult> p = f.points();
    assertEquals(List.of(4, 8, 12, 12), p.stream().map(PointResult::threads).toList());
    // the two merged runs at 12 threads are repeats 1 and 2, in the order given
    assertEquals(List.of(1, 1, 1, 2), p.stream().map(PointResult::repeat).toList());
    assertEquals(m12.toAbsolutePath().normalize().toString(), p.get(2).exportFile());
    // every figure is the merged folder's own: throughput over its common window, percentiles from its added histograms
    RunFolder merged8 = RunFolder.read(m8);
    assertEquals(merged8.throughput(), p.get(1).throughput(), 1e-9);
    assertEquals(h8.getValueAtPercentile(99), p.get(1).ops().get("READ").p99(), 0.0);
    assertEquals(h12.getValueAtPercentile(50), p.get(2).ops().get("READ").p50(), 0.0);
    assertEquals(h12b.getValueAtPercentile(99.9), p.get(3).ops().get("READ").p999(), 0.0);
    assertEquals(6000, p.get(0).ops().get("READ").count());
    // a merged folder's clients ran on several hosts: no one JVM's CPU to show
    assertTrue(Double.isNaN(p.get(1).cpuPercent()));
    assertTrue(r.out().contains("verdict: "), r.out());
    String html = Files.readString(out.resolve(SweepReport.HTML_FILE));
    assertTrue(html.contains("from folders"), "the setup names the folders");
    assertFalse(html.contains("up and down the list"), "folders are not run up and down a list");
    assertTrue(Files.readString(out.resolve(SweepReport.CSV_FILE)).lines().anyMatch(l -> l.startsWith("12,2,READ,")));

    // compare reads such a sweep as any other: against the merged folder it holds at 8 threads, B/A is 1
    ByteArrayOutputStream cmp = new ByteArrayOutputStream();
    assertEquals(0, Compare.run(List.of(out.toString(), m8.toString(), "--labels", "sweep,merged", "--html",
        tmp.resolve("c.html").toString()), new PrintStream(cmp, true, StandardCharsets.UTF_8),
        new PrintStream(new ByteArrayOutputStream())));
    String table = cmp.toString(StandardCharsets.UTF_8);
    assertTrue(table.lines().anyMatch(l -> l.trim().startsWith("8 ") && l.contains("1.00")), table);
    assertFalse(table.lines().anyMatch(l -> l.trim().startsWith("12 ")), "12 threads are on one side only: " + table);
  }

  @Test
  void oneClientOfAManyClientRunIsRefused() throws Exception {
    RunFolderFixture f = new RunFolderFixture(1, 3, "host-1", T0, INTERVAL).interval("READ", 100, 200);
    Path client = f.write(tmp.resolve("client-1"));
    Path other = oneClient("single", 2, 10);
    Path out = tmp.resolve("sweep");
    UserError e = assertThrows(UserError.class, () -> sweep("--from", other.toString(), client.toString(), "--out",
        out.toString()));
    assertTrue(e.getMessage().contains("is client 1 of 3 of one run; merge its clients first"), e.getMessage());
    assertFalse(Files.exists(out), "nothing is created before the folders are accepted");
  }

  @Test
  void foldersOfDifferentSetupsAreRefusedWithTheEntryNamed() throws Exception {
    Path a = oneClient("innodb-2", 2, 10);
    Path b = new RunFolderFixture(0, 1, "host-0", T0, INTERVAL).fingerprint("threads", "4")
        .fingerprint("storage.engine", "RocksDB").interval("READ", 100, 200).write(tmp.resolve("rocks-4"));
    Path out = tmp.resolve("sweep");
    UserError e = assertThrows(UserError.class, () -> sweep("--from", a.toString(), b.toString(), "--out", out.toString()));
    assertTrue(e.getMessage().startsWith("the folders differ in storage.engine: '(absent)' in "), e.getMessage());
    assertTrue(e.getMessage().contains("a sweep varies only the thread count"), e.getMessage());
    assertFalse(Files.exists(out));

    Path load = new RunFolderFixture(0, 1, "host-0", T0, INTERVAL).phase("load").fingerprint("threads", "4")
        .interval("INSERT", 100, 200).write(tmp.resolve("load-4"));
    e = assertThrows(UserError.class, () -> sweep("--from", a.toString(), load.toString(), "--out", out.toString()));
    assertTrue(e.getMessage().startsWith("the folders differ in phase: run in "), e.getMessage());

    e = assertThrows(UserError.class, () -> sweep("--from", a.toString(), a.toString(), "--out", out.toString()));
    assertTrue(e.getMessage().endsWith("is given twice; each run counts once"), e.getMessage());
    e = assertThrows(UserError.class, () -> sweep("--from", a.toString(), "--threads", "1,2"));
    assertTrue(e.getMessage().startsWith("--threads belongs to a sweep that runs its points"), e.getMessage());
    e = assertThrows(UserError.class, () -> sweep("--from", "--out", out.toString()));
    assertTrue(e.getMessage().startsWith("sweep --from needs run or merged folders"), e.getMessage());
    e = assertThrows(UserError.class, () -> sweep("--from", tmp.resolve("absent").toString()));
    assertTrue(e.getMessage().contains("is not a folder"), e.getMessage());
    assertFalse(Files.exists(out));
  }

  /** The operation count may differ (throughput is a rate); the thread count and clients must. */
  @Test
  void operationCountMayDifferBetweenPoints() throws Exception {
    Path a = new RunFolderFixture(0, 1, "h", T0, INTERVAL).fingerprint("threads", "1")
        .fingerprint("workload.operationcount", "1000").interval("READ", 100, 100).write(tmp.resolve("a"));
    Path b = new RunFolderFixture(0, 1, "h", T0, INTERVAL).fingerprint("threads", "2")
        .fingerprint("workload.operationcount", "2000").interval("READ", 100, 100, 100).write(tmp.resolve("b"));
    SweepTest.Run r = sweep("--from", a.toString(), b.toString(), "--out", tmp.resolve("s").toString());
    assertEquals(0, r.exit(), r.err());
    // two thread counts give no verdict, and the sweep says so rather than guessing
    assertTrue(r.out().contains("verdict: cannot judge"), r.out());
  }

  @Test
  void anInterruptedRunIsAFailedPoint() throws Exception {
    Path a = oneClient("t1", 1, 100);
    Path b = oneClient("t2", 2, 150);
    Path c = oneClient("t4", 4, 180);
    // as the run folder records a Ctrl-C: the run's figures stop there, so they are no point of the curve
    Path result = c.resolve(RunFolder.RESULT_FILE);
    var json = (com.fasterxml.jackson.databind.node.ObjectNode) new ObjectMapper().readTree(result.toFile());
    json.putObject("interrupted").put("signal", "INT").put("at_ms", T0 + 15_000);
    new ObjectMapper().writeValue(result.toFile(), json);
    SweepTest.Run r = sweep("--from", a.toString(), b.toString(), c.toString(), "--out", tmp.resolve("s").toString());
    assertEquals(1, r.exit(), r.out());
    assertTrue(r.err().contains("1 of 3 folders were interrupted runs"), r.err());
    SweepFile f = SweepReport.read(tmp.resolve("s"));
    PointResult failed = f.points().get(2);
    assertEquals(4, failed.threads());
    assertFalse(failed.ok());
    assertTrue(failed.failure().startsWith("the run was interrupted"), failed.failure());
    assertTrue(r.out().contains("FAILED"), r.out());
    assertNull(SweepReport.read(tmp.resolve("s")).points().get(0).failure());
  }

  /** Real run folders of a sweep's points, swept again from the folders: the same numbers. */
  @Test
  void realRunFoldersGiveTheSweepTheyCameFrom() throws Exception {
    Path runs = tmp.resolve("runs");
    Path first = tmp.resolve("ran");
    SweepTest.Run ran = sweep("run", "null", "-P", JavaProcess.workload("workloada"), "-p", "recordcount=100",
        "-p", "operationcount=3000", "--threads", "1,2,4", "--out", first.toString(),
        "-p", site.ycsbx.results.RunFolder.OUT_PROPERTY + "=" + runs);
    assertEquals(0, ran.exit(), ran.err());
    Path again = tmp.resolve("again");
    SweepTest.Run r = sweep("--from", runs.resolve("t4-r1").toString(), runs.resolve("t1-r1").toString(),
        runs.resolve("t2-r1").toString(), "--out", again.toString());
    assertEquals(0, r.exit(), r.err());
    SweepFile a = SweepReport.read(first);
    SweepFile b = SweepReport.read(again);
    assertEquals(a.threads(), b.threads());
    for (int i = 0; i < 3; i++) {
      PointResult pb = b.points().get(i);
      PointResult pa = a.points().stream().filter(p -> p.threads() == pb.threads()).findFirst().orElseThrow();
      assertEquals(pa.ops().get("READ").count(), pb.ops().get("READ").count());
      assertEquals(pa.ops().get("UPDATE").count(), pb.ops().get("UPDATE").count());
      // the folder's throughput is YCSB's own [OVERALL] figure, which the export also holds
      assertEquals(pa.throughput(), pb.throughput(), pa.throughput() * 1e-9);
      assertFalse(Double.isNaN(pb.cpuPercent()), "one client's CPU comes from its efficiency sampler");
    }
  }
}
