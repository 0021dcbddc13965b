package site.ycsbx.db.mongodb.iibench;

import site.ycsbx.db.mongodb.conn.PortFamily;
import site.ycsbx.store.StoreCatalog.Family;
import site.ycsbx.store.iibench.IIBenchStore;

/**
 * iibench over the port alone (mongodb-legacy), the 2014 insert benchmark's family whose MongoDB
 * 2.4 and TokuMX runs that binding exists for: one ordered {@code DBCollection.insert(List)} per
 * transaction, as the benchmark's Java client sent it.
 */
public final class PortIIBenchFamily extends PortFamily {
  public PortIIBenchFamily() {
    super(Family.of(IIBenchStore.class, c -> new MongoIIBenchStore(new IIBenchSide(c.options(), c::port, true)),
        MongoIIBenchCheck::new), MongoIIBenchStore.class);
  }
}
