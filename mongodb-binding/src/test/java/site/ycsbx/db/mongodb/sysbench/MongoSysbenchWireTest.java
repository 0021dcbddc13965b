package site.ycsbx.db.mongodb.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.measurements.Measurements;
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
import site.ycsbx.store.sysbench.KeyRange;
import site.ycsbx.store.sysbench.ReadKey;
import site.ycsbx.store.sysbench.SysbenchPlan;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.store.sysbench.SysbenchTable;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.sysbench.SysbenchWorkload;

/**
 * The MongoDB sysbench store in process: the steps of one transaction on the wire with
 * {@value MongoSysbenchStore#TRANSACTIONS_PROPERTY} against a server posing as a 4.0 replica set
 * primary (mongo-java-server applies the writes as they come; the test is what is sent), or on the
 * replica set {@link ServerChoice} names, and on a
 * standalone (each step alone), the fingerprint, and the preflight's refusals before anything is
 * created: a mode, true without transactions, collections of another shape, a partly filled one,
 * a run on collections that do not exist.
 */
@Tag("server")
class MongoSysbenchWireTest {
  private static final String TXN = MongoSysbenchStore.TRANSACTIONS_PROPERTY;
  private static final SysbenchTable T1 = new SysbenchTable(1);
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

  private SysbenchStore store(MongoUnderTest on, String database, String... kv) throws Exception {
    MongoDbClient db = on.binding(database, kv);
    StoreRegistry.clear();
    db.init();
    clients.add(db);
    return StoreRegistry.take(SysbenchStore.class);
  }

  private static Properties props(MongoUnderTest on, String database, String... kv) {
    Properties p = new Properties();
    p.setProperty(MongoOptions.URL_PROPERTY, on.url(database));
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static StoreDemand demand(boolean load, boolean drop, int tableSize) {
    return new StoreDemand(SysbenchStore.class, new SysbenchPlan(List.of(T1), tableSize, 1000, true, drop, load));
  }

  private static Fingerprint preflight(Properties p, StoreDemand demand) {
    Fingerprint fp = new Fingerprint();
    new MongoPreflight().check(p, demand.plan(SysbenchPlan.class).load() ? Preflight.Phase.LOAD : Preflight.Phase.RUN,
        demand, fp);
    return fp;
  }

  /** One transaction's steps: a point select, an index update, a delete and insert. */
  private static void steps(SysbenchStore s) throws StoreException {
    s.begin();
    s.pointSelect(T1, ReadKey.ID, 1);
    s.indexUpdate(T1, 1);
    s.deleteInsert(T1, 1, 5, "c", "pad");
    s.commit();
  }

  @Test
  void onAReplicaSetTheStepsAreOneTransactionCommittedWithTheWriteConcern() throws Exception {
    String database = TestServer.freshDatabase();
    SysbenchStore s = store(replicaSet, database, WriteConcernSetting.PROPERTY, "journaled");
    s.createTable(T1, false);
    assertTrue(s.transactions().startsWith("auto: multi-document transactions"), s.transactions());
    sent.clear();
    steps(s);
    assertEquals(List.of("find", "update", "delete", "insert", "commitTransaction"), sent.names());
    List<Sent> all = new ArrayList<>();
    for (String n : List.of("find", "update", "delete", "insert", "commitTransaction")) {
      all.addAll(sent.named(n));
    }
    BsonDocument first = all.get(0).command();
    assertEquals(BsonBoolean.TRUE, first.get("startTransaction"), "the first step starts the transaction");
    for (Sent c : all) {
      assertEquals(BsonBoolean.FALSE, c.command().get("autocommit"), c.command().toJson());
      assertEquals(first.get("lsid"), c.command().get("lsid"), "one session: " + c.command().toJson());
      assertEquals(first.get("txnNumber"), c.command().get("txnNumber"), "one transaction: " + c.command().toJson());
      assertEquals(c == all.get(all.size() - 1), c.command().containsKey("writeConcern"),
          "only the commit carries the write concern: " + c.command().toJson());
    }
    assertEquals(BsonBoolean.TRUE, sent.commands("commitTransaction").get(0).getDocument("writeConcern").get("j"));

    sent.clear();
    assertTrue(s.begin(), "a transaction started: its BEGIN and COMMIT count as sysbench's other queries");
    s.indexUpdate(T1, 1);
    s.rollback();
    assertEquals(List.of("update", "abortTransaction"), sent.names(), "a rollback aborts the transaction");
  }

  @Test
  void onAStandaloneEachStepStandsAloneAndBeginAndCommitSendNothing() throws Exception {
    String database = TestServer.freshDatabase();
    SysbenchStore s = store(standalone, database);
    s.createTable(T1, false);
    sent.clear();
    steps(s);
    assertFalse(s.begin(), "no transaction: nothing for sysbench's other queries to count");
    s.rollback();
    assertEquals(List.of("find", "update", "delete", "insert"), sent.names());
    for (String n : List.of("find", "update", "delete", "insert")) {
      BsonDocument c = sent.commands(n).get(0);
      assertFalse(c.containsKey("startTransaction") || c.containsKey("autocommit") || c.containsKey("txnNumber"),
          c.toJson());
    }
  }

  @Test
  void falseRunsEachStepAloneOnAReplicaSetToo() throws Exception {
    SysbenchStore s = store(replicaSet, TestServer.freshDatabase(), TXN, "false");
    s.createTable(T1, false);
    sent.clear();
    steps(s);
    assertEquals(List.of("find", "update", "delete", "insert"), sent.names());
    assertEquals("false: each step alone, no multi-document transaction (as sysbench-mongodb)", s.transactions());
  }

  private static BsonDocument json(String s) {
    return BsonDocument.parse(s);
  }

  /**
   * The limit form ({@code sysbench.range_type=limit}) on the wire: the simple range a find of the
   * key {@code $gte} the drawn value, sorted on the key, with {@code limit}; the other ranges an
   * aggregation that starts with the same $match, $sort and $limit.
   */
  @Test
  void aLimitRangeIsAFindFromTheDrawnKeySortedOnItWithTheLimit() throws Exception {
    SysbenchStore s = store(standalone, TestServer.freshDatabase());
    s.createTable(T1, false);
    sent.clear();
    s.simpleRange(T1, KeyRange.first(ReadKey.K, 5, 1000));
    s.simpleRange(T1, KeyRange.first(ReadKey.ID, 7, 100));
    s.simpleRange(T1, KeyRange.between(ReadKey.ID, 7, 106));
    List<BsonDocument> finds = sent.commands("find");
    assertEquals(json("{k: {$gte: 5}}"), finds.get(0).getDocument("filter"));
    assertEquals(json("{k: 1}"), finds.get(0).getDocument("sort"));
    assertEquals(new BsonInt32(1000), finds.get(0).get("limit"));
    assertEquals(json("{c: 1, _id: 0}"), finds.get(0).getDocument("projection"));
    assertEquals(json("{_id: {$gte: 7}}"), finds.get(1).getDocument("filter"));
    assertEquals(json("{_id: 1}"), finds.get(1).getDocument("sort"));
    assertEquals(new BsonInt32(100), finds.get(1).get("limit"));
    // sysbench-mongodb's own OLTP range: $gte..$lte, no sort, no limit
    assertEquals(json("{_id: {$gte: 7, $lte: 106}}"), finds.get(2).getDocument("filter"));
    assertFalse(finds.get(2).containsKey("sort") || finds.get(2).containsKey("limit"), finds.get(2).toJson());

    sent.clear();
    KeyRange r = KeyRange.first(ReadKey.K, 5, 1000);
    s.sumRange(T1, r);
    s.orderRange(T1, r);
    s.distinctRange(T1, r);
    assertEquals(List.of("aggregate", "aggregate", "aggregate"), sent.names(), "distinct takes no limit");
    List<BsonValue> first3 = List.of(json("{$match: {k: {$gte: 5}}}"), json("{$sort: {k: 1}}"), json("{$limit: 1000}"));
    for (BsonDocument a : sent.commands("aggregate")) {
      assertEquals(first3, a.getArray("pipeline").subList(0, 3), a.toJson());
    }
    List<BsonDocument> a = sent.commands("aggregate");
    assertEquals(json("{$group: {_id: null, sum: {$sum: '$k'}}}"), a.get(0).getArray("pipeline").get(3));
    assertEquals(json("{$sort: {c: 1}}"), a.get(1).getArray("pipeline").get(4));
    assertEquals(json("{$group: {_id: '$c'}}"), a.get(2).getArray("pipeline").get(3));
  }

  /**
   * {@code sysbench.client=sysbench-mongodb} through the workload: every command of a transaction
   * goes to one collection (drawn per transaction), and with {@code sysbench.secondary=true} and
   * {@code range_size=1000} (the post's range queries on k) the range find is {@code k $gte} a
   * drawn value, sorted on k, {@code limit: 1000}; the sum, order and distinct ranges aggregate the
   * same 1000 rows.
   */
  @Test
  void asSysbenchMongodbRanItATransactionIsOnOneCollectionAndItsRangesLimit1000OnK() throws Exception {
    String database = TestServer.freshDatabase();
    SysbenchStore loader = store(standalone, database);
    for (int n = 1; n <= 4; n++) {
      SysbenchTable t = new SysbenchTable(n);
      loader.createTable(t, false);
      site.ycsbx.store.sysbench.RowBatch b = new site.ycsbx.store.sysbench.RowBatch(1500);
      b.start(1, 1500);
      for (int i = 0; i < 1500; i++) {
        b.set(i, 1 + i * 7919 % 1500, "c" + i % 13, "p"); // k: each of 1..1500 once
      }
      loader.loadRows(t, b);
      loader.createSecondaryIndex(t);
    }
    Properties p = props(standalone, database, "db", MongoDbClient.class.getName(), "workload",
        SysbenchWorkload.class.getName(), "dotransactions", "true",
        "threadcount", "1", "operationcount", "8", "sysbench.tables", "4", "sysbench.table_size", "1500",
        "sysbench.point_selects", "2",
        "sysbench.client", "sysbench-mongodb", "sysbench.secondary", "true", "sysbench.range_size", "1000",
        "sysbench.report_interval", "0", "sysbench.rand_seed", "5");
    Measurements.setProperties(p);
    MongoDbClient db = new MongoDbClient();
    db.setProperties(p);
    StoreRegistry.clear();
    db.init();
    clients.add(db);
    SysbenchWorkload w = new SysbenchWorkload();
    java.util.Set<String> used = new java.util.TreeSet<>();
    try {
      w.init(p);
      Object state = w.initThread(p, 0, 1);
      for (int t = 0; t < 8; t++) {
        sent.clear();
        assertTrue(w.doTransaction(null, state));
        java.util.Set<String> collections = new java.util.TreeSet<>();
        for (String op : List.of("find", "aggregate", "distinct", "update", "delete", "insert")) {
          for (BsonDocument c : sent.commands(op)) {
            collections.add(c.getString(op).getValue());
          }
        }
        assertEquals(1, collections.size(), "transaction " + t + " on one collection: " + sent);
        used.addAll(collections);
        List<BsonDocument> ranges = sent.commands("find").stream().filter(f -> f.containsKey("limit")).toList();
        assertEquals(1, ranges.size(), "the simple range; the point selects have no limit: " + sent.commands("find"));
        BsonDocument range = ranges.get(0);
        assertEquals(List.of("$gte"), List.copyOf(range.getDocument("filter").getDocument("k").keySet()), range.toJson());
        assertEquals(json("{k: 1}"), range.getDocument("sort"));
        assertEquals(new BsonInt32(1000), range.get("limit"));
        assertEquals(3, sent.commands("aggregate").size(), sent.toString());
        for (BsonDocument a : sent.commands("aggregate")) {
          assertEquals(json("{$limit: 1000}"), a.getArray("pipeline").get(2), a.toJson());
        }
        assertEquals(List.of(), sent.commands("distinct"));
      }
    } finally {
      w.cleanup();
      StoreRegistry.clear();
    }
    assertTrue(used.size() > 1, "a collection drawn per transaction, uniformly over 4: " + used);
  }

  @Test
  void theFingerprintSaysWhichAndWhy() {
    String database = TestServer.freshDatabase();
    assertEquals("auto: multi-document transactions, the steps of one sysbench transaction commit together",
        preflight(props(replicaSet, database), demand(true, false, 10)).get(TXN));
    assertEquals("auto: each step alone (a standalone server, neither a replica set member nor a mongos), as"
        + " sysbench-mongodb", preflight(props(standalone, database), demand(true, false, 10)).get(TXN));
    assertEquals("auto: each step alone (unacknowledged writes (w:0) cannot be in a transaction), as sysbench-mongodb",
        preflight(props(replicaSet, database, WriteConcernSetting.PROPERTY, "unacknowledged"),
            demand(true, false, 10)).get(TXN));
  }

  @Test
  void aTransactionModeTheServerCannotRunIsRefusedBeforeAnythingIsCreated() throws Exception {
    String database = TestServer.freshDatabase();
    UserError bad = assertThrows(UserError.class, () -> preflight(props(standalone, database, TXN, "maybe"),
        demand(true, false, 10)));
    assertEquals(UserError.BAD_INPUT, bad.exitCode());
    assertEquals("sysbench.transactions=maybe is not a transaction mode; sysbench.transactions accepts auto, true,"
        + " false or tokumx", bad.getMessage());
    UserError none = assertThrows(UserError.class, () -> preflight(props(standalone, database, TXN, "true"),
        demand(true, false, 10)));
    assertEquals(UserError.TARGET_UNUSABLE, none.exitCode());
    assertTrue(none.getMessage().startsWith("sysbench.transactions=true needs multi-document transactions, which"
        + " MongoDB at "), none.getMessage());
    SysbenchStore s = store(standalone, database, TXN, "true");
    StoreException e = assertThrows(StoreException.class, () -> s.createTable(T1, false));
    assertEquals(none.getMessage(), e.getMessage());
    assertFalse(standalone.databaseNames().contains(database), "created: " + standalone.databaseNames());
  }

  @Test
  void tokumxIsRefusedInOneLineBeforeAnythingIsCreated() throws Exception {
    String database = TestServer.freshDatabase();
    String line = "sysbench.transactions=tokumx sends TokuMX's beginTransaction and commitTransaction, which only"
        + " mongodb-legacy (MongoDB 2.4, TokuMX) speaks: use mongodb-legacy for TokuMX, or auto, true or false here";
    UserError bad = assertThrows(UserError.class, () -> preflight(props(standalone, database, TXN, "tokumx"),
        demand(true, false, 10)));
    assertEquals(UserError.BAD_INPUT, bad.exitCode());
    assertEquals(line, bad.getMessage());
    SysbenchStore s = store(standalone, database, TXN, "TokuMX");
    StoreException e = assertThrows(StoreException.class, () -> s.createTable(T1, false));
    assertEquals(line, e.getMessage());
    assertFalse(standalone.databaseNames().contains(database), "created: " + standalone.databaseNames());
  }

  @Test
  void collectionsOfAnotherShapeOrPartlyFilledAreRefusedAndKept() {
    String database = TestServer.freshDatabase();
    Properties p = props(standalone, database);
    try (MongoClient c = standalone.client()) {
      c.getDatabase(database).getCollection(T1.name()).insertOne(new Document("_id", 1).append("field0", "x"));
    }
    UserError e = assertThrows(UserError.class, () -> preflight(p, demand(true, false, 10)));
    assertEquals(UserError.BAD_INPUT, e.exitCode());
    assertEquals("collection " + database + ".sbtest1 holds 1 document with fields _id, field0 (a sampled one) and no"
        + " secondary index, not sysbench's documents {_id (a number), k, c, pad}: use another database, or drop it"
        + " yourself", e.getMessage());
    assertThrows(UserError.class, () -> preflight(p, demand(false, false, 10)), "a run too");
    UserError drop = assertThrows(UserError.class, () -> preflight(p, demand(true, true, 10)));
    assertTrue(drop.getMessage().startsWith("sysbench.drop=true refused, nothing dropped: "), drop.getMessage());

    try (MongoClient c = standalone.client()) {
      c.getDatabase(database).getCollection(T1.name()).drop();
      c.getDatabase(database).getCollection(T1.name()).insertOne(new Document("_id", 1).append("k", 1)
          .append("c", "c").append("pad", "p"));
    }
    UserError partly = assertThrows(UserError.class, () -> preflight(p, demand(true, false, 10)));
    assertEquals(UserError.BAD_INPUT, partly.exitCode());
    assertEquals("collection " + database + ".sbtest1 holds ids up to 1, neither none nor the 10 of"
        + " sysbench.table_size: set sysbench.table_size to its size, or sysbench.drop=true loads it anew",
        partly.getMessage());
    preflight(p, demand(true, true, 10)); // sysbench's documents may be dropped
    preflight(p, demand(true, false, 1)); // a full one is kept
    // a run past the stored ids found nothing there and said nothing
    UserError run = assertThrows(UserError.class, () -> preflight(p, demand(false, false, 10)));
    assertEquals(UserError.TARGET_UNUSABLE, run.exitCode());
    assertEquals("the run assumes sysbench.table_size=10 (ids 1 to 10 in each table) but collection " + database
        + ".sbtest1 holds ids up to 1; set sysbench.table_size=1 (what is stored), or load 10 rows a table first"
        + " (sysbench.drop=true loads it anew)", run.getMessage());
    preflight(p, demand(false, false, 1));
    assertEquals(1, standalone.count(database, T1.name()));
    // ids 1 and 3 of 1..3: the largest id is there, a hole is not, and a run would draw it
    try (MongoClient c = standalone.client()) {
      c.getDatabase(database).getCollection(T1.name()).insertOne(new Document("_id", 3).append("k", 1)
          .append("c", "c").append("pad", "p"));
    }
    UserError holes = assertThrows(UserError.class, () -> preflight(p, demand(false, false, 3)));
    assertEquals(UserError.BAD_INPUT, holes.exitCode());
    assertTrue(holes.getMessage().startsWith("collection " + database + ".sbtest1 holds 2 of the ids 1..3 a run draws"
        + " (1 missing, none of which a run would find): bin/ycsb verify mongodb -P workloads/sysbench -p"
        + " sysbench.tables="), holes.getMessage());
    assertEquals(2, standalone.count(database, T1.name()));
  }

  @Test
  void aRunOnCollectionsThatDoNotExistFindsTheServerUnusable() {
    String database = TestServer.freshDatabase();
    UserError e = assertThrows(UserError.class, () -> preflight(props(standalone, database), demand(false, false, 10)));
    assertEquals(UserError.TARGET_UNUSABLE, e.exitCode());
    assertEquals("1 of the 1 collections do not exist in " + database + " (sbtest1): load them first (bin/ycsb load"
        + " with the same sysbench.tables and sysbench.table_size)", e.getMessage());
  }
}
