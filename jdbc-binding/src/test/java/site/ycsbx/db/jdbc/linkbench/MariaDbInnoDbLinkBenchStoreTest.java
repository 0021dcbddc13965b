package site.ycsbx.db.jdbc.linkbench;

import org.junit.jupiter.api.Tag;
import site.ycsbx.db.jdbc.TestDatabase;

/** {@link site.ycsbx.store.linkbench.LinkBenchStoreContract} on MariaDB with InnoDB. */
@Tag("server")
class MariaDbInnoDbLinkBenchStoreTest extends JdbcLinkBenchStoreContractBase {
  MariaDbInnoDbLinkBenchStoreTest() {
    super(TestDatabase.Target.MARIADB_INNODB);
  }

  @org.junit.jupiter.api.Test
  void anExistingTableWithAnotherEngineIsRefused() throws Exception {
    anExistingTableWithAnotherEngineIsRefusedCheck();
  }
}
