package site.ycsbx.db.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.SentCommands;
import site.ycsbx.db.mongodb.conn.WriteConcernSetting;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.util.UserError;

/**
 * What the driver actually sends, seen by a CommandListener on the binding's own client: the
 * write concern of each write, the storage-engine config strings of create/createIndexes, and
 * the preflight's read-only inspection before any write.
 */
@Tag("server")
class WireCommandsTest {
  private static MongoUnderTest plain;
  private static TestServer wiredTiger;
  private SentCommands sent;

  @BeforeAll
  static void startServers() {
    plain = ServerChoice.mongod(TestServer::new);
    wiredTiger = new TestServer("wiredTiger");
  }

  @AfterAll
  static void stopServers() {
    plain.close();
    wiredTiger.close();
  }

  @BeforeEach
  void listen() {
    sent = SentCommands.record();
  }

  @AfterEach
  void stopListening() {
    sent.close();
  }

  private static Properties props(MongoUnderTest server, String... kv) {
    Properties p = new Properties();
    p.setProperty(MongoOptions.URL_PROPERTY, server.url(TestServer.freshDatabase()));
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static Map<String, ByteIterator> fields() {
    return Map.of("field0", new StringByteIterator("value0"), "field1", new StringByteIterator("value1"));
  }

  /** The writeConcern of the one insert an in-process binding sends with these properties. */
  private BsonDocument insertWriteConcern(Properties p) throws Exception {
    MongoDbClient db = new MongoDbClient();
    db.setProperties(p);
    db.init();
    try {
      assertEquals(Status.OK, db.insert("usertable", "user1", fields()));
    } finally {
      db.cleanup();
    }
    List<BsonDocument> inserts = sent.commands("insert");
    assertEquals(1, inserts.size(), sent.names().toString());
    return inserts.get(0).getDocument("writeConcern", new BsonDocument());
  }

  @Test
  void journaledSendsW1JTrue() throws Exception {
    Properties p = props(plain, WriteConcernSetting.PROPERTY, "journaled");
    BsonDocument wc = insertWriteConcern(p);
    assertEquals(new BsonDocument("w", new BsonInt32(1)).append("j", org.bson.BsonBoolean.TRUE), wc);
  }

  @Test
  void acknowledgedSendsW1JFalse() throws Exception {
    BsonDocument wc = insertWriteConcern(props(plain, WriteConcernSetting.PROPERTY, "acknowledged"));
    assertEquals(new BsonDocument("w", new BsonInt32(1)).append("j", org.bson.BsonBoolean.FALSE), wc);
  }

  @Test
  void theDefaultIsAcknowledgedOnTheWireToo() throws Exception {
    BsonDocument wc = insertWriteConcern(props(plain));
    assertEquals(new BsonDocument("w", new BsonInt32(1)).append("j", org.bson.BsonBoolean.FALSE), wc);
  }

  @Test
  void unacknowledgedSendsW0() throws Exception {
    // the embedded server drops w:0 writes: only the command is asserted, not the data
    BsonDocument wc = insertWriteConcern(props(plain, WriteConcernSetting.PROPERTY, "unacknowledged"));
    assertEquals(new BsonDocument("w", new BsonInt32(0)), wc);
  }

  @Test
  void majoritySendsWMajority() throws Exception {
    BsonDocument wc = insertWriteConcern(props(plain, WriteConcernSetting.PROPERTY, "majority"));
    assertEquals(new BsonDocument("w", new BsonString("majority")), wc);
  }

  @Test
  void aNodeCountSendsThatW() throws Exception {
    BsonDocument wc = insertWriteConcern(props(plain, WriteConcernSetting.PROPERTY, "2"));
    assertEquals(new BsonInt32(2), wc.get("w"));
  }

  @Test
  void urlJournalAloneSendsW1JTrue() throws Exception {
    Properties p = props(plain);
    p.setProperty(MongoOptions.URL_PROPERTY, p.getProperty(MongoOptions.URL_PROPERTY) + "?journal=true");
    BsonDocument wc = insertWriteConcern(p);
    assertEquals(new BsonDocument("w", new BsonInt32(1)).append("j", org.bson.BsonBoolean.TRUE), wc);
  }

  @Test
  void updatesAndDeletesCarryTheWriteConcernToo() throws Exception {
    MongoDbClient db = new MongoDbClient();
    db.setProperties(props(plain, WriteConcernSetting.PROPERTY, "journaled"));
    db.init();
    try {
      assertEquals(Status.OK, db.insert("usertable", "k", fields()));
      assertEquals(Status.OK, db.update("usertable", "k", fields()));
      assertEquals(Status.OK, db.delete("usertable", "k"));
    } finally {
      db.cleanup();
    }
    BsonDocument journaled = new BsonDocument("w", new BsonInt32(1)).append("j", org.bson.BsonBoolean.TRUE);
    assertEquals(journaled, sent.commands("update").get(0).getDocument("writeConcern"));
    assertEquals(journaled, sent.commands("delete").get(0).getDocument("writeConcern"));
  }

  @Test
  void collectionConfigGoesIntoCreateUnderTheServersEngineName() throws Exception {
    MongoDbClient db = new MongoDbClient();
    db.setProperties(props(wiredTiger, MongoOptions.COLLECTION_CONFIG_PROPERTY, "block_compressor=zlib",
        MongoOptions.STORAGE_ENGINE_PROPERTY, "WIREDTIGER"));
    db.init();
    try {
      assertEquals(Status.OK, db.insert("usertable", "k", fields()));
    } finally {
      db.cleanup();
    }
    List<BsonDocument> creates = sent.commands("create");
    assertEquals(1, creates.size(), sent.names().toString());
    assertEquals("usertable", creates.get(0).getString("create").getValue());
    // the key is the server's spelling (serverStatus), not the user's
    assertEquals(BsonDocument.parse("{\"wiredTiger\": {\"configString\": \"block_compressor=zlib\"}}"),
        creates.get(0).getDocument("storageEngine"));
    // the collection exists before the first insert
    List<String> names = sent.names();
    assertTrue(names.indexOf("create") < names.indexOf("insert"), names.toString());
  }

  @Test
  void withoutConfigTheCollectionIsCreatedPlainly() throws Exception {
    MongoDbClient db = new MongoDbClient();
    db.setProperties(props(plain));
    db.init();
    try {
      assertEquals(Status.OK, db.insert("usertable", "k", fields()));
    } finally {
      db.cleanup();
    }
    assertFalse(sent.commands("create").get(0).containsKey("storageEngine"));
  }

  @Test
  void anExistingCollectionIsNeitherRecreatedNorDropped() throws Exception {
    Properties p = props(plain, MongoOptions.COLLECTION_CONFIG_PROPERTY, "block_compressor=zstd");
    String database = new com.mongodb.ConnectionString(p.getProperty(MongoOptions.URL_PROPERTY)).getDatabase();
    try (MongoClient c = plain.client()) {
      c.getDatabase(database).getCollection("usertable").insertOne(new org.bson.Document("_id", "old"));
    }
    MongoDbClient db = new MongoDbClient();
    db.setProperties(p);
    db.init();
    try {
      assertEquals(Status.OK, db.insert("usertable", "new", fields()));
    } finally {
      db.cleanup();
    }
    assertTrue(sent.commands("create").isEmpty(), sent.names().toString());
    assertTrue(sent.commands("drop").isEmpty(), sent.names().toString());
    assertEquals(2, plain.count(database, "usertable"));
  }

  @Test
  void indexConfigGoesIntoCreateIndexes() {
    Properties p = props(plain, MongoOptions.INDEX_CONFIG_PROPERTY, "prefix_compression=false",
        MongoOptions.COLLECTION_CONFIG_PROPERTY, "block_compressor=zlib");
    MongoConnection c = MongoConnection.acquire(MongoOptions.parse(p));
    try {
      c.schema().ensureIndex("items", Indexes.ascending("price", "_id"), new IndexOptions().name("price_id"));
    } finally {
      c.release();
    }
    List<BsonDocument> creates = sent.commands("createIndexes");
    assertEquals(1, creates.size(), sent.names().toString());
    BsonDocument index = creates.get(0).getArray("indexes").get(0).asDocument();
    assertEquals("price_id", index.getString("name").getValue());
    // mongo-java-server reports no engine and the user named none: WiredTiger's key
    assertEquals(BsonDocument.parse("{\"wiredTiger\": {\"configString\": \"prefix_compression=false\"}}"),
        index.getDocument("storageEngine"));
    assertEquals(BsonDocument.parse("{\"wiredTiger\": {\"configString\": \"block_compressor=zlib\"}}"),
        sent.commands("create").get(0).getDocument("storageEngine"));
  }

  @Test
  void preflightInspectsWithReadOnlyCommandsAndFillsTheFingerprint() {
    Properties p = props(wiredTiger, WriteConcernSetting.PROPERTY, "journaled",
        MongoOptions.STORAGE_ENGINE_PROPERTY, "wiredtiger", MongoOptions.BATCH_SIZE_PROPERTY, "50",
        MongoOptions.COLLECTION_CONFIG_PROPERTY, "block_compressor=zlib");
    java.util.Set<String> before = wiredTiger.databaseNames();
    Fingerprint fp = new Fingerprint();
    new MongoPreflight().check(p, Preflight.Phase.LOAD, StoreDemand.NONE, fp);
    // getCmdLineOpts, getParameter: the server's settings, read (MongoServerSettings); listDatabases: YCSB's
    // collection is looked at before a load (its database does not exist here)
    assertEquals(List.of("buildInfo", "serverStatus", "getCmdLineOpts", "getParameter", "listDatabases"), sent.names().stream()
        .filter(n -> !n.equals("hello") && !n.equals("isMaster") && !n.equals("ismaster")).toList());
    assertEquals("mongo-java-server", fp.get("server.product"));
    assertEquals("5.0.0 (MongoDB version emulated by mongo-java-server)", fp.get("server.version"));
    assertEquals("wiredTiger", fp.get("storage.engine"));
    assertEquals("true", fp.get("storage.persistent"));
    assertEquals("w=1, j=true, wtimeout=none", fp.get("write.concern"));
    assertEquals("each write waits for the journal commit (j:true)", fp.get("journal"));
    assertEquals("50", fp.get("mongodb.batchsize"));
    assertEquals("false", fp.get("mongodb.upsert"));
    assertEquals("block_compressor=zlib", fp.get("mongodb.collectionConfig"));
    assertEquals("none", fp.get("mongodb.indexConfig"));
    assertEquals(p.getProperty(MongoOptions.URL_PROPERTY), fp.get("mongodb.url"));
    assertEquals(before, wiredTiger.databaseNames());
  }

  @Test
  void preflightMismatchSendsNoWrite() {
    Properties p = props(wiredTiger, MongoOptions.STORAGE_ENGINE_PROPERTY, "inMemory");
    UserError e = assertThrows(UserError.class, () -> new MongoPreflight().check(p, Preflight.Phase.LOAD, StoreDemand.NONE,
        new Fingerprint()));
    assertEquals(UserError.TARGET_UNUSABLE, e.exitCode());
    assertTrue(e.getMessage().startsWith("mongodb.storageEngine=inMemory but the server at mongodb://127.0.0.1:"),
        e.getMessage());
    assertTrue(sent.names().contains("serverStatus"), sent.names().toString());
    for (String write : List.of("insert", "create", "createIndexes", "update", "delete")) {
      assertFalse(sent.names().contains(write), sent.names().toString());
    }
  }

  @Test
  void schemaIsCreatedAcknowledgedEvenUnderW0() {
    Properties p = props(plain, WriteConcernSetting.PROPERTY, "unacknowledged");
    MongoConnection c = MongoConnection.acquire(MongoOptions.parse(p));
    try {
      c.schema().ensureCollection("usertable");
    } finally {
      c.release();
    }
    assertEquals(new BsonDocument("w", new BsonInt32(1)), sent.commands("create").get(0).getDocument("writeConcern"));
  }
}
