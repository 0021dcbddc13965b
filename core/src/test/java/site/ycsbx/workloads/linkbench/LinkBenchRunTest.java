package site.ycsbx.workloads.linkbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.DB;
import site.ycsb.measurements.Measurements;
import site.ycsbx.verdict.RunVerdict;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.linkbench.LinkCount;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.MemoryLinkBenchDb;
import site.ycsbx.testing.PrintedFingerprint;
import site.ycsbx.tools.Main;

/** LinkBench's request phase: on the memory store after a load (with verify), and through bin/ycsb. */
@Tag("process")
class LinkBenchRunTest {
  @AfterEach
  void clear() {
    MemoryLinkBenchDb.clear();
    RunVerdict.checkFailed(null);
  }

  /** Runs requests as YCSB's Client would; returns what the workload printed. */
  private static String run(Properties p, int threads, int requestsEach) throws Exception {
    Measurements.setProperties(p);
    LinkBenchWorkload w = new LinkBenchWorkload();
    w.init(p);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    PrintStream stdout = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      List<Future<Void>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int id = t;
        done.add(pool.submit(() -> {
          DB db = new MemoryLinkBenchDb();
          db.setProperties(p);
          StoreRegistry.clear();
          db.init();
          Object state = w.initThread(p, id, threads);
          for (int i = 0; i < requestsEach; i++) {
            assertTrue(w.doTransaction(db, state));
          }
          return null;
        }));
      }
      for (Future<Void> f : done) {
        f.get();
      }
      w.cleanup();
    } finally {
      pool.shutdown();
      System.setOut(stdout);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  /**
   * A short-tailed out-degree distribution in LinkBench's format: LinkBench's own gives one node
   * 961963 links at any maxid1, and every list read of it on the memory store sorts them all.
   */
  private static Properties shortTail(Properties p, Path dir) throws Exception {
    Path f = dir.resolve("Distribution.dat");
    Files.writeString(f, "nlinks\n0 30\n1 60\n3 80\n10 95\n40 99\n200 100\n");
    p.setProperty(LinkBenchSettings.DISTRIBUTION_FILE, f.toString());
    return p;
  }

  private static Properties runProps(int threads, Path dir) throws Exception {
    Properties p = shortTail(LinkBenchLoadTest.props(threads), dir);
    p.setProperty("dotransactions", "true");
    p.setProperty("operationcount", String.valueOf(threads * 20_000));
    p.setProperty(RequestSettings.VERIFY, "true");
    // small lists fill the limit: history requests page back
    p.setProperty(RequestSettings.RANGE_LIMIT, "5");
    p.setProperty(RequestSettings.HISTORY, "20");
    return p;
  }

  @Test
  void aRunAfterALoadKeepsCountsEqualToVisibleLinksAndPagesBackInHistory(@TempDir Path dir) throws Exception {
    LinkBenchLoadTest.load(shortTail(LinkBenchLoadTest.props(2), dir), 2);
    String out = run(runProps(3, dir), 3, 20_000);
    assertTrue(out.contains("REQUEST PHASE COMPLETED. 60000 requests done in "), out);
    assertTrue(out.matches("(?s).*GET_LINKS_LIST count = \\d+  p50 = [0-9.]+ms  p99 = [0-9.]+ms  max = [0-9.]+ms"
        + "  mean = [0-9.]+ms.*"), out);
    Matcher history = Pattern.compile("GET_LINKS_LIST: (\\d+) history requests").matcher(out);
    assertTrue(history.find(), out);
    assertTrue(Long.parseLong(history.group(1)) > 100, "history requests: " + out);
    Matcher verified = Pattern.compile("\\[LINKBENCH-VERIFY\\] run: (\\d+) \\(id1, link_type\\) written by the run: count"
        + " table against visible links: OK").matcher(out);
    assertTrue(verified.find(), out);
    assertTrue(Long.parseLong(verified.group(1)) > 1000, out);
    assertNull(RunVerdict.checkFailure());
  }

  @Test
  void aWrongCountIsAMismatchThatFailsTheRun(@TempDir Path dir) throws Exception {
    LinkBenchLoadTest.load(shortTail(LinkBenchLoadTest.props(1), dir), 1);
    Properties p = shortTail(LinkBenchLoadTest.props(1), dir);
    p.setProperty(RequestSettings.VERIFY, "true");
    p.setProperty(RequestSettings.VERIFY_CHUNKS, "0");
    LinkBenchStore s = LinkBenchLoadTest.reader();
    // the first node with links of the first type: its count now says one more
    long id1 = 1;
    while (s.countLinks(id1, LinkBenchSettings.FIRST_LINK_TYPE) == 0) {
      id1++;
    }
    long real = s.countLinks(id1, LinkBenchSettings.FIRST_LINK_TYPE);
    s.addBulkCounts(List.of(new LinkCount(id1, LinkBenchSettings.FIRST_LINK_TYPE, real + 1, 0, 0)));
    MemoryLinkBenchDb.clear();
    LinkBenchLoadTest.load(shortTail(LinkBenchLoadTest.props(1), dir), 1); // a fresh graph: verify after it is clean
    assertNull(RunVerdict.checkFailure());
    s = LinkBenchLoadTest.reader();
    s.addBulkCounts(List.of(new LinkCount(id1, LinkBenchSettings.FIRST_LINK_TYPE, real + 1, 0, 0)));
    Measurements.setProperties(p);
    LinkBenchWorkload w = new LinkBenchWorkload();
    p.setProperty("dotransactions", "false");
    PrintStream stdout = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      w.init(p);
      DB db = new MemoryLinkBenchDb();
      db.setProperties(p);
      StoreRegistry.clear();
      db.init();
      w.initThread(p, 0, 1); // the tables exist; the verify runs on what is there
      w.cleanup();
    } finally {
      System.setOut(stdout);
    }
    String printed = out.toString(StandardCharsets.UTF_8);
    assertTrue(printed.contains("[LINKBENCH-VERIFY] MISMATCH (" + id1 + ", " + LinkBenchSettings.FIRST_LINK_TYPE
        + "): count table " + (real + 1) + ", visible links " + real), printed);
    assertTrue(RunVerdict.checkFailure() != null && RunVerdict.checkFailure().contains("mismatches"));
  }

  @Test
  void binYcsbRunsAMillionRequestsOnTheNullBindingInLinkBenchsMix(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("stats.csv");
    Result r = JavaProcess.run(Main.class.getName(), "run", "null", "-P", JavaProcess.workload("linkbench-small"),
        "-p", "operationcount=1000000", "-threads", "2", "-p", "linkbench.csvstats=" + csv,
        "-p", "linkbench.progressfreq=0.1", "-p", "ycsbx.interval=0.2");
    assertEquals(0, r.exitCode(), r.all());
    // the run's status line: requests of the count, the ETA, the 3 most frequent requests, the others summed up
    assertTrue(Pattern.compile("(?m)^\\[STATUS\\] +[0-9.]+ s run +\\d+/1000000 requests +\\d+\\.\\d% \\| +\\d+ requests/s"
        + " now, +\\d+ avg \\| ETA +\\d+ s \\| ADD_LINK .* \\| GET_LINKS_LIST .* \\| GET_NODE .* \\| \\+7 ops p99<=[0-9.]+ ms( \\| others \\d+% CPU)?$")
        .matcher(r.stderr()).find(), "a status line with the ETA: " + r.stderr());
    assertFalse(r.stdout().contains("[LINKBENCH] requests:"), "LinkBench's own progress line is gone: " + r.stdout());
    assertTrue(r.stdout().contains("REQUEST PHASE COMPLETED. 1000000 requests done in "), r.stdout());
    assertTrue(r.stdout().contains("(from the first recorded request to the last; [OVERALL] divides by YCSB's RunTime"),
        "LinkBench's rate says what it counts, beside YCSB's: " + r.stdout());
    for (LinkBenchOp op : LinkBenchOp.ALL) {
      Matcher m = Pattern.compile("\\[" + op.name() + "\\], Operations, (\\d+)").matcher(r.stdout());
      assertTrue(m.find(), op + ": " + r.stdout());
      double share = Long.parseLong(m.group(1)) / 1e6;
      double p = op.defaultPercent / 100;
      assertEquals(p, share, 4 * Math.sqrt(p * (1 - p) / 1e6), op.name());
    }
    List<String> lines = Files.readAllLines(csv);
    assertEquals(RequestStats.CSV_HEADER, lines.get(0));
    assertEquals(11, lines.size(), lines.toString());
    assertTrue(PrintedFingerprint.of(r.stdout()).containsKey("workload.linkbench.read_function"),
        "the mix and distributions are fingerprinted: " + r.stdout());
  }

  /** A run bounded by maxexecutiontime, not by its count: the status line says the time left, not 0.0% of 2147483647. */
  @Test
  void aTimeBoundedRunShowsTheTimeLeft() {
    Result r = JavaProcess.run(Main.class.getName(), "run", "null", "-P", JavaProcess.workload("linkbench-small"),
        "-p", "operationcount=2147483647", "-p", "maxexecutiontime=3", "-threads", "1", "-p", "ycsbx.interval=0.5",
        "-target", "2000");
    assertEquals(0, r.exitCode(), r.all());
    List<String> lines = r.stderr().lines().filter(l -> l.startsWith("[STATUS] ")).toList();
    assertTrue(lines.size() >= 3, r.stderr());
    Pattern line = Pattern.compile("\\[STATUS\\] +[0-9.]+ s run +\\d+ requests \\| +\\d+ requests/s now, +\\d+ avg"
        + " \\| left +(\\d) s \\| .*");
    int previous = Integer.MAX_VALUE;
    for (String l : lines) {
      Matcher m = line.matcher(l);
      assertTrue(m.matches(), l);
      int left = Integer.parseInt(m.group(1));
      assertTrue(left <= 3 && left <= previous, "the time left counts down: " + lines);
      previous = left;
      assertFalse(l.contains("2147483647") || l.contains("ETA"), l);
    }
  }

  @Test
  void warmUpRequestsRunUnrecordedAndPacedRunsTimeFromTheIntendedStart() {
    Result warm = JavaProcess.run(Main.class.getName(), "run", "null", "-P", JavaProcess.workload("linkbench-small"),
        "-p", "operationcount=2147483647", "-p", "maxexecutiontime=2", "-p", "linkbench.warmup=1", "-threads", "1");
    assertEquals(0, warm.exitCode(), warm.all());
    assertTrue(warm.stdout().contains("[LINKBENCH] warm-up of 1 s done: requests are recorded from now on"), warm.stdout());
    Matcher recorded = Pattern.compile("REQUEST PHASE COMPLETED\\. (\\d+) requests done in (\\d+) seconds")
        .matcher(warm.stdout());
    assertTrue(recorded.find(), warm.stdout());
    Matcher all = Pattern.compile("\\[OVERALL\\], Throughput\\(ops/sec\\), ([0-9.E]+)").matcher(warm.stdout());
    long ycsbOps = 0;
    for (LinkBenchOp op : LinkBenchOp.ALL) {
      Matcher m = Pattern.compile("\\[" + op.name() + "\\], Operations, (\\d+)").matcher(warm.stdout());
      assertTrue(m.find(), op.name());
      ycsbOps += Long.parseLong(m.group(1));
    }
    assertEquals(ycsbOps, Long.parseLong(recorded.group(1)), "YCSB's per-operation lines leave the warm-up out too");
    assertTrue(Long.parseLong(recorded.group(2)) <= 1, "the timed part is the second after the warm-up");
    assertTrue(all.find(), warm.stdout());
    // one warm-up for YCSB's figures and LinkBench's: [OVERALL] covers the same requests, after it
    Matcher runtime = Pattern.compile("\\[OVERALL\\], RunTime\\(ms\\), (\\d+)").matcher(warm.stdout());
    assertTrue(runtime.find(), warm.stdout());
    long ms = Long.parseLong(runtime.group(1));
    assertTrue(ms > 700 && ms < 1500, "the measured second, not the whole run: " + ms);
    assertEquals(ycsbOps, Double.parseDouble(all.group(1)) * ms / 1000, 1.0, warm.stdout());

    Result paced = JavaProcess.run(Main.class.getName(), "run", "null", "-P", JavaProcess.workload("linkbench-small"),
        "-p", "operationcount=1000", "-target", "2000", "-threads", "2");
    assertEquals(0, paced.exitCode(), paced.all());
    assertTrue(paced.stdout().contains("[LINKBENCH] latencies below: from each request's intended start (-target 2000"
        + " requests/s, open loop: waiting counts)"), paced.stdout());
    assertTrue(paced.stdout().contains("[Intended-GET_LINKS_LIST], Operations, "), paced.stdout());
  }

  @Test
  void badRequestSettingsAreOneLineExit2() {
    String[][] cases = {
        {"linkbench.getnode=20", "must be 100"},
        {"linkbench.node_delete_function=com.facebook.LinkBench.distributions.LogNormalDistribution",
            "linkbench.node_delete_function=com.facebook.LinkBench.distributions.LogNormalDistribution is not supported"},
        {"linkbench.drop=true", "linkbench.drop=true drops the graph"},
        {"linkbench.warmup=-1", "linkbench.warmup"},
        // refused before linkbench's own check (operationcount below the requesters) by bin/ycsb's for every workload
        {"operationcount=0", "operationcount=0 makes YCSB's Client start 0 threads: the run would do nothing; set"
            + " operationcount (2147483647 with maxexecutiontime for a run bounded by time)"},
    };
    for (String[] c : cases) {
      // decided before the run starts: bin/ycsb's Main in this JVM
      Result r = InProcessMain.run("run", "memory-linkbench", "-P", JavaProcess.workload("linkbench-small"), "-p", c[0]);
      assertEquals(2, r.exitCode(), c[0] + ": " + r.all());
      assertEquals(1, r.stderrLines().size(), c[0] + ": " + r.stderr());
      assertTrue(r.stderr().contains(c[1]), c[0] + ": " + r.stderr());
      assertFalse(r.stdout().contains("[LINKBENCH]"), "nothing prepared: " + r.stdout());
    }
  }
}
