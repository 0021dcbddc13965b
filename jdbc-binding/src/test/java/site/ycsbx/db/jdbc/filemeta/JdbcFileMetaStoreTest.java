package site.ycsbx.db.jdbc.filemeta;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.store.filemeta.FileMetaStoreContract;

/**
 * {@link FileMetaStoreContract} (the filemeta contract and its SQL checks, {@link JdbcFileMetaStoreContractBase}) on every JDBC
 * target: one nested class per target, so a test's name says where it ran.
 */
@Tag("server")
class JdbcFileMetaStoreTest {
  /** On MariaDB with InnoDB. */
  @Nested
  class OnMariaDbInnoDb extends JdbcFileMetaStoreContractBase {
    OnMariaDbInnoDb() {
      super(TestDatabase.Target.MARIADB_INNODB);
    }
  }

  /** On MariaDB with RocksDB (MyRocks). */
  @Nested
  class OnMariaDbRocksDb extends JdbcFileMetaStoreContractBase {
    OnMariaDbRocksDb() {
      super(TestDatabase.Target.MARIADB_ROCKSDB);
    }
  }

  /** On MariaDB with InnoDB, db.url jdbc:mariadb://: MariaDB Connector/J. */
  @Nested
  class OnMariaDbInnoDbThroughMariaDbDriver extends JdbcFileMetaStoreContractBase {
    OnMariaDbInnoDbThroughMariaDbDriver() {
      super(TestDatabase.Target.MARIADB_INNODB, "mariadb");
    }
  }

  /** On PostgreSQL. */
  @Nested
  class OnPostgres extends JdbcFileMetaStoreContractBase {
    OnPostgres() {
      super(TestDatabase.Target.POSTGRESQL);
    }
  }
}
