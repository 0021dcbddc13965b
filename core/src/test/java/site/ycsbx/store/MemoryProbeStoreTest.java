package site.ycsbx.store;

import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import site.ycsbx.testing.MemoryProbeDb;

/** The contract on core's in-memory test binding, so the contract itself is exercised here. */
class MemoryProbeStoreTest extends ProbeStoreContract {
  private final MemoryProbeDb db = new MemoryProbeDb();

  @Override
  protected ProbeStore store() throws Exception {
    db.setProperties(new Properties());
    db.init();
    MemoryProbeDb.reset();
    return StoreRegistry.take(ProbeStore.class);
  }

  @AfterEach
  void tearDown() {
    db.cleanup();
  }
}
