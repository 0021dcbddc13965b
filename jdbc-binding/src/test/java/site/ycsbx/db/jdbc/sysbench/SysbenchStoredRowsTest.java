package site.ycsbx.db.jdbc.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Connection;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.jdbc.JdbcClient;
import site.ycsbx.db.jdbc.JdbcPreflight;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.db.jdbc.conn.ClientConnection;
import site.ycsbx.db.jdbc.conn.Connector;
import site.ycsbx.db.jdbc.conn.JdbcOptions;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight.Phase;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.sysbench.RowBatch;
import site.ycsbx.store.sysbench.SysbenchTable;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.sysbench.SysbenchWorkload;

/** A run whose sysbench.table_size is larger than the tables hold is refused in one line (it found nothing past them). */
@Tag("server")
class SysbenchStoredRowsTest {
  private static Properties run(TestDatabase db, int tableSize) {
    Properties p = db.properties();
    p.setProperty("db", JdbcClient.class.getName());
    p.setProperty("workload", SysbenchWorkload.class.getName());
    p.setProperty("dotransactions", "true");
    p.setProperty("operationcount", "100");
    p.setProperty("sysbench.tables", "1");
    p.setProperty("sysbench.table_size", String.valueOf(tableSize));
    p.setProperty("sysbench.range_size", "5");
    return p;
  }

  private static void check(Properties p) {
    new JdbcPreflight().check(p, Phase.RUN, StoreDemand.of(p), Fingerprint.current());
  }

  @Test
  void aRunPastTheStoredIdsIsRefused() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      JdbcOptions o = JdbcOptions.parse(db.properties());
      try (Connection c = Connector.open(o)) {
        JdbcSysbenchStore store = new JdbcSysbenchStore(new ClientConnection(c, o));
        SysbenchTable t = new SysbenchTable(1);
        store.createTable(t, false);
        RowBatch rows = new RowBatch(10);
        rows.start(1, 10);
        for (int i = 0; i < 10; i++) {
          rows.set(i, i, "c", "pad");
        }
        store.loadRows(t, rows);
      }
      UserError e = assertThrows(UserError.class, () -> check(run(db, 1000)));
      assertEquals(UserError.TARGET_UNUSABLE, e.exitCode());
      assertEquals("the run assumes sysbench.table_size=1000 (ids 1 to 1000 in each table) but table sbtest1 holds ids up"
          + " to 10; set sysbench.table_size=10 (what is stored), or load 1000 rows a table first (sysbench.drop=true"
          + " loads it anew) (database " + db.name + " at " + db.url() + ")", e.getMessage());
      check(run(db, 10));
    }
  }
}
