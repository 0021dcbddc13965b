package site.ycsbx.db.mongolegacy;

import java.util.Optional;
import site.ycsbx.db.mongodb.conn.MongoStoreCheck;
import site.ycsbx.db.mongodb.conn.PortConnection;
import site.ycsbx.db.mongodb.conn.PortFamily;
import site.ycsbx.store.StoreCatalog;

/**
 * The families mongodb-legacy serves beside YCSB's core workloads: the mongodb binding's stores,
 * written once over the driver port, on this binding's {@code LegacyPort}, each found through its
 * {@link PortFamily} entry ({@code META-INF/services}): iibench, the 2014 insert benchmark's
 * family, whose MongoDB 2.4 and TokuMX runs this binding exists for, linkbench (without
 * transactions, which these servers have not), filemeta (not sharded) and sysbench (each step
 * alone, or TokuMX's transactions). A workload of another family is refused naming the mongodb
 * binding, for servers 2.6+.
 */
public final class LegacyStores extends StoreCatalog<PortConnection, MongoStoreCheck> {
  /** Said wherever this binding refuses a family it does not serve. */
  static final String FOR_NEWER_SERVERS = "mongodb-legacy serves YCSB's workloads, iibench, linkbench, filemeta and"
      + " sysbench on MongoDB 2.4 and TokuMX;"
      + " for MongoDB 2.6 and later, use the mongodb binding";

  public LegacyStores() {
    super(PortFamily.class);
  }

  /** The families left out run on MongoDB 2.6 and later through the mongodb binding. */
  @Override
  public Optional<String> instead(Class<?> storeType) {
    return Optional.of(FOR_NEWER_SERVERS);
  }
}
