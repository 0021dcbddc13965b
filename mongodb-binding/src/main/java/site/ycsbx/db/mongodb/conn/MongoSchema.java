package site.ycsbx.db.mongodb.conn;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.CreateCollectionOptions;
import com.mongodb.client.model.IndexOptions;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * Creates the collections and indexes the binding's stores need, with the user's
 * storage-engine config strings ({@value MongoOptions#COLLECTION_CONFIG_PROPERTY},
 * {@value MongoOptions#INDEX_CONFIG_PROPERTY}). A collection is created only when absent, so
 * its config applies only to collections this binding creates; nothing is dropped unless a store
 * is explicitly asked to (e.g. iibench.drop=true).
 */
public final class MongoSchema {
  /** Engine whose options a config string is filed under when the server does not say. */
  static final String DEFAULT_CONFIG_ENGINE = "wiredTiger";
  private static final int NAMESPACE_EXISTS = 48;

  private final MongoDatabase database;
  private final MongoOptions options;
  private final Set<String> ensured = ConcurrentHashMap.newKeySet();
  private String configEngine;

  MongoSchema(MongoDatabase acknowledgedDatabase, MongoOptions options) {
    this.database = acknowledgedDatabase;
    this.options = options;
  }

  /** Creates the collection with {@value MongoOptions#COLLECTION_CONFIG_PROPERTY} when absent. */
  public void ensureCollection(String name) {
    if (ensured.contains(name)) {
      return;
    }
    synchronized (this) {
      if (ensured.contains(name)) {
        return;
      }
      if (!exists(name)) {
        CreateCollectionOptions o = new CreateCollectionOptions();
        if (options.collectionConfig() != null) {
          o.storageEngineOptions(configFor(options.collectionConfig()));
        }
        try {
          database.createCollection(name, o);
        } catch (MongoCommandException e) {
          // another process created it meanwhile
          if (e.getErrorCode() != NAMESPACE_EXISTS && !exists(name)) {
            throw e;
          }
        }
      }
      ensured.add(name);
    }
  }

  /**
   * Creates an index (no-op when one with the same name exists) with
   * {@value MongoOptions#INDEX_CONFIG_PROPERTY} as its storage-engine options.
   */
  public void ensureIndex(String collection, Bson keys, IndexOptions indexOptions) {
    ensureCollection(collection);
    if (options.indexConfig() != null && indexOptions.getStorageEngine() == null) {
      indexOptions.storageEngine(configFor(options.indexConfig()));
    }
    database.getCollection(collection).createIndex(keys, indexOptions);
  }

  /** Drops the collection (when it exists) and its indexes; only for an explicit drop request. */
  public synchronized void drop(String name) {
    ensured.remove(name);
    database.getCollection(name).drop();
  }

  /** The indexes of a collection as listIndexes reports them. */
  public java.util.List<Document> indexes(String collection) {
    return database.getCollection(collection).listIndexes().into(new java.util.ArrayList<>());
  }

  private boolean exists(String name) {
    for (String n : database.listCollectionNames()) {
      if (n.equals(name)) {
        return true;
      }
    }
    return false;
  }

  private Document configFor(String configString) {
    return new Document(configEngine(), new Document("configString", configString));
  }

  // the server's spelling of its engine ("wiredTiger"), as the key must match it exactly
  private synchronized String configEngine() {
    if (configEngine == null) {
      String reported = null;
      try {
        reported = StorageEngineCheck.reported(database.runCommand(new Document("serverStatus", 1)));
      } catch (MongoException e) {
        // not allowed to run serverStatus: fall back to what the user said
      }
      configEngine = reported != null ? reported
          : options.storageEngine() != null ? options.storageEngine() : DEFAULT_CONFIG_ENGINE;
    }
    return configEngine;
  }
}
