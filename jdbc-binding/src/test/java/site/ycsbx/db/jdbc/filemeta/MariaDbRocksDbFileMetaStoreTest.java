package site.ycsbx.db.jdbc.filemeta;

import site.ycsbx.db.jdbc.TestDatabase;

/** {@link site.ycsbx.store.filemeta.FileMetaStoreContract} on MariaDB with RocksDB (MyRocks). */
class MariaDbRocksDbFileMetaStoreTest extends JdbcFileMetaStoreContractBase {
  MariaDbRocksDbFileMetaStoreTest() {
    super(TestDatabase.Target.MARIADB_ROCKSDB);
  }
}
