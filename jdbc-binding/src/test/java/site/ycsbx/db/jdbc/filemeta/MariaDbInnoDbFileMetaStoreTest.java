package site.ycsbx.db.jdbc.filemeta;

import org.junit.jupiter.api.Tag;
import site.ycsbx.db.jdbc.TestDatabase;

/** {@link site.ycsbx.store.filemeta.FileMetaStoreContract} on MariaDB with InnoDB. */
@Tag("server")
class MariaDbInnoDbFileMetaStoreTest extends JdbcFileMetaStoreContractBase {
  MariaDbInnoDbFileMetaStoreTest() {
    super(TestDatabase.Target.MARIADB_INNODB);
  }
}
