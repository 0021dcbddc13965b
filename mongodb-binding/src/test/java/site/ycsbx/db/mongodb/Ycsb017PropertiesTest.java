package site.ycsbx.db.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.ReadPreference;
import de.bwaldvogel.mongo.bson.Document;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.SentCommands;
import site.ycsbx.db.mongodb.conn.WriteConcernSetting;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.PrintedFingerprint;
import site.ycsbx.testing.UsertableLoad;
import site.ycsbx.tools.Main;
import site.ycsbx.util.UserError;

/**
 * YCSB 0.17's mongodb property files run unchanged: every property its mongodb binding reads
 * (batchsize, mongodb.url, mongodb.upsert, and the deprecated mongodb.writeConcern,
 * mongodb.readPreference, mongodb.maxconnections and
 * mongodb.threadsAllowedToBlockForConnectionMultiplier, with their old values) is read with 0.17's
 * meaning, through bin/ycsb's Main and through YCSB's stock Client with our DB class, and said once
 * when it is read under our name. What reached the server is asserted, not only what was printed.
 */
@Tag("process")
class Ycsb017PropertiesTest {
  private static final String CLIENT = "site.ycsb.Client";
  private static TestServer server;
  private SentCommands sent;

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
  void stopListening() {
    sent.close();
  }

  private static Properties props(String... kv) {
    Properties p = new Properties();
    p.setProperty(MongoOptions.URL_PROPERTY, server.url(TestServer.freshDatabase()));
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static Map<String, ByteIterator> fields() {
    return Map.of("field0", new StringByteIterator("value0"));
  }

  /** {@code load|run} through bin/ycsb's Main or YCSB's stock Client, with -p for each property. */
  private static Result ycsb(boolean stockClient, String phase, String workload, String... props) {
    return JavaProcess.run(stockClient ? CLIENT : Main.class.getName(), args(stockClient, phase, workload, props));
  }

  /**
   * A command refused before its run starts: bin/ycsb's Main in this JVM (its own entry point);
   * YCSB's stock Client, which exits its JVM, in a subprocess.
   */
  private static Result refused(boolean stockClient, String phase, String workload, String... props) {
    String[] args = args(stockClient, phase, workload, props);
    return stockClient ? JavaProcess.run(CLIENT, args) : InProcessMain.run(args);
  }

  private static String[] args(boolean stockClient, String phase, String workload, String... props) {
    List<String> args = new ArrayList<>();
    if (stockClient) {
      args.addAll(List.of(phase.equals("load") ? "-load" : "-t", "-db", MongoDbClient.class.getName()));
    } else {
      args.addAll(List.of(phase, "mongodb"));
    }
    args.addAll(List.of("-P", JavaProcess.workload(workload)));
    for (String p : props) {
      args.add("-p");
      args.add(p);
    }
    return args.toArray(new String[0]);
  }

  private static long lines(String out, String line) {
    return out.lines().filter(line::equals).count();
  }

  /** {@code key} has {@code value} in the fingerprint the run printed (read back as compare and sweep read it). */
  private static void assertFingerprint(String stdout, String key, String value) {
    assertEquals(value, PrintedFingerprint.of(stdout).get(key), key + " in:\n" + stdout);
  }

  // ---- batchsize (what YCSB 0.17's MongoDbClient reads; its README says mongodb.batchsize)

  @Test
  void batchsizeIsReadAsMongodbBatchsizeAndSaidSo() {
    MongoOptions o = MongoOptions.parse(props("batchsize", "100"));
    assertEquals(100, o.batchSize());
    assertEquals(List.of("batchsize=100 (YCSB 0.17's name) read as mongodb.batchsize=100"), o.notes());
  }

  @Test
  void batchsizeAndMongodbBatchsizeThatAgreeAreAccepted() {
    MongoOptions o = MongoOptions.parse(props("batchsize", "50", MongoOptions.BATCH_SIZE_PROPERTY, "50"));
    assertEquals(50, o.batchSize());
    assertEquals(List.of(), o.notes());
  }

  @Test
  void batchsizeAndMongodbBatchsizeThatDisagreeAreRefused() {
    UserError e = assertThrows(UserError.class,
        () -> MongoOptions.parse(props("batchsize", "100", MongoOptions.BATCH_SIZE_PROPERTY, "50")));
    assertEquals("batchsize=100 (YCSB 0.17's name for mongodb.batchsize) and mongodb.batchsize=50 disagree; "
        + "remove one of them", e.getMessage());
  }

  @ParameterizedTest(name = "stock Client: {0}")
  @ValueSource(booleans = {false, true})
  void aLoadWithBatchsizeSendsBatchesOnBothPaths(boolean stockClient) {
    String db = TestServer.freshDatabase();
    Result r = ycsb(stockClient, "load", "workloadc", "mongodb.url=" + server.url(db), "recordcount=95",
        "batchsize=20");
    assertEquals(0, r.exitCode(), r.all());
    assertEquals(95, server.count(db, "usertable"));
    List<TestServer.Command> inserts = server.commands().stream()
        .filter(c -> c.database().equals(db) && c.name().equals("insert")).toList();
    assertEquals(5, inserts.size(), "insert commands: " + inserts.size());
    for (int i = 0; i < 4; i++) {
      assertEquals(20, ((List<?>) inserts.get(i).body().get("documents")).size());
    }
    assertEquals(1, lines(r.stdout(), "[YCSB-X] batchsize=20 (YCSB 0.17's name) read as mongodb.batchsize=20"),
        r.stdout());
    assertFingerprint(r.stdout(), "mongodb.batchsize", "20");
    assertTrue(r.stdout().contains("[INSERT_BATCH], Operations, 5\n"), r.stdout());
  }

  @ParameterizedTest(name = "stock Client: {0}")
  @ValueSource(booleans = {false, true})
  void disagreeingBatchSizesAreRefusedOnBothPathsBeforeAnyWrite(boolean stockClient) {
    String db = TestServer.freshDatabase();
    Result r = refused(stockClient, "load", "workloadc", "mongodb.url=" + server.url(db), "recordcount=10",
        "batchsize=100", "mongodb.batchsize=50");
    String line = "batchsize=100 (YCSB 0.17's name for mongodb.batchsize) and mongodb.batchsize=50 disagree; "
        + "remove one of them";
    if (stockClient) {
      // the stock Client prints the binding's DBException and stops: YCSB 0.17 exits 0 here
      assertTrue(r.all().contains(line), r.all());
      assertFalse(r.stdout().contains("[INSERT], Return=OK"), r.stdout());
    } else {
      assertEquals(2, r.exitCode(), r.all());
      assertEquals(List.of("ycsb: " + line), r.stderrLines());
    }
    assertTrue(server.commandNames(db).stream().noneMatch(n -> n.equals("insert") || n.equals("create")),
        server.commandNames(db).toString());
  }

  @ParameterizedTest(name = "stock Client: {0}")
  @ValueSource(booleans = {false, true})
  void aMisspeltPropertyIsRefusedOnBothPaths(boolean stockClient) {
    String db = TestServer.freshDatabase();
    Result r = refused(stockClient, "load", "workloadc", "mongodb.url=" + server.url(db), "recordcount=10",
        "mongodb.maxconnection=7");
    String line = "unknown property mongodb.maxconnection (did you mean mongodb.maxconnections?); mongodb.* properties: ";
    if (stockClient) {
      assertTrue(r.all().contains(line), r.all());
    } else {
      assertEquals(2, r.exitCode(), r.all());
      assertEquals(1, r.stderrLines().size(), r.stderr());
      assertTrue(r.stderrLines().get(0).startsWith("ycsb: " + line), r.stderr());
    }
    assertFalse(server.commandNames(db).contains("insert"), server.commandNames(db).toString());
  }

  // ---- mongodb.writeConcern: YCSB 0.17's values and those of YCSB before 0.17

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "safe, '{\"w\": 1, \"j\": false}', mongodb.writeConcern=safe (YCSB's name before 0.17) read as mongodb.writeConcern=acknowledged (w:1 + j:false)",
      "normal, '{\"w\": 0}', mongodb.writeConcern=normal (YCSB's name before 0.17) read as mongodb.writeConcern=unacknowledged (w:0)",
      "none, '{\"w\": 0}', mongodb.writeConcern=none (YCSB's name before 0.17) read as mongodb.writeConcern=unacknowledged (w:0)",
      "fsync_safe, '{\"w\": 1, \"j\": true}', mongodb.writeConcern=fsync_safe (YCSB's name before 0.17) read as mongodb.writeConcern=journaled (w:1 + j:true)",
      "replicas_safe, '{\"w\": 2}', mongodb.writeConcern=replicas_safe (YCSB's name before 0.17) read as mongodb.writeConcern=2 (w:2)",
      "errors_ignored, '{\"w\": 0}', mongodb.writeConcern=errors_ignored (YCSB 0.17's name) read as mongodb.writeConcern=unacknowledged (w:0)",
      "replica_acknowledged, '{\"w\": 2}', mongodb.writeConcern=replica_acknowledged (YCSB 0.17's name) read as mongodb.writeConcern=2 (w:2)",
      "JOURNALED, '{\"w\": 1, \"j\": true}', ''",
  })
  void olderWriteConcernNamesSendWhatTheyMeant(String value, String wire, String note) throws Exception {
    Properties p = props(WriteConcernSetting.PROPERTY, value);
    MongoOptions o = MongoOptions.parse(p);
    assertEquals(note.isEmpty() ? List.of() : List.of(note.replace(" + ", ", ")), o.notes());
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
    assertEquals(BsonDocument.parse(wire), inserts.get(0).getDocument("writeConcern"));
  }

  @ParameterizedTest(name = "stock Client: {0}")
  @ValueSource(booleans = {false, true})
  void writeConcernSafeIsAcknowledgedOnTheWireOnBothPaths(boolean stockClient) {
    String db = TestServer.freshDatabase();
    Result r = ycsb(stockClient, "load", "workloadc", "mongodb.url=" + server.url(db), "recordcount=12",
        "mongodb.writeConcern=safe");
    assertEquals(0, r.exitCode(), r.all());
    assertEquals(12, server.count(db, "usertable"));
    assertEquals(1, lines(r.stdout(), "[YCSB-X] mongodb.writeConcern=safe (YCSB's name before 0.17) read as "
        + "mongodb.writeConcern=acknowledged (w:1, j:false)"), r.stdout());
    assertFingerprint(r.stdout(), "write.concern", "w=1, j=false, wtimeout=none");
    List<TestServer.Command> inserts = server.commands().stream()
        .filter(c -> c.database().equals(db) && c.name().equals("insert")).toList();
    assertEquals(12, inserts.size());
    for (TestServer.Command c : inserts) {
      assertEquals(new Document("w", 1).append("j", false), c.body().get("writeConcern"));
    }
  }

  @Test
  void anOlderWriteConcernNameThatContradictsTheUrlIsRefused() {
    Properties p = props(WriteConcernSetting.PROPERTY, "normal");
    p.setProperty(MongoOptions.URL_PROPERTY, p.getProperty(MongoOptions.URL_PROPERTY) + "?w=1");
    UserError e = assertThrows(UserError.class, () -> MongoOptions.parse(p));
    assertEquals("mongodb.url sets w=1 but mongodb.writeConcern=normal asks for w:0; remove one of them", e.getMessage());
  }

  // ---- mongodb.readPreference

  @ParameterizedTest(name = "{0}")
  @CsvSource({"primary, primary", "primary_preferred, primaryPreferred", "secondary, secondary",
      "secondary_preferred, secondaryPreferred", "nearest, nearest", "secondaryPreferred, secondaryPreferred",
      "NEAREST, nearest"})
  void readPreferenceTakesYcsbsNamesAndTheDrivers(String value, String mode) {
    MongoOptions o = MongoOptions.parse(props(MongoOptions.READ_PREFERENCE_PROPERTY, value));
    assertEquals(ReadPreference.valueOf(mode), o.readPreference());
    assertEquals(ReadPreference.valueOf(mode), MongoConnection.settings(o, b -> { }).getReadPreference());
  }

  @Test
  void readPreferenceIsPrimaryUnlessAskedAndTheUrlsCounts() {
    assertEquals(ReadPreference.primary(), MongoOptions.parse(props()).readPreference());
    Properties p = props();
    p.setProperty(MongoOptions.URL_PROPERTY, p.getProperty(MongoOptions.URL_PROPERTY) + "?readPreference=nearest");
    assertEquals(ReadPreference.nearest(), MongoOptions.parse(p).readPreference());
    p.setProperty(MongoOptions.READ_PREFERENCE_PROPERTY, "nearest");
    assertEquals(ReadPreference.nearest(), MongoOptions.parse(p).readPreference());
    p.setProperty(MongoOptions.READ_PREFERENCE_PROPERTY, "secondary");
    UserError e = assertThrows(UserError.class, () -> MongoOptions.parse(p));
    assertEquals("mongodb.url sets readPreference=nearest but mongodb.readPreference=secondary asks for secondary; "
        + "remove one of them", e.getMessage());
  }

  @Test
  void anUnknownReadPreferenceIsRefused() {
    UserError e = assertThrows(UserError.class,
        () -> MongoOptions.parse(props(MongoOptions.READ_PREFERENCE_PROPERTY, "anywhere")));
    assertEquals("mongodb.readPreference=anywhere is not accepted; mongodb.readPreference accepts primary, "
        + "primary_preferred, secondary, secondary_preferred or nearest (or the driver's primaryPreferred, ...)",
        e.getMessage());
  }

  @Test
  void readsCarryTheReadPreferenceOnTheWire() throws Exception {
    MongoDbClient db = new MongoDbClient();
    db.setProperties(props(MongoOptions.READ_PREFERENCE_PROPERTY, "secondary_preferred"));
    db.init();
    try {
      assertEquals(Status.OK, db.insert("usertable", "user1", fields()));
      assertEquals(Status.OK, db.read("usertable", "user1", null, new HashMap<>()));
    } finally {
      db.cleanup();
    }
    List<BsonDocument> finds = sent.commands("find");
    assertEquals(1, finds.size(), sent.names().toString());
    assertEquals(new BsonDocument("mode", new BsonString("secondaryPreferred")), finds.get(0).get("$readPreference"));
  }

  @ParameterizedTest(name = "stock Client: {0}")
  @ValueSource(booleans = {false, true})
  void aRunReadsWithTheReadPreferenceOnBothPaths(boolean stockClient) throws Exception {
    String db = TestServer.freshDatabase();
    // the data the run reads, loaded in this JVM: the run is what each path must get right
    Properties load = new Properties();
    load.setProperty(MongoOptions.URL_PROPERTY, server.url(db));
    load.setProperty("recordcount", "10");
    UsertableLoad.load(new MongoDbClient(), load);
    Result run = ycsb(stockClient, "run", "workloadc", "mongodb.url=" + server.url(db), "recordcount=10",
        "operationcount=20", "mongodb.readPreference=nearest");
    assertEquals(0, run.exitCode(), run.all());
    assertFingerprint(run.stdout(), "mongodb.readPreference", "nearest");
    // the run's reads by key (the preflight's sample of the collection, unfiltered, is not one)
    List<TestServer.Command> finds = server.commands().stream()
        .filter(c -> c.database().equals(db) && c.name().equals("find")
            && c.body().get("filter") instanceof Document f && f.containsKey("_id")).toList();
    assertEquals(20, finds.size());
    for (TestServer.Command c : finds) {
      assertEquals(new Document("mode", "nearest"), c.body().get("$readPreference"), c.body().toString());
    }
  }

  // ---- mongodb.maxconnections and mongodb.threadsAllowedToBlockForConnectionMultiplier

  @Test
  void maxconnectionsSizesTheDriversPool() {
    MongoOptions o = MongoOptions.parse(props(MongoOptions.MAX_CONNECTIONS_PROPERTY, "7"));
    assertEquals(7, o.maxConnections());
    assertEquals(7, MongoConnection.settings(o, b -> { }).getConnectionPoolSettings().getMaxSize());
    MongoOptions unset = MongoOptions.parse(props());
    assertEquals(100, unset.maxConnections());
    assertEquals(100, MongoConnection.settings(unset, b -> { }).getConnectionPoolSettings().getMaxSize());
  }

  @Test
  void maxconnectionsThatContradictsTheUrlsMaxPoolSizeIsRefused() {
    Properties p = props(MongoOptions.MAX_CONNECTIONS_PROPERTY, "8");
    p.setProperty(MongoOptions.URL_PROPERTY, p.getProperty(MongoOptions.URL_PROPERTY) + "?maxPoolSize=7");
    UserError e = assertThrows(UserError.class, () -> MongoOptions.parse(p));
    assertEquals("mongodb.url sets maxPoolSize=7 but mongodb.maxconnections=8; remove one of them", e.getMessage());
    p.setProperty(MongoOptions.MAX_CONNECTIONS_PROPERTY, "7");
    assertEquals(7, MongoOptions.parse(p).maxConnections());
  }

  @Test
  void aWaitQueueThatThreadsWouldOverflowIsRefusedAndOneTheyCannotIsSaid() {
    UserError e = assertThrows(UserError.class, () -> MongoOptions.parse(props(MongoOptions.MAX_CONNECTIONS_PROPERTY,
        "10", MongoOptions.WAIT_QUEUE_MULTIPLIER_PROPERTY, "1", "threadcount", "30")));
    assertEquals("mongodb.threadsAllowedToBlockForConnectionMultiplier=1 with 10 connections lets 10 threads wait for"
        + " a connection, but this run has 30 threads: YCSB 0.17's driver failed the operations of the other 10 (wait"
        + " queue full), and the driver here has no such limit; raise"
        + " mongodb.threadsAllowedToBlockForConnectionMultiplier or mongodb.maxconnections, or run fewer threads",
        e.getMessage());
    MongoOptions o = MongoOptions.parse(props(MongoOptions.WAIT_QUEUE_MULTIPLIER_PROPERTY, "5", "threadcount", "4"));
    assertEquals(List.of("mongodb.threadsAllowedToBlockForConnectionMultiplier=5 (YCSB 0.17's option): up to 500"
        + " threads may wait for one of 100 connections, more than this run's 4 threads, so no operation fails for it"
        + " (the driver here has no such limit)"), o.notes());
  }

  @ParameterizedTest(name = "stock Client: {0}")
  @ValueSource(booleans = {false, true})
  void poolOptionsAreAcceptedAndFingerprintedOnBothPaths(boolean stockClient) {
    String db = TestServer.freshDatabase();
    Result r = ycsb(stockClient, "load", "workloadc", "mongodb.url=" + server.url(db), "recordcount=10",
        "mongodb.maxconnections=7", "mongodb.threadsAllowedToBlockForConnectionMultiplier=2");
    assertEquals(0, r.exitCode(), r.all());
    assertEquals(10, server.count(db, "usertable"));
    assertFingerprint(r.stdout(), "mongodb.maxconnections", "7");
    assertFingerprint(r.stdout(), "mongodb.threadsAllowedToBlockForConnectionMultiplier",
        "2 (up to 14 waiting threads; never reached by 1 threads)");
    assertEquals(1, r.stdout().lines().filter(l -> l.startsWith("[YCSB-X] mongodb.threadsAllowed")).count(),
        r.stdout());
  }

  // ---- mongodb.database (YCSB before 0.2) and a URL naming admin (YCSB 0.17 writes to ycsb then)

  @Test
  void databaseFromThePropertyWhenTheUrlNamesNone() {
    Properties p = props(MongoOptions.DATABASE_PROPERTY, "bench");
    p.setProperty(MongoOptions.URL_PROPERTY, "mongodb://127.0.0.1:" + server.port());
    assertEquals("bench", MongoOptions.parse(p).database());
    p.setProperty(MongoOptions.URL_PROPERTY, "mongodb://127.0.0.1:" + server.port() + "/bench");
    assertEquals("bench", MongoOptions.parse(p).database());
    p.setProperty(MongoOptions.URL_PROPERTY, "mongodb://127.0.0.1:" + server.port() + "/other");
    UserError e = assertThrows(UserError.class, () -> MongoOptions.parse(p));
    assertEquals("mongodb.url names database other but mongodb.database=bench; remove one of them", e.getMessage());
  }

  @Test
  void aUrlNamingAdminWritesToYcsbAsYcsb017Did() {
    Properties p = props();
    p.setProperty(MongoOptions.URL_PROPERTY, "mongodb://127.0.0.1:" + server.port() + "/admin");
    MongoOptions o = MongoOptions.parse(p);
    assertEquals("ycsb", o.database());
    assertEquals(List.of("mongodb.url names database admin, where users log in: as YCSB 0.17 does, the data goes to"
        + " database ycsb"), o.notes());
  }

  @ParameterizedTest(name = "stock Client: {0}")
  @ValueSource(booleans = {false, true})
  void mongodbDatabaseIsWhereTheDataGoesOnBothPaths(boolean stockClient) {
    String db = TestServer.freshDatabase();
    Result r = ycsb(stockClient, "load", "workloadc", "mongodb.url=mongodb://127.0.0.1:" + server.port(),
        "mongodb.database=" + db, "recordcount=10");
    assertEquals(0, r.exitCode(), r.all());
    assertEquals(10, server.count(db, "usertable"));
    assertFingerprint(r.stdout(), "mongodb.database", db);
  }

  @Test
  void mongodbDatabaseChoosesTheEmbeddedServersDatabase() {
    Properties p = new Properties();
    p.setProperty(MongoOptions.DATABASE_PROPERTY, "bench");
    assertEquals("bench", MongoOptions.parse(p, "mongodb://127.0.0.1:1/" + EmbeddedServer.DATABASE).database());
    assertEquals(EmbeddedServer.DATABASE,
        MongoOptions.parse(new Properties(), "mongodb://127.0.0.1:1/" + EmbeddedServer.DATABASE).database());
  }

  @Test
  void everyPropertyYcsb017ReadsIsKnownToTheMisspellingCheck() {
    for (String name : List.of("batchsize", "mongodb.url", "mongodb.batchsize", "mongodb.upsert", "mongodb.writeConcern",
        "mongodb.readPreference", "mongodb.maxconnections", "mongodb.threadsAllowedToBlockForConnectionMultiplier",
        "mongodb.database")) {
      assertTrue(new MongoPreflight().knownProperties().contains(name), name);
    }
  }
}
