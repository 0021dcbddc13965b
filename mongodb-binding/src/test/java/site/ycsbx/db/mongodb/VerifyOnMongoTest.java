package site.ycsbx.db.mongodb;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.set;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.OneLineError;
import site.ycsbx.testing.UsertableLoad;
import site.ycsbx.util.UserError;

/**
 * {@code bin/ycsb verify mongodb} through Main.run in this JVM, against the in-process server:
 * YCSB's table with dataintegrity=true agrees, a changed field is listed (exit 1), and a
 * collection that is missing or holds other documents compares nothing (exit 2).
 */
@Tag("server")
class VerifyOnMongoTest {
  private static TestServer server;

  @BeforeAll
  static void start() {
    server = new TestServer();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static Result verify(String db, String workload, String... props) {
    List<String> args = new ArrayList<>(List.of("verify", "mongodb", "-P", JavaProcess.workload(workload), "-p",
        "mongodb.url=" + server.url(db)));
    for (String p : props) {
      args.add("-p");
      args.add(p);
    }
    return InProcessMain.run(args.toArray(new String[0]));
  }

  @Test
  void ycsbsTableAgreesAndAChangedFieldIsListed() throws Exception {
    String db = TestServer.freshDatabase();
    Properties p = new Properties();
    p.setProperty("mongodb.url", server.url(db));
    p.setProperty("recordcount", "30");
    p.setProperty("dataintegrity", "true");
    p.setProperty("fieldcount", "3");
    UsertableLoad.load(new MongoDbClient(), p);
    Result ok = verify(db, "workloada", "recordcount=30", "dataintegrity=true", "fieldcount=3");
    assertEquals(0, ok.exitCode(), ok.all());
    assertTrue(ok.stdout().contains("[YCSB-VERIFY] checking usertable: keys 0..29 read back, every field against the"
        + " generator"), ok.stdout());
    assertTrue(ok.stdout().strip().endsWith("[VERIFY] OK: 30 keys; nothing was written"), ok.stdout());
    try (MongoClient c = server.client()) {
      String key = c.getDatabase(db).getCollection("usertable").find().first().getString("_id");
      c.getDatabase(db).getCollection("usertable").updateOne(eq("_id", key), set("field1", "changed"));
      Result bad = verify(db, "workloada", "recordcount=30", "dataintegrity=true", "fieldcount=3");
      assertEquals(1, bad.exitCode(), bad.all());
      assertTrue(bad.stdout().contains("[YCSB-VERIFY] MISMATCH key " + key + ": field1 holds \"changed\""),
          bad.stdout());
      c.getDatabase(db).getCollection("usertable").deleteOne(eq("_id", key));
      Result gone = verify(db, "workloada", "recordcount=30", "fieldcount=3");
      assertEquals(1, gone.exitCode(), gone.all());
      assertTrue(gone.stdout().contains(key + " (keynum"), gone.stdout());
      assertEquals(29, c.getDatabase(db).getCollection("usertable").countDocuments(), "verify wrote nothing");
    }
  }

  @Test
  void aMissingCollectionOrOneOfOtherDocumentsComparesNothing() {
    String db = TestServer.freshDatabase();
    try (MongoClient c = server.client()) {
      c.getDatabase(db).getCollection("other").insertOne(new Document("_id", 1).append("x", 1));
    }
    OneLineError.assertOneLineError(verify(db, "workloada", "table=absent"), UserError.BAD_INPUT,
        "verify: collection " + db + ".absent", "does not exist, so there is nothing to verify");
    OneLineError.assertOneLineError(verify(db, "iibench", "iibench.table=absent"), UserError.BAD_INPUT,
        "does not exist, so there is nothing to verify");
    OneLineError.assertOneLineError(verify(db, "workloada", "table=other"), UserError.BAD_INPUT,
        "verify: nothing compared: ", "not YCSB's records");
    OneLineError.assertOneLineError(verify(db, "iibench", "iibench.table=other"), UserError.BAD_INPUT,
        "verify: nothing compared: ");
    OneLineError.assertOneLineError(verify(db, "linkbench-small", "linkbench.linktable=other"), UserError.BAD_INPUT,
        "verify: ");
  }
}
