package site.ycsbx.store.linkbench;

import org.junit.jupiter.api.Tag;
import site.ycsb.DB;
import site.ycsbx.testing.MemoryLinkBenchDb;

/** The contract on core's memory store, the reference the bindings' stores are held to. */
@Tag("fast")
class MemoryLinkBenchStoreTest extends LinkBenchStoreContract {
  @Override
  protected DB newBinding() {
    DB db = new MemoryLinkBenchDb();
    db.setProperties(new java.util.Properties());
    return db;
  }

  @Override
  protected void dropFixture() {
    MemoryLinkBenchDb.clear();
  }

  /** The test's memory store is no binding: nothing on storage to measure. */
  @Override
  protected boolean measuresStoredSize() {
    return false;
  }
}
