package site.ycsbx.db.mongodb.conn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.store.ServerWork;

/**
 * MongoDB's opcounters for telling others' work apart, on the in-process server posing
 * opcounters as mongod counts them (mongo-java-server has none; no real mongod runs these
 * tests): what this JVM's clients send is this run's, what a client of another program sends is
 * others', and a server without opcounters, or a failed serverStatus, is "not measured".
 */
@Tag("server")
class MongoServerWorkTest {
  @AfterEach
  void forget() {
    ServerWork.reset();
  }

  private static MongoOptions options(TestServer server, String db) {
    Properties p = new Properties();
    p.setProperty(MongoOptions.URL_PROPERTY, server.url(db));
    return MongoOptions.parse(p);
  }

  private static List<Document> docs(int n) {
    List<Document> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(new Document("_id", i).append("v", "x"));
    }
    return out;
  }

  @Test
  void whatThisJvmSentIsThisRunsAndAnotherProgramsClientIsOthers() {
    try (TestServer server = new TestServer().withOpcounters()) {
      String db = TestServer.freshDatabase();
      MongoServerWork.offer(options(server, db), status(server), null);
      ServerWork.Source source = ServerWork.open();
      assertNotNull(source);
      Map<String, Long> start = source.wholeServer();
      try (MongoClient mine = MongoConnection.newClient(options(server, db), b -> { })) {
        MongoCollection<Document> c = mine.getDatabase(db).getCollection("usertable");
        c.insertMany(docs(300));
        c.updateOne(Filters.eq("_id", 1), Updates.set("v", "y"));
        c.deleteOne(Filters.eq("_id", 2));
        for (int i = 0; i < 3; i++) {
          c.find(Filters.eq("_id", 10 + i)).first();
        }
        // an aggregate: this run's read either way, though this server (as mongod before 6.0) counts a command
        assertEquals(299, c.countDocuments());
      }
      // a client the binding did not open: another program's, as far as the server can tell
      try (MongoClient other = server.client()) {
        other.getDatabase(TestServer.freshDatabase()).getCollection("neighbour").insertMany(docs(2000));
      }
      Map<String, Long> end = source.wholeServer();
      assertTrue(source.describe().startsWith("MongoDB serverStatus opcounters"), source.describe());
      source.close();
      assertEquals(2302L, end.get(ServerWork.WRITTEN) - start.get(ServerWork.WRITTEN));
      assertEquals(3L, end.get(ServerWork.READ) - start.get(ServerWork.READ));
      assertEquals(Map.of(ServerWork.WRITTEN, 302L, ServerWork.READ, 4L), ServerWork.own());
    }
  }

  private static Document status(TestServer server) {
    try (MongoClient c = server.client()) {
      return c.getDatabase("admin").runCommand(new Document("serverStatus", 1));
    }
  }

  /**
   * The commands the server was sent, the drivers' own monitoring left out: the heartbeat of a client
   * closed just before may still arrive (a CI run counted one after the count before).
   */
  private static long asked(TestServer server) {
    return server.commands().stream()
        .filter(c -> !List.of("hello", "ismaster", "endsessions").contains(c.name().toLowerCase(Locale.ROOT)))
        .count();
  }

  @Test
  void aServerWithoutOpcountersIsNotMeasuredAndNotAskedAgain() {
    try (TestServer server = new TestServer()) {
      MongoServerWork.offer(options(server, TestServer.freshDatabase()), status(server), null);
      long before = asked(server);
      ServerWork.Source source = ServerWork.open();
      assertEquals(Map.of(), source.wholeServer());
      assertEquals("not measured: serverStatus has no opcounters (java)", source.describe());
      source.close();
      assertEquals(before, asked(server), "the preflight's serverStatus told it all");
      assertEquals(Map.of(), ServerWork.own(), "no share of its own either");
    }
  }

  @Test
  void aServerStatusTheUserMayNotRunIsNotMeasured() {
    try (TestServer server = new TestServer().withOpcounters()) {
      MongoServerWork.offer(options(server, "x"), null, "serverStatus failed: not authorized (code 13 Unauthorized)");
      ServerWork.Source source = ServerWork.open();
      assertEquals(Map.of(), source.wholeServer());
      assertEquals("not measured: serverStatus failed: not authorized (code 13 Unauthorized)", source.describe());
      source.close();
    }
  }

  @Test
  void aFailedServerStatusIsNotMeasured() {
    try (TestServer server = new TestServer().withOpcounters()) {
      MongoClient client = MongoConnection.newClient(options(server, "x"), b -> { });
      MongoServerWork source = new MongoServerWork(client, server.url("x"));
      assertEquals(2, source.wholeServer().size());
      client.close();
      assertEquals(Map.of(), source.wholeServer());
      assertTrue(source.describe().startsWith("not measured: serverStatus failed: "), source.describe());
      source.close();
      assertEquals(Map.of(), ServerWork.own());
    }
  }

  @Test
  void opcountersWithoutTheCountersReadAreNone() {
    assertNull(MongoServerWork.opcounters(null));
    assertNull(MongoServerWork.opcounters(new Document("insert", 1L).append("update", 2).append("delete", 3)));
    long[] all = MongoServerWork.opcounters(new Document("insert", 1L).append("update", 2).append("delete", 3)
        .append("query", 4L).append("getmore", 5).append("command", 1000));
    assertEquals(6, all[0]);
    assertEquals(9, all[1]);
  }
}
