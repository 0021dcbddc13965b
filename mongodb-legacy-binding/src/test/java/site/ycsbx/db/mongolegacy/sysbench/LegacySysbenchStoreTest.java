package site.ycsbx.db.mongolegacy.sysbench;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.DB;
import site.ycsbx.db.mongolegacy.LegacyPose;
import site.ycsbx.store.sysbench.SysbenchStoreContract;

/**
 * The sysbench contract on mongodb-legacy, against the server posing as MongoDB 2.4 behind the
 * legacy wire front, each test on a fresh database: the mongodb binding's store over driver 3.5,
 * each step alone (2.4 has no transactions), the sum, order and distinct ranges and the census
 * through the inline aggregate and the distinct command 2.4 answers.
 */
@Tag("server")
class LegacySysbenchStoreTest extends SysbenchStoreContract {
  @RegisterExtension
  static final LegacyPose pose = new LegacyPose();

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
