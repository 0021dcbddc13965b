package site.ycsbx.store.probe;

import java.util.Properties;
import org.junit.jupiter.api.Tag;
import site.ycsb.DB;
import site.ycsbx.testing.MemoryProbeDb;

/** The contract on core's in-memory test binding, so the contract itself is exercised here. */
@Tag("fast")
class MemoryProbeStoreTest extends ProbeStoreContract {
  private boolean fresh;

  @Override
  protected DB newBinding() {
    if (!fresh) {
      MemoryProbeDb.reset(); // a fresh database per test, shared by the test's stores
      fresh = true;
    }
    MemoryProbeDb db = new MemoryProbeDb();
    db.setProperties(new Properties());
    return db;
  }
}
