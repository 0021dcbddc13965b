package site.ycsbx.db.mongolegacy;

import java.util.Properties;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import site.ycsb.DB;
import site.ycsbx.db.mongodb.LegacyWireFront;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoClient;

/**
 * A store contract's server on mongodb-legacy: the in-process server posing as MongoDB 2.4 behind
 * the legacy wire front, a fresh database per test, bindings writing journaled. Registered as a
 * test class's extension, it starts before the class's tests and stops after them.
 */
public final class LegacyPose implements BeforeAllCallback, AfterAllCallback {
  private TestServer server;
  private LegacyWireFront front;
  private String database;

  @Override
  public void beforeAll(ExtensionContext context) {
    server = TestServer.posingAsLegacy("2.4.14", null);
    front = new LegacyWireFront(server);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    front.close();
    server.close();
  }

  /** The test's database, made fresh on first use after a {@link #drop()}. */
  public String database() {
    if (database == null) {
      database = TestServer.freshDatabase();
    }
    return database;
  }

  /** A binding to the test's database. */
  public DB newBinding() {
    Properties p = new Properties();
    p.setProperty("db", MongoLegacyClient.class.getName());
    p.setProperty("mongodb.url", front.url(database()));
    p.setProperty("mongodb.writeConcern", "journaled");
    MongoLegacyClient db = new MongoLegacyClient();
    db.setProperties(p);
    return db;
  }

  /** A driver 3.5 client through the front, for a test's own reads; close it after use. */
  public MongoClient client() {
    return new MongoClient("127.0.0.1", front.port());
  }

  /** Drops the test's database, if one was made. */
  public void drop() {
    if (database != null) {
      try (MongoClient c = client()) {
        c.getDB(database).dropDatabase();
      }
      database = null;
    }
  }
}
