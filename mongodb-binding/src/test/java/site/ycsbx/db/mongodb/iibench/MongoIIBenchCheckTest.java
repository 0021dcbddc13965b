package site.ycsbx.db.mongodb.iibench;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.db.mongodb.EmbeddedMongoPreflight;
import site.ycsbx.db.mongodb.EmbeddedServer;
import site.ycsbx.db.mongodb.MongoPreflight;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.iibench.IIBenchPlan;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.iibench.IIBenchTable;
import site.ycsbx.util.UserError;

/**
 * The iibench check as the binding's preflights run it for an iibench demand, in process: what
 * it refuses, and that it refuses before anything is contacted or created.
 */
@Tag("server")
class MongoIIBenchCheckTest {
  private static TestServer server;

  @BeforeAll
  static void start() {
    server = new TestServer();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static StoreDemand iibench(IIBenchTable table, boolean drop) {
    return new StoreDemand(IIBenchStore.class, new IIBenchPlan(List.of(table), 1000, drop));
  }

  private static Properties props(String... keysAndValues) {
    Properties p = new Properties();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      p.setProperty(keysAndValues[i], keysAndValues[i + 1]);
    }
    return p;
  }

  private static void check(Preflight preflight, Properties props, StoreDemand demand) {
    preflight.check(props, Preflight.Phase.LOAD, demand, new Fingerprint());
  }

  @Test
  void aDatabaseNameMongoDbWouldRefuseIsRefusedBeforeTheServerIsContacted() {
    String database = TestServer.freshDatabase();
    String longest = database + "_" + "t".repeat(63 - database.length());
    assertEquals(64, longest.length());
    int commandsBefore = server.commands().size();
    UserError e = assertThrows(UserError.class, () -> check(new MongoPreflight(),
        props(MongoOptions.URL_PROPERTY, server.url(database), MongoOptions.DATABASE_PER_COLLECTION_PROPERTY, "true"),
        iibench(new IIBenchTable(longest.substring(database.length() + 1), 3, 0, 10), false)));
    assertEquals(UserError.BAD_INPUT, e.exitCode());
    assertEquals("mongodb.databasePerCollection=true needs database " + longest + " (64 characters) but MongoDB "
        + "accepts at most 63; use a shorter database in mongodb.url or a shorter iibench.table", e.getMessage());
    assertEquals(commandsBefore, server.commands().size(), "the server was contacted");
  }

  @Test
  void theEmbeddedServerIsNotStartedForADatabaseNameMongoDbWouldRefuse(@TempDir Path dir) {
    Path data = dir.resolve("data");
    String table = "t".repeat(64 - EmbeddedServer.DATABASE.length() - 1);
    UserError e = assertThrows(UserError.class, () -> check(new EmbeddedMongoPreflight(),
        props(EmbeddedServer.DIR_PROPERTY, data.toString(), MongoOptions.DATABASE_PER_COLLECTION_PROPERTY, "true"),
        iibench(new IIBenchTable(table, 3, 0, 10), false)));
    assertEquals("mongodb.databasePerCollection=true needs database " + EmbeddedServer.DATABASE + "_" + table
        + " (64 characters) but MongoDB accepts at most 63; use a shorter database in mongodb.url or a shorter "
        + "iibench.table", e.getMessage());
    assertFalse(Files.exists(data), "the embedded server was started");
  }

  @Test
  void anExistingCollectionWithOtherIndexesIsRefusedWithoutAWriteUnlessItIsDropped() {
    String database = TestServer.freshDatabase();
    try (MongoClient c = server.client()) {
      MongoCollection<Document> existing = c.getDatabase(database).getCollection("iib_pre");
      existing.insertOne(new Document("price", 1.0));
      existing.createIndex(Indexes.ascending("price", "customerid"), new IndexOptions().name("marketsegment"));
      existing.createIndex(Indexes.ascending("price", "dateandtime", "customerid"), new IndexOptions().name("pdc"));
    }
    int writesBefore = server.writes().size();
    Properties props = props(MongoOptions.URL_PROPERTY, server.url(database));
    UserError e = assertThrows(UserError.class, () -> check(new MongoPreflight(), props,
        iibench(new IIBenchTable("iib_pre", 1, 0, 10), false)));
    assertEquals(UserError.TARGET_UNUSABLE, e.exitCode());
    assertEquals("collection " + database + ".iib_pre has indexes beyond the 1 asked for (iibench.indexes): pdc "
        + "{\"price\": 1, \"dateandtime\": 1, \"customerid\": 1}; set iibench.indexes to match, or iibench.drop=true "
        + "to start afresh", e.getMessage());
    assertDoesNotThrow(() -> check(new MongoPreflight(), props, iibench(new IIBenchTable("iib_pre", 1, 0, 10), true)),
        "iibench.drop=true replaces the collection");
    assertDoesNotThrow(() -> check(new MongoPreflight(), props, iibench(new IIBenchTable("iib_pre", 3, 0, 10), false)),
        "indexes among the ones asked for are fine");
    assertDoesNotThrow(() -> check(new MongoPreflight(), props, StoreDemand.NONE),
        "YCSB's own workloads do not use the iibench collections");
    assertEquals(writesBefore, server.writes().size(), "the check wrote: " + server.writes());
  }
}
