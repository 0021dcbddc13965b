package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsbx.db.jdbc.conn.UserTable;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.OneLineError;
import site.ycsbx.testing.UsertableLoad;
import site.ycsbx.util.UserError;

/**
 * {@code bin/ycsb verify jdbc} through Main.run in this JVM: YCSB's table with dataintegrity=true
 * agrees, a changed field is listed (exit 1), and a table that is missing or of another shape
 * compares nothing (exit 2, one line). The families' comparisons on every target are in the
 * store contracts.
 */
@Tag("server")
class VerifyOnServersTest {
  private static Result verify(TestDatabase db, String workload, String... props) {
    List<String> args = new ArrayList<>(List.of("verify", "jdbc", "-P", JavaProcess.workload(workload)));
    args.addAll(db.options());
    for (String p : props) {
      args.add("-p");
      args.add(p);
    }
    return InProcessMain.run(args.toArray(new String[0]));
  }

  @ParameterizedTest
  @EnumSource(value = TestDatabase.Target.class, names = {"MARIADB_INNODB", "POSTGRESQL"})
  void ycsbsTableAgreesAChangedFieldIsListedAndOtherShapesCompareNothing(TestDatabase.Target target)
      throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      Properties p = db.properties();
      p.setProperty("recordcount", "30");
      p.setProperty("dataintegrity", "true");
      p.setProperty("fieldcount", "3");
      UsertableLoad.load(new JdbcClient(), p);
      String[] same = {"recordcount=30", "dataintegrity=true", "fieldcount=3"};
      Result ok = verify(db, "workloada", same);
      assertEquals(0, ok.exitCode(), ok.all());
      assertTrue(ok.stdout().contains("[VERIFY] OK: ") && ok.stdout().strip().endsWith("; nothing was written"), ok.stdout());

      String key;
      try (Connection c = db.connect(); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT " + UserTable.KEY_COLUMN + " FROM usertable ORDER BY 1")) {
        rs.next();
        key = rs.getString(1);
      }
      db.execute("UPDATE usertable SET field2 = 'changed' WHERE " + UserTable.KEY_COLUMN + " = '" + key + "'");
      Result bad = verify(db, "workloada", same);
      assertEquals(1, bad.exitCode(), bad.all());
      assertTrue(bad.stdout().contains("[VERIFY] FAILED: 1 mismatch (listed above)"), bad.stdout());
      assertTrue(bad.stdout().contains("MISMATCH key " + key + ": field2 holds \"changed\""), bad.stdout());

      List<String> tables = db.tables();
      db.execute("CREATE TABLE other (x INT)");
      OneLineError.assertOneLineError(verify(db, "workloada", "table=other", "fieldcount=3"), UserError.BAD_INPUT,
          "verify: nothing compared: table other", "has no column");
      OneLineError.assertOneLineError(verify(db, "iibench", "iibench.table=other"), UserError.BAD_INPUT,
          "verify: nothing compared: table other has columns x, not the iibench columns");
      OneLineError.assertOneLineError(verify(db, "iibench"), UserError.BAD_INPUT,
          "verify: table purchases_index in ", "does not exist, so there is nothing to verify");
      OneLineError.assertOneLineError(verify(db, "filemeta", "recordcount=100"), UserError.BAD_INPUT,
          "does not exist, so there is nothing to verify");
      OneLineError.assertOneLineError(verify(db, "linkbench-small"), UserError.BAD_INPUT,
          "does not exist, so there is nothing to verify");
      OneLineError.assertOneLineError(verify(db, "sysbench"), UserError.BAD_INPUT, "verify: nothing compared: ",
          "do not exist");
      List<String> after = new ArrayList<>(tables);
      after.add("other");
      assertEquals(after.stream().sorted().toList(), db.tables().stream().sorted().toList(), "verify created nothing");
    }
  }
}
