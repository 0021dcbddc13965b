package site.ycsbx.db.jdbc.probe;

import site.ycsbx.db.jdbc.TestDatabase;

/** {@link site.ycsbx.store.probe.ProbeStoreContract} on MariaDB with InnoDB. */
class MariaDbInnoDbProbeStoreTest extends JdbcProbeStoreContractBase {
  MariaDbInnoDbProbeStoreTest() {
    super(TestDatabase.Target.MARIADB_INNODB);
  }
}
