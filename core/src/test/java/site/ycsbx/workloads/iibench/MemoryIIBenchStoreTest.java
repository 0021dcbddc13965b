package site.ycsbx.workloads.iibench;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import site.ycsbx.store.IIBenchStore;
import site.ycsbx.store.IIBenchStoreContract;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.testing.MemoryIIBenchDb;

/** The iibench contract on core's in-memory test binding, so the contract itself runs here. */
class MemoryIIBenchStoreTest extends IIBenchStoreContract {
  @Override
  protected IIBenchStore store() throws Exception {
    MemoryIIBenchDb.resetTables();
    MemoryIIBenchDb db = new MemoryIIBenchDb();
    db.setProperties(new Properties());
    db.init();
    return StoreRegistry.take(IIBenchStore.class);
  }

  @Override
  protected Map<String, List<String>> secondaryIndexes(String table) {
    return MemoryIIBenchDb.indexesOf(table);
  }
}
