package site.ycsbx.db.mongodb.linkbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.bson.Document;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.db.mongodb.EmbeddedServer;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;
import site.ycsbx.workloads.linkbench.EmpiricalCdf;
import site.ycsbx.workloads.linkbench.OutDegrees;

/**
 * {@code bin/ycsb load mongodb-embedded -P workloads/linkbench-small} end to end (Main in a fresh
 * JVM), checked on the stored collections: every node, the generated links, each count equal to
 * the visible links of its (id1, link_type).
 */
@Tag("process")
class LinkBenchEmbeddedLoadTest {
  private static final long MAXID1 = 1001;

  private static <T> T inEmbedded(Path dir, Function<MongoDatabase, T> read) {
    MongoServer s = new MongoServer(new H2Backend(dir.resolve(EmbeddedServer.FILE_NAME).toString()));
    try {
      s.bind("127.0.0.1", 0);
      try (MongoClient c = MongoClients.create("mongodb://127.0.0.1:" + s.getLocalAddress().getPort())) {
        return read.apply(c.getDatabase(EmbeddedServer.DATABASE));
      }
    } finally {
      s.shutdownNow();
    }
  }

  @Test
  void loadStoresTheGraphWithCountsThatMatchItsLinks(@TempDir Path dir) throws Exception {
    // a short-tailed distribution in LinkBench's format: its own gives one node 961963 links
    Path file = dir.resolve("Distribution.dat");
    Files.writeString(file, "nlinks\n0 40\n1 70\n3 90\n10 99\n60 100\n");
    Path data = dir.resolve("data");
    Result r = JavaProcess.run(Main.class.getName(), "load", "mongodb-embedded", "-P",
        JavaProcess.workload("linkbench-small"), "-p", "linkbench.maxid1=" + MAXID1, "-p",
        "linkbench.distributionfile=" + file, "-p", EmbeddedServer.DIR_PROPERTY + "=" + data, "-threads", "2");
    assertEquals(0, r.exitCode(), r.all());
    OutDegrees d = new OutDegrees(EmpiricalCdf.readSections("f", file).get("nlinks"), 1, MAXID1, 2, 0);
    long links = 0;
    for (long id = 1; id < MAXID1; id++) {
      links += d.loaded(id);
    }
    assertTrue(r.stdout().contains("LOAD PHASE COMPLETED. Loaded 1000 nodes (Expected 1000). Loaded " + links + " links"),
        r.stdout());
    long expectedLinks = links;
    inEmbedded(data, db -> {
      assertEquals(MAXID1 - 1, db.getCollection("nodetable").countDocuments(Filters.eq("type", 2048)));
      assertEquals(expectedLinks, db.getCollection("linktable").countDocuments(Filters.eq("visibility", 1)));
      Map<List<Object>, Long> visible = new HashMap<>();
      for (Document l : db.getCollection("linktable").find(Filters.eq("visibility", 1))) {
        visible.merge(List.of(((Number) l.get("id1")).longValue(), ((Number) l.get("link_type")).longValue()), 1L, Long::sum);
      }
      long counted = 0;
      for (Document c : db.getCollection("counttable").find()) {
        long n = ((Number) c.get("count")).longValue();
        List<Object> key = List.of(((Number) c.get("id")).longValue(), ((Number) c.get("link_type")).longValue());
        assertEquals(visible.getOrDefault(key, 0L), n, "count of " + key);
        counted += n;
      }
      assertEquals(expectedLinks, counted);
      return null;
    });

    // the request phase on the stored graph, verified: counts equal the visible links
    Result run = JavaProcess.run(Main.class.getName(), "run", "mongodb-embedded", "-P",
        JavaProcess.workload("linkbench-small"), "-p", "linkbench.maxid1=" + MAXID1, "-p",
        "linkbench.distributionfile=" + file, "-p", EmbeddedServer.DIR_PROPERTY + "=" + data, "-threads", "2",
        "-p", "operationcount=1500", "-p", "linkbench.verify=true");
    assertEquals(0, run.exitCode(), run.all());
    assertTrue(run.stdout().contains("REQUEST PHASE COMPLETED. 1500 requests done in "), run.stdout());
    assertTrue(run.stdout().matches("(?s).*\\[LINKBENCH-VERIFY\\] run: [1-9]\\d* \\(id1, link_type\\) written by the run:"
        + " count table against visible links: OK.*"), run.stdout());
    assertTrue(run.stdout().matches("(?s).*GET_LINKS_LIST count = [1-9]\\d*  p50 = .*"), run.stdout());
    inEmbedded(data, db -> {
      long visible = db.getCollection("linktable").countDocuments(Filters.eq("visibility", 1));
      long counted = 0;
      for (Document c : db.getCollection("counttable").find()) {
        counted += ((Number) c.get("count")).longValue();
      }
      assertEquals(visible, counted, "counts sum to the visible links after the run");
      assertTrue(visible != expectedLinks, "the run added and hid links");
      return null;
    });
  }
}
