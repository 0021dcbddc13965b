package site.ycsbx.db.jdbc.filemeta;

import site.ycsbx.db.jdbc.TestDatabase;

/** {@link site.ycsbx.store.filemeta.FileMetaStoreContract} on PostgreSQL. */
class PostgresFileMetaStoreTest extends JdbcFileMetaStoreContractBase {
  PostgresFileMetaStoreTest() {
    super(TestDatabase.Target.POSTGRESQL);
  }
}
