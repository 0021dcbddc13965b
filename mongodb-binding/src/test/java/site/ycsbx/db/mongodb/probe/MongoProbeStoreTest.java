package site.ycsbx.db.mongodb.probe;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.DB;
import site.ycsbx.db.mongodb.ContractDatabase;
import site.ycsbx.store.probe.ProbeStoreContract;

/**
 * The probe contract on the mongodb binding (mongo-java-server in-process or YCSBX_MONGODB_URL's
 * server), each test on a fresh database.
 */
@Tag("server")
class MongoProbeStoreTest extends ProbeStoreContract {
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
