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
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.mongodb.MongoDbClient;
import site.ycsbx.db.mongodb.MongoOptions;
import site.ycsbx.db.mongodb.MongoPreflight;
import site.ycsbx.db.mongodb.MongoUnderTest;
import site.ycsbx.db.mongodb.SentCommands;
import site.ycsbx.db.mongodb.ServerChoice;
import site.ycsbx.db.mongodb.SentCommands.Sent;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.db.mongodb.WriteConcernSetting;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.sysbench.ReadKey;
import site.ycsbx.store.sysbench.SysbenchPlan;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.store.sysbench.SysbenchTable;
import site.ycsbx.util.UserError;

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
    assertEquals("sysbench.transactions=maybe is not a transaction mode; sysbench.transactions accepts auto, true or"
        + " false", bad.getMessage());
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
