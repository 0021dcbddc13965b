package site.ycsbx.db.mongolegacy;

import java.util.List;
import java.util.Optional;
import site.ycsbx.db.mongolegacy.conn.LegacyConnection;
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
  /** Said wherever this binding refuses a family it does not serve. */
  static final String FOR_NEWER_SERVERS = "mongodb-legacy serves YCSB's workloads and iibench on MongoDB 2.4 and TokuMX;"
      + " for MongoDB 2.6 and later, use the mongodb binding";

  public LegacyStores() {
    super(List.of(Family.of(IIBenchStore.class, LegacyIIBenchStore::new, null)));
  }

  /** The families left out run on MongoDB 2.6 and later through the mongodb binding. */
  @Override
  public Optional<String> instead(Class<?> storeType) {
    return Optional.of(FOR_NEWER_SERVERS);
  }
}
