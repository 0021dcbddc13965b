package site.ycsbx.db.mongolegacy.sysbench;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.DB;
import site.ycsbx.db.mongolegacy.LegacyPose;
import site.ycsbx.store.sysbench.SysbenchStoreContract;

/**
 * The sysbench contract on mongodb-legacy with {@code sysbench.transactions=tokumx}, against the
 * server posing as TokuMX: each transaction between beginTransaction and commitTransaction on the
 * client thread's own connection ({@link TokuMXCommandsTest} asserts what goes over it). The pose
 * answers TokuMX's transaction commands but undoes nothing, so a rollback keeps the steps, as
 * each step alone would: the contract is told the store is not transactional there.
 */
@Tag("server")
class TokuMXSysbenchStoreTest extends SysbenchStoreContract {
  @RegisterExtension
  static final LegacyPose pose = LegacyPose.tokuMX("sysbench.transactions", "tokumx");

  @Override
  protected DB newBinding() {
    return pose.newBinding();
  }

  @Override
  protected void dropFixture() {
    pose.drop();
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
