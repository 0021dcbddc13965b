package site.ycsbx.db.mongodb;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gt;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.set;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Sorts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.OneLineError;
import site.ycsbx.tools.Main;
import site.ycsbx.util.UserError;

/**
 * {@code bin/ycsb verify mongodb -P workloads/linkbench-small} on data a load stored (a
 * subprocess) in the in-process server, the verifies in this JVM: it agrees (counts, and the
 * graph as loaded); a count changed behind LinkBench's back and a deleted node are listed (exit 1);
 * bad input compares nothing (exit 2, one line); nothing is written.
 */
@Tag("process")
class LinkBenchVerifyOnMongoTest {
  private static final long MAXID1 = 501;

  private static List<String> common(TestServer server, String db, Path file) {
    return List.of("-p", "mongodb.url=" + server.url(db), "-p", "linkbench.maxid1=" + MAXID1, "-p",
        "linkbench.distributionfile=" + file, "-p", "linkbench.loader_chunk_size=250");
  }

  private static Result verify(TestServer server, String db, Path file, String... props) {
    List<String> args = new ArrayList<>(List.of("verify", "mongodb", "-P", JavaProcess.workload("linkbench-small")));
    args.addAll(common(server, db, file));
    for (String p : props) {
      args.add("-p");
      args.add(p);
    }
    return InProcessMain.run(args.toArray(new String[0]));
  }

  @Test
  void aLoadedGraphAgreesAndChangesBehindItsBackAreListed(@TempDir Path dir) throws Exception {
    try (TestServer server = new TestServer(); MongoClient c = server.client()) {
      String db = TestServer.freshDatabase();
      Path file = dir.resolve("Distribution.dat");
      Files.writeString(file, "nlinks\n0 40\n1 70\n3 90\n10 99\n60 100\n");
      List<String> load = new ArrayList<>(List.of("load", "mongodb", "-P", JavaProcess.workload("linkbench-small")));
      load.addAll(common(server, db, file));
      Result loaded = JavaProcess.run(Main.class.getName(), load.toArray(new String[0]));
      assertEquals(0, loaded.exitCode(), loaded.all());

      Result ok = verify(server, db, file, "linkbench.verify_chunks=0");
      assertEquals(0, ok.exitCode(), ok.all());
      assertTrue(ok.stdout().contains("[VERIFY] OK: the count table and the visible links of every (id1, link_type);"
          + " nothing was written"), ok.stdout());
      long links = c.getDatabase(db).getCollection("linktable").countDocuments();
      Result asLoaded = verify(server, db, file, "linkbench.verify_as_loaded=true", "linkbench.verify_chunks=0");
      assertEquals(0, asLoaded.exitCode(), asLoaded.all());
      assertTrue(asLoaded.stdout().contains("[VERIFY] OK: 500 nodes and " + links + " links counted in full, 500 ids: 500"
          + " nodes, 1000 (id1, link_type) lists compared one by one; nothing was written"), asLoaded.stdout());
      Result sampled = verify(server, db, file, "linkbench.verify_as_loaded=true", "linkbench.verify_chunks=1");
      assertEquals(0, sampled.exitCode(), sampled.all());
      assertTrue(sampled.stdout().contains("; sampled 1 of 2 chunks (50.0% of ids) one by one; --full (or"
          + " linkbench.verify_chunks=0) checks all;"), sampled.stdout());

      // a link hidden and a node's type changed behind LinkBench's back, outside the sampled chunk: named
      MongoCollection<Document> linkRows = c.getDatabase(db).getCollection("linktable");
      Document hidden = linkRows.find(gt("id1", 400L)).first();
      long hid1 = ((Number) hidden.get("id1")).longValue();
      long htype = ((Number) hidden.get("link_type")).longValue();
      linkRows.updateOne(eq("_id", hidden.get("_id")), set("visibility", 0));
      Result hiddenLink = verify(server, db, file, "linkbench.verify_chunks=1");
      assertEquals(1, hiddenLink.exitCode(), hiddenLink.all());
      assertTrue(hiddenLink.stdout().contains("[LINKBENCH-VERIFY] MISMATCH (" + hid1 + ", " + htype + "): count table "),
          hiddenLink.stdout());
      linkRows.updateOne(eq("_id", hidden.get("_id")), set("visibility", 1));
      MongoCollection<Document> nodeRows = c.getDatabase(db).getCollection("nodetable");
      nodeRows.updateOne(eq("_id", 450L), set("type", 7));
      Result typed = verify(server, db, file, "linkbench.verify_as_loaded=true", "linkbench.verify_chunks=1");
      assertEquals(1, typed.exitCode(), typed.all());
      assertTrue(typed.stdout().contains("[LINKBENCH-VERIFY] MISMATCH node 450: type 7, version 1; generated type 2048,"
          + " version 1"), typed.stdout());
      nodeRows.updateOne(eq("_id", 450L), set("type", 2048));

      MongoCollection<Document> counts = c.getDatabase(db).getCollection("counttable");
      Document first = counts.find(gt("count", 0L)).sort(Sorts.ascending("id", "link_type")).first();
      long id = ((Number) first.get("id")).longValue();
      long type = ((Number) first.get("link_type")).longValue();
      long count = ((Number) first.get("count")).longValue();
      counts.updateOne(and(eq("id", first.get("id")), eq("link_type", first.get("link_type"))), inc("count", 1L));
      Result badCount = verify(server, db, file, "linkbench.verify_chunks=0");
      assertEquals(1, badCount.exitCode(), badCount.all());
      assertTrue(badCount.stdout().contains("[LINKBENCH-VERIFY] MISMATCH (" + id + ", " + type + "): count table "
          + (count + 1) + ", visible links " + count), badCount.stdout());
      counts.updateOne(and(eq("id", first.get("id")), eq("link_type", first.get("link_type"))), inc("count", -1L));

      MongoCollection<Document> nodes = c.getDatabase(db).getCollection("nodetable");
      long before = nodes.countDocuments();
      assertEquals(1, nodes.deleteOne(eq("_id", 5L)).getDeletedCount());
      assertEquals(0, verify(server, db, file, "linkbench.verify_chunks=0").exitCode(), "nodes are not the count check's");
      Result missingNode = verify(server, db, file, "linkbench.verify_as_loaded=true", "linkbench.verify_chunks=0");
      assertEquals(1, missingNode.exitCode(), missingNode.all());
      assertTrue(missingNode.stdout().contains("[LINKBENCH-VERIFY] MISMATCH node 5: missing"), missingNode.stdout());

      OneLineError.assertOneLineError(verify(server, db, file, "linkbench.verify_chunks=-1"), UserError.BAD_INPUT,
          "linkbench.verify_chunks");
      assertEquals(before - 1, nodes.countDocuments(), "verify wrote nothing");
    }
  }
}
