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
 * A store contract's server on mongodb-legacy: the in-process server posing as MongoDB 2.4 (or
 * TokuMX, {@link #tokuMX}) behind the legacy wire front, a fresh database per test, bindings
 * writing journaled. Registered as a test class's extension, it starts before the class's tests
 * and stops after them.
 */
public final class LegacyPose implements BeforeAllCallback, AfterAllCallback {
  private final String tokumxVersion;
  private final Properties settings = new Properties();
  private TestServer server;
  private LegacyWireFront front;
  private String database;

  /** The MongoDB 2.4.14 pose. */
  public LegacyPose() {
    this(null);
  }

  private LegacyPose(String tokumxVersion) {
    this.tokumxVersion = tokumxVersion;
  }

  /**
   * The TokuMX 2.0.2 pose (MongoDB 2.4.10 underneath), its front answering TokuMX's transaction
   * commands; its bindings get {@code settings} (name, value, ...) besides the pose's.
   */
  public static LegacyPose tokuMX(String... settings) {
    LegacyPose p = new LegacyPose("2.0.2");
    for (int i = 0; i < settings.length; i += 2) {
      p.settings.setProperty(settings[i], settings[i + 1]);
    }
    return p;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    server = TestServer.posingAsLegacy(tokumxVersion == null ? "2.4.14" : "2.4.10", tokumxVersion);
    front = new LegacyWireFront(server);
  }

  /** The wire front the bindings talk to, and what it recorded. */
  public LegacyWireFront front() {
    return front;
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
    p.putAll(settings);
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
