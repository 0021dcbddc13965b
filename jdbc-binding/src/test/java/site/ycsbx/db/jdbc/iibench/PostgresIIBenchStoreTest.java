package site.ycsbx.db.jdbc.iibench;

import site.ycsbx.db.jdbc.TestDatabase;

/** {@link site.ycsbx.store.iibench.IIBenchStoreContract} on PostgreSQL. */
class PostgresIIBenchStoreTest extends JdbcIIBenchStoreContractBase {
  PostgresIIBenchStoreTest() {
    super(TestDatabase.Target.POSTGRESQL);
  }
}
