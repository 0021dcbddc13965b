package site.ycsbx.db.mongodb;

import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoFamily;
import site.ycsbx.db.mongodb.conn.MongoStoreCheck;
import site.ycsbx.store.StoreCatalog;

/**
 * The workload families both MongoDB bindings serve, each on the thread's shared connection: one
 * {@link MongoFamily} per family package, found through {@code META-INF/services}.
 */
public final class MongoStores extends StoreCatalog<MongoConnection, MongoStoreCheck> {
  public MongoStores() {
    super(MongoFamily.class);
  }
}
