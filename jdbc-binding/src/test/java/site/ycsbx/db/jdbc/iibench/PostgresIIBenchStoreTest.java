package site.ycsbx.db.jdbc.iibench;

import org.junit.jupiter.api.Tag;
import site.ycsbx.db.jdbc.TestDatabase;

/** {@link site.ycsbx.store.iibench.IIBenchStoreContract} on PostgreSQL. */
@Tag("server")
class PostgresIIBenchStoreTest extends JdbcIIBenchStoreContractBase {
  PostgresIIBenchStoreTest() {
    super(TestDatabase.Target.POSTGRESQL);
  }
}
