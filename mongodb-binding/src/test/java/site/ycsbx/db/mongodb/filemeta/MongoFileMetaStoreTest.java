package site.ycsbx.db.mongodb.filemeta;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import site.ycsb.DB;
import site.ycsbx.db.mongodb.ContractDatabase;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.store.filemeta.FileMetaStoreContract;

/**
 * The filemeta contract on the mongodb binding (mongo-java-server in-process, which lists the
 * secondary indexes but scans: the plans are the server's business, what is sent is asserted in
 * {@link MongoFileMetaWireTest}), each test on a fresh database.
 */
class MongoFileMetaStoreTest extends FileMetaStoreContract {
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
