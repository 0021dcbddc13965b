package site.ycsbx.store.iibench;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import site.ycsb.DB;
import site.ycsbx.testing.MemoryIIBenchDb;

/** The iibench contract on core's in-memory test binding, so the contract itself runs here. */
@Tag("fast")
class MemoryIIBenchStoreTest extends IIBenchStoreContract {
  private boolean fresh;

  @Override
  protected DB newBinding() {
    if (!fresh) {
      MemoryIIBenchDb.resetTables(); // a fresh database per test
      fresh = true;
    }
    MemoryIIBenchDb db = new MemoryIIBenchDb();
    db.setProperties(new Properties());
    return db;
  }

  @Override
  protected Map<String, List<String>> secondaryIndexes(String table) {
    return MemoryIIBenchDb.indexesOf(table);
  }

  /** The test's memory store is no binding: nothing on storage to measure. */
  @Override
  protected boolean measuresStoredSize() {
    return false;
  }
}
