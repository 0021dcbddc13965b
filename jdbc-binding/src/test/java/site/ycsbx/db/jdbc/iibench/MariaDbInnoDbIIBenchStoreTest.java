package site.ycsbx.db.jdbc.iibench;

import site.ycsbx.db.jdbc.TestDatabase;

/** {@link site.ycsbx.store.iibench.IIBenchStoreContract} on MariaDB with InnoDB. */
class MariaDbInnoDbIIBenchStoreTest extends JdbcIIBenchStoreContractBase {
  MariaDbInnoDbIIBenchStoreTest() {
    super(TestDatabase.Target.MARIADB_INNODB);
  }
}
