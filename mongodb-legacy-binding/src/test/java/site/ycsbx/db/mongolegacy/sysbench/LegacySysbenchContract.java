package site.ycsbx.db.mongolegacy.sysbench;

import site.ycsb.DB;
import site.ycsbx.db.mongolegacy.LegacyPose;
import site.ycsbx.store.sysbench.SysbenchStoreContract;

/**
 * The sysbench contract on one of mongodb-legacy's poses, each test on a fresh database. Neither
 * pose undoes a rollback (2.4 has no transactions; the TokuMX pose answers its transaction
 * commands but undoes nothing), so a rollback keeps the steps, as each step alone would.
 */
abstract class LegacySysbenchContract extends SysbenchStoreContract {
  /** The subclass's pose, registered as its extension. */
  protected abstract LegacyPose pose();

  @Override
  protected DB newBinding() {
    return pose().newBinding();
  }

  @Override
  protected void dropFixture() {
    pose().drop();
  }

  @Override
  protected boolean transactional() {
    return false;
  }

  /** mongodb-legacy's preflight measures no stored size. */
  @Override
  protected boolean measuresStoredSize() {
    return false;
  }
}
