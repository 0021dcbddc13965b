package site.ycsbx.db.jdbc.probe;

import site.ycsbx.db.jdbc.TestDatabase;

/** {@link site.ycsbx.store.probe.ProbeStoreContract} on MariaDB with RocksDB (MyRocks). */
class MariaDbRocksDbProbeStoreTest extends JdbcProbeStoreContractBase {
  MariaDbRocksDbProbeStoreTest() {
    super(TestDatabase.Target.MARIADB_ROCKSDB);
  }
}
