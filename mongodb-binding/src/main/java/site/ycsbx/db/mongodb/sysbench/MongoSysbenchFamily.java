package site.ycsbx.db.mongodb.sysbench;

import site.ycsbx.db.mongodb.conn.MongoFamily;
import site.ycsbx.store.StoreCatalog.Family;
import site.ycsbx.store.sysbench.SysbenchStore;

/**
 * sysbench on MongoDB: its collections on the thread's connection, checked by
 * {@link MongoSysbenchCheck}, with its transaction setting, which this binding reads.
 */
public final class MongoSysbenchFamily extends MongoFamily {
  public MongoSysbenchFamily() {
    super(Family.of(SysbenchStore.class, MongoSysbenchStore::new, () -> new MongoSysbenchCheck(true),
        MongoSysbenchStore.PROPERTIES), MongoSysbenchStore.class);
  }
}
