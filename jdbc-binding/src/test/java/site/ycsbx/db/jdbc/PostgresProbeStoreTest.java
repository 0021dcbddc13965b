package site.ycsbx.db.jdbc;

/** {@link site.ycsbx.store.ProbeStoreContract} on PostgreSQL. */
class PostgresProbeStoreTest extends JdbcProbeStoreContractBase {
  @Override
  protected TestDatabase.Target target() {
    return TestDatabase.Target.POSTGRESQL;
  }
}
