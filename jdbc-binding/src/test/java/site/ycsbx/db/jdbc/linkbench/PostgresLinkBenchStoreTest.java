package site.ycsbx.db.jdbc.linkbench;

import org.junit.jupiter.api.Tag;
import site.ycsbx.db.jdbc.TestDatabase;

/** {@link site.ycsbx.store.linkbench.LinkBenchStoreContract} on PostgreSQL. */
@Tag("server")
class PostgresLinkBenchStoreTest extends JdbcLinkBenchStoreContractBase {
  PostgresLinkBenchStoreTest() {
    super(TestDatabase.Target.POSTGRESQL);
  }
}
