package site.ycsbx.db.mongolegacy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.mongodb.LegacyWireFront;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.shaded.mongo35.com.mongodb.DB;
import site.ycsbx.shaded.mongo35.com.mongodb.DBObject;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoClient;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.PrintedFingerprint;
import site.ycsbx.tools.Main;

/**
 * The 2014 post's mongo24-10db shape through {@code bin/ycsb}: ten clients, each on its own
 * collection in a database of its own ({@code mongodb.databasePerCollection=true}), against the
 * server posing as MongoDB 2.4, as the mongodb binding's own test of that option runs it on 2.6+:
 * ten databases of one collection each, every transaction one OP_INSERT into its own, the URL's
 * database left empty.
 */
@Tag("process")
class LegacyDatabasePerCollectionTest {
  private static final int CLIENTS = 10;

  @Test
  void tenClientsLoadTenCollectionsInTenDatabases() {
    try (TestServer server = TestServer.posingAsLegacy("2.4.14", null); LegacyWireFront front =
        new LegacyWireFront(server)) {
      String database = TestServer.freshDatabase();
      Result r = JavaProcess.run(Main.class.getName(), "load", "mongodb-legacy", "-P", JavaProcess.workload("iibench"),
          "-threads", String.valueOf(CLIENTS), "-p", "iibench.tableperthread=true", "-p", "recordcount=2000",
          "-p", "iibench.batchsize=100", "-p", "mongodb.databasePerCollection=true", "-p", "iibench.verify=true",
          "-p", "mongodb.url=" + front.url(database), "-p", "mongodb.writeConcern=acknowledged");
      assertEquals(0, r.exitCode(), r.all());
      Map<String, String> fp = PrintedFingerprint.of(r.stdout());
      assertEquals("true", fp.get("mongodb.databasePerCollection"), r.stdout());
      Set<String> expected = new TreeSet<>();
      for (int i = 0; i < CLIENTS; i++) {
        expected.add(database + "_purchases_index_" + i);
      }
      try (MongoClient c = new MongoClient("127.0.0.1", front.port())) {
        Set<String> mine = new TreeSet<>();
        for (String name : c.getDatabaseNames()) {
          if (name.startsWith(database)) {
            mine.add(name);
          }
        }
        // the URL's database itself holds nothing, so it does not exist
        assertEquals(expected, mine);
        for (int i = 0; i < CLIENTS; i++) {
          String collection = "purchases_index_" + i;
          DB db = c.getDB(database + "_" + collection);
          assertEquals(Set.of(collection), userCollections(db));
          assertEquals(200, db.getCollection(collection).count());
          List<String> indexes = new ArrayList<>();
          for (DBObject index : db.getCollection(collection).getIndexInfo()) {
            indexes.add(String.valueOf(index.get("name")));
          }
          assertEquals(Set.of("_id_", "marketsegment", "registersegment", "pdc"), Set.copyOf(indexes));
          // each client's transactions went to its own database: one OP_INSERT of the batch each
          String ns = database + "_" + collection + "." + collection;
          assertEquals(2, front.received().stream().filter(l -> l.equals("OP_INSERT " + ns + " 100")).count(),
              front.received().toString());
        }
      }
    }
  }

  // the pose lists system.indexes and the like beside the user's collections on wire version 0
  private static Set<String> userCollections(DB db) {
    Set<String> out = new TreeSet<>(db.getCollectionNames());
    out.removeIf(n -> n.startsWith("system."));
    return out;
  }
}
