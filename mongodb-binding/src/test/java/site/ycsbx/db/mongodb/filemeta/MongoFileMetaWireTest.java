package site.ycsbx.db.mongodb.filemeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.mongodb.MongoDbClient;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.db.mongodb.conn.SentCommands;
import site.ycsbx.db.mongodb.conn.WriteConcernSetting;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.filemeta.FileMetaPlan;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.store.filemeta.FileRow;

/**
 * What the MongoDB filemeta store sends, as the driver puts it on the wire: the spec's three
 * indexes by name, LATEST_BY_USER as find/sort/limit, COUNT_DELETED as the count command (which
 * MongoDB 2.6 through 8.0 answer; not countDocuments' aggregation), writes with the run's write
 * concern. mongo-java-server answers them, so the replies are checked too.
 */
@Tag("server")
class MongoFileMetaWireTest {
  private static final long T0 = 1_293_840_000L;
  private static TestServer server;
  private SentCommands sent;
  private final List<MongoDbClient> clients = new ArrayList<>();

  @BeforeAll
  static void start() {
    server = new TestServer();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @BeforeEach
  void listen() {
    sent = SentCommands.record();
  }

  @AfterEach
  void cleanup() throws Exception {
    sent.close();
    for (MongoDbClient c : clients) {
      c.cleanup();
    }
  }

  private FileMetaStore store(String database, String... kv) throws Exception {
    MongoDbClient db = server.binding(database, kv);
    StoreRegistry.clear();
    db.init();
    clients.add(db);
    return StoreRegistry.take(FileMetaStore.class);
  }

  private static FileRow file(long id, long user, int server, boolean deleted, long updated) {
    return new FileRow(id, "/p/" + id + "/" + "x".repeat(40), 10 * id, server, deleted, updated, updated - 60, user);
  }

  @Test
  void prepareCreatesTheSpecsThreeIndexesByName() throws Exception {
    String database = TestServer.freshDatabase();
    store(database).prepare(FileMetaPlan.defaults(false));
    BsonDocument create = sent.commands("createIndexes").get(0);
    List<BsonDocument> indexes = new ArrayList<>();
    for (BsonDocument c : sent.commands("createIndexes")) {
      assertEquals("files", c.getString("createIndexes").getValue());
      c.getArray("indexes").forEach(i -> indexes.add(i.asDocument()));
    }
    assertTrue(create.containsKey("indexes"));
    assertEquals(List.of(
        BsonDocument.parse("{\"key\": {\"server_id\": 1, \"deleted\": 1}, \"name\": \"server_id_deleted\"}"),
        BsonDocument.parse("{\"key\": {\"user_id\": 1, \"last_updated\": 1}, \"name\": \"user_id_updated\"}"),
        BsonDocument.parse("{\"key\": {\"user_id\": 1, \"path\": 1}, \"name\": \"user_id_path\"}")), indexes);
  }

  @Test
  void theQueriesAreFindSortLimitAndTheCountCommand() throws Exception {
    String database = TestServer.freshDatabase();
    FileMetaStore s = store(database);
    s.prepare(FileMetaPlan.defaults(false));
    List<FileRow> batch = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      batch.add(file(i, i % 2, i % 3, i % 5 == 0, T0 - i));
    }
    s.insertFiles(batch);
    sent.clear();

    List<FileRow> latest = s.latestByUser(1, 10);
    assertEquals(List.of("find"), sent.names());
    BsonDocument find = sent.commands("find").get(0);
    assertEquals(BsonDocument.parse("{\"user_id\": {\"$numberLong\": \"1\"}}"), find.getDocument("filter"));
    assertEquals(BsonDocument.parse("{\"last_updated\": -1}"), find.getDocument("sort"));
    assertEquals(10, find.getNumber("limit").intValue());
    assertEquals(List.of(1L, 3L, 5L, 7L, 9L, 11L, 13L, 15L, 17L, 19L), latest.stream().map(FileRow::id).toList());

    sent.clear();
    long deleted = s.countDeleted(0); // ids 0, 15: id % 3 == 0 and id % 5 == 0
    assertEquals(List.of("count"), sent.names(), "the count command, not an aggregate");
    BsonDocument count = sent.commands("count").get(0);
    assertEquals("files", count.getString("count").getValue());
    assertEquals(BsonDocument.parse("{\"server_id\": 0, \"deleted\": 1}"), count.getDocument("query"));
    assertEquals(2, deleted);
  }

  @Test
  void writesCarryTheRunsWriteConcernAndTheLoadIsUnordered() throws Exception {
    String database = TestServer.freshDatabase();
    FileMetaStore s = store(database, WriteConcernSetting.PROPERTY, "journaled");
    s.prepare(FileMetaPlan.defaults(false));
    sent.clear();
    s.insertFiles(List.of(file(1, 1, 1, false, T0), file(2, 1, 1, false, T0)));
    s.insertFile(file(3, 1, 1, false, T0));
    assertTrue(s.updateFile(3, T0 + 5, 77));
    assertTrue(s.deleteFile(2));
    assertFalse(s.updateFile(99, T0, 1));
    assertEquals(List.of("insert", "insert", "update", "update", "update"), sent.names());
    BsonDocument load = sent.commands("insert").get(0);
    assertEquals(BsonBoolean.FALSE, load.get("ordered"));
    assertEquals(2, load.getArray("documents").size());
    assertEquals(BsonDocument.parse("{\"_id\": {\"$numberLong\": \"1\"}, \"path\": \"/p/1/" + "x".repeat(40) + "\","
        + " \"size\": {\"$numberLong\": \"10\"}, \"server_id\": 1, \"deleted\": 0, \"last_updated\": {\"$date\": "
        + T0 * 1000 + "}, \"created\": {\"$date\": " + (T0 - 60) * 1000 + "}, \"user_id\": {\"$numberLong\": \"1\"}}"),
        load.getArray("documents").get(0).asDocument(), "_id = id, the spec's fields");
    for (String name : List.of("insert", "update")) {
      for (BsonDocument c : sent.commands(name)) {
        assertEquals(BsonDocument.parse("{\"w\": 1, \"j\": true}"), c.getDocument("writeConcern"), c.toJson());
      }
    }
    BsonDocument update = sent.commands("update").get(0).getArray("updates").get(0).asDocument();
    assertEquals(BsonDocument.parse("{\"_id\": {\"$numberLong\": \"3\"}}"), update.getDocument("q"));
    assertEquals(BsonDocument.parse("{\"$set\": {\"last_updated\": {\"$date\": " + (T0 + 5) * 1000 + "}, \"size\":"
        + " {\"$numberLong\": \"77\"}}}"), update.getDocument("u"));
    BsonDocument delete = sent.commands("update").get(1).getArray("updates").get(0).asDocument();
    assertEquals(BsonDocument.parse("{\"$set\": {\"deleted\": 1}}"), delete.getDocument("u"));
    FileRow two = s.latestByUser(1, 10).stream().filter(f -> f.id() == 2).findFirst().orElseThrow();
    assertTrue(two.deleted());
  }
}
