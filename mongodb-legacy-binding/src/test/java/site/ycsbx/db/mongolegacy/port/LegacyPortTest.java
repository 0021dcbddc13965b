package site.ycsbx.db.mongolegacy.port;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.mongodb.LegacyWireFront;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.db.mongodb.port.PortContract;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoClient;
import site.ycsbx.shaded.mongo35.com.mongodb.WriteConcern;

/**
 * The port's contract over driver 3.5's legacy API, against the in-process server posing as
 * MongoDB 2.4 behind the legacy write protocol (wire version 0).
 */
@Tag("server")
class LegacyPortTest extends PortContract {
  private static TestServer server;
  private static LegacyWireFront front;
  private static MongoClient client;

  @BeforeAll
  static void start() {
    server = TestServer.posingAsLegacy("2.4.14", null);
    front = new LegacyWireFront(server);
    client = new MongoClient("127.0.0.1", front.port());
  }

  @AfterAll
  static void stop() {
    client.close();
    front.close();
    server.close();
  }

  @Override
  protected MongoPort open(String database, boolean acknowledged) {
    return new LegacyPort(client.getDB(database), acknowledged ? WriteConcern.W1
        : WriteConcern.UNACKNOWLEDGED, PortContract::describe);
  }

  @Override
  protected boolean knowsStoredBefore() {
    return false;
  }

  @Test
  void aBatchIsOneOpInsertAndOneGetLastError() {
    MongoPort port = open(database(), true);
    int before = front.received().size();
    port.collection("c").insertMany(List.of(port.document("_id", "a"), port.document("_id", "b"),
        port.document("_id", "c")));
    List<String> sent = front.received();
    assertEquals(List.of("OP_INSERT " + database() + ".c 3", "getlasterror {\"w\": 1}"),
        sent.subList(before, sent.size()).stream().filter(l -> !l.startsWith("getlasterror {}")).toList());
  }
}
