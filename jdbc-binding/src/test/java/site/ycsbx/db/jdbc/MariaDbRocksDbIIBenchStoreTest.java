package site.ycsbx.db.jdbc;

/** {@link site.ycsbx.store.IIBenchStoreContract} on MariaDB with RocksDB. */
class MariaDbRocksDbIIBenchStoreTest extends JdbcIIBenchStoreContractBase {
  @Override
  protected TestDatabase.Target target() {
    return TestDatabase.Target.MARIADB_ROCKSDB;
  }
}
