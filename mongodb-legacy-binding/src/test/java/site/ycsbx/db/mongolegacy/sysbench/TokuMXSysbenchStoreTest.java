package site.ycsbx.db.mongolegacy.sysbench;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsbx.db.mongolegacy.LegacyPose;

/**
 * The sysbench contract on mongodb-legacy with {@code sysbench.transactions=tokumx} against the
 * server posing as TokuMX: each transaction between beginTransaction and commitTransaction on the
 * client thread's own connection ({@link TokuMXCommandsTest} asserts what goes over it).
 */
@Tag("server")
class TokuMXSysbenchStoreTest extends LegacySysbenchContract {
  @RegisterExtension
  static final LegacyPose pose = LegacyPose.tokuMX("sysbench.transactions", "tokumx");

  @Override
  protected LegacyPose pose() {
    return pose;
  }
}
