package site.ycsbx.db.mongodb.linkbench;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.DB;
import site.ycsbx.db.mongodb.ContractDatabase;
import site.ycsbx.store.linkbench.LinkBenchStoreContract;

/**
 * The linkbench contract on the mongodb binding, each test on a fresh database: on the in-process
 * mongo-java-server, which has no transactions (linkbench.transactions=auto then writes the count
 * after each link), or on YCSBX_MONGODB_URL's server (in transactions on a replica set).
 */
@Tag("server")
class MongoLinkBenchStoreTest extends LinkBenchStoreContract {
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
