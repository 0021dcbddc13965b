package site.ycsbx.db.jdbc.probe;

import org.junit.jupiter.api.Tag;
import site.ycsbx.db.jdbc.TestDatabase;

/** {@link site.ycsbx.store.probe.ProbeStoreContract} on MariaDB with InnoDB. */
@Tag("server")
class MariaDbInnoDbProbeStoreTest extends JdbcProbeStoreContractBase {
  MariaDbInnoDbProbeStoreTest() {
    super(TestDatabase.Target.MARIADB_INNODB);
  }
}
