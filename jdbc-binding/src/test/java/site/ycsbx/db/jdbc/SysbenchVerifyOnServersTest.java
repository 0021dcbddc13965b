package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.OneLineError;
import site.ycsbx.tools.Main;
import site.ycsbx.util.UserError;

/**
 * {@code bin/ycsb verify jdbc -P workloads/sysbench} on tables a real load stored (a subprocess),
 * the verifies and the refused run in this JVM: intact tables agree with the coverage line (exit
 * 0); a row deleted at random, a k changed to one sysbench never writes and a row inserted past
 * table_size are each named by table and id (exit 1); a run on a table with a hole is refused
 * before any transaction (exit 2, one line naming the verify command), and nothing is written.
 */
@Tag("process")
class SysbenchVerifyOnServersTest {
  private static final int TABLES = 2;
  private static final int ROWS = 300;
  private static final String[] SIZE = {"sysbench.tables=" + TABLES, "sysbench.table_size=" + ROWS};

  private static Result command(TestDatabase db, String command, String... props) {
    List<String> args = new ArrayList<>(List.of(command, "jdbc", "-P", JavaProcess.workload("sysbench")));
    args.addAll(db.options());
    for (String p : List.of(SIZE)) {
      args.addAll(List.of("-p", p));
    }
    for (String p : props) {
      args.addAll(List.of("-p", p));
    }
    return InProcessMain.run(args.toArray(new String[0]));
  }

  /** Rows, sum of k and a digest of c: what a transaction would change. */
  private static String state(TestDatabase db) throws Exception {
    StringBuilder sb = new StringBuilder();
    try (Connection c = db.connect(); Statement s = c.createStatement()) {
      for (int t = 1; t <= TABLES; t++) {
        try (ResultSet rs = s.executeQuery("SELECT COUNT(*), SUM(k), SUM(LENGTH(c)), MAX(c) FROM sbtest" + t)) {
          rs.next();
          sb.append(rs.getLong(1)).append('/').append(rs.getLong(2)).append('/').append(rs.getLong(3)).append('/')
              .append(rs.getString(4)).append(' ');
        }
      }
    }
    return sb.toString();
  }

  private static void assertNamed(Result r, String mismatch, int mismatches) {
    assertEquals(1, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("[SYSBENCH-VERIFY] MISMATCH " + mismatch), mismatch + " not named: " + r.stdout());
    assertTrue(r.stdout().contains("[VERIFY] FAILED: " + mismatches + " mismatch"), r.stdout());
  }

  @ParameterizedTest
  @EnumSource(value = TestDatabase.Target.class, names = {"MARIADB_INNODB", "POSTGRESQL"})
  void damageIsNamedByTableAndIdAndARunOnAHoleIsRefused(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      List<String> load = new ArrayList<>(List.of("load", "jdbc", "-P", JavaProcess.workload("sysbench"), "-p", SIZE[0],
          "-p", SIZE[1]));
      load.addAll(db.options());
      Result loaded = JavaProcess.run(Main.class.getName(), load.toArray(new String[0]));
      assertEquals(0, loaded.exitCode(), loaded.all());

      Result ok = command(db, "verify");
      assertEquals(0, ok.exitCode(), ok.all());
      assertTrue(ok.stdout().contains("[SYSBENCH-VERIFY] checking 2 tables (sbtest1 .. sbtest2): ids 1..300 once each,"
          + " missing ids and ids outside 1..300 named;"), ok.stdout());
      assertTrue(ok.stdout().strip().endsWith("[VERIFY] OK: 2 tables, 600 rows (each read); nothing was written"),
          ok.stdout());

      SplittableRandom random = new SplittableRandom();
      String table = "sbtest" + random.nextInt(1, TABLES + 1);
      int id = random.nextInt(1, ROWS + 1);
      String saved = "INSERT INTO " + table + " SELECT * FROM saved";
      db.execute("CREATE TABLE saved AS SELECT * FROM " + table + " WHERE id = " + id, "DELETE FROM " + table
          + " WHERE id = " + id);
      assertNamed(command(db, "verify"), table + ": id " + id + " missing", 1);

      // the run draws every id of 1..table_size: refused before its first transaction
      String before = state(db);
      OneLineError.assertOneLineError(command(db, "run", "operationcount=50"), UserError.BAD_INPUT,
          "table " + table + " holds 299 of the ids 1..300 a run draws (1 missing",
          "bin/ycsb verify jdbc -P workloads/sysbench -p sysbench.tables=2 -p sysbench.table_size=300");
      assertEquals(before, state(db), "the refused run wrote nothing");
      db.execute(saved);
      assertEquals(0, command(db, "verify").exitCode(), "the row put back");

      // an indexed value changed to one sysbench never writes (k from 1 up)
      db.execute("UPDATE " + table + " SET k = -7 WHERE id = " + id);
      assertNamed(command(db, "verify"), table + ": id " + id + " holds k -7 (sysbench writes k from 1 up)", 1);
      db.execute("DELETE FROM " + table + " WHERE id = " + id, saved);

      // a row sysbench would not make: an id past table_size, its c not sysbench's digits
      db.execute("INSERT INTO " + table + " (id, k, c, pad) VALUES (" + (ROWS + 5) + ", 3, 'not sysbench', "
          + "'12345678901-12345678901-12345678901-12345678901-12345678901')");
      Result extra = command(db, "verify");
      assertNamed(extra, table + ": id " + (ROWS + 5) + " outside 1..300 (sysbench.table_size)", 2);
      assertTrue(extra.stdout().contains(table + ": id " + (ROWS + 5) + " holds c \"not sysbench\" (not ten groups of"
          + " 11 digits joined by '-')"), extra.stdout());
      assertEquals(301, db.rows(table), "verify wrote nothing");
    }
  }
}
