package site.ycsbx.db.mongodb.sysbench;

import site.ycsbx.db.mongodb.conn.PortFamily;
import site.ycsbx.store.StoreCatalog.Family;
import site.ycsbx.store.sysbench.SysbenchStore;

/**
 * sysbench over the port alone (mongodb-legacy): each step alone, or with {@code tokumx} each
 * transaction between TokuMX's beginTransaction and commitTransaction on the client thread's own
 * connection; {@code sysbench.transactions=true} (4.0+'s) is refused.
 */
public final class PortSysbenchFamily extends PortFamily {
  public PortSysbenchFamily() {
    super(Family.of(SysbenchStore.class, c -> new MongoSysbenchStore(SysbenchSide.legacy(c.options(), c::port,
        c::ownPort)), () -> new MongoSysbenchCheck(false), MongoSysbenchStore.PROPERTIES.stream().map(p ->
        p.withMeaning("sysbench: auto or false (each step alone: MongoDB 2.4 and TokuMX have no multi-document"
            + " transactions), tokumx: each OLTP transaction between TokuMX's beginTransaction and commitTransaction"
            + " on the client thread's own connection (rollbackTransaction on a failure); true is refused")).toList()),
        MongoSysbenchStore.class);
  }
}
