package site.ycsbx.workloads.linkbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.DB;
import site.ycsb.measurements.Measurements;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.linkbench.Link;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.MemoryLinkBenchDb;
import site.ycsbx.testing.PrintedFingerprint;
import site.ycsbx.tools.Main;

/** LinkBench's load phase on core's memory store: the graph as generated, counts consistent, reproducible. */
@Tag("process")
class LinkBenchLoadTest {
  private static final long MAXID1 = 2001;

  @AfterEach
  void clear() {
    MemoryLinkBenchDb.clear();
  }

  static Properties props(int threads) {
    Properties p = new Properties();
    p.setProperty("db", MemoryLinkBenchDb.class.getName());
    p.setProperty("dotransactions", "false");
    p.setProperty("recordcount", "2147483647");
    p.setProperty("threadcount", String.valueOf(threads));
    p.setProperty(LinkBenchSettings.MAXID1, String.valueOf(MAXID1));
    p.setProperty(LinkBenchSettings.LOADER_CHUNK_SIZE, "256");
    p.setProperty(LinkBenchSettings.BULK_BATCH, "100");
    p.setProperty(LinkBenchSettings.SEED, "11");
    return p;
  }

  /** Runs the load as YCSB's Client would: a DB and a workload state per thread, doInsert until false. */
  static void load(int threads) throws Exception {
    load(props(threads), threads);
  }

  /** The load with these properties (threadcount among them). */
  static void load(Properties p, int threads) throws Exception {
    Measurements.setProperties(p);
    LinkBenchWorkload w = new LinkBenchWorkload();
    w.init(p);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
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
          while (w.doInsert(db, state)) {
            // the next chunk
          }
          return null;
        }));
      }
      for (Future<Void> f : done) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
    w.cleanup();
  }

  static LinkBenchStore reader() throws Exception {
    DB db = new MemoryLinkBenchDb();
    db.setProperties(new Properties());
    StoreRegistry.clear();
    db.init();
    return StoreRegistry.take(LinkBenchStore.class);
  }

  // (id1, type, id2) -> data: the graph without its times, which follow the load's clock
  private static TreeMap<String, String> graph(LinkBenchStore s) throws Exception {
    TreeMap<String, String> out = new TreeMap<>();
    for (long id1 = 1; id1 < MAXID1; id1++) {
      for (int t = 0; t < 2; t++) {
        for (Link l : s.getLinkList(id1, LinkBenchSettings.FIRST_LINK_TYPE + t, 0, Long.MAX_VALUE, 0, Integer.MAX_VALUE)) {
          out.put(l.id1() + "/" + l.linkType() + "/" + l.id2(), Arrays.toString(l.data()));
        }
      }
    }
    return out;
  }

  @Test
  void theLoadWritesEveryNodeAndTheGeneratedLinksWithConsistentCounts() throws Exception {
    load(3);
    LinkBenchStore s = reader();
    OutDegrees d = new LinkBenchSettings(props(3)).outDegrees();
    long links = 0;
    for (long id1 = 1; id1 < MAXID1; id1++) {
      assertNotNull(s.getNode(LinkBenchSettings.NODE_TYPE, id1), "node " + id1);
      for (int t = 0; t < 2; t++) {
        long type = LinkBenchSettings.FIRST_LINK_TYPE + t;
        long expected = d.ofType(id1, t);
        List<Link> list = s.getLinkList(id1, type, 0, Long.MAX_VALUE, 0, Integer.MAX_VALUE);
        assertEquals(expected, list.size(), "links of (" + id1 + ", " + type + ")");
        assertEquals(expected, s.countLinks(id1, type), "count of (" + id1 + ", " + type + ")");
        for (Link l : list) {
          assertTrue(l.id2() >= id1 && l.id2() < id1 + expected, "LinkBench's id2s: id1 .. id1+n-1");
          assertTrue(l.data().length < 255);
        }
        links += expected;
      }
    }
    assertEquals(MAXID1 - 1, d.nodes());
    assertTrue(links > 3 * (MAXID1 - 1), "a small graph has many links per node: " + links);
  }

  /**
   * On a short-tailed out-degree distribution in LinkBench's format: the built-in one gives one
   * node 961963 links, which the graphs compared here would hold twice over for no other node's sake.
   */
  @Test
  void theSameSeedGivesTheSameGraphAtAnyThreadCount(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("Distribution.dat");
    Files.writeString(f, "nlinks\n0 30\n1 60\n3 80\n10 95\n40 99\n200 100\n");
    Properties oneThread = props(1);
    oneThread.setProperty(LinkBenchSettings.DISTRIBUTION_FILE, f.toString());
    load(oneThread, 1);
    TreeMap<String, String> one = graph(reader());
    assertTrue(one.size() > MAXID1, "links to compare: " + one.size());
    MemoryLinkBenchDb.clear();
    Properties fourThreads = props(4);
    fourThreads.setProperty(LinkBenchSettings.DISTRIBUTION_FILE, f.toString());
    load(fourThreads, 4);
    TreeMap<String, String> four = graph(reader());
    assertEquals(one.size(), four.size());
    assertEquals(one, four);
  }

  @Test
  void binYcsbLoadPrintsLinkBenchsLine() {
    Result r = JavaProcess.run(Main.class.getName(), "load", "memory-linkbench", "-P", JavaProcess.workload("linkbench-small"),
        "-p", "linkbench.maxid1=2001", "-threads", "2", "-p", "linkbench.verify=true");
    assertEquals(0, r.exitCode(), r.all());
    long expected = 0;
    OutDegrees d = new OutDegrees(EmpiricalCdf.builtInDegrees(), 1, 2001, 2, 0);
    for (long id = 1; id < 2001; id++) {
      expected += d.loaded(id);
    }
    assertTrue(r.stdout().contains("LOAD PHASE COMPLETED. Loaded 2000 nodes (Expected 2000). Loaded " + expected
        + " links ("), r.stdout());
    assertTrue(r.stdout().contains("[LOAD_LINKS], Return=OK, "), r.stdout());
    assertEquals("2001", PrintedFingerprint.of(r.stdout()).get("workload.linkbench.maxid1"),
        "the graph is in the fingerprint: " + r.stdout());
    // the verify is an operation of the summary: counted where its status is
    assertTrue(r.stdout().contains("[LINKBENCH-VERIFY] load: "), r.stdout());
    assertTrue(r.stdout().contains("[VERIFY], Operations, 1\n"), r.stdout());
    assertTrue(r.stdout().contains("[VERIFY], Return=OK, 1\n"), r.stdout());
    assertTrue(r.stderr().contains("[SUMMARY] linkbench: 2000 nodes and " + expected + " links loaded"), r.stderr());
  }

  @Test
  void badInputIsOneLineBeforeAnythingIsCreated() {
    String[][] cases = {
        {"linkbench.startid1=200001", "linkbench.maxid1=200001 must be above linkbench.startid1=200001"},
        {"linkbench.maxidl=5", "unknown property linkbench.maxidl (did you mean linkbench.maxid1?)"},
        {"linkbench.nlinks_func=const", "linkbench.nlinks_func=const is not supported"},
        {"linkbench.distributionfile=/nonexistent/Distribution.dat", "linkbench.distributionfile=/nonexistent/Distribution.dat cannot be read"},
        {"recordcount=10", "recordcount=10 lets YCSB's Client call the load 10 times, fewer than the 98 chunks"},
    };
    for (String[] c : cases) {
      // decided before the run starts: bin/ycsb's Main in this JVM
      Result r = InProcessMain.run("load", "memory-linkbench", "-P", JavaProcess.workload("linkbench-small"), "-p", c[0]);
      assertEquals(2, r.exitCode(), c[0] + ": " + r.all());
      assertEquals(1, r.stderrLines().size(), c[0] + ": " + r.stderr());
      assertTrue(r.stderr().contains(c[1]), c[0] + ": " + r.stderr());
      assertFalse(r.stdout().contains("[LINKBENCH]"), "nothing prepared: " + r.stdout());
    }
    Result sweep = InProcessMain.run("sweep", "load", "memory-linkbench", "-P", JavaProcess.workload("linkbench-small"),
        "--threads", "1,2");
    assertEquals(2, sweep.exitCode(), sweep.all());
    assertEquals(1, sweep.stderrLines().size(), sweep.stderr());
    assertTrue(sweep.stderr().contains("sweep load: every point loads node ids 1 .. 200000 into the graph the point before"
        + " left (duplicate keys); give -p linkbench.drop=true"), sweep.stderr());
  }
}
