package site.ycsbx.store.sysbench;

import org.junit.jupiter.api.Tag;
import site.ycsb.DB;
import site.ycsbx.testing.MemorySysbenchDb;

/** The contract on core's memory store, the reference the bindings' stores are held to. */
@Tag("fast")
class MemorySysbenchStoreTest extends SysbenchStoreContract {
  @Override
  protected DB newBinding() {
    DB db = new MemorySysbenchDb();
    db.setProperties(new java.util.Properties());
    return db;
  }

  @Override
  protected void dropFixture() {
    MemorySysbenchDb.clear();
  }

  /** The test's memory store is no binding: nothing on storage to measure. */
  @Override
  protected boolean measuresStoredSize() {
    return false;
  }
}
