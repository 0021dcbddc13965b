package site.ycsbx.db.jdbc.filemeta;

import site.ycsbx.db.jdbc.TestDatabase;

/** {@link site.ycsbx.store.filemeta.FileMetaStoreContract} on MariaDB with InnoDB. */
class MariaDbInnoDbFileMetaStoreTest extends JdbcFileMetaStoreContractBase {
  MariaDbInnoDbFileMetaStoreTest() {
    super(TestDatabase.Target.MARIADB_INNODB);
  }
}
