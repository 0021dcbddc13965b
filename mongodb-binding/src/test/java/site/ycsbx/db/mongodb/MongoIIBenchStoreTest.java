package site.ycsbx.db.mongodb;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import site.ycsbx.store.IIBenchStore;
import site.ycsbx.store.IIBenchStoreContract;
import site.ycsbx.store.StoreRegistry;

/**
 * The iibench contract on MongoDB (mongo-java-server in-process), each test on a fresh
 * database; the indexes are read back with listIndexes. mongo-java-server reports no byte
 * sizes, so the store must say n/a.
 */
class MongoIIBenchStoreTest extends IIBenchStoreContract {
  private static TestServer server;
  private MongoDbClient db;
  private String database;

  @BeforeAll
  static void startServer() {
    server = new TestServer();
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  @Override
  protected IIBenchStore store() throws Exception {
    database = TestServer.freshDatabase();
    Properties p = new Properties();
    p.setProperty(MongoOptions.URL_PROPERTY, server.url(database));
    db = new MongoDbClient();
    db.setProperties(p);
    db.init();
    return StoreRegistry.take(IIBenchStore.class);
  }

  @Override
  protected Map<String, List<String>> secondaryIndexes(String table) {
    return indexesOf(server, database, table);
  }

  /** listIndexes of a collection: name to its key fields in order, _id excluded; keys must be ascending. */
  static Map<String, List<String>> indexesOf(TestServer server, String database, String collection) {
    try (var c = server.client()) {
      return keysOf(c.getDatabase(database).getCollection(collection).listIndexes());
    }
  }

  /** Index name to key fields in order, _id excluded; fails on a key that is not ascending. */
  static Map<String, List<String>> keysOf(Iterable<Document> listIndexes) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (Document index : listIndexes) {
      if (index.getString("name").equals("_id_")) {
        continue;
      }
      Document key = index.get("key", Document.class);
      List<String> fields = new ArrayList<>();
      for (Map.Entry<String, Object> e : key.entrySet()) {
        if (!Integer.valueOf(1).equals(e.getValue())) {
          throw new AssertionError("index " + index.getString("name") + " is not ascending: " + key.toJson());
        }
        fields.add(e.getKey());
      }
      out.put(index.getString("name"), fields);
    }
    return out;
  }

  @Override
  protected boolean reportsSize() {
    return false;
  }

  @AfterEach
  void cleanup() throws Exception {
    if (db != null) {
      db.cleanup();
    }
  }
}
