package site.ycsbx.db.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.Document;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.tools.Main;

/**
 * A load on MongoDB alone is not marked, and one beside a second program writing to the same
 * server (this test's JVM, inserting into another database as fast as it can) is: serverStatus
 * opcounters grew by far more than the load sent. On the in-process server posing opcounters as
 * mongod counts them (it is this test's alone, so "alone" is exact); the CPU check is switched
 * off ({@code ycsbx.others.cpu=100}), so the mark is the server counters' alone.
 */
@Tag("process")
class OtherLoadOnMongoTest {
  private static final int ROWS = 1000;

  private static JavaProcess.Result load(TestServer server, Path out) {
    return JavaProcess.run(Main.class.getName(), "load", "mongodb", "-P", JavaProcess.workload("workloada"), "-p",
        "recordcount=" + ROWS, "-p", "mongodb.url=" + server.url(TestServer.freshDatabase()), "-p",
        "ycsbx.out=" + out, "-p", "ycsbx.others.cpu=100", "-p", "ycsbx.report=false");
  }

  private static JsonNode others(Path run) throws Exception {
    return new ObjectMapper().readTree(run.resolve("result.json").toFile()).path("others");
  }

  @Test
  void aLoadAloneIsNotMarked(@TempDir Path out) throws Exception {
    try (TestServer server = new TestServer().withOpcounters()) {
      JavaProcess.Result r = load(server, out.resolve("run"));
      assertEquals(0, r.exitCode(), r.all());
      JsonNode others = others(out.resolve("run"));
      assertFalse(others.path("marked").asBoolean(), others.toString());
      assertEquals(ROWS, others.path("run_rows_written").asLong(), others.toString());
      assertEquals(ROWS, others.path("server_rows_written").asLong(), others.toString());
      assertTrue(others.path("server_source").asText().startsWith("MongoDB serverStatus opcounters"),
          others.toString());
    }
  }

  @Test
  void aLoadBesideAnotherWriterOnTheSameServerIsMarked(@TempDir Path out) throws Exception {
    try (TestServer server = new TestServer().withOpcounters(); MongoClient neighbourClient = server.client()) {
      AtomicBoolean stop = new AtomicBoolean();
      AtomicLong written = new AtomicLong();
      MongoCollection<Document> neighbour = neighbourClient.getDatabase(TestServer.freshDatabase())
          .getCollection("neighbour");
      Thread t = new Thread(() -> {
        while (!stop.get()) {
          List<Document> batch = new ArrayList<>();
          for (int i = 0; i < 500; i++) {
            batch.add(new Document("v", "x"));
          }
          neighbour.insertMany(batch);
          written.addAndGet(batch.size());
        }
      }, "neighbour");
      t.start();
      while (written.get() < 5000 && t.isAlive()) {
        Thread.sleep(20);
      }
      JavaProcess.Result r;
      try {
        r = load(server, out.resolve("run"));
      } finally {
        stop.set(true);
        t.join(30_000);
      }
      assertEquals(0, r.exitCode(), r.all());
      JsonNode others = others(out.resolve("run"));
      assertTrue(others.path("marked").asBoolean(), others.toString());
      long mine = others.path("run_rows_written").asLong();
      long whole = others.path("server_rows_written").asLong();
      assertEquals(ROWS, mine, others.toString());
      assertTrue(whole - mine > 5 * ROWS, "the neighbour wrote " + written.get() + ": " + others);
      assertTrue(r.stderr().contains("[SUMMARY] ran beside other load: the server's rows written grew by " + whole),
          r.stderr());
    }
  }

  @Test
  void onTheEmbeddedServerTheCountersAreNotMeasured(@TempDir Path out) throws Exception {
    // mongo-java-server's serverStatus has no opcounters: the run says so, and is not marked by them
    TestServer server = new TestServer();
    try (server) {
      JavaProcess.Result r = load(server, out.resolve("run"));
      assertEquals(0, r.exitCode(), r.all());
      JsonNode others = others(out.resolve("run"));
      assertFalse(others.path("marked").asBoolean(), others.toString());
      assertEquals("not measured: serverStatus has no opcounters (java)", others.path("server_source").asText(),
          others.toString());
      assertTrue(others.path("server_rows_written").isMissingNode(), others.toString());
    }
  }
}
