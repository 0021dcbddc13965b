package site.ycsbx.db.mongodb.iibench;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.DB;
import site.ycsbx.db.mongodb.ContractDatabase;
import site.ycsbx.store.iibench.IIBenchStoreContract;

/**
 * The iibench contract on the mongodb binding (mongo-java-server in-process or YCSBX_MONGODB_URL's
 * server), each test on a fresh database; the indexes are read back with listIndexes.
 * mongo-java-server reports no byte sizes, so the store must say n/a; a real server's are checked.
 */
@Tag("server")
class MongoIIBenchStoreTest extends IIBenchStoreContract {
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

  @Override
  protected Map<String, List<String>> secondaryIndexes(String table) {
    return ListedIndexes.of(database.server(), database.name(), table);
  }

  @Override
  protected boolean reportsSize() {
    return database.server().real();
  }
}
