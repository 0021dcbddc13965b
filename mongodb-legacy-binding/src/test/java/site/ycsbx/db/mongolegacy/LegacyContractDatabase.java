package site.ycsbx.db.mongolegacy;

import java.util.Properties;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import site.ycsbx.db.mongodb.LegacyWireFront;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoClient;

/**
 * The server of a store contract test class on mongodb-legacy and the database of its current
 * test, as the mongodb binding's {@code ContractDatabase}: registered as a static extension, it
 * starts the in-process server posing as MongoDB 2.4 behind the legacy wire front before the
 * class and stops both after. The database is named when the contract asks for its first binding
 * (journaled writes), reached by every later binding of the same test, and dropped by
 * {@link #drop()} from the contract's dropFixture.
 */
public final class LegacyContractDatabase implements BeforeAllCallback, AfterAllCallback {
  private TestServer server;
  private LegacyWireFront front;
  private String name;

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

  /** A driver-3.5 client through the front, for a test's own reads. */
  public MongoClient client() {
    return new MongoClient("127.0.0.1", front.port());
  }

  /** The test's database name, chosen on first use. */
  public String name() {
    if (name == null) {
      name = TestServer.freshDatabase();
    }
    return name;
  }

  /** mongodb-legacy on the test's database, for the contract to init. */
  public MongoLegacyClient newBinding() {
    Properties p = new Properties();
    p.setProperty("db", MongoLegacyClient.class.getName());
    p.setProperty("mongodb.url", front.url(name()));
    p.setProperty("mongodb.writeConcern", "journaled");
    MongoLegacyClient db = new MongoLegacyClient();
    db.setProperties(p);
    return db;
  }

  public void drop() {
    if (name != null) {
      try (MongoClient c = client()) {
        c.getDB(name).dropDatabase();
      }
      name = null;
    }
  }
}
