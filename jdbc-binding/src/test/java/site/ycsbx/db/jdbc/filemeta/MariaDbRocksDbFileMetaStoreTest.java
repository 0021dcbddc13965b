package site.ycsbx.db.jdbc.filemeta;

import org.junit.jupiter.api.Tag;
import site.ycsbx.db.jdbc.TestDatabase;

/** {@link site.ycsbx.store.filemeta.FileMetaStoreContract} on MariaDB with RocksDB (MyRocks). */
@Tag("server")
class MariaDbRocksDbFileMetaStoreTest extends JdbcFileMetaStoreContractBase {
  MariaDbRocksDbFileMetaStoreTest() {
    super(TestDatabase.Target.MARIADB_ROCKSDB);
  }
}
