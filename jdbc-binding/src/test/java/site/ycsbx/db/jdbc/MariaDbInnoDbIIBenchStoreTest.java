package site.ycsbx.db.jdbc;

/** {@link site.ycsbx.store.IIBenchStoreContract} on MariaDB with InnoDB. */
class MariaDbInnoDbIIBenchStoreTest extends JdbcIIBenchStoreContractBase {
  @Override
  protected TestDatabase.Target target() {
    return TestDatabase.Target.MARIADB_INNODB;
  }
}
