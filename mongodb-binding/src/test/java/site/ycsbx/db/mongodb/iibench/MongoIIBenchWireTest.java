package site.ycsbx.db.mongodb.iibench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.ConnectionString;
import com.mongodb.client.MongoClient;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import site.ycsbx.db.mongodb.MongoDbClient;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.MongoUrl;
import site.ycsbx.db.mongodb.conn.SentCommands;
import site.ycsbx.db.mongodb.conn.SentCommands.Sent;
import site.ycsbx.db.mongodb.conn.WriteConcernSetting;
import site.ycsbx.store.SizeReport;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.iibench.IIBenchTable;
import site.ycsbx.store.iibench.QueryRow;
import site.ycsbx.store.iibench.QueryStart;
import site.ycsbx.store.iibench.RowBatch;
import site.ycsbx.workloads.iibench.RowGenerator;

/**
 * The MongoDB iibench store in process, against mongo-java-server: what the driver sends (one
 * insertMany per transaction with the run's write concern, the documents' BSON types, the
 * three-clause query), what is stored, database per collection, and the size figures.
 */
@Tag("server")
class MongoIIBenchWireTest {
  private static final long NOW = 1_700_000_000_000L;
  private static TestServer server;

  private SentCommands sent;
  private final List<MongoDbClient> clients = new ArrayList<>();

  @BeforeAll
  static void startServer() {
    server = new TestServer();
  }

  @AfterAll
  static void stopServer() {
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

  private IIBenchStore store(TestServer on, String database, String... kv) throws Exception {
    MongoDbClient db = on.binding(database, kv);
    db.init();
    clients.add(db);
    return StoreRegistry.take(IIBenchStore.class);
  }

  private static RowBatch rows(long seed, int n, int paddingFields) {
    RowBatch b = new RowBatch(n, paddingFields);
    new RowGenerator(seed, () -> NOW + seed, 20, 50).fill(b, n);
    return b;
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "journaled      | {\"w\": 1, \"j\": true}  | true",
      "acknowledged   | {\"w\": 1, \"j\": false} | true",
      "unacknowledged | {\"w\": 0}               | false"})
  void aTransactionIsOneUnorderedInsertManyWithTheWriteConcern(String concern, String expected, boolean acks)
      throws Exception {
    String database = TestServer.freshDatabase();
    IIBenchStore s = store(server, database, WriteConcernSetting.PROPERTY, concern);
    IIBenchTable t = new IIBenchTable("iib_wc", 3, 0, 10);
    s.prepare(t, false);
    sent.clear();
    s.insert(t, rows(1, 1000, 0));
    List<Sent> inserts = sent.named("insert");
    assertEquals(1, inserts.size(), "one round trip per transaction: " + inserts.size());
    BsonDocument insert = inserts.get(0).command();
    assertEquals(BsonDocument.parse(expected), insert.getDocument("writeConcern"));
    assertEquals(BsonBoolean.FALSE, insert.get("ordered"));
    assertEquals(1000, insert.getArray("documents").size());
    assertEquals(acks, s.acknowledgesWrites());
    if (acks) {
      // the embedded server drops w:0 writes: stored data is only asserted for acknowledged ones
      assertEquals(1000, s.count(t));
    }
  }

  @Test
  void documentsCarryTheReferenceFieldsAndTypes() throws Exception {
    String database = TestServer.freshDatabase();
    IIBenchStore s = store(server, database);
    IIBenchTable t = new IIBenchTable("iib_types", 3, 2, 20);
    s.prepare(t, false);
    RowBatch b = rows(7, 300, 2);
    s.insert(t, b);
    BsonDocument first = sent.named("insert").get(0).command().getArray("documents").get(0).asDocument();
    assertEquals(Set.of("_id", "dateandtime", "cashregisterid", "customerid", "productid", "price", "padding0",
        "padding1"), first.keySet());
    assertEquals(BsonType.OBJECT_ID, first.get("_id").getBsonType(), "the driver generates an ObjectId _id");
    assertEquals(BsonType.INT64, first.get("dateandtime").getBsonType());
    assertEquals(BsonType.INT32, first.get("cashregisterid").getBsonType());
    assertEquals(BsonType.INT32, first.get("customerid").getBsonType());
    assertEquals(BsonType.INT32, first.get("productid").getBsonType());
    assertEquals(BsonType.DOUBLE, first.get("price").getBsonType());
    assertEquals(BsonType.STRING, first.get("padding1").getBsonType());

    // what the server stored, row by row in insertion order, equals the batch
    try (MongoClient c = server.client()) {
      List<Document> stored = c.getDatabase(database).getCollection("iib_types").find()
          .into(new ArrayList<>());
      assertEquals(300, stored.size());
      Set<Object> ids = new TreeSet<>();
      for (int i = 0; i < 300; i++) {
        Document d = stored.get(i);
        ids.add(d.getObjectId("_id"));
        assertEquals(b.dateAndTime(i), d.getLong("dateandtime"));
        assertEquals(b.cashRegisterId(i), d.getInteger("cashregisterid"));
        assertEquals(b.customerId(i), d.getInteger("customerid"));
        assertEquals(b.productId(i), d.getInteger("productid"));
        assertEquals(b.price(i), d.getDouble("price"));
        assertEquals(b.padding(0, i), d.getString("padding0"));
        assertEquals(b.padding(1, i), d.getString("padding1"));
        assertEquals(20, d.getString("padding1").length());
      }
      assertEquals(300, ids.size(), "every document has its own _id");
    }
  }

  @Test
  void theQueryIsTheThreeClauseOrSortedProjectedAndLimited() throws Exception {
    String database = TestServer.freshDatabase();
    IIBenchStore s = store(server, database);
    IIBenchTable t = new IIBenchTable("iib_q", 3, 0, 10);
    s.prepare(t, false);
    s.insert(t, rows(3, 500, 0));
    sent.clear();
    List<QueryRow> got = s.query(t, new QueryStart(400.25, NOW, 40_000), 7);
    BsonDocument find = sent.named("find").get(0).command();
    BsonValue p = new org.bson.BsonDouble(400.25);
    BsonValue d = new org.bson.BsonInt64(NOW);
    BsonDocument expectedFilter = new BsonDocument("$or", new BsonArray(List.of(
        new BsonDocument("price", new BsonDocument("$gt", p)),
        new BsonDocument("price", p).append("dateandtime", new BsonDocument("$gt", d)),
        new BsonDocument("price", p).append("dateandtime", d)
            .append("customerid", new BsonDocument("$gt", new BsonInt32(40_000))))));
    assertEquals(expectedFilter, find.getDocument("filter"));
    assertEquals(BsonDocument.parse("{\"price\": 1, \"dateandtime\": 1, \"customerid\": 1}"), find.getDocument("sort"));
    assertEquals(BsonDocument.parse("{\"price\": 1, \"dateandtime\": 1, \"customerid\": 1, \"_id\": 0}"),
        find.getDocument("projection"));
    assertEquals(7, find.getNumber("limit").intValue());
    assertEquals(7, got.size());
    assertTrue(got.get(0).price() > 400.25, got.toString());
  }

  @Test
  void databasePerCollectionPutsEachCollectionInItsOwnDatabase() throws Exception {
    String database = TestServer.freshDatabase();
    IIBenchStore s = store(server, database, MongoOptions.DATABASE_PER_COLLECTION_PROPERTY, "true");
    List<IIBenchTable> tables = List.of(new IIBenchTable("iib_0", 3, 0, 10), new IIBenchTable("iib_1", 3, 0, 10));
    for (IIBenchTable t : tables) {
      s.prepare(t, false);
      s.insert(t, rows(t.name().hashCode(), 200, 0));
    }
    assertEquals(200, s.count(tables.get(1)));
    Set<String> databases = server.databaseNames();
    assertFalse(databases.contains(database), databases.toString());
    try (MongoClient c = server.client()) {
      for (IIBenchTable t : tables) {
        String own = database + "_" + t.name();
        assertTrue(databases.contains(own), databases.toString());
        assertEquals(List.of(t.name()), c.getDatabase(own).listCollectionNames().into(new ArrayList<>()));
        assertEquals(200, c.getDatabase(own).getCollection(t.name()).countDocuments());
        assertEquals(Set.of("marketsegment", "registersegment", "pdc"),
            ListedIndexes.of(server, own, t.name()).keySet());
      }
    }
    // the inserts went to each collection's own database
    assertEquals(Set.of(database + "_iib_0", database + "_iib_1"),
        Set.copyOf(sent.named("insert").stream().map(Sent::database).toList()));
  }

  @Test
  void prepareWithoutDropNeverDrops() throws Exception {
    String database = TestServer.freshDatabase();
    IIBenchStore s = store(server, database);
    IIBenchTable t = new IIBenchTable("iib_keep", 2, 0, 10);
    s.prepare(t, false);
    s.insert(t, rows(5, 250, 0));
    sent.clear();
    assertEquals(250, s.prepare(t, false));
    assertTrue(sent.named("drop").isEmpty(), sent.toString());
    assertTrue(sent.named("create").isEmpty(), "an existing collection is not re-created: " + sent);
    assertEquals(0, s.prepare(t, true));
    assertEquals(1, sent.named("drop").size());
    // the collection is created again after the drop, with its indexes
    assertEquals(1, sent.named("create").size(), sent.toString());
    assertEquals(Set.of("marketsegment", "registersegment"),
        ListedIndexes.of(server, database, "iib_keep").keySet());
  }

  @Test
  void anExistingCollectionWithMoreIndexesThanAskedIsRefused() throws Exception {
    String database = TestServer.freshDatabase();
    IIBenchStore s = store(server, database);
    s.prepare(new IIBenchTable("iib_more", 3, 0, 10), false);
    StoreException e = assertThrows(StoreException.class, () -> s.prepare(new IIBenchTable("iib_more", 1, 0, 10), false));
    assertEquals("collection " + database + ".iib_more has indexes beyond the 1 asked for (iibench.indexes): "
        + "pdc {\"price\": 1, \"dateandtime\": 1, \"customerid\": 1}, registersegment {\"cashregisterid\": 1, "
        + "\"price\": 1, \"customerid\": 1}; set iibench.indexes to match, or iibench.drop=true to start afresh",
        e.getMessage());
    assertEquals(0, s.prepare(new IIBenchTable("iib_more", 1, 0, 10), true));
    assertEquals(Map.of("marketsegment", List.of("price", "customerid")),
        ListedIndexes.of(server, database, "iib_more"));
  }

  @Test
  void sizeSumsCollStatsBytesOverTheCollections() throws Exception {
    try (TestServer mongod = TestServer.posingAsMongod("wiredTiger", 50, 20)) {
      String database = TestServer.freshDatabase();
      IIBenchStore s = store(mongod, database, MongoOptions.DATABASE_PER_COLLECTION_PROPERTY, "true");
      IIBenchTable a = new IIBenchTable("iib_a", 3, 0, 10);
      IIBenchTable b = new IIBenchTable("iib_b", 3, 0, 10);
      s.prepare(a, false);
      s.prepare(b, false);
      s.insert(a, rows(1, 100, 0));
      s.insert(b, rows(2, 300, 0));
      assertEquals(new SizeReport(400 * 50, 400 * 20, "collStats storageSize+totalIndexSize"), s.size(List.of(a, b)));
      assertEquals(new SizeReport(100 * 50, 100 * 20, "collStats storageSize+totalIndexSize"), s.size(List.of(a)));
    }
  }

  /** iibench.flushbeforesize: the fsync admin command, a WiredTiger checkpoint, so storageSize counts every row. */
  @Test
  void theFlushBeforeASizeIsFsyncOnAdminAndItsFailureIsTheStoresError() throws Exception {
    try (TestServer mongod = TestServer.posingAsMongod("wiredTiger", 50, 20)) {
      String database = TestServer.freshDatabase();
      IIBenchStore s = store(mongod, database);
      IIBenchTable t = new IIBenchTable("iib_flush", 3, 0, 10);
      s.prepare(t, false);
      s.insert(t, rows(1, 10, 0));
      assertEquals("db.adminCommand({fsync: 1})", s.flushForSize(List.of(t)));
      List<TestServer.Command> fsyncs = mongod.commands().stream().filter(c -> c.name().equals("fsync")).toList();
      assertEquals(1, fsyncs.size(), mongod.commands().toString());
      assertEquals("admin", fsyncs.get(0).database());
      mongod.failCommand("fsync");
      StoreException e = assertThrows(StoreException.class, () -> s.flushForSize(List.of(t)));
      assertTrue(e.getMessage().contains("fsync"), e.getMessage());
    }
  }

  @Test
  void mongoJavaServerSizesAreNotReportedAsBytes() throws Exception {
    IIBenchStore s = store(server, TestServer.freshDatabase());
    IIBenchTable t = new IIBenchTable("iib_size", 3, 1, 100);
    s.prepare(t, false);
    s.insert(t, rows(1, 100, 1));
    assertEquals(new SizeReport(-1, -1, "not reported by mongo-java-server"), s.size(List.of(t)));
  }

  @Test
  void serverIsLocalOnlyWhenEveryHostIsThisMachine() throws Exception {
    assertTrue(MongoUrl.isLocal(new ConnectionString("mongodb://localhost/ycsb")));
    assertTrue(MongoUrl.isLocal(new ConnectionString("mongodb://127.0.0.1:27017,[::1]:27018/ycsb")));
    assertTrue(MongoUrl.isLocal(new ConnectionString("mongodb://%2Ftmp%2Fmongodb-27017.sock/ycsb")));
    // TEST-NET-1 (RFC 5737): never an address of this host, and no DNS lookup
    assertFalse(MongoUrl.isLocal(new ConnectionString("mongodb://192.0.2.1:27017/ycsb")));
    assertFalse(MongoUrl.isLocal(new ConnectionString("mongodb://localhost,192.0.2.1/ycsb")));
    // an address of one of this host's own interfaces is local too
    for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
      for (InetAddress a : Collections.list(nic.getInetAddresses())) {
        if (!a.isLoopbackAddress() && a instanceof java.net.Inet4Address) {
          assertTrue(MongoUrl.isLocal(new ConnectionString("mongodb://" + a.getHostAddress() + "/ycsb")), a.toString());
        }
      }
    }
    assertTrue(store(server, TestServer.freshDatabase()).serverIsLocal(), "the test server runs on 127.0.0.1");
  }
}
