package site.ycsbx.db.mongodb.iibench;

import site.ycsbx.db.mongodb.conn.MongoFamily;
import site.ycsbx.store.StoreCatalog.Family;
import site.ycsbx.store.iibench.IIBenchStore;

/** iibench on MongoDB: its collection on the thread's connection, checked by {@link MongoIIBenchCheck}. */
public final class MongoIIBenchFamily extends MongoFamily {
  public MongoIIBenchFamily() {
    super(Family.of(IIBenchStore.class, MongoIIBenchStore::new, MongoIIBenchCheck::new), MongoIIBenchStore.class);
  }
}
