package site.ycsbx.db.mongodb.linkbench;

import site.ycsbx.db.mongodb.conn.MongoFamily;
import site.ycsbx.store.StoreCatalog.Family;
import site.ycsbx.store.linkbench.LinkBenchStore;

/**
 * linkbench on MongoDB: its collections on the thread's connection, checked by
 * {@link MongoLinkBenchCheck}, with its transaction setting, which this binding reads.
 */
public final class MongoLinkBenchFamily extends MongoFamily {
  public MongoLinkBenchFamily() {
    super(Family.of(LinkBenchStore.class, MongoLinkBenchStore::new, () -> new MongoLinkBenchCheck(true),
        MongoLinkBenchStore.PROPERTIES), MongoLinkBenchStore.class);
  }
}
