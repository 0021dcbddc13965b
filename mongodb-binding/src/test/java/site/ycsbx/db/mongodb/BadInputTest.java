package site.ycsbx.db.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/**
 * Bad input through bin/ycsb's Main, in-process (in a subprocess where the working folder matters):
 * exit code, exactly one line on stderr, no
 * stack trace, and nothing created on the server the URL points at (a server this test runs).
 */
@Tag("process")
class BadInputTest {
  private static TestServer server;

  @BeforeAll
  static void start() {
    server = new TestServer();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** Runs {@code load mongodb} with workloada against the test server and asserts nothing was created. */
  private static Result loadMongo(String... props) {
    String database = TestServer.freshDatabase();
    Set<String> before = server.databaseNames();
    int writesBefore = server.writes().size();
    List<String> args = new ArrayList<>(List.of("load", "mongodb", "-P", JavaProcess.workload("workloada"),
        "-p", "recordcount=20"));
    boolean hasUrl = false;
    for (String p : props) {
      args.add("-p");
      args.add(p);
      hasUrl |= p.startsWith(MongoOptions.URL_PROPERTY + "=");
    }
    if (!hasUrl) {
      args.add("-p");
      args.add(MongoOptions.URL_PROPERTY + "=" + server.url(database));
    }
    Result r = InProcessMain.run(args.toArray(new String[0]));
    assertEquals(before, server.databaseNames(), "a database was created");
    assertEquals(writesBefore, server.writes().size(), "the server received writes: " + server.writes());
    assertTrue(server.commandNames(database).isEmpty(), "commands reached " + database + ": "
        + server.commandNames(database));
    return r;
  }

  private static void assertOneLine(Result r, int exit, String expected) {
    assertEquals(exit, r.exitCode(), r.all());
    List<String> lines = r.stderrLines();
    assertEquals(1, lines.size(), "expected one line on stderr, got:\n" + r.stderr());
    assertTrue(lines.get(0).contains(expected), lines.get(0));
    assertFalse(r.all().contains("Exception"), r.all());
    assertFalse(r.stdout().contains("[OVERALL]"), r.stdout());
  }

  @Test
  void unknownWriteConcern() {
    assertOneLine(loadMongo("mongodb.writeConcern=sometimes"), 2,
        "ycsb: mongodb.writeConcern=sometimes is not accepted; mongodb.writeConcern accepts journaled (w:1, j:true), "
            + "acknowledged (w:1, j:false), unacknowledged (w:0), majority, or a number of nodes >= 1");
  }

  @Test
  void zeroBatchSize() {
    assertOneLine(loadMongo("mongodb.batchsize=0"), 2,
        "ycsb: mongodb.batchsize=0 is out of range; mongodb.batchsize accepts a whole number from 1 to 100000");
  }

  @Test
  void nonNumericBatchSize() {
    assertOneLine(loadMongo("mongodb.batchsize=abc"), 2,
        "ycsb: mongodb.batchsize=abc is not a whole number; mongodb.batchsize accepts a whole number from 1 to 100000");
  }

  @Test
  void nonBooleanUpsert() {
    assertOneLine(loadMongo("mongodb.upsert=yes"), 2, "ycsb: mongodb.upsert=yes is not a boolean");
  }

  @Test
  void urlThatIsNotAMongoUrl() {
    assertOneLine(loadMongo("mongodb.url=not-a-url"), 2,
        "ycsb: mongodb.url=not-a-url is not a valid MongoDB connection string");
  }

  @Test
  void misspeltPropertyIsRefusedWithASuggestion() {
    assertOneLine(loadMongo("mongodb.writeconcern=journaled"), 2,
        "unknown property mongodb.writeconcern (did you mean mongodb.writeConcern?)");
  }

  @Test
  void contradictingJournalSettings() {
    String url = server.url(TestServer.freshDatabase()) + "?journal=false";
    Result r = loadMongo("mongodb.url=" + url, "mongodb.writeConcern=journaled");
    assertOneLine(r, 2, "ycsb: mongodb.url sets journal=false but mongodb.writeConcern=journaled asks for j:true; "
        + "remove one of them");
  }

  @Test
  void contradictingW() {
    String url = server.url(TestServer.freshDatabase()) + "?w=0";
    assertOneLine(loadMongo("mongodb.url=" + url, "mongodb.writeConcern=majority"), 2,
        "ycsb: mongodb.url sets w=0 but mongodb.writeConcern=majority asks for w:majority; remove one of them");
  }

  @Test
  void unreachableServerFailsFastNamingTheUrlWithoutItsPassword() throws IOException {
    int closedPort;
    try (ServerSocket s = new ServerSocket(0)) {
      closedPort = s.getLocalPort();
    }
    String url = "mongodb://user:s3cret@127.0.0.1:" + closedPort + "/db";
    Result r = InProcessMain.run("load", "mongodb", "-P", JavaProcess.workload("workloada"),
        "-p", "mongodb.url=" + url);
    assertOneLine(r, 1, "ycsb: cannot reach MongoDB at mongodb://user:*****@127.0.0.1:" + closedPort
        + "/db (mongodb.url) within 5 s: 127.0.0.1:" + closedPort + ": Connection refused");
    assertFalse(r.all().contains("s3cret"), r.all());
    assertTrue(r.millis() < 10_000, "took " + r.millis() + " ms");
  }

  @Test
  void engineThatCannotBeVerifiedStopsBeforeAnyWrite() {
    String database = TestServer.freshDatabase();
    Set<String> before = server.databaseNames();
    Result r = InProcessMain.run("load", "mongodb", "-P", JavaProcess.workload("workloada"),
        "-p", "recordcount=20", "-p", "mongodb.url=" + server.url(database), "-p", "mongodb.storageEngine=wiredTiger");
    assertOneLine(r, 1, "ycsb: mongodb.storageEngine=wiredTiger cannot be verified: the server at "
        + server.url(database) + " does not report its storage engine");
    // the preflight looked (serverStatus) and wrote nothing
    assertTrue(server.commandNames(database).contains("serverStatus"), server.commandNames(database).toString());
    assertEquals(List.of(), server.writes().stream().filter(c -> c.database().equals(database)).toList());
    assertEquals(before, server.databaseNames());
  }

  @Test
  void embeddedRefusesAUrl(@TempDir Path dir) {
    Result r = JavaProcess.run(dir, 60, Main.class.getName(), "load", "mongodb-embedded", "-P",
        JavaProcess.workload("workloada"), "-p", "mongodb.url=mongodb://localhost/ycsb");
    assertOneLine(r, 2, "ycsb: mongodb.url is not used by mongodb-embedded");
    assertFalse(Files.exists(dir.resolve("ycsbx-data")), "the embedded data folder was created");
  }

  @Test
  void embeddedBadInputCreatesNoDataFolder(@TempDir Path dir) {
    Result r = JavaProcess.run(dir, 60, Main.class.getName(), "load", "mongodb-embedded", "-P",
        JavaProcess.workload("workloada"), "-p", "mongodb.writeConcern=always");
    assertOneLine(r, 2, "ycsb: mongodb.writeConcern=always is not accepted");
    assertFalse(Files.exists(dir.resolve("ycsbx-data")), "the embedded data folder was created");
  }

  @Test
  void embeddedRefusesUnacknowledgedWritesItWouldDrop(@TempDir Path dir) {
    Result r = JavaProcess.run(dir, 60, Main.class.getName(), "load", "mongodb-embedded", "-P",
        JavaProcess.workload("iibench"), "-p", "mongodb.writeConcern=unacknowledged");
    assertOneLine(r, 2, "ycsb: mongodb.writeConcern=unacknowledged is not supported by mongodb-embedded");
    assertFalse(Files.exists(dir.resolve("ycsbx-data")), "the embedded data folder was created");
  }

  @Test
  void embeddedDirThatIsAFile(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("taken"), "x");
    Result r = JavaProcess.run(dir, 60, Main.class.getName(), "load", "mongodb-embedded", "-P",
        JavaProcess.workload("workloada"), "-p", "mongodb.embedded.dir=" + file);
    assertOneLine(r, 2, "ycsb: mongodb.embedded.dir=" + file + " is a file, not a folder");
    assertEquals("x", Files.readString(file));
  }

  @Test
  void aRunPastTheLoadedKeysIsRefused() {
    String database = TestServer.freshDatabase();
    java.util.Properties p = new java.util.Properties();
    p.setProperty("recordcount", "20");
    site.ycsbx.store.YcsbTable t = site.ycsbx.store.YcsbTable.of(p);
    try (com.mongodb.client.MongoClient c = server.client()) {
      for (int i = 0; i < 20; i++) {
        c.getDatabase(database).getCollection("usertable").insertOne(new org.bson.Document("_id", t.key(i))
            .append("field0", "x"));
      }
    }
    Result r = InProcessMain.run("run", "mongodb", "-P", JavaProcess.workload("workloada"), "-p", "recordcount=50",
        "-p", MongoOptions.URL_PROPERTY + "=" + server.url(database));
    p.setProperty("recordcount", "50");
    assertOneLine(r, 1, "the run reads keys 0 to 49 (recordcount=50) but collection " + database + ".usertable holds"
        + " no record " + site.ycsbx.store.YcsbTable.of(p).key(49) + " (key 49); give the run the recordcount its load"
        + " had, or load 50 records first");
  }
}
