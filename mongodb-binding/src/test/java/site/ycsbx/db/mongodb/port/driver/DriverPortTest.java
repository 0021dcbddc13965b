package site.ycsbx.db.mongodb.port.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.db.mongodb.port.PortCollection;
import site.ycsbx.db.mongodb.port.PortContract;

/** The port's contract over the 4.x/5.x driver, against the in-process server. */
@Tag("server")
class DriverPortTest extends PortContract {
  private static TestServer server;
  private static MongoClient client;
  // w:0 writes on a client of their own: mongo-java-server drops a connection after an OP_MSG
  // that expects no reply, and the driver would reuse it
  private static MongoClient unacknowledged;

  @BeforeAll
  static void start() {
    server = new TestServer();
    client = server.client();
    unacknowledged = server.client();
  }

  @AfterAll
  static void stop() {
    client.close();
    unacknowledged.close();
    server.close();
  }

  @Override
  protected MongoPort open(String database, boolean acknowledged) {
    return new DriverPort(acknowledged ? client.getDatabase(database).withWriteConcern(WriteConcern.W1)
        : unacknowledged.getDatabase(database).withWriteConcern(WriteConcern.UNACKNOWLEDGED), PortContract::describe);
  }

  @Override
  protected boolean knowsStoredBefore() {
    return true;
  }

  @Test
  void aBatchIsOneInsertCommand() {
    MongoPort port = open(database(), true);
    PortCollection c = port.collection("c");
    c.insertMany(List.of(port.document("_id", "a"), port.document("_id", "b"), port.document("_id", "c")));
    List<TestServer.Command> inserts = server.commands().stream()
        .filter(x -> x.database().equals(database()) && x.name().equals("insert")).toList();
    assertEquals(1, inserts.size(), inserts.toString());
    assertEquals(Map.of("_id", "b"), c.findOne(port.document("_id", "b"), null));
  }
}
