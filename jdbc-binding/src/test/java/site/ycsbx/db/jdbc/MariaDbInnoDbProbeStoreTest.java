package site.ycsbx.db.jdbc;

/** {@link site.ycsbx.store.ProbeStoreContract} on MariaDB with InnoDB. */
class MariaDbInnoDbProbeStoreTest extends JdbcProbeStoreContractBase {
  @Override
  protected TestDatabase.Target target() {
    return TestDatabase.Target.MARIADB_INNODB;
  }
}
