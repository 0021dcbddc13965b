package site.ycsbx.db.mongolegacy.sysbench;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsbx.db.mongolegacy.LegacyPose;

/**
 * The sysbench contract on mongodb-legacy against the server posing as MongoDB 2.4: the mongodb
 * binding's store over driver 3.5, each step alone, the sum, order and distinct ranges and the
 * census through the inline aggregate and the distinct command 2.4 answers.
 */
@Tag("server")
class LegacySysbenchStoreTest extends LegacySysbenchContract {
  @RegisterExtension
  static final LegacyPose pose = new LegacyPose();

  @Override
  protected LegacyPose pose() {
    return pose;
  }
}
