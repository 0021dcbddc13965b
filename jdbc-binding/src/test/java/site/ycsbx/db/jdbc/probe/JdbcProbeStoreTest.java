package site.ycsbx.db.jdbc.probe;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.store.probe.ProbeStoreContract;

/**
 * {@link ProbeStoreContract} (the probe contract and its SQL checks, {@link JdbcProbeStoreContractBase}) on every JDBC
 * target: one nested class per target, so a test's name says where it ran.
 */
@Tag("server")
class JdbcProbeStoreTest {
  /** On MariaDB with InnoDB. */
  @Nested
  class OnMariaDbInnoDb extends JdbcProbeStoreContractBase {
    OnMariaDbInnoDb() {
      super(TestDatabase.Target.MARIADB_INNODB);
    }
  }

  /** On MariaDB with RocksDB (MyRocks). */
  @Nested
  class OnMariaDbRocksDb extends JdbcProbeStoreContractBase {
    OnMariaDbRocksDb() {
      super(TestDatabase.Target.MARIADB_ROCKSDB);
    }
  }

  /** On PostgreSQL. */
  @Nested
  class OnPostgres extends JdbcProbeStoreContractBase {
    OnPostgres() {
      super(TestDatabase.Target.POSTGRESQL);
    }
  }
}
