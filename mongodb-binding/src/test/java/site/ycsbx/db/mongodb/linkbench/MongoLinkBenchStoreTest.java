package site.ycsbx.db.mongodb.linkbench;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import site.ycsb.DB;
import site.ycsbx.db.mongodb.ContractDatabase;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.store.linkbench.LinkBenchStoreContract;

/**
 * The linkbench contract on the mongodb binding (mongo-java-server in-process, which has no
 * transactions: linkbench.transactions=auto then writes the count after each link), each test on
 * a fresh database.
 */
class MongoLinkBenchStoreTest extends LinkBenchStoreContract {
  private static TestServer server;
  private ContractDatabase database;

  @BeforeAll
  static void startServer() {
    server = new TestServer();
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  @Override
  protected DB newBinding() {
    if (database == null) {
      database = new ContractDatabase(server);
    }
    return database.newBinding();
  }

  @Override
  protected void dropFixture() {
    if (database != null) {
      database.drop();
    }
  }
}
