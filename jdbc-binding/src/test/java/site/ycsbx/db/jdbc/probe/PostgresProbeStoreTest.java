package site.ycsbx.db.jdbc.probe;

import org.junit.jupiter.api.Tag;
import site.ycsbx.db.jdbc.TestDatabase;

/** {@link site.ycsbx.store.probe.ProbeStoreContract} on PostgreSQL. */
@Tag("server")
class PostgresProbeStoreTest extends JdbcProbeStoreContractBase {
  PostgresProbeStoreTest() {
    super(TestDatabase.Target.POSTGRESQL);
  }
}
