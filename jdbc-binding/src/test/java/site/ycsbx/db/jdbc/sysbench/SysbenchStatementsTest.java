package site.ycsbx.db.jdbc.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.measurements.Measurements;
import site.ycsbx.db.jdbc.JdbcClient;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.db.jdbc.linkbench.StatementLog;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.sysbench.RowBatch;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.store.sysbench.SysbenchTable;
import site.ycsbx.workloads.sysbench.SysbenchWorkload;

/**
 * What one transaction of the workload sends to MariaDB, statement by statement (Connector/J's
 * query interceptor): sysbench 1.0.20's OLTP event, in its order, with its SQL text.
 */
@Tag("server")
class SysbenchStatementsTest {
  /** sysbench's oltp_read_write event on table 1, parameters left out. */
  private static final List<String> OLTP = oltp();

  private static List<String> oltp() {
    List<String> out = new ArrayList<>();
    out.add("BEGIN");
    out.addAll(Collections.nCopies(10, "SELECT c FROM sbtest1 WHERE id=?"));
    out.add("SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ?");
    out.add("SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?");
    out.add("SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c");
    out.add("SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c");
    out.add("UPDATE sbtest1 SET k=k+1 WHERE id=?");
    out.add("UPDATE sbtest1 SET c=? WHERE id=?");
    out.add("DELETE FROM sbtest1 WHERE id=?");
    out.add("INSERT INTO sbtest1 (id, k, c, pad) VALUES (?, ?, ?, ?)");
    out.add("COMMIT");
    return List.copyOf(out);
  }

  /** The same event as sysbench-mongodb's client (sysbench.client=sysbench-mongodb): the ranges in the limit form. */
  private static List<String> limitForm() {
    List<String> out = new ArrayList<>(OLTP);
    out.set(11, "SELECT c FROM sbtest1 WHERE id >= ? ORDER BY id LIMIT ?");
    out.set(12, "SELECT SUM(k) FROM (SELECT k FROM sbtest1 WHERE id >= ? ORDER BY id LIMIT ?) AS r");
    out.set(13, "SELECT c FROM (SELECT c FROM sbtest1 WHERE id >= ? ORDER BY id LIMIT ?) AS r ORDER BY c");
    out.set(14, "SELECT DISTINCT c FROM (SELECT c FROM sbtest1 WHERE id >= ? ORDER BY id LIMIT ?) AS r ORDER BY c");
    return out;
  }

  // the driver inlines the parameters: put the placeholders back
  private static String placeholders(String sql) {
    return sql.replaceAll("'[^']*'", "?").replaceAll("(?<=[=(, ])-?\\d+(?=[ ,)]|$)", "?");
  }

  private static List<String> transaction(TestDatabase db, String... props) throws Exception {
    Properties p = db.properties();
    p.setProperty("db.url", db.url() + "?queryInterceptors=" + StatementLog.class.getName());
    p.setProperty("db", JdbcClient.class.getName());
    p.setProperty("workload", SysbenchWorkload.class.getName());
    p.setProperty("sysbench.tables", "1");
    p.setProperty("sysbench.table_size", "200");
    p.setProperty("sysbench.report_interval", "0");
    p.setProperty("sysbench.rand_seed", "7");
    for (int i = 0; i < props.length; i += 2) {
      p.setProperty(props[i], props[i + 1]);
    }
    Measurements.setProperties(p);
    JdbcClient client = new JdbcClient();
    client.setProperties(p);
    client.init();
    SysbenchWorkload w = new SysbenchWorkload();
    try {
      w.init(p);
      Object state = w.initThread(p, 0, 1);
      StatementLog.clear();
      w.doTransaction(null, state);
      List<StatementLog.Sent> sent = StatementLog.sent();
      assertEquals(1, sent.stream().map(StatementLog.Sent::connection).distinct().count(), "one connection: " + sent);
      return sent.stream().map(s -> placeholders(s.sql())).toList();
    } finally {
      w.cleanup(); // the run's end: its timed transaction started the [STATUS] ticker
      client.cleanup();
      StoreRegistry.clear();
    }
  }

  private static void load(TestDatabase db) throws Exception {
    JdbcClient loader = db.client();
    loader.init();
    try {
      SysbenchStore s = StoreRegistry.take(SysbenchStore.class);
      SysbenchTable t = new SysbenchTable(1);
      s.createTable(t, false);
      RowBatch b = new RowBatch(200);
      b.start(1, 200);
      for (int i = 0; i < 200; i++) {
        b.set(i, 1 + i % 50, "c", "p");
      }
      s.loadRows(t, b);
      s.createSecondaryIndex(t);
    } finally {
      loader.cleanup();
      StoreRegistry.clear();
    }
  }

  @Test
  void oneTransactionSendsSysbenchsEventInItsOrder() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      load(db);
      assertEquals(OLTP, transaction(db));
      assertEquals(OLTP.subList(1, OLTP.size() - 1), transaction(db, "sysbench.skip_trx", "true"),
          "skip_trx: the same statements without BEGIN and COMMIT");
      assertEquals(List.of("SELECT c FROM sbtest1 WHERE k=?"), transaction(db, "sysbench.skip_trx", "true",
          "sysbench.point_selects", "1", "sysbench.range_selects", "false", "sysbench.index_updates", "0",
          "sysbench.non_index_updates", "0", "sysbench.delete_inserts", "0", "sysbench.secondary", "true"),
          "sysbench-point-secondary: one SELECT by k");
      assertEquals(limitForm(), transaction(db, "sysbench.client", "sysbench-mongodb"));
      assertEquals(List.of("SELECT c FROM sbtest1 WHERE k >= ? ORDER BY k LIMIT ?"), transaction(db,
          "sysbench.skip_trx", "true", "sysbench.point_selects", "0", "sysbench.sum_ranges", "0",
          "sysbench.order_ranges", "0", "sysbench.distinct_ranges", "0", "sysbench.index_updates", "0",
          "sysbench.non_index_updates", "0", "sysbench.delete_inserts", "0", "sysbench.secondary", "true",
          "sysbench.range_size", "100", "sysbench.range_type", "limit"), "sysbench-range-secondary, limit form");
    }
  }
}
