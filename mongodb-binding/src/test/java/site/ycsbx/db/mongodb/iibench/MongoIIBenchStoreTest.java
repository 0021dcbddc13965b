package site.ycsbx.db.mongodb.iibench;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import site.ycsb.DB;
import site.ycsbx.db.mongodb.ContractDatabase;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.store.iibench.IIBenchStoreContract;

/**
 * The iibench contract on the mongodb binding (mongo-java-server in-process), each test on a
 * fresh database; the indexes are read back with listIndexes. mongo-java-server reports no byte
 * sizes, so the store must say n/a.
 */
class MongoIIBenchStoreTest extends IIBenchStoreContract {
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

  @Override
  protected Map<String, List<String>> secondaryIndexes(String table) {
    return ListedIndexes.of(server, database.name(), table);
  }

  @Override
  protected boolean reportsSize() {
    return false;
  }
}
