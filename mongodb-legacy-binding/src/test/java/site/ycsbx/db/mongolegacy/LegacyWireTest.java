package site.ycsbx.db.mongolegacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsbx.db.mongodb.LegacyWireFront;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoClient;
import site.ycsbx.testing.PrintedFingerprint;

/**
 * mongodb-legacy against the in-process server posing as MongoDB 2.4.14 and as TokuMX 2.0.2,
 * behind the front that takes the legacy write opcodes: a workloada load and run and an iibench
 * load, in this JVM as YCSB's Client drives them, asserted on the wire (each batch one OP_INSERT
 * followed by one getLastError carrying the write concern asked for), on the server (what is
 * stored) and on the fingerprint printed (protocol, product, engine, journal).
 */
@Tag("server")
class LegacyWireTest {
  private static final String JOURNALED = "getlasterror {\"w\": 1, \"j\": true}";
  private static final String ACKNOWLEDGED = "getlasterror {\"w\": 1}";
  private static TestServer mongo24;
  private static TestServer tokumx;
  private static LegacyWireFront mongo24Front;
  private static LegacyWireFront tokumxFront;

  @BeforeAll
  static void start() {
    mongo24 = TestServer.posingAsLegacy("2.4.14", null);
    tokumx = TestServer.posingAsLegacy("2.4.10", "2.0.2");
    mongo24Front = new LegacyWireFront(mongo24);
    tokumxFront = new LegacyWireFront(tokumx);
  }

  @AfterAll
  static void stop() {
    mongo24Front.close();
    tokumxFront.close();
    mongo24.close();
    tokumx.close();
  }

  /** Documents stored, counted through driver 3.5 (driver 4.7 refuses a server of wire version 0). */
  private static long count(LegacyWireFront front, String db, String collection) {
    try (MongoClient c = new MongoClient("127.0.0.1", front.port())) {
      return c.getDB(db).getCollection(collection).count();
    }
  }

  private static LegacyWireFront front(String kind) {
    return kind.equals("tokumx") ? tokumxFront : mongo24Front;
  }

  /**
   * The legacy writes and their getLastErrors the front received since line {@code from}. Left
   * out: the getLastError each new connection of driver 3.5 sends alone in its handshake (servers
   * before 3.2 give the connection id only that way).
   */
  private static List<String> received(LegacyWireFront front, int from) {
    List<String> all = front.received();
    List<String> out = new ArrayList<>();
    for (int i = from; i < all.size(); i++) {
      boolean handshake = all.get(i).startsWith("getlasterror") && (i == 0 || !all.get(i - 1).startsWith("OP_"));
      if (!handshake) {
        out.add(all.get(i));
      }
    }
    return out;
  }

  private static List<String> repeat(int times, String... lines) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < times; i++) {
      out.addAll(List.of(lines));
    }
    return out;
  }

  private static void assertProduct(String kind, Map<String, String> fp) {
    assertEquals(LegacyServer.PROTOCOL, fp.get("mongodb.protocol"), fp.toString());
    if (kind.equals("tokumx")) {
      assertEquals("TokuMX", fp.get("server.product"));
      assertEquals("2.0.2 (MongoDB 2.4.10 compatible)", fp.get("server.version"));
      assertEquals("TokuMX fractal tree (implied by tokumxVersion 2.0.2)", fp.get("storage.engine"));
      assertEquals("recovery log, logFlushPeriod 100 ms (getParameter)", fp.get("server.journal"));
    } else {
      assertEquals("MongoDB", fp.get("server.product"));
      assertEquals("2.4.14", fp.get("server.version"));
      assertEquals("mmapv1 (implied by version 2.4.14)", fp.get("storage.engine"));
      assertEquals("on (serverStatus.dur), journalCommitInterval 100 ms (getParameter)",
          fp.get("server.journal"));
    }
    assertTrue(fp.get("mongodb.driver").startsWith("mongo-java-driver 3.5.0"), fp.get("mongodb.driver"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"mongodb-2.4", "tokumx"})
  void workloadaLoadsInBatchesOfOneOpInsertAndRunsWithGetLastError(String kind) throws Exception {
    String db = TestServer.freshDatabase();
    LegacyWireFront front = front(kind);
    int before = front.received().size();
    Properties load = LegacyRun.workload("workloada", "mongodb.url", front.url(db), "mongodb.writeConcern",
        "journaled", "mongodb.batchsize", "10", "recordcount", "50", "dotransactions", "false");
    LegacyRun loaded = LegacyRun.of(load, 50);
    assertEquals(List.of(), loaded.failures);
    assertEquals(50, loaded.ok.get("INSERT"));
    assertEquals(repeat(5, "OP_INSERT " + db + ".usertable 10", JOURNALED), received(front, before));
    assertEquals(50, count(front, db, "usertable"));
    Map<String, String> fp = PrintedFingerprint.of(loaded.stdout);
    assertProduct(kind, fp);
    assertEquals("getLastError {w: 1, j: true}", fp.get("write.concern"));
    assertEquals("10", fp.get("mongodb.batchsize"));

    before = front.received().size();
    Properties run = LegacyRun.workload("workloada", "mongodb.url", front.url(db), "recordcount", "50",
        "operationcount", "100");
    LegacyRun ran = LegacyRun.of(run, 100);
    assertEquals(List.of(), ran.failures);
    int updates = ran.ok.getOrDefault("UPDATE", 0);
    assertEquals(100, ran.ok.getOrDefault("READ", 0) + updates, ran.ok.toString());
    assertTrue(updates > 20, "workloada is half updates: " + ran.ok);
    assertEquals(repeat(updates, "OP_UPDATE " + db + ".usertable", ACKNOWLEDGED), received(front, before));
    assertEquals("getLastError {w: 1}", PrintedFingerprint.of(ran.stdout).get("write.concern"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"mongodb-2.4", "tokumx"})
  void anIIBenchTransactionIsOneOpInsertAndOneGetLastError(String kind) throws Exception {
    String db = TestServer.freshDatabase();
    LegacyWireFront front = front(kind);
    int before = front.received().size();
    Properties load = LegacyRun.workload("iibench", "mongodb.url", front.url(db), "mongodb.writeConcern",
        "journaled", "recordcount", "2000", "iibench.batchsize", "500", "iibench.roundrows", "1000",
        "dotransactions", "false");
    LegacyRun loaded = LegacyRun.of(load, 100);
    // the three secondary indexes, each an insert into system.indexes as driver 3.5 builds them on wire
    // version 0 (acknowledged with the driver's default), then one OP_INSERT and one getLastError per transaction
    List<String> expected = repeat(3, "OP_INSERT " + db + ".system.indexes 1", "getlasterror {}");
    expected.addAll(repeat(4, "OP_INSERT " + db + ".purchases_index 500", JOURNALED));
    assertEquals(expected, received(front, before));
    assertEquals(2000, count(front, db, "purchases_index"));
    Map<String, String> fp = PrintedFingerprint.of(loaded.stdout);
    assertProduct(kind, fp);
    assertTrue(loaded.stdout.contains("[IIBENCH]"), loaded.stdout);
  }
}
