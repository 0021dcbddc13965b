package site.ycsbx.db.mongodb;

import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import site.ycsbx.store.ProbeStore;
import site.ycsbx.store.ProbeStoreContract;
import site.ycsbx.store.StoreRegistry;

/** The probe contract on MongoDB (mongo-java-server in-process), each test on a fresh database. */
class MongoProbeStoreTest extends ProbeStoreContract {
  private static TestServer server;
  private MongoDbClient db;

  @BeforeAll
  static void startServer() {
    server = new TestServer();
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  @Override
  protected ProbeStore store() throws Exception {
    Properties p = new Properties();
    p.setProperty(MongoOptions.URL_PROPERTY, server.url(TestServer.freshDatabase()));
    db = new MongoDbClient();
    db.setProperties(p);
    db.init();
    return StoreRegistry.take(ProbeStore.class);
  }

  @AfterEach
  void cleanup() throws Exception {
    if (db != null) {
      db.cleanup();
    }
  }
}
