package site.ycsbx.db.mongolegacy.linkbench;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.DB;
import site.ycsbx.db.mongolegacy.LegacyPose;
import site.ycsbx.store.linkbench.LinkBenchStoreContract;

/**
 * The linkbench contract on mongodb-legacy, against the server posing as MongoDB 2.4 behind the
 * legacy wire front, each test on a fresh database: the mongodb binding's store over driver 3.5,
 * link writes and their count changes as two writes (no transactions on 2.4), counts grouped by
 * the inline aggregate 2.4 answers.
 */
@Tag("server")
class LegacyLinkBenchStoreTest extends LinkBenchStoreContract {
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

  /** mongo-java-server's collStats gives no bytes. */
  @Override
  protected boolean measuresStoredSize() {
    return false;
  }
}
