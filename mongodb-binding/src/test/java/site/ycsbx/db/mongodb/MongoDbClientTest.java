package site.ycsbx.db.mongodb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.bson.Document;
import org.bson.types.Binary;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.measurements.Measurements;
import site.ycsbx.db.mongodb.conn.MongoOptions;

/** YCSB's operations on a real (in-process) server, one fresh database per test. */
@Tag("server")
class MongoDbClientTest {
  private static TestServer server;
  private final List<MongoDbClient> open = new ArrayList<>();
  private String database;

  @BeforeAll
  static void start() {
    server = new TestServer();
    // batched inserts time INSERT_BATCH through YCSB's Measurements, which the Client sets up
    Measurements.setProperties(new Properties());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @AfterEach
  void cleanup() throws Exception {
    for (MongoDbClient db : open) {
      db.cleanup();
    }
  }

  private MongoDbClient db(String... kv) throws Exception {
    if (database == null) {
      database = TestServer.freshDatabase();
    }
    Properties p = new Properties();
    p.setProperty(MongoOptions.URL_PROPERTY, server.url(database));
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    MongoDbClient db = new MongoDbClient();
    db.setProperties(p);
    db.init();
    open.add(db);
    return db;
  }

  private static Map<String, ByteIterator> record(String prefix) {
    Map<String, ByteIterator> m = new LinkedHashMap<>();
    for (int i = 0; i < 3; i++) {
      m.put("field" + i, new StringByteIterator(prefix + i));
    }
    return m;
  }

  private static String text(ByteIterator it) {
    return new String(it.toArray(), StandardCharsets.UTF_8);
  }

  private Document stored(String key) {
    try (MongoClient c = server.client()) {
      return c.getDatabase(database).getCollection("usertable").find(new Document("_id", key)).first();
    }
  }

  @Test
  void insertStoresKeyAsIdAndFieldsAsBinary() throws Exception {
    MongoDbClient db = db();
    assertEquals(Status.OK, db.insert("usertable", "user1", record("a")));
    Document d = stored("user1");
    assertEquals("user1", d.get("_id"));
    assertArrayEquals("a0".getBytes(StandardCharsets.UTF_8), ((Binary) d.get("field0")).getData());
    assertEquals(4, d.size());
  }

  @Test
  void readReturnsAllOrSelectedFields() throws Exception {
    MongoDbClient db = db();
    db.insert("usertable", "user1", record("a"));
    Map<String, ByteIterator> all = new HashMap<>();
    assertEquals(Status.OK, db.read("usertable", "user1", null, all));
    assertEquals(Set.of("field0", "field1", "field2"), all.keySet());
    assertEquals("a2", text(all.get("field2")));
    Map<String, ByteIterator> one = new HashMap<>();
    assertEquals(Status.OK, db.read("usertable", "user1", Set.of("field1"), one));
    assertEquals(Set.of("field1"), one.keySet());
    assertEquals("a1", text(one.get("field1")));
  }

  @Test
  void readAlsoDecodesStringFields() throws Exception {
    MongoDbClient db = db();
    db.insert("usertable", "x", record("a"));
    try (MongoClient c = server.client()) {
      c.getDatabase(database).getCollection("usertable").insertOne(new Document("_id", "s").append("field0", "text"));
    }
    Map<String, ByteIterator> r = new HashMap<>();
    assertEquals(Status.OK, db.read("usertable", "s", null, r));
    assertEquals("text", text(r.get("field0")));
  }

  @Test
  void missingKeysAreNotFound() throws Exception {
    MongoDbClient db = db();
    db.insert("usertable", "user1", record("a"));
    // expected failures: their [ERROR] lines are captured, not left in the build log
    site.ycsbx.testing.StdErr.captured(() -> {
      assertEquals(Status.NOT_FOUND, db.read("usertable", "nope", null, new HashMap<>()));
      assertEquals(Status.NOT_FOUND, db.update("usertable", "nope", record("b")));
      assertEquals(Status.NOT_FOUND, db.delete("usertable", "nope"));
      assertEquals(Status.NOT_FOUND, db.scan("usertable", "zzz", 5, null, new Vector<>()));
    });
  }

  @Test
  void updateSetsOnlyTheGivenFields() throws Exception {
    MongoDbClient db = db();
    db.insert("usertable", "user1", record("a"));
    assertEquals(Status.OK, db.update("usertable", "user1", Map.of("field1", new StringByteIterator("new"))));
    Map<String, ByteIterator> r = new HashMap<>();
    db.read("usertable", "user1", null, r);
    assertEquals("a0", text(r.get("field0")));
    assertEquals("new", text(r.get("field1")));
  }

  @Test
  void scanReadsFromTheStartKeyInKeyOrderUpToTheCount() throws Exception {
    MongoDbClient db = db();
    for (int i : new int[] {5, 1, 9, 3, 7, 2, 8}) {
      db.insert("usertable", "user" + i, record("v" + i));
    }
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertEquals(Status.OK, db.scan("usertable", "user3", 3, Set.of("field0"), rows));
    assertEquals(3, rows.size());
    assertEquals("v30", text(rows.get(0).get("field0")));
    assertEquals("v50", text(rows.get(1).get("field0")));
    assertEquals("v70", text(rows.get(2).get("field0")));
    assertEquals(Set.of("field0"), rows.get(0).keySet());
  }

  @Test
  void deleteRemovesTheDocument() throws Exception {
    MongoDbClient db = db();
    db.insert("usertable", "user1", record("a"));
    assertEquals(Status.OK, db.delete("usertable", "user1"));
    assertEquals(0, server.count(database, "usertable"));
  }

  @Test
  void realInsertsRefuseDuplicatesButUpsertsReplace() throws Exception {
    MongoDbClient inserts = db();
    assertEquals(Status.OK, inserts.insert("usertable", "user1", record("a")));
    site.ycsbx.testing.StdErr.captured(() -> assertEquals(Status.ERROR, inserts.insert("usertable", "user1", record("b"))));
    MongoDbClient upserts = db(MongoOptions.UPSERT_PROPERTY, "true");
    assertEquals(Status.OK, upserts.insert("usertable", "user1", record("c")));
    assertEquals(Status.OK, upserts.insert("usertable", "user2", record("d")));
    assertArrayEquals("c0".getBytes(StandardCharsets.UTF_8), ((Binary) stored("user1").get("field0")).getData());
    assertEquals(2, server.count(database, "usertable"));
  }

  @Test
  void batchedInsertsAreBufferedUntilTheBatchIsFullAndTheRestAtCleanup() throws Exception {
    MongoDbClient db = db(MongoOptions.BATCH_SIZE_PROPERTY, "4");
    List<Status> statuses = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      statuses.add(db.insert("usertable", "user" + i, record("v")));
      long expectedStored = (i + 1) / 4 * 4;
      assertEquals(expectedStored, server.count(database, "usertable"), "after insert " + i);
    }
    assertEquals(List.of(Status.BATCHED_OK, Status.BATCHED_OK, Status.BATCHED_OK, Status.OK,
        Status.BATCHED_OK, Status.BATCHED_OK, Status.BATCHED_OK, Status.OK, Status.BATCHED_OK, Status.BATCHED_OK), statuses);
    db.cleanup();
    open.remove(db);
    assertEquals(10, server.count(database, "usertable"));
  }

  @Test
  void aFailedBatchIsAnErrorNotASilentLoss() throws Exception {
    MongoDbClient first = db();
    first.insert("usertable", "user2", record("a"));
    MongoDbClient db = db(MongoOptions.BATCH_SIZE_PROPERTY, "3");
    assertEquals(Status.BATCHED_OK, db.insert("usertable", "user1", record("v")));
    assertEquals(Status.BATCHED_OK, db.insert("usertable", "user2", record("v")));
    site.ycsbx.testing.StdErr.captured(() -> assertEquals(Status.ERROR, db.insert("usertable", "user3", record("v"))));
    assertTrue(site.ycsbx.verdict.ErrorLog.messages(MongoDbClient.INSERT_BATCH).get(0)
        .startsWith("batch of 3 inserts: 1 write(s) of the batch failed; first: E11000 duplicate key"),
        site.ycsbx.verdict.ErrorLog.messages(MongoDbClient.INSERT_BATCH).toString());
  }

  @Test
  void batchedUpsertsReplaceExistingDocuments() throws Exception {
    MongoDbClient first = db();
    first.insert("usertable", "user1", record("old"));
    MongoDbClient db = db(MongoOptions.BATCH_SIZE_PROPERTY, "2", MongoOptions.UPSERT_PROPERTY, "true");
    assertEquals(Status.BATCHED_OK, db.insert("usertable", "user1", record("new")));
    assertEquals(Status.OK, db.insert("usertable", "user2", record("new")));
    assertArrayEquals("new0".getBytes(StandardCharsets.UTF_8), ((Binary) stored("user1").get("field0")).getData());
    assertEquals(2, server.count(database, "usertable"));
  }

  @Test
  void threadsShareOneClientThatOutlivesEarlyCleanups() throws Exception {
    MongoDbClient a = db();
    MongoDbClient b = db();
    a.insert("usertable", "user1", record("a"));
    a.cleanup();
    open.remove(a);
    // b's client must still work after a released its share
    assertEquals(Status.OK, b.insert("usertable", "user2", record("b")));
    assertEquals(2, server.count(database, "usertable"));
  }
}
