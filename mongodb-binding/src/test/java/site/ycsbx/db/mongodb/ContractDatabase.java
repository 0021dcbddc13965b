package site.ycsbx.db.mongodb;

/**
 * The database of one store contract test on an in-process server: named when the contract asks
 * for its first binding, reached by every later binding of the same test (a second client
 * thread), dropped by {@link #drop()} from the contract's dropFixture.
 */
public final class ContractDatabase {
  private final TestServer server;
  private String name;

  public ContractDatabase(TestServer server) {
    this.server = server;
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
