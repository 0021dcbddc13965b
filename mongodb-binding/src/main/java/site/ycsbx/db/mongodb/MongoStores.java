package site.ycsbx.db.mongodb;

import java.util.List;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoStoreCheck;
import site.ycsbx.db.mongodb.filemeta.MongoFileMetaCheck;
import site.ycsbx.db.mongodb.filemeta.MongoFileMetaStore;
import site.ycsbx.db.mongodb.iibench.MongoIIBenchCheck;
import site.ycsbx.db.mongodb.iibench.MongoIIBenchStore;
import site.ycsbx.db.mongodb.linkbench.MongoLinkBenchCheck;
import site.ycsbx.db.mongodb.linkbench.MongoLinkBenchStore;
import site.ycsbx.db.mongodb.probe.MongoProbeStore;
import site.ycsbx.db.mongodb.sysbench.MongoSysbenchCheck;
import site.ycsbx.db.mongodb.sysbench.MongoSysbenchStore;
import site.ycsbx.store.StoreCatalog;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.probe.ProbeStore;
import site.ycsbx.store.sysbench.SysbenchStore;

/** The workload families both MongoDB bindings serve, each on the thread's shared connection. */
public final class MongoStores extends StoreCatalog<MongoConnection, MongoStoreCheck> {
  public MongoStores() {
    super(List.of(
        Family.of(ProbeStore.class, MongoProbeStore::new, null),
        Family.of(IIBenchStore.class, MongoIIBenchStore::new, MongoIIBenchCheck::new),
        Family.of(LinkBenchStore.class, MongoLinkBenchStore::new, MongoLinkBenchCheck::new,
            MongoLinkBenchStore.PROPERTIES),
        Family.of(FileMetaStore.class, MongoFileMetaStore::new, MongoFileMetaCheck::new),
        Family.of(SysbenchStore.class, MongoSysbenchStore::new, MongoSysbenchCheck::new,
            MongoSysbenchStore.PROPERTIES)));
  }
}
