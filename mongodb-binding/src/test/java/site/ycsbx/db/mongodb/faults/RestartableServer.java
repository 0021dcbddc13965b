package site.ycsbx.db.mongodb.faults;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

/**
 * mongo-java-server in the test's JVM that the test stops (connections dropped, port closed)
 * and starts again on the same port with the same data, as a mongod killed and restarted.
 */
final class RestartableServer implements AutoCloseable {
  private final MemoryBackend backend = new MemoryBackend();
  private final int port;
  private MongoServer server;

  RestartableServer() {
    server = new MongoServer(backend);
    server.bind("127.0.0.1", 0);
    port = server.getLocalAddress().getPort();
  }

  void stop() {
    server.shutdownNow();
    server = null;
  }

  void start() {
    server = new MongoServer(backend);
    server.bind("127.0.0.1", port);
  }

  int port() {
    return port;
  }

  String url(String database) {
    return "mongodb://127.0.0.1:" + port + "/" + database;
  }

  /** Documents in a collection, through a client of the test's own. */
  long count(String database, String collection) {
    try (MongoClient c = MongoClients.create(url(database) + "?serverSelectionTimeoutMS=2000")) {
      return c.getDatabase(database).getCollection(collection).countDocuments();
    }
  }

  @Override
  public void close() {
    if (server != null) {
      server.shutdownNow();
    }
  }
}
