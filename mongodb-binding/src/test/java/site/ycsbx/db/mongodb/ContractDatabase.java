package site.ycsbx.db.mongodb;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The server of a store contract test class and the database of its current test: registered as
 * a static extension, it starts the in-process server before the class and stops it after, or
 * reaches the real one {@link ServerChoice} names and drops the class's databases after.
 * The database is named when the contract asks for its first binding, reached by every later
 * binding of the same test (a second client thread), and dropped by {@link #drop()} from the
 * contract's dropFixture, so the next test gets a fresh one.
 */
public final class ContractDatabase implements BeforeAllCallback, AfterAllCallback {
  private MongoUnderTest server;
  private String name;

  @Override
  public void beforeAll(ExtensionContext context) {
    server = ServerChoice.mongod(TestServer::new);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    server.close();
  }

  public MongoUnderTest server() {
    return server;
  }

  /** The test's database name, chosen on first use. */
  public String name() {
    if (name == null) {
      name = TestServer.freshDatabase();
    }
    return name;
  }

  /** The mongodb binding on the test's database, for the contract to init. */
  public MongoDbClient newBinding() {
    return server.binding(name());
  }

  public void drop() {
    if (name != null) {
      server.dropDatabase(name);
      name = null;
    }
  }
}
