package site.ycsbx.db.jdbc.linkbench;

import org.junit.jupiter.api.Tag;
import site.ycsbx.db.jdbc.TestDatabase;

/** {@link site.ycsbx.store.linkbench.LinkBenchStoreContract} on MariaDB with RocksDB (MyRocks). */
@Tag("server")
class MariaDbRocksDbLinkBenchStoreTest extends JdbcLinkBenchStoreContractBase {
  MariaDbRocksDbLinkBenchStoreTest() {
    super(TestDatabase.Target.MARIADB_ROCKSDB);
  }

  @org.junit.jupiter.api.Test
  void anExistingTableWithAnotherEngineIsRefused() throws Exception {
    anExistingTableWithAnotherEngineIsRefusedCheck();
  }
}
