package site.ycsbx.db.jdbc.probe;

import org.junit.jupiter.api.Tag;
import site.ycsbx.db.jdbc.TestDatabase;

/** {@link site.ycsbx.store.probe.ProbeStoreContract} on MariaDB with RocksDB (MyRocks). */
@Tag("server")
class MariaDbRocksDbProbeStoreTest extends JdbcProbeStoreContractBase {
  MariaDbRocksDbProbeStoreTest() {
    super(TestDatabase.Target.MARIADB_ROCKSDB);
  }
}
