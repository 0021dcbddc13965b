package site.ycsbx.db.mongolegacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static site.ycsbx.testing.OneLineError.assertOneLineError;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsbx.db.mongodb.LegacyWireFront;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.shaded.mongo35.com.mongodb.BasicDBObject;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoClient;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.PrintedFingerprint;

/**
 * What bin/ycsb's checks decide for mongodb-legacy before a run starts, in this JVM: the families
 * it does not serve, a server of wire version 2+ and the mongodb binding's options that do not
 * apply are refused in one line (exit 2), and the journal the fingerprint reports is the one the
 * server was started with; iibench's checks are the mongodb binding's, run over the driver port.
 */
@Tag("server")
class LegacyChecksTest {
  private static Result checks(String url, String workload, String... props) {
    List<String> args = new ArrayList<>(List.of("load", "mongodb-legacy", "-P", JavaProcess.workload(workload),
        "-p", "mongodb.url=" + url));
    for (String p : props) {
      args.add("-p");
      args.add(p);
    }
    return InProcessMain.checks(new ArrayList<>(), args.toArray(new String[0]));
  }

  @ParameterizedTest
  @ValueSource(strings = {"probe"})
  void otherFamiliesAreRefusedNamingTheMongodbBinding(String workload) {
    Result r = checks("mongodb://127.0.0.1:1/x", workload);
    assertOneLineError(r, 2, "binding mongodb-legacy has no", "mongodb,",
        "(mongodb-legacy serves YCSB's workloads, iibench, linkbench, filemeta and sysbench on MongoDB 2.4 and"
        + " TokuMX; for MongoDB 2.6 and later, use the mongodb binding)");
  }

  @Test
  void sysbenchTokuMXTransactionsAreRefusedOnAServerThatIsNotTokuMX() {
    try (TestServer s = TestServer.posingAsLegacy("2.4.14", null); LegacyWireFront front = new LegacyWireFront(s)) {
      Result r = checks(front.url(TestServer.freshDatabase()), "sysbench", "sysbench.transactions=tokumx");
      assertOneLineError(r, 1, "sysbench.transactions=tokumx needs TokuMX, but the server at ",
          "is MongoDB 2.4.14, which has no beginTransaction");
    }
  }

  /** 4.0's multi-document transactions (sessions), which these servers have not. */
  @ParameterizedTest
  @ValueSource(strings = {"linkbench|set it to auto or false on mongodb-legacy",
      "sysbench|set it to auto or false, or tokumx for TokuMX's own transactions, on mongodb-legacy"})
  void sessionTransactionsAreRefusedBeforeAnyServerIsAsked(String family) {
    String[] f = family.split("\\|");
    Result r = checks("mongodb://127.0.0.1:1/x", f[0], f[0] + ".transactions=true");
    assertOneLineError(r, 2, f[0] + ".transactions=true needs multi-document transactions (MongoDB 4.0+)", f[1]);
  }

  @Test
  void aServerOfWireVersionTwoOrMoreIsRefusedNamingTheMongodbBinding() {
    try (TestServer s = TestServer.posingAsVersion("3.4.24", null)) {
      Result r = checks(s.url(TestServer.freshDatabase()), "workloada");
      assertOneLineError(r, 2, "is version 3.4.24 (wire version", "mongodb-legacy is for MongoDB 2.4 and TokuMX",
          "use the mongodb binding");
    }
  }

  @Test
  void optionsOfTheMongodbBindingThatDoNotApplyAreRefused() {
    Result r = checks("mongodb://127.0.0.1:1/x", "workloada", "mongodb.readPreference=secondary");
    assertOneLineError(r, 2, "unknown property mongodb.readPreference");
  }

  private static Map<String, String> fingerprint(TestServer s, String... props) {
    try (LegacyWireFront front = new LegacyWireFront(s)) {
      Result r = checks(front.url(TestServer.freshDatabase()), "workloada", props);
      assertEquals(0, r.exitCode(), r.all());
      return PrintedFingerprint.of(r.stdout());
    } finally {
      s.close();
    }
  }

  @Test
  void theJournalIsReadFromTheServer() {
    Map<String, String> off = fingerprint(TestServer.posingAsLegacy("2.4.14", null).startedWith("nojournal", true));
    assertEquals("off (getCmdLineOpts: nojournal)", off.get("server.journal"));
    // the mongodb binding's entries too: one expectation (expect.server.read.journal=off) reads both bindings
    assertEquals("off (getCmdLineOpts: nojournal)", off.get("server.read.journal"));
    assertEquals("100", off.get("server.read.journal_commit_interval_ms")); // getParameter: the default
    Map<String, String> sync = fingerprint(TestServer.posingAsLegacy("2.4.14", null)
        .startedWith("journalCommitInterval", 2), "mongodb.writeConcern=journaled");
    assertEquals("on (serverStatus.dur), journalCommitInterval 2 ms (getParameter)", sync.get("server.journal"));
    assertEquals("on (serverStatus.dur)", sync.get("server.read.journal"));
    assertEquals("2", sync.get("server.read.journal_commit_interval_ms"));
    assertEquals("each write waits for the journal commit (j:true)", sync.get("journal"));
    Map<String, String> toku = fingerprint(TestServer.posingAsLegacy("2.4.10", "1.4.2")
        .startedWith("logFlushPeriod", 0), "mongodb.writeConcern=unacknowledged");
    assertEquals("recovery log, logFlushPeriod 0 ms (getParameter)", toku.get("server.journal"));
    // TokuMX's setting is another: another name
    assertEquals("0", toku.get("server.read.log_flush_period_ms"));
    assertEquals(null, toku.get("server.read.journal_commit_interval_ms"));
    assertEquals("on (TokuMX's recovery log: no switch)", toku.get("server.read.journal"));
    assertEquals("none (w:0: no getLastError, writes unacknowledged)", toku.get("write.concern"));
  }

  /**
   * The 2014 post's -lazy and -sync targets set journalCommitInterval at runtime: mongodb.before runs
   * the setParameter before the checks read the server, and the fingerprint reads the value back.
   */
  @Test
  void beforeCommandsSetTheJournalIntervalTheFingerprintReadsBack() {
    Map<String, String> lazy = fingerprint(TestServer.posingAsLegacy("2.4.14", null),
        "mongodb.before={setParameter: 1, journalCommitInterval: 300}");
    assertEquals("on (serverStatus.dur), journalCommitInterval 300 ms (getParameter)", lazy.get("server.journal"));
    assertEquals("300", lazy.get("server.read.journal_commit_interval_ms"));
    assertEquals("{\"setParameter\": 1, \"journalCommitInterval\": 300}", lazy.get("mongodb.before"));
    Map<String, String> toku = fingerprint(TestServer.posingAsLegacy("2.4.10", "2.0.2"),
        "mongodb.before={setParameter: 1, logFlushPeriod: 0}");
    assertEquals("recovery log, logFlushPeriod 0 ms (getParameter)", toku.get("server.journal"));
    // a parameter the server does not have stops the run before anything is written (exit 1: the target's)
    try (TestServer s = TestServer.posingAsLegacy("2.4.14", null); LegacyWireFront front = new LegacyWireFront(s)) {
      Result r = checks(front.url(TestServer.freshDatabase()), "workloada", "mongodb.before={setParameter: 1, syncdelay: 60}");
      assertOneLineError(r, 1, "mongodb.before: {\"setParameter\": 1, \"syncdelay\": 60} failed on MongoDB at",
          "no option found to set");
    }
    // text that is not JSON: refused before the server is contacted (nothing listens on port 1)
    Result bad = checks("mongodb://127.0.0.1:1/x", "workloada", "mongodb.before={setParameter: 1,");
    assertOneLineError(bad, 2, "mongodb.before: '{setParameter: 1,' is not a JSON document");
  }

  /** iibench's checks are the mongodb binding's, over the port: a name too long before any server is contacted. */
  @Test
  void iibenchsDatabaseNamesAreCheckedBeforeTheServer() {
    String database = "d".repeat(48);
    Result r = checks("mongodb://127.0.0.1:1/" + database, "iibench", "mongodb.databasePerCollection=true");
    assertOneLineError(r, 2, "mongodb.databasePerCollection=true needs database " + database + "_purchases_index",
        "but MongoDB accepts at most 63");
  }

  /** ... and an existing collection of other documents is refused before any thread writes. */
  @Test
  void iibenchRefusesACollectionOfOtherDocumentsBeforeAnyWrite() {
    try (TestServer s = TestServer.posingAsLegacy("2.4.14", null); LegacyWireFront front = new LegacyWireFront(s);
        MongoClient c = new MongoClient("127.0.0.1", front.port())) {
      String database = TestServer.freshDatabase();
      c.getDB(database).getCollection("purchases_index").insert(new BasicDBObject("_id", "user1").append("field0", "x"));
      int before = front.received().size();
      Result r = checks(front.url(database), "iibench");
      assertOneLineError(r, 1, "collection " + database + ".purchases_index holds 1 document with fields _id, field0",
          "not iibench's rows", "name another iibench.table");
      assertEquals(List.of(), front.received().subList(before, front.received().size()).stream()
          .filter(l -> l.startsWith("OP_INSERT") || l.startsWith("OP_UPDATE") || l.startsWith("OP_DELETE")).toList());
      assertEquals(1, c.getDB(database).getCollection("purchases_index").count());
    }
  }
}
