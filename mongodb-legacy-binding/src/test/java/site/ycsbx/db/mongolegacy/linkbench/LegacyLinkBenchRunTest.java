package site.ycsbx.db.mongolegacy.linkbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.db.mongodb.LegacyWireFront;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.shaded.mongo35.com.mongodb.BasicDBObject;
import site.ycsbx.shaded.mongo35.com.mongodb.DB;
import site.ycsbx.shaded.mongo35.com.mongodb.DBObject;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoClient;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.PrintedFingerprint;
import site.ycsbx.tools.Main;

/**
 * {@code bin/ycsb load} then {@code run mongodb-legacy -P workloads/linkbench-small} against the
 * server posing as MongoDB 2.4, as the mongodb binding's embedded test runs it on 2.6+: the graph
 * loaded, requests served with link writes and their count changes as two writes (no transactions
 * on 2.4), the run's verification passing, the counts summing to the visible links.
 */
@Tag("process")
class LegacyLinkBenchRunTest {
  private static final long MAXID1 = 301;

  @Test
  void loadsAndRequestsLinkbenchOnTheTwoFourPose(@TempDir Path dir) throws Exception {
    // a short-tailed distribution in LinkBench's format: its own gives one node 961963 links
    Path file = dir.resolve("Distribution.dat");
    Files.writeString(file, "nlinks\n0 40\n1 70\n3 90\n10 99\n60 100\n");
    try (TestServer server = TestServer.posingAsLegacy("2.4.14", null); LegacyWireFront front =
        new LegacyWireFront(server)) {
      String database = TestServer.freshDatabase();
      String[] common = {"-P", JavaProcess.workload("linkbench-small"), "-p", "linkbench.maxid1=" + MAXID1, "-p",
          "linkbench.distributionfile=" + file, "-p", "mongodb.url=" + front.url(database), "-threads", "2"};
      Result load = JavaProcess.run(Main.class.getName(), concat(new String[] {"load", "mongodb-legacy"}, common));
      assertEquals(0, load.exitCode(), load.all());
      assertTrue(load.stdout().contains("LOAD PHASE COMPLETED. Loaded " + (MAXID1 - 1) + " nodes"), load.stdout());
      Result run = JavaProcess.run(Main.class.getName(), concat(new String[] {"run", "mongodb-legacy"}, common,
          new String[] {"-p", "operationcount=600", "-p", "linkbench.verify=true"}));
      assertEquals(0, run.exitCode(), run.all());
      assertTrue(run.stdout().contains("REQUEST PHASE COMPLETED. 600 requests done in "), run.stdout());
      Map<String, String> fp = PrintedFingerprint.of(run.stdout());
      assertEquals("2.4.14", fp.get("server.version"), run.stdout());
      try (MongoClient c = new MongoClient("127.0.0.1", front.port())) {
        DB db = c.getDB(database);
        long visible = db.getCollection("linktable").count(new BasicDBObject("visibility", 1));
        long counted = 0;
        for (DBObject d : db.getCollection("counttable").find()) {
          counted += ((Number) d.get("count")).longValue();
        }
        assertTrue(visible > 0, "links were loaded");
        assertEquals(visible, counted, "counts sum to the visible links after the run");
      }
    }
  }

  private static String[] concat(String[]... parts) {
    return java.util.Arrays.stream(parts).flatMap(java.util.Arrays::stream).toArray(String[]::new);
  }
}
