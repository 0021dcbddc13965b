package site.ycsbx.db.jdbc.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import site.ycsb.DB;
import site.ycsbx.db.jdbc.ContractDatabase;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.store.probe.ProbeStore;
import site.ycsbx.store.probe.ProbeStoreContract;

/** The probe contract on one real server; each test gets a fresh database of its own. */
abstract class JdbcProbeStoreContractBase extends ProbeStoreContract {
  private final ContractDatabase db;

  protected JdbcProbeStoreContractBase(TestDatabase.Target target) {
    db = new ContractDatabase(target);
  }

  @Override
  protected DB newBinding() {
    return db.newBinding();
  }

  @Override
  protected void dropFixture() throws Exception {
    db.drop();
  }

  @Test
  void probeTableHasTheEngineAsked() throws Exception {
    store().prepare();
    assertEquals(db.target().expectedEngine(), db.get().engine(ProbeStore.TABLE).orElse("absent"));
  }
}
