package site.ycsbx.db.jdbc.linkbench;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.store.linkbench.LinkBenchStoreContract;

/**
 * {@link LinkBenchStoreContract} (the linkbench contract and its SQL checks, {@link JdbcLinkBenchStoreContractBase}) on every JDBC
 * target: one nested class per target, so a test's name says where it ran.
 */
@Tag("server")
class JdbcLinkBenchStoreTest {
  /** On MariaDB with InnoDB. */
  @Nested
  class OnMariaDbInnoDb extends JdbcLinkBenchStoreContractBase {
    OnMariaDbInnoDb() {
      super(TestDatabase.Target.MARIADB_INNODB);
    }

    @Test
    void anExistingTableWithAnotherEngineIsRefused() throws Exception {
      anExistingTableWithAnotherEngineIsRefusedCheck();
    }
  }

  /** On MariaDB with RocksDB (MyRocks). */
  @Nested
  class OnMariaDbRocksDb extends JdbcLinkBenchStoreContractBase {
    OnMariaDbRocksDb() {
      super(TestDatabase.Target.MARIADB_ROCKSDB);
    }

    @Test
    void anExistingTableWithAnotherEngineIsRefused() throws Exception {
      anExistingTableWithAnotherEngineIsRefusedCheck();
    }
  }

  /** On MariaDB with InnoDB, db.url jdbc:mariadb://: MariaDB Connector/J. */
  @Nested
  class OnMariaDbInnoDbThroughMariaDbDriver extends JdbcLinkBenchStoreContractBase {
    OnMariaDbInnoDbThroughMariaDbDriver() {
      super(TestDatabase.Target.MARIADB_INNODB, "mariadb");
    }
  }

  /** On PostgreSQL. */
  @Nested
  class OnPostgres extends JdbcLinkBenchStoreContractBase {
    OnPostgres() {
      super(TestDatabase.Target.POSTGRESQL);
    }
  }
}
