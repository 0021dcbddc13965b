package site.ycsbx.db.mongolegacy.iibench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.DB;
import site.ycsbx.db.mongolegacy.LegacyPose;
import site.ycsbx.shaded.mongo35.com.mongodb.DBObject;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoClient;
import site.ycsbx.store.iibench.IIBenchStoreContract;

/**
 * The iibench contract on mongodb-legacy, against the server posing as MongoDB 2.4 behind the
 * legacy wire front, each test on a fresh database; indexes read back through driver 3.5
 * (system.indexes on this wire version). The pose reports no byte sizes: the store must say n/a.
 */
@Tag("server")
class LegacyIIBenchStoreTest extends IIBenchStoreContract {
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
  protected Map<String, List<String>> secondaryIndexes(String table) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    try (MongoClient c = pose.client()) {
      for (DBObject index : c.getDB(pose.database()).getCollection(table).getIndexInfo()) {
        String name = String.valueOf(index.get("name"));
        if (!name.equals("_id_")) {
          out.put(name, new ArrayList<>(((DBObject) index.get("key")).keySet()));
        }
      }
    }
    return out;
  }

  /** mongo-java-server's collStats gives no bytes; the binding's preflight says why not instead. */
  @Override
  protected boolean measuresStoredSize() {
    return false;
  }

  @Override
  protected boolean reportsSize() {
    return false;
  }
}
