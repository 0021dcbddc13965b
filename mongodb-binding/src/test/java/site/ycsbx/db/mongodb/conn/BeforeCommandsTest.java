package site.ycsbx.db.mongodb.conn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.mongodb.MongoPreflight;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.util.UserError;

/**
 * mongodb.before on the in-process server: the admin commands run before the preflight reads the
 * server, in order, and are in the fingerprint; one the server refuses stops the run (exit 1);
 * text that is not JSON documents is refused (exit 2) before the server hears anything.
 */
@Tag("server")
class BeforeCommandsTest {
  private static TestServer server;

  @BeforeAll
  static void start() {
    server = new TestServer("wiredTiger");
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static Properties props(String before) {
    Properties p = new Properties();
    p.setProperty(MongoOptions.URL_PROPERTY, server.url(TestServer.freshDatabase()));
    p.setProperty(BeforeCommands.PROPERTY, before);
    return p;
  }

  private static List<String> adminCommands() {
    return server.commands().stream().filter(c -> c.database().equals("admin")).map(TestServer.Command::name)
        .filter(n -> !n.equalsIgnoreCase("hello") && !n.equalsIgnoreCase("isMaster")).toList();
  }

  @Test
  void theCommandsRunInOrderBeforeTheServerIsReadAndAreInTheFingerprint() {
    try (SentCommands sent = SentCommands.record()) {
      Fingerprint fp = new Fingerprint();
      new MongoPreflight().check(props("{ping: 1}; {getCmdLineOpts: 1, comment: 'a;b'}"), Preflight.Phase.LOAD,
          StoreDemand.NONE, fp);
      List<String> names = sent.names().stream().filter(n -> !n.equals("hello") && !n.equals("isMaster")).toList();
      assertEquals(List.of("buildInfo", "ping", "getCmdLineOpts", "serverStatus"), names.subList(0, 4), names.toString());
      assertEquals("{\"ping\": 1}; {\"getCmdLineOpts\": 1, \"comment\": \"a;b\"}", fp.get(BeforeCommands.PROPERTY));
    }
  }

  @Test
  void aCommandTheServerRefusesStopsTheRunNamingIt() {
    // mongo-java-server has no setParameter: it refuses it as a server without the parameter would
    UserError e = assertThrows(UserError.class, () -> new MongoPreflight().check(props("{ping: 1}; {setParameter: 1,"
        + " syncdelay: 60}"),
        Preflight.Phase.LOAD, StoreDemand.NONE, new Fingerprint()));
    assertEquals(UserError.TARGET_UNUSABLE, e.exitCode());
    assertTrue(e.getMessage().startsWith("mongodb.before: {\"setParameter\": 1, \"syncdelay\": 60} failed on MongoDB at mongodb://127.0.0.1:"),
        e.getMessage());
  }

  @Test
  void textThatIsNotJsonDocumentsIsRefusedBeforeTheServerHearsAnything() {
    int heard = adminCommands().size();
    for (String bad : List.of("{setParameter: 1,", "setParameter=1", "{}", "{ping: 1}; [1, 2]")) {
      UserError e = assertThrows(UserError.class, () -> new MongoPreflight().check(props(bad), Preflight.Phase.LOAD,
          StoreDemand.NONE, new Fingerprint()));
      assertEquals(2, e.exitCode(), bad);
      assertTrue(e.getMessage().startsWith("mongodb.before: '"), e.getMessage());
      assertTrue(e.getMessage().endsWith("e.g. mongodb.before={setParameter: 1, syncdelay: 60}"), e.getMessage());
      assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }
    assertEquals(heard, adminCommands().size());
  }
}
