package site.ycsbx.db.mongodb.filemeta;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.DB;
import site.ycsbx.db.mongodb.ContractDatabase;
import site.ycsbx.store.filemeta.FileMetaStoreContract;

/**
 * The filemeta contract on the mongodb binding, each test on a fresh database: on the in-process
 * mongo-java-server, which lists the secondary indexes but scans, or on YCSBX_MONGODB_URL's server
 * (the plans are the server's business; what is sent is asserted in {@link MongoFileMetaWireTest}).
 */
@Tag("server")
class MongoFileMetaStoreTest extends FileMetaStoreContract {
  @RegisterExtension
  static final ContractDatabase database = new ContractDatabase();

  @Override
  protected DB newBinding() {
    return database.newBinding();
  }

  @Override
  protected void dropFixture() {
    database.drop();
  }
}
