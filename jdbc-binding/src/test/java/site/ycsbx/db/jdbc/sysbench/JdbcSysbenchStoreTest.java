package site.ycsbx.db.jdbc.sysbench;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.store.sysbench.SysbenchStoreContract;

/**
 * {@link SysbenchStoreContract} (the sysbench contract and its SQL checks, {@link JdbcSysbenchStoreContractBase}) on
 * every JDBC target: one nested class per target, so a test's name says where it ran.
 */
@Tag("server")
class JdbcSysbenchStoreTest {
  /** On MariaDB with InnoDB. */
  @Nested
  class OnMariaDbInnoDb extends JdbcSysbenchStoreContractBase {
    OnMariaDbInnoDb() {
      super(TestDatabase.Target.MARIADB_INNODB);
    }
  }

  /** On MariaDB with RocksDB (MyRocks). */
  @Nested
  class OnMariaDbRocksDb extends JdbcSysbenchStoreContractBase {
    OnMariaDbRocksDb() {
      super(TestDatabase.Target.MARIADB_ROCKSDB);
    }
  }

  /** On MariaDB with InnoDB, db.url jdbc:mariadb://: MariaDB Connector/J. */
  @Nested
  class OnMariaDbInnoDbThroughMariaDbDriver extends JdbcSysbenchStoreContractBase {
    OnMariaDbInnoDbThroughMariaDbDriver() {
      super(TestDatabase.Target.MARIADB_INNODB, "mariadb");
    }
  }

  /** On PostgreSQL. */
  @Nested
  class OnPostgres extends JdbcSysbenchStoreContractBase {
    OnPostgres() {
      super(TestDatabase.Target.POSTGRESQL);
    }
  }
}
