package site.ycsbx.db.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import de.bwaldvogel.mongo.bson.Document;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.PrintedFingerprint;
import site.ycsbx.tools.Main;

/**
 * The {@code mongodb} binding through bin/ycsb's Main in a subprocess (a preflight's refusal in this
 * JVM), against servers this test
 * runs: what reached the server (its own record of the commands) and what was stored.
 */
@Tag("process")
class MainAgainstServerTest {
  private static TestServer plain;
  private static TestServer wiredTiger;

  @BeforeAll
  static void start() {
    plain = new TestServer();
    wiredTiger = new TestServer("wiredTiger");
  }

  @AfterAll
  static void stop() {
    plain.close();
    wiredTiger.close();
  }

  private static Result main(String command, String workload, String... props) {
    return JavaProcess.run(Main.class.getName(), args(command, workload, props));
  }

  /** A command its preflight refuses, before the run: bin/ycsb's Main in this JVM. */
  private static Result refused(String command, String workload, String... props) {
    return InProcessMain.run(args(command, workload, props));
  }

  private static String[] args(String command, String workload, String... props) {
    List<String> args = new ArrayList<>(List.of(command, "mongodb", "-P", JavaProcess.workload(workload)));
    for (String p : props) {
      args.add("-p");
      args.add(p);
    }
    return args.toArray(new String[0]);
  }

  @Test
  void serverStatusIsReadBeforeAnyWriteAndAMatchingEngineRuns() {
    String db = TestServer.freshDatabase();
    Result r = main("load", "workloada", "mongodb.url=" + wiredTiger.url(db), "recordcount=40",
        "mongodb.storageEngine=WiredTiger");
    assertEquals(0, r.exitCode(), r.all());
    assertEquals("wiredTiger", PrintedFingerprint.of(r.stdout()).get("storage.engine"), r.stdout());
    List<String> names = wiredTiger.commandNames(db);
    int status = names.indexOf("serverStatus");
    int firstWrite = Math.min(names.indexOf("create"), names.indexOf("insert"));
    assertTrue(status >= 0 && firstWrite > status, names.toString());
    assertEquals(40, wiredTiger.count(db, "usertable"));
  }

  @Test
  void engineMismatchStopsBeforeAnyWriteNamingBothEngines() {
    String db = TestServer.freshDatabase();
    Set<String> before = wiredTiger.databaseNames();
    Result r = refused("load", "workloada", "mongodb.url=" + wiredTiger.url(db), "recordcount=40",
        "mongodb.storageEngine=rocksdb");
    assertEquals(1, r.exitCode(), r.all());
    assertEquals(List.of("ycsb: mongodb.storageEngine=rocksdb but the server at " + wiredTiger.url(db)
        + " runs storage engine wiredTiger (serverStatus.storageEngine.name); nothing was written"), r.stderrLines());
    assertFalse(r.all().contains("Exception"), r.all());
    assertTrue(wiredTiger.commandNames(db).contains("serverStatus"));
    assertEquals(List.of(), wiredTiger.writes().stream().filter(c -> c.database().equals(db)).toList());
    assertEquals(before, wiredTiger.databaseNames());
  }

  @Test
  void collectionConfigReachesTheServerInCreate() {
    String db = TestServer.freshDatabase();
    Result r = main("load", "workloadc", "mongodb.url=" + wiredTiger.url(db), "recordcount=10",
        "mongodb.collectionConfig=block_compressor=zstd");
    assertEquals(0, r.exitCode(), r.all());
    assertEquals("block_compressor=zstd", PrintedFingerprint.of(r.stdout()).get("mongodb.collectionConfig"), r.stdout());
    List<TestServer.Command> creates = wiredTiger.writes().stream()
        .filter(c -> c.database().equals(db) && c.name().equals("create")).toList();
    assertEquals(1, creates.size(), creates.toString());
    Document engineOptions = (Document) creates.get(0).body().get("storageEngine");
    assertEquals(new Document("wiredTiger", new Document("configString", "block_compressor=zstd")), engineOptions);
  }

  @Test
  void batchedLoadStoresEveryDocumentAndTimesEachRoundTrip() {
    String db = TestServer.freshDatabase();
    Result r = main("load", "workloada", "mongodb.url=" + plain.url(db), "recordcount=103", "mongodb.batchsize=10",
        "threadcount=2");
    assertEquals(0, r.exitCode(), r.all());
    assertEquals(103, plain.count(db, "usertable"));
    // 2 threads each load about half; each thread's last partial batch is sent at cleanup
    long batches = plain.commands().stream().filter(c -> c.database().equals(db) && c.name().equals("insert")).count();
    assertTrue(r.stdout().contains("[INSERT_BATCH], Operations, " + batches + "\n"), r.stdout());
    assertTrue(batches >= 11 && batches <= 12, "batches: " + batches);
    assertTrue(r.stdout().contains("[INSERT], Operations, 103\n"), r.stdout());
    assertTrue(r.stderr().contains("[ERRORS] OK:"), r.stderr());
  }

  @Test
  void batchedLoadOnOneThreadSendsCeilNOverBBatches() {
    String db = TestServer.freshDatabase();
    Result r = main("load", "workloadc", "mongodb.url=" + plain.url(db), "recordcount=95", "mongodb.batchsize=20");
    assertEquals(0, r.exitCode(), r.all());
    assertEquals(95, plain.count(db, "usertable"));
    assertTrue(r.stdout().contains("[INSERT_BATCH], Operations, 5\n"), r.stdout());
    assertTrue(r.stdout().contains("[INSERT_BATCH], Return=OK, 5\n"), r.stdout());
    // the calls that only appended, and the four that filled a batch and sent it
    assertTrue(r.stdout().contains("[INSERT], Return=BATCHED_OK, 91\n"), r.stdout());
    assertTrue(r.stdout().contains("[INSERT], Return=OK, 4\n"), r.stdout());
  }

  @Test
  void reloadIsRefusedWithInsertsButSucceedsWithUpserts() {
    String db = TestServer.freshDatabase();
    assertEquals(0, main("load", "workloadc", "mongodb.url=" + plain.url(db), "recordcount=30").exitCode());
    long inserts = plain.commandNames(db).stream().filter("insert"::equals).count();
    Result again = refused("load", "workloadc", "mongodb.url=" + plain.url(db), "recordcount=30");
    assertEquals(1, again.exitCode(), again.all());
    // refused before the first insert, where it used to fail on E11000 duplicate key
    assertTrue(again.stderr().contains("already holds 30 records"), again.stderr());
    assertEquals(inserts, plain.commandNames(db).stream().filter("insert"::equals).count());
    Result upsert = main("load", "workloadc", "mongodb.url=" + plain.url(db), "recordcount=30", "mongodb.upsert=true",
        "mongodb.batchsize=7");
    assertEquals(0, upsert.exitCode(), upsert.all());
    assertEquals(30, plain.count(db, "usertable"));
  }

  @Test
  void probeWorkloadRunsOnTheMongoBinding() {
    String db = TestServer.freshDatabase();
    Result load = main("load", "probe", "mongodb.url=" + plain.url(db), "recordcount=60");
    assertEquals(0, load.exitCode(), load.all());
    Result run = main("run", "probe", "mongodb.url=" + plain.url(db), "recordcount=60", "operationcount=80");
    assertEquals(0, run.exitCode(), run.all());
    assertTrue(run.stdout().contains("[PROBE_GET], Return=OK, 80"), run.stdout());
    assertEquals(60, plain.count(db, "ycsbx_probe"));
  }

  @Test
  void passwordNeverReachesOutputOrExportsButReachesTheServer(@TempDir Path dir) throws Exception {
    String db = TestServer.freshDatabase();
    // PLAIN: the test server accepts it and records the password it received
    String url = "mongodb://user:s3cret@127.0.0.1:" + plain.port() + "/" + db + "?authMechanism=PLAIN";
    String masked = "mongodb://user:*****@127.0.0.1:" + plain.port() + "/" + db + "?authMechanism=PLAIN";
    Path export = dir.resolve("result.json");
    Result r = main("load", "workloada", "mongodb.url=" + url, "recordcount=25",
        "exporter=site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter", "exportfile=" + export);
    assertEquals(0, r.exitCode(), r.all());
    String json = Files.readString(export);
    for (String text : List.of(r.stdout(), r.stderr(), json)) {
      assertFalse(text.contains("s3cret"), text);
    }
    assertEquals(masked, PrintedFingerprint.of(r.stdout()).get("mongodb.url"), r.stdout());
    assertTrue(json.contains(masked), json);
    // the preflight and the client threads both logged in with the real password, not the mask
    List<String> passwords = plain.passwordsReceived();
    assertTrue(passwords.size() >= 2, passwords.toString());
    assertEquals(Set.of("s3cret"), Set.copyOf(passwords));
    assertEquals(25, plain.count(db, "usertable"));
  }
}
