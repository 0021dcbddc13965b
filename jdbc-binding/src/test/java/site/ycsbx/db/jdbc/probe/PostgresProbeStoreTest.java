package site.ycsbx.db.jdbc.probe;

import site.ycsbx.db.jdbc.TestDatabase;

/** {@link site.ycsbx.store.probe.ProbeStoreContract} on PostgreSQL. */
class PostgresProbeStoreTest extends JdbcProbeStoreContractBase {
  PostgresProbeStoreTest() {
    super(TestDatabase.Target.POSTGRESQL);
  }
}
