package site.ycsbx.db.mongolegacy.iibench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import site.ycsb.DB;
import site.ycsbx.db.mongodb.LegacyWireFront;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.db.mongolegacy.MongoLegacyClient;
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
  private static TestServer server;
  private static LegacyWireFront front;
  private String database;

  @BeforeAll
  static void start() {
    server = TestServer.posingAsLegacy("2.4.14", null);
    front = new LegacyWireFront(server);
  }

  @AfterAll
  static void stop() {
    front.close();
    server.close();
  }

  @Override
  protected DB newBinding() {
    if (database == null) {
      database = TestServer.freshDatabase();
    }
    Properties p = new Properties();
    p.setProperty("db", MongoLegacyClient.class.getName());
    p.setProperty("mongodb.url", front.url(database));
    p.setProperty("mongodb.writeConcern", "journaled");
    MongoLegacyClient db = new MongoLegacyClient();
    db.setProperties(p);
    return db;
  }

  @Override
  protected void dropFixture() {
    if (database != null) {
      try (MongoClient c = new MongoClient("127.0.0.1", front.port())) {
        c.getDB(database).dropDatabase();
      }
      database = null;
    }
  }

  @Override
  protected Map<String, List<String>> secondaryIndexes(String table) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    try (MongoClient c = new MongoClient("127.0.0.1", front.port())) {
      for (DBObject index : c.getDB(database).getCollection(table).getIndexInfo()) {
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
