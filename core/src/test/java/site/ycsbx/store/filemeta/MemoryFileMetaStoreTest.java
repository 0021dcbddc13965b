package site.ycsbx.store.filemeta;

import org.junit.jupiter.api.Tag;
import site.ycsb.DB;
import site.ycsbx.testing.MemoryFileMetaDb;

/** The contract on core's memory store, the reference the bindings' stores are held to. */
@Tag("fast")
class MemoryFileMetaStoreTest extends FileMetaStoreContract {
  @Override
  protected DB newBinding() {
    DB db = new MemoryFileMetaDb();
    db.setProperties(new java.util.Properties());
    return db;
  }

  @Override
  protected void dropFixture() {
    MemoryFileMetaDb.clear();
  }

  /** The test's memory store is no binding: nothing on storage to measure. */
  @Override
  protected boolean measuresStoredSize() {
    return false;
  }
}
