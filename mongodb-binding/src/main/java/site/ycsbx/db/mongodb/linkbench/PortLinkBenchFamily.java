package site.ycsbx.db.mongodb.linkbench;

import site.ycsbx.db.mongodb.conn.PortFamily;
import site.ycsbx.store.StoreCatalog.Family;
import site.ycsbx.store.linkbench.LinkBenchStore;

/**
 * linkbench over the port alone (mongodb-legacy), without transactions, which MongoDB 2.4 and
 * TokuMX have not: {@code linkbench.transactions=true} is refused.
 */
public final class PortLinkBenchFamily extends PortFamily {
  public PortLinkBenchFamily() {
    // one Shared per connection: a thread that did not prepare finds the preparing thread's plan
    super(Family.of(LinkBenchStore.class, c -> new MongoLinkBenchStore(new LinkBenchSide(c.options(), c::port,
        c.shared(MongoLinkBenchStore.Shared.class, MongoLinkBenchStore.Shared::new))),
        () -> new MongoLinkBenchCheck(false), MongoLinkBenchStore.PROPERTIES.stream().map(p -> p.withMeaning(
            "linkbench: auto or false (no transactions on MongoDB 2.4 and TokuMX: each link write then its count"
            + " change); true is refused")).toList()), MongoLinkBenchStore.class);
  }
}
