package site.ycsbx.db.jdbc.iibench;

import org.junit.jupiter.api.Tag;
import site.ycsbx.db.jdbc.TestDatabase;

/** {@link site.ycsbx.store.iibench.IIBenchStoreContract} on MariaDB with InnoDB. */
@Tag("server")
class MariaDbInnoDbIIBenchStoreTest extends JdbcIIBenchStoreContractBase {
  MariaDbInnoDbIIBenchStoreTest() {
    super(TestDatabase.Target.MARIADB_INNODB);
  }
}
