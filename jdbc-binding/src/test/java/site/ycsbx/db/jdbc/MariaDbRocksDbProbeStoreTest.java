package site.ycsbx.db.jdbc;

/** {@link site.ycsbx.store.ProbeStoreContract} on MariaDB with RocksDB (MyRocks). */
class MariaDbRocksDbProbeStoreTest extends JdbcProbeStoreContractBase {
  @Override
  protected TestDatabase.Target target() {
    return TestDatabase.Target.MARIADB_ROCKSDB;
  }
}
