package site.ycsbx.db.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.PrintedFingerprint;
import site.ycsbx.tools.Main;

/**
 * mongodb-embedded end to end: YCSB's stock Client (and bin/ycsb's Main) in a subprocess load
 * and run against the H2-backed embedded server; afterwards the test opens the same data file
 * and counts the documents.
 */
@Tag("process")
class EmbeddedEndToEndTest {
  private static final String CLIENT = "site.ycsb.Client";
  private static final String EMBEDDED = EmbeddedMongoDbClient.class.getName();

  /** Documents in ycsb.usertable of the H2 file under dir, read after the subprocess exited. */
  static long documentsIn(Path dir, String collection) {
    H2Backend backend = new H2Backend(dir.resolve(EmbeddedServer.FILE_NAME).toString());
    MongoServer server = new MongoServer(backend);
    try {
      server.bind("127.0.0.1", 0);
      try (MongoClient c = MongoClients.create("mongodb://127.0.0.1:" + server.getLocalAddress().getPort())) {
        return c.getDatabase(EmbeddedServer.DATABASE).getCollection(collection).countDocuments();
      }
    } finally {
      server.shutdownNow();
    }
  }

  private static long operations(String output, String op) {
    Matcher m = Pattern.compile("\\[" + Pattern.quote(op) + "\\], Operations, (\\d+)").matcher(output);
    return m.find() ? Long.parseLong(m.group(1)) : -1;
  }

  @ParameterizedTest
  @ValueSource(strings = {"workloada", "workloadc"})
  void stockClientLoadsThenRuns(String workload, @TempDir Path dir) {
    Result load = JavaProcess.run(CLIENT, "-load", "-db", EMBEDDED, "-P", JavaProcess.workload(workload),
        "-p", "mongodb.embedded.dir=" + dir, "-p", "recordcount=400", "-threads", "2");
    assertEquals(0, load.exitCode(), load.all());
    assertEquals(400, operations(load.stdout(), "INSERT"), load.stdout());
    assertTrue(load.stdout().contains("[INSERT], Return=OK, 400"), load.stdout());
    assertTrue(load.stdout().contains("mongo-java-server " + BuildVersions.mongoJavaServer() + " (H2 backend at " + dir),
        load.stdout());

    Result run = JavaProcess.run(CLIENT, "-t", "-db", EMBEDDED, "-P", JavaProcess.workload(workload),
        "-p", "mongodb.embedded.dir=" + dir, "-p", "recordcount=400", "-p", "operationcount=400", "-threads", "2");
    assertEquals(0, run.exitCode(), run.all());
    long reads = operations(run.stdout(), "READ");
    long updates = Math.max(0, operations(run.stdout(), "UPDATE"));
    assertEquals(400, reads + updates, run.stdout());
    // every read found its record: the run saw the data the load wrote in another JVM
    assertTrue(run.stdout().contains("[READ], Return=OK, " + reads), run.stdout());
    assertFalse(run.all().contains("NOT_FOUND"), run.all());
    assertFalse(run.all().contains("Exception"), run.all());

    assertEquals(400, documentsIn(dir, "usertable"));
  }

  @Test
  void mainLoadsAndRunsWorkloadAOnTheEmbeddedDefault(@TempDir Path dir) {
    Path data = dir.resolve("data");
    Result load = JavaProcess.run(Main.class.getName(), "load", "mongodb-embedded", "-P", JavaProcess.workload("workloada"),
        "-p", "mongodb.embedded.dir=" + data, "-p", "recordcount=250");
    assertEquals(0, load.exitCode(), load.all());
    assertTrue(load.stdout().contains("[FINGERPRINT]"), load.stdout());
    assertTrue(PrintedFingerprint.of(load.stdout()).get("server.product").matches("mongo-java-server \\S+ \\(H2 backend at "
        + Pattern.quote(data.toString()) + "\\)"), load.stdout());
    assertTrue(load.stdout().matches("(?s).*storage\\.engine +: not reported by server\n.*"), load.stdout());
    assertTrue(load.stderr().contains("[ERRORS] OK: 250 operations, 0 failed"), load.stderr());
    // mongo-java-server's collStats has no bytes: its H2 file is what is on storage
    assertTrue(Pattern.compile("(?m)^\\[SUMMARY\\] size of usertable: data \\d+\\.\\d [KM]B, cache not reported by this"
        + " server version \\(source: the embedded server's H2 file \\(every collection in it\\)\\)$").matcher(load.stderr())
        .find(), load.stderr());
    assertFalse(load.all().contains("Exception"), load.all());

    Result run = JavaProcess.run(Main.class.getName(), "run", "mongodb-embedded", "-P", JavaProcess.workload("workloada"),
        "-p", "mongodb.embedded.dir=" + data, "-p", "recordcount=250", "-p", "operationcount=300");
    assertEquals(0, run.exitCode(), run.all());
    assertTrue(run.stderr().contains("[ERRORS] OK: 300 operations, 0 failed"), run.stderr());
    assertEquals(250, documentsIn(data, "usertable"));
  }

  @Test
  void defaultFolderIsUnderTheWorkingDirectory(@TempDir Path dir) {
    Result r = JavaProcess.run(dir, 180, Main.class.getName(), "load", "mongodb-embedded", "-P",
        JavaProcess.workload("workloadc"), "-p", "recordcount=50");
    assertEquals(0, r.exitCode(), r.all());
    Path data = dir.resolve(EmbeddedServer.DIR_PROPERTY_DEFAULT);
    assertTrue(Files.isRegularFile(data.resolve(EmbeddedServer.FILE_NAME)), "no data file under " + data);
    assertEquals(50, documentsIn(data, "usertable"));
  }

  @Test
  void memoryBackendKeepsNothingOnDisk(@TempDir Path dir) throws Exception {
    Result r = JavaProcess.run(dir, 180, Main.class.getName(), "load", "mongodb-embedded", "-P",
        JavaProcess.workload("workloadc"), "-p", "recordcount=50", "-p", "mongodb.embedded.dir=:memory:");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(PrintedFingerprint.of(r.stdout()).get("server.product").matches("mongo-java-server \\S+ \\(memory backend\\)"),
        r.stdout());
    assertTrue(r.stderr().contains("[ERRORS] OK: 50 operations, 0 failed"), r.stderr());
    try (var files = Files.list(dir)) {
      assertEquals(0, files.count(), "the memory backend wrote to the working directory");
    }
  }

  @Test
  void nothingIsPrintedByTheServerOrDriverLogs(@TempDir Path dir) {
    // the probe's prepare runs listCollections/create, which mongo-java-server logs by default
    Result r = JavaProcess.run(Main.class.getName(), "load", "mongodb-embedded", "-P", JavaProcess.workload("probe"),
        "-p", "recordcount=30", "-p", "mongodb.embedded.dir=" + dir);
    assertEquals(0, r.exitCode(), r.all());
    assertFalse(r.all().contains("SLF4J"), r.all());
    assertFalse(r.all().contains("INFO"), r.all());
    assertFalse(r.all().contains("de.bwaldvogel"), r.all());
    assertFalse(r.all().contains("org.mongodb.driver"), r.all());
    assertEquals(30, documentsIn(dir, "ycsbx_probe"));
  }
}
