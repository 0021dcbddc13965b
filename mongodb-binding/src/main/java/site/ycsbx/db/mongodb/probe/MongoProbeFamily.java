package site.ycsbx.db.mongodb.probe;

import site.ycsbx.db.mongodb.conn.MongoFamily;
import site.ycsbx.store.StoreCatalog.Family;
import site.ycsbx.store.probe.ProbeStore;

/** The probe on MongoDB: its collection on the thread's connection, with nothing to check. */
public final class MongoProbeFamily extends MongoFamily {
  public MongoProbeFamily() {
    super(Family.of(ProbeStore.class, MongoProbeStore::new, null), MongoProbeStore.class);
  }
}
