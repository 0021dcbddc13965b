package site.ycsbx.db.mongolegacy;

import java.util.List;
import java.util.Optional;
import site.ycsbx.db.mongolegacy.conn.LegacyConnection;
import site.ycsbx.db.mongodb.conn.MongoStoreCheck;
import site.ycsbx.db.mongodb.filemeta.FileMetaSide;
import site.ycsbx.db.mongodb.filemeta.MongoFileMetaCheck;
import site.ycsbx.db.mongodb.filemeta.MongoFileMetaStore;
import site.ycsbx.db.mongodb.iibench.IIBenchSide;
import site.ycsbx.db.mongodb.iibench.MongoIIBenchCheck;
import site.ycsbx.db.mongodb.iibench.MongoIIBenchStore;
import site.ycsbx.db.mongodb.linkbench.LinkBenchSide;
import site.ycsbx.db.mongodb.linkbench.MongoLinkBenchCheck;
import site.ycsbx.db.mongodb.linkbench.MongoLinkBenchStore;
import site.ycsbx.store.StoreCatalog;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.linkbench.LinkBenchStore;

/**
 * The families mongodb-legacy serves beside YCSB's core workloads: iibench, the 2014 insert
 * benchmark's family, whose MongoDB 2.4 and TokuMX runs this binding exists for, linkbench
 * (without transactions, which these servers have not) and filemeta (not sharded): the mongodb
 * binding's stores, written once over the driver port, on this binding's {@code LegacyPort}.
 * sysbench is not offered yet (its store is written against driver 4.7's sessions and commands),
 * so the workload refuses it naming the mongodb binding, for servers 2.6+.
 */
public final class LegacyStores extends StoreCatalog<LegacyConnection, MongoStoreCheck> {
  /** Said wherever this binding refuses a family it does not serve. */
  static final String FOR_NEWER_SERVERS = "mongodb-legacy serves YCSB's workloads, iibench, linkbench and filemeta on"
      + " MongoDB 2.4 and TokuMX;"
      + " for MongoDB 2.6 and later, use the mongodb binding";

  public LegacyStores() {
    // one DBCollection.insert(List) per transaction, ordered, as the 2014 benchmark's client sent it
    super(List.of(Family.of(IIBenchStore.class,
        c -> new MongoIIBenchStore(new IIBenchSide(c.options(), c::port, true)), MongoIIBenchCheck::new),
        // one Shared per connection: a thread that did not prepare finds the preparing thread's plan
        Family.of(LinkBenchStore.class, c -> new MongoLinkBenchStore(new LinkBenchSide(c.options(), c::port,
            c.shared(MongoLinkBenchStore.Shared.class, MongoLinkBenchStore.Shared::new))),
            MongoLinkBenchCheck::withoutSessions, MongoLinkBenchStore.PROPERTIES.stream().map(p -> p.withMeaning(
                "linkbench: auto or false (no transactions on MongoDB 2.4 and TokuMX: each link write then its count"
                + " change); true is refused")).toList()),
        Family.of(FileMetaStore.class, c -> new MongoFileMetaStore(new FileMetaSide(c.options(), c::port),
            c.shared(MongoFileMetaStore.Shared.class, MongoFileMetaStore.Shared::new)), MongoFileMetaCheck::new)));
  }

  /** The families left out run on MongoDB 2.6 and later through the mongodb binding. */
  @Override
  public Optional<String> instead(Class<?> storeType) {
    return Optional.of(FOR_NEWER_SERVERS);
  }
}
