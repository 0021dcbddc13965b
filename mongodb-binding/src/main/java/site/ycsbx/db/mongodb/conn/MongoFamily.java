package site.ycsbx.db.mongodb.conn;

import site.ycsbx.store.StoreCatalog;

/**
 * A family as the MongoDB binding serves it: the service type of its families' entries, one per
 * family package, each listed in {@code META-INF/services/site.ycsbx.db.mongodb.conn.MongoFamily},
 * which the top's catalog ({@code MongoStores}) reads. A family's store works on the thread's
 * shared connection; its check, if any, inspects the collections in the preflight.
 */
public abstract class MongoFamily extends StoreCatalog.Entry<MongoConnection, MongoStoreCheck> {
  protected MongoFamily(StoreCatalog.Family<MongoConnection, MongoStoreCheck> family, Class<?> storeClass) {
    super(family, storeClass);
  }
}
