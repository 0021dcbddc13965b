package site.ycsbx.db.mongodb.conn;

import site.ycsbx.store.StoreCatalog;

/**
 * A family as a binding over the driver port alone serves it (mongodb-legacy: MongoDB 2.4 and
 * TokuMX): the service type of the entries the family packages written over the port hold beside
 * their {@link MongoFamily}, each listed in
 * {@code META-INF/services/site.ycsbx.db.mongodb.conn.PortFamily}, which that binding's catalog
 * reads, so it names no family. Its store works on the thread's {@link PortConnection}.
 */
public abstract class PortFamily extends StoreCatalog.Entry<PortConnection, MongoStoreCheck> {
  protected PortFamily(StoreCatalog.Family<PortConnection, MongoStoreCheck> family, Class<?> storeClass) {
    super(family, storeClass);
  }
}
