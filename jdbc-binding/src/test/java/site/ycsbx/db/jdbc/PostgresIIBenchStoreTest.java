package site.ycsbx.db.jdbc;

/** {@link site.ycsbx.store.IIBenchStoreContract} on PostgreSQL. */
class PostgresIIBenchStoreTest extends JdbcIIBenchStoreContractBase {
  @Override
  protected TestDatabase.Target target() {
    return TestDatabase.Target.POSTGRESQL;
  }
}
