package site.ycsbx.db.mongolegacy.filemeta;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.DB;
import site.ycsbx.db.mongolegacy.LegacyPose;
import site.ycsbx.store.filemeta.FileMetaStoreContract;

/**
 * The filemeta contract on mongodb-legacy (the mongodb binding's store over the legacy port),
 * against the server posing as MongoDB 2.4 behind the legacy wire front, each test on a fresh
 * database. The pose reports no byte sizes.
 */
@Tag("server")
class LegacyFileMetaStoreTest extends FileMetaStoreContract {
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
  protected boolean measuresStoredSize() {
    return false;
  }
}
