package site.ycsbx.db.jdbc.iibench;

import site.ycsbx.db.jdbc.TestDatabase;

/** {@link site.ycsbx.store.iibench.IIBenchStoreContract} on MariaDB with RocksDB. */
class MariaDbRocksDbIIBenchStoreTest extends JdbcIIBenchStoreContractBase {
  MariaDbRocksDbIIBenchStoreTest() {
    super(TestDatabase.Target.MARIADB_ROCKSDB);
  }
}
