package site.ycsbx.db.mongodb.linkbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import site.ycsbx.db.mongodb.MongoDbClient;
import site.ycsbx.db.mongodb.MongoPreflight;
import site.ycsbx.db.mongodb.MongoUnderTest;
import site.ycsbx.db.mongodb.ServerChoice;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.SentCommands;
import site.ycsbx.db.mongodb.conn.SentCommands.Sent;
import site.ycsbx.db.mongodb.conn.WriteConcernSetting;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.linkbench.Link;
import site.ycsbx.store.linkbench.LinkBenchPlan;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.linkbench.LinkCount;
import site.ycsbx.store.linkbench.Node;
import site.ycsbx.util.UserError;

/**
 * The MongoDB linkbench store in process: what the driver sends for each operation, the
 * transactions of {@value MongoLinkBenchStore#TRANSACTIONS_PROPERTY} against a server posing as a
 * 4.0 replica set primary (mongo-java-server applies the writes as they come; the test is what is
 * sent) or the replica set {@link ServerChoice} names, their refusal on a standalone before
 * anything is created, and the fingerprint.
 */
@Tag("server")
class MongoLinkBenchWireTest {
  private static final long TYPE = 123456789L;
  private static final LinkBenchPlan PLAN = LinkBenchPlan.defaults(false);
  private static final StoreDemand DEMAND = new StoreDemand(LinkBenchStore.class, PLAN);
  private static final String TXN = MongoLinkBenchStore.TRANSACTIONS_PROPERTY;
  private static TestServer standalone;
  private static MongoUnderTest replicaSet;

  private SentCommands sent;
  private final List<MongoDbClient> clients = new ArrayList<>();

  @BeforeAll
  static void startServers() {
    standalone = new TestServer();
    replicaSet = ServerChoice.mongod(() -> TestServer.posingAsReplicaSet("4.0.28"));
  }

  @AfterAll
  static void stopServers() {
    standalone.close();
    replicaSet.close();
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

  private LinkBenchStore store(MongoUnderTest on, String database, String... kv) throws Exception {
    MongoDbClient db = on.binding(database, kv);
    StoreRegistry.clear();
    db.init();
    clients.add(db);
    return StoreRegistry.take(LinkBenchStore.class);
  }

  private static Link link(long id1, long id2, boolean visible, long time) {
    return new Link(id1, TYPE, id2, visible, "d".getBytes(StandardCharsets.UTF_8), 0, time);
  }

  private static Properties props(MongoUnderTest on, String database, String... kv) {
    Properties p = new Properties();
    p.setProperty(MongoOptions.URL_PROPERTY, on.url(database));
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static Fingerprint preflight(Properties p) {
    Fingerprint fp = new Fingerprint();
    new MongoPreflight().check(p, Preflight.Phase.RUN, DEMAND, fp);
    return fp;
  }

  // the driver gives each inserted document an ObjectId _id
  private static BsonDocument withoutId(BsonDocument d) {
    BsonDocument copy = new BsonDocument();
    copy.putAll(d);
    assertEquals(org.bson.BsonType.OBJECT_ID, copy.remove("_id").getBsonType());
    return copy;
  }

  private static boolean hasTransactionFields(BsonDocument command) {
    return command.containsKey("startTransaction") || command.containsKey("autocommit");
  }

  @Test
  void withTransactionsALinkWriteAndItsCountChangeAreOneTransactionCommittedWithTheWriteConcern() throws Exception {
    String database = TestServer.freshDatabase();
    LinkBenchStore s = store(replicaSet, database, TXN, "true", WriteConcernSetting.PROPERTY, "journaled");
    s.prepare(PLAN);
    sent.clear();
    assertTrue(s.addLink(link(1, 2, true, 1000)));
    assertEquals(List.of("findAndModify", "update", "commitTransaction"), sent.names());
    BsonDocument write = sent.commands("findAndModify").get(0);
    BsonDocument count = sent.commands("update").get(0);
    Sent commit = sent.named("commitTransaction").get(0);
    assertEquals("admin", commit.database());
    assertEquals(BsonBoolean.TRUE, write.get("startTransaction"), "the first command starts the transaction");
    assertFalse(count.containsKey("startTransaction"));
    for (BsonDocument c : List.of(write, count, commit.command())) {
      assertEquals(BsonBoolean.FALSE, c.get("autocommit"), c.toJson());
      assertEquals(write.get("lsid"), c.get("lsid"), "one session: " + c.toJson());
      assertEquals(write.get("txnNumber"), c.get("txnNumber"), "one transaction: " + c.toJson());
    }
    assertTrue(write.containsKey("lsid") && write.containsKey("txnNumber"));
    // inside a transaction only the commit carries the write concern
    assertFalse(write.containsKey("writeConcern"));
    assertFalse(count.containsKey("writeConcern"));
    assertEquals(BsonDocument.parse("{\"w\": 1, \"j\": true}"), commit.command().getDocument("writeConcern"));
    assertEquals("linktable", write.getString("findAndModify").getValue());
    assertEquals("counttable", count.getString("update").getValue());

    sent.clear();
    assertTrue(s.deleteLink(1, TYPE, 2, false));
    assertEquals(List.of("findAndModify", "update", "commitTransaction"), sent.names(), "hide and count -1");
    assertNotEquals(write.get("txnNumber"), sent.commands("findAndModify").get(0).get("txnNumber"), "a new transaction");

    sent.clear();
    assertTrue(s.deleteLink(1, TYPE, 2, false));
    assertEquals(List.of("findAndModify", "commitTransaction"), sent.names(), "already hidden: no count change");
    assertEquals(0, s.countLinks(1, TYPE));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "false | replicaSet",
      "auto  | standalone",
      "false | standalone"})
  void withoutTransactionsEachWriteCarriesTheWriteConcernAndNoTransactionField(String mode, String on)
      throws Exception {
    MongoUnderTest server = on.equals("replicaSet") ? replicaSet : standalone;
    String database = TestServer.freshDatabase();
    LinkBenchStore s = store(server, database, TXN, mode, WriteConcernSetting.PROPERTY, "journaled");
    s.prepare(PLAN);
    sent.clear();
    assertTrue(s.addLink(link(1, 2, true, 1000)));
    assertTrue(s.deleteLink(1, TYPE, 2, true));
    assertEquals(List.of("findAndModify", "update", "findAndModify", "update"), sent.names(),
        "each link write, then its count change");
    for (String name : List.of("findAndModify", "update")) {
      for (BsonDocument c : sent.commands(name)) {
        assertFalse(hasTransactionFields(c), c.toJson());
        assertEquals(BsonDocument.parse("{\"w\": 1, \"j\": true}"), c.getDocument("writeConcern"), c.toJson());
        if (server == standalone) {
          // a replica set member gets txnNumber for retryable writes; a standalone has no sessions
          assertFalse(c.containsKey("txnNumber") || c.containsKey("lsid"), c.toJson());
        }
      }
    }
    BsonDocument expunge = sent.commands("findAndModify").get(1);
    assertEquals(BsonBoolean.TRUE, expunge.get("remove"));
    assertEquals(0, s.countLinks(1, TYPE));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "standalone | a standalone server, neither a replica set member nor a mongos",
      "mongos     | a mongos before 4.2 (maxWireVersion 7)"})
  void transactionsTrueOnAServerWithoutThemIsRefusedInOneLineBeforeAnythingIsCreated(String on, String why)
      throws Exception {
    // (a 3.6 replica set is refused too, see TransactionsTest: driver 5.2 does not reach 3.6)
    try (TestServer server = on.equals("standalone") ? new TestServer() : TestServer.posingAsMongos("4.0.28")) {
      String database = TestServer.freshDatabase();
      String expected = "linkbench.transactions=true needs multi-document transactions, which MongoDB at "
          + server.url(database) + " cannot run: " + why + "; they need a replica set member of 4.0+ or a mongos of "
          + "4.2+ and acknowledged writes; set linkbench.transactions=auto or false";
      UserError e = assertThrows(UserError.class, () -> preflight(props(server, database, TXN, "true")));
      assertEquals(expected, e.getMessage());
      assertEquals(UserError.TARGET_UNUSABLE, e.exitCode());
      // a store whose preflight did not run (a stock YCSB's later JVM) refuses in prepare, the same way
      LinkBenchStore s = store(server, database, TXN, "true");
      StoreException se = assertThrows(StoreException.class, () -> s.prepare(PLAN));
      assertEquals(expected, se.getMessage());
      assertEquals(List.of(), server.writes(), "nothing created");
    }
  }

  @Test
  void aBadModeOrTransactionsWithUnacknowledgedWritesAreRefusedBeforeTheServerIsContacted() {
    String database = TestServer.freshDatabase();
    int before = standalone.commands().size();
    UserError bad = assertThrows(UserError.class, () -> preflight(props(standalone, database, TXN, "yes")));
    assertEquals("linkbench.transactions=yes is not a transaction mode; linkbench.transactions accepts auto, true or "
        + "false", bad.getMessage());
    assertEquals(UserError.BAD_INPUT, bad.exitCode());
    UserError w0 = assertThrows(UserError.class, () -> preflight(props(standalone, database, TXN, "true",
        WriteConcernSetting.PROPERTY, "unacknowledged")));
    assertEquals("linkbench.transactions=true cannot be used with unacknowledged writes (w:0), which MongoDB does not "
        + "run in a transaction; set linkbench.transactions=false or an acknowledged write concern", w0.getMessage());
    assertEquals(before, standalone.commands().size(), "the server was contacted");
    assertTrue(new MongoPreflight().knownProperties().contains(TXN), "the misspelling check knows it");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "auto  | replicaSet | acknowledged   | auto: multi-document transactions, a link write and its count change commit together",
      "true  | replicaSet | majority       | true: multi-document transactions, a link write and its count change commit together",
      "auto  | standalone | acknowledged   | auto: no transactions (a standalone server, neither a replica set member nor a mongos), the count update follows each link write",
      "auto  | replicaSet | unacknowledged | auto: no transactions (unacknowledged writes (w:0) cannot be in a transaction), the count update follows each link write",
      "false | replicaSet | acknowledged   | false: no transactions, the count update follows each link write"})
  void theFingerprintSaysWhetherLinkWritesRunInTransactions(String mode, String on, String concern, String expected) {
    MongoUnderTest server = on.equals("replicaSet") ? replicaSet : standalone;
    Fingerprint fp = preflight(props(server, TestServer.freshDatabase(), TXN, mode,
        WriteConcernSetting.PROPERTY, concern));
    assertEquals(expected, fp.get(TXN));
  }

  @Test
  void readsAndBulkWritesSendWhatLinkBenchsMongoDbPortSends() throws Exception {
    String database = TestServer.freshDatabase();
    LinkBenchStore s = store(standalone, database);
    s.prepare(PLAN);
    sent.clear();
    s.addBulkLinks(List.of(link(5, 6, true, 100), link(5, 7, true, 200)));
    s.addBulkCounts(List.of(new LinkCount(5, TYPE, 2, 200, 0)));
    List<BsonDocument> inserts = sent.commands("insert");
    assertEquals(2, inserts.size());
    assertEquals("linktable", inserts.get(0).getString("insert").getValue());
    assertEquals(BsonBoolean.FALSE, inserts.get(0).get("ordered"));
    assertEquals(BsonDocument.parse("{\"link_type\": {\"$numberLong\": \"123456789\"}, \"id1\": {\"$numberLong\": \"5\"}, "
        + "\"id2\": {\"$numberLong\": \"6\"}, \"visibility\": 1, \"data\": {\"$binary\": {\"base64\": \"ZA==\", "
        + "\"subType\": \"00\"}}, \"time\": {\"$numberLong\": \"100\"}, \"version\": 0}"),
        withoutId(inserts.get(0).getArray("documents").get(0).asDocument()));
    assertEquals("counttable", inserts.get(1).getString("insert").getValue());
    assertEquals(BsonBoolean.FALSE, inserts.get(1).get("ordered"));

    sent.clear();
    assertEquals(List.of(6L), s.getLinkList(5, TYPE, 50, 150, 0, 10).stream().map(Link::id2).toList());
    BsonDocument list = sent.commands("find").get(0);
    assertEquals(BsonDocument.parse("{\"id1\": {\"$numberLong\": \"5\"}, \"link_type\": {\"$numberLong\": \"123456789\"}, "
        + "\"visibility\": 1, \"time\": {\"$gte\": {\"$numberLong\": \"50\"}, \"$lte\": {\"$numberLong\": \"150\"}}}"),
        list.getDocument("filter"));
    assertEquals(BsonDocument.parse("{\"time\": -1, \"id2\": -1}"), list.getDocument("sort"));
    assertEquals(10, list.getNumber("limit").intValue());

    sent.clear();
    s.getLinkList(5, TYPE, 0, Long.MAX_VALUE, 1, 1);
    assertEquals(1, sent.commands("find").get(0).getNumber("skip").intValue());

    sent.clear();
    assertEquals(2, s.getLinks(5, TYPE, new long[] {6, 7, 8}).size());
    assertEquals(BsonDocument.parse("{\"$in\": [{\"$numberLong\": \"6\"}, {\"$numberLong\": \"7\"}, "
        + "{\"$numberLong\": \"8\"}]}"), sent.commands("find").get(0).getDocument("filter").getDocument("id2"));

    sent.clear();
    assertEquals(2, s.countLinks(5, TYPE));
    BsonDocument countFind = sent.commands("find").get(0);
    assertEquals("counttable", countFind.getString("find").getValue());
    assertEquals(BsonDocument.parse("{\"id\": {\"$numberLong\": \"5\"}, \"link_type\": {\"$numberLong\": \"123456789\"}}"),
        countFind.getDocument("filter"));
  }

  @Test
  void newNodeIdsComeFromACounterAboveEveryLoadedId() throws Exception {
    String database = TestServer.freshDatabase();
    LinkBenchStore s = store(standalone, database);
    s.prepare(PLAN);
    s.addNodes(List.of(new Node(41, 2048, 1, 1, new byte[] {1})));
    sent.clear();
    assertEquals(42, s.addNode(new Node(0, 2048, 1, 1, new byte[] {2})));
    assertEquals(List.of("findAndModify", "insert"), sent.names());
    assertEquals(BsonDocument.parse("{\"$inc\": {\"last\": {\"$numberLong\": \"1\"}}}"),
        sent.commands("findAndModify").get(0).getDocument("update"));
    assertTrue(s.deleteNode(2048, 42));
    assertEquals(43, s.addNode(new Node(0, 2048, 1, 1, new byte[] {3})), "a deleted id is not reused");
  }

  @Test
  void nodesStoredWithoutTheCounterAreSkipped() throws Exception {
    String database = TestServer.freshDatabase();
    LinkBenchStore s = store(standalone, database);
    s.prepare(PLAN);
    try (var client = standalone.client()) {
      client.getDatabase(database).getCollection("nodetable").insertOne(new org.bson.Document("_id", 7L)
          .append("type", 1).append("version", 1L).append("time", 1).append("data", new byte[0]));
    }
    assertEquals(8, s.addNode(new Node(0, 1, 1, 1, new byte[0])), "ids below 7 are free, but new ids go above the stored ones");
  }

  @Test
  void collectionsAndIndexesAreCreatedWithTheConfigStrings() throws Exception {
    String database = TestServer.freshDatabase();
    LinkBenchStore s = store(standalone, database, MongoOptions.COLLECTION_CONFIG_PROPERTY, "block_compressor=zlib",
        MongoOptions.INDEX_CONFIG_PROPERTY, "prefix_compression=false");
    s.prepare(PLAN);
    List<BsonDocument> creates = sent.commands("create");
    assertEquals(List.of("nodetable", "linktable", "counttable"),
        creates.stream().map(c -> c.getString("create").getValue()).toList());
    for (BsonDocument c : creates) {
      assertEquals(BsonDocument.parse("{\"wiredTiger\": {\"configString\": \"block_compressor=zlib\"}}"),
          c.getDocument("storageEngine"));
    }
    List<BsonDocument> indexes = new ArrayList<>();
    sent.commands("createIndexes").forEach(c -> c.getArray("indexes").forEach(i -> indexes.add(i.asDocument())));
    assertEquals(3, indexes.size());
    assertEquals(BsonDocument.parse("{\"link_type\": 1, \"id1\": 1, \"id2\": 1}"), indexes.get(0).getDocument("key"));
    assertEquals(BsonBoolean.TRUE, indexes.get(0).get("unique"));
    assertEquals(BsonDocument.parse("{\"id1\": 1, \"link_type\": 1, \"visibility\": 1, \"time\": 1, \"id2\": 1, "
        + "\"version\": 1, \"data\": 1}"), indexes.get(1).getDocument("key"));
    assertFalse(indexes.get(1).containsKey("unique"));
    assertEquals(BsonDocument.parse("{\"id\": 1, \"link_type\": 1}"), indexes.get(2).getDocument("key"));
    assertEquals(BsonBoolean.TRUE, indexes.get(2).get("unique"));
    for (BsonDocument i : indexes) {
      assertEquals(BsonDocument.parse("{\"wiredTiger\": {\"configString\": \"prefix_compression=false\"}}"),
          i.getDocument("storageEngine"));
    }
  }
}
