package site.ycsbx.db.mongodb.linkbench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;

/**
 * On MongoDB as on SQL: a linkbench run whose linkbench.maxid1 is not the stored graph's is
 * refused by the preflight in one line (exit 2, nothing written) naming both sizes and the fix; a
 * run of the stored size passes. The node collection's id counter (a string _id) is not a node.
 */
@Tag("server")
class MongoLinkBenchStoredGraphTest {
  private static String[] run(TestServer server, String db, long maxId1) {
    return new String[] {"run", "mongodb", "-P", JavaProcess.workload("linkbench-small"), "-p",
        "mongodb.url=" + server.url(db), "-p", "linkbench.maxid1=" + maxId1, "-p", "operationcount=10"};
  }

  @Test
  void aRunOfAnotherSizeThanTheStoredGraphIsRefused() {
    try (TestServer server = new TestServer(); MongoClient client = server.client()) {
      String db = TestServer.freshDatabase();
      MongoDatabase d = client.getDatabase(db);
      // nodes 1 to 200 and the id counter; links of nodes 1 to 195
      List<Document> nodes = new ArrayList<>();
      List<Document> counts = new ArrayList<>();
      for (long id = 1; id <= 200; id++) {
        nodes.add(new Document("_id", id).append("type", 2048).append("version", 1L).append("time", 0)
            .append("data", new byte[] {1}));
        if (id <= 195) {
          counts.add(new Document("id", id).append("link_type", 123456789L).append("count", 1L).append("time", 0L)
              .append("version", 0L));
        }
      }
      nodes.add(new Document("_id", "linkbench.lastid").append("last", 200L));
      d.getCollection("nodetable").insertMany(nodes);
      d.getCollection("counttable").insertMany(counts);

      Result smaller = InProcessMain.run(run(server, db, 2001));
      assertEquals(2, smaller.exitCode(), smaller.all());
      assertEquals("ycsb: the run assumes linkbench.maxid1=2001 (node ids 1 to 2000) but the stored graph is smaller:"
          + " collection " + db + ".counttable's links end at node 195 (a graph of 2000 nodes has links within 35 ids of"
          + " its last); set linkbench.maxid1 to the one its load used (201, collection " + db + ".nodetable's largest"
          + " id + 1, unless a run added nodes since), or load 2000 nodes first (bin/ycsb load with -p"
          + " linkbench.maxid1=2001 -p linkbench.drop=true) (at " + server.url(db) + ")", smaller.stderr().strip());
      Result larger = InProcessMain.run(run(server, db, 101));
      assertEquals(2, larger.exitCode(), larger.all());
      assertEquals("ycsb: the run assumes linkbench.maxid1=101 (node ids 1 to 100) but the stored graph is larger:"
          + " collection " + db + ".counttable counts links of node 195; set linkbench.maxid1 to the one its load used"
          + " (201, collection " + db + ".nodetable's largest id + 1, unless a run added nodes since), or load 100"
          + " nodes first (bin/ycsb load with -p linkbench.maxid1=101 -p linkbench.drop=true) (at " + server.url(db)
          + ")", larger.stderr().strip());
      assertEquals(195, d.getCollection("counttable").countDocuments(), "a refused run wrote nothing");
      assertEquals(201, d.getCollection("nodetable").countDocuments());

      Result fits = InProcessMain.checks(new ArrayList<>(), run(server, db, 201));
      assertEquals(0, fits.exitCode(), fits.all());
    }
  }
}
