package site.ycsbx.db.jdbc.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsbx.db.jdbc.JdbcClient;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/**
 * {@code bin/ycsb load jdbc -P workloads/sysbench} and a run end to end on each server (Main in a
 * fresh JVM; the run through YCSB's stock Client, which the workload serves too), checked on the
 * database: ids 1..table_size in every table with k_N, verified after the load and after the run,
 * and a second load that keeps the full tables.
 */
@Tag("process")
class SysbenchLoadRunTest {
  static final int TABLES = 3;
  static final int ROWS = 2000;

  static Result ycsb(String mainClass, TestDatabase db, String phase, String workload, String... more) {
    List<String> args = new ArrayList<>();
    if (mainClass.equals(Main.class.getName())) {
      args.addAll(List.of(phase, "jdbc"));
    } else {
      args.addAll(List.of(phase.equals("load") ? "-load" : "-t", "-db", JdbcClient.class.getName()));
    }
    args.addAll(List.of("-P", JavaProcess.workload(workload), "-p", "sysbench.tables=" + TABLES,
        "-p", "sysbench.table_size=" + ROWS, "-p", "sysbench.verify=true"));
    args.addAll(List.of(more));
    args.addAll(db.options());
    Result r = JavaProcess.run(mainClass, args.toArray(new String[0]));
    assertEquals(0, r.exitCode(), workload + ": " + r.all());
    return r;
  }

  static long figure(String out, String regex) {
    Matcher m = Pattern.compile(regex).matcher(out);
    assertTrue(m.find(), regex + " not in:\n" + out);
    return Long.parseLong(m.group(1));
  }

  /** Secondary indexes as the store reads them (k_N on PostgreSQL too, sysbench's name). */
  static java.util.Map<String, List<String>> indexes(TestDatabase db, String table) throws Exception {
    try (Connection c = db.connect()) {
      return site.ycsbx.db.jdbc.conn.JdbcOptions.dialectFor(db.url()).secondaryIndexes(c, table);
    }
  }

  static long query(TestDatabase db, String sql) throws Exception {
    try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Target.class)
  void loadThenRunThroughYcsbsClientKeepsEveryIdAndTheIndex(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      Result load = ycsb(Main.class.getName(), db, "load", "sysbench", "-threads", "2");
      assertTrue(load.stdout().contains("[CREATE_INDEX], Return=OK, " + TABLES + "\n"), load.stdout());
      assertTrue(load.stdout().contains("[LOAD_ROWS], Return=OK, " + TABLES * 2 + "\n"), load.stdout());
      assertTrue(load.stdout().contains("[SYSBENCH-VERIFY] " + TABLES + " tables, ids 1.." + ROWS
          + " once each, k index agrees: OK"), load.stdout());
      for (int t = 1; t <= TABLES; t++) {
        assertEquals(ROWS, query(db, "SELECT COUNT(*) FROM sbtest" + t));
        assertEquals(target.expectedEngine(), db.engine("sbtest" + t).orElse("absent"));
      }

      Result run = ycsb("site.ycsb.Client", db, "run", "sysbench", "-threads", "2", "-p", "maxexecutiontime=3");
      String out = run.stdout();
      long trx = figure(out, "(?m)^    transactions: +(\\d+) ");
      assertTrue(trx > 0, out);
      assertEquals(trx, figure(out, "\\[TRANSACTION\\], Return=OK, (\\d+)"));
      assertEquals(10 * trx + 10 * figure(out + "[TRANSACTION], Return=IGNORED_ERROR, 0",
          "\\[TRANSACTION\\], Return=IGNORED_ERROR, (\\d+)"), figure(out, "\\[POINT_SELECT\\], Return=OK, (\\d+)"),
          "ten point selects in every transaction that got past them");
      assertTrue(out.contains("[SYSBENCH-VERIFY] " + TABLES + " tables, ids 1.." + ROWS
          + " once each, k index agrees: OK"), out);

      Result again = ycsb(Main.class.getName(), db, "load", "sysbench");
      assertTrue(again.stdout().contains("[SYSBENCH] sbtest1: holds its " + ROWS + " rows already: kept"), again.stdout());
      assertEquals(0, figure(again.stdout() + "[LOAD_ROWS], Operations, 0", "\\[LOAD_ROWS\\], Operations, (\\d+)"));
    }
  }
}
