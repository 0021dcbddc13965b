package site.ycsbx.db.jdbc.linkbench;

import site.ycsbx.db.jdbc.TestDatabase;

/** {@link site.ycsbx.store.linkbench.LinkBenchStoreContract} on PostgreSQL. */
class PostgresLinkBenchStoreTest extends JdbcLinkBenchStoreContractBase {
  PostgresLinkBenchStoreTest() {
    super(TestDatabase.Target.POSTGRESQL);
  }
}
