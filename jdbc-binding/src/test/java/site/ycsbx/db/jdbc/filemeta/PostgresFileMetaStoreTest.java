package site.ycsbx.db.jdbc.filemeta;

import org.junit.jupiter.api.Tag;
import site.ycsbx.db.jdbc.TestDatabase;

/** {@link site.ycsbx.store.filemeta.FileMetaStoreContract} on PostgreSQL. */
@Tag("server")
class PostgresFileMetaStoreTest extends JdbcFileMetaStoreContractBase {
  PostgresFileMetaStoreTest() {
    super(TestDatabase.Target.POSTGRESQL);
  }
}
