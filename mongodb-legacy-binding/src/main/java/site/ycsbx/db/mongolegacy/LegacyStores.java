package site.ycsbx.db.mongolegacy;

import java.util.List;
import site.ycsbx.db.mongolegacy.iibench.LegacyIIBenchStore;
import site.ycsbx.store.StoreCatalog;
import site.ycsbx.store.iibench.IIBenchStore;

/**
 * The families mongodb-legacy serves beside YCSB's core workloads: iibench, the 2014 insert
 * benchmark's family, whose MongoDB 2.4 and TokuMX runs this binding exists for. linkbench,
 * filemeta and sysbench are not offered (their stores are written against driver 4.7's sessions
 * and commands), so the workload refuses them naming the mongodb binding, for servers 2.6+.
 */
public final class LegacyStores extends StoreCatalog<LegacyConnection, Void> {
  public LegacyStores() {
    super(List.of(Family.of(IIBenchStore.class, LegacyIIBenchStore::new, null)));
  }
}
