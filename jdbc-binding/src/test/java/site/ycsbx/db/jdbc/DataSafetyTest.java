package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/**
 * Nothing that is not the workload's is dropped, and a second load of YCSB's keys is refused
 * before it fails on duplicates: bin/ycsb's Main in a subprocess against MariaDB, the data
 * counted on the server afterwards.
 */
@Tag("process")
class DataSafetyTest {
  private static final int USER_ROWS = 7000;

  /** A table of the user's, not any workload's: 7000 rows of (id, name, amount). */
  private static void userData(TestDatabase db, String table) throws Exception {
    db.execute("CREATE TABLE " + table + " (id INT PRIMARY KEY, name VARCHAR(20), amount INT)",
        "INSERT INTO " + table + " (id, name, amount) SELECT seq, CONCAT('n', seq), seq % 97 FROM seq_1_to_" + USER_ROWS);
  }

  private static Result main(TestDatabase db, String command, String workload, String... extra) {
    List<String> args = new ArrayList<>(List.of(command, "jdbc", "-P", JavaProcess.workload(workload)));
    args.addAll(db.options());
    args.addAll(Arrays.asList(extra));
    return JavaProcess.run(Main.class.getName(), args.toArray(new String[0]));
  }

  private static void assertDropRefused(Result r, String property, String table) {
    MainOutput.assertOneLineError(r, 2, property + "=true refused, nothing dropped: table " + table + " holds "
        + USER_ROWS + " rows with columns amount, id, name");
  }

  @Test
  void iibenchDropRefusesATableThatIsNotIIBenchs() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      userData(db, "mydata");
      Result r = main(db, "load", "iibench", "-p", "iibench.table=mydata", "-p", "iibench.drop=true",
          "-p", "recordcount=2000");
      assertDropRefused(r, "iibench.drop", "mydata");
      assertTrue(r.stderr().contains("not an iibench table"), r.stderr());
      assertEquals(USER_ROWS, db.rows("mydata"));
      assertEquals(List.of("mydata"), db.tables());
    }
  }

  @Test
  void iibenchDropStillReplacesAnIIBenchTableOfAnotherPadding() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      Result first = main(db, "load", "iibench", "-p", "recordcount=2000", "-p", "iibench.paddingfields=2");
      assertEquals(0, first.exitCode(), first.all());
      Result second = main(db, "load", "iibench", "-p", "recordcount=1000", "-p", "iibench.drop=true");
      assertEquals(0, second.exitCode(), second.all());
      assertEquals(1000, db.rows("purchases_index"));
    }
  }

  @Test
  void linkbenchDropRefusesATableThatIsNotLinkBenchs() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      userData(db, "mydata");
      Result r = main(db, "load", "linkbench-small", "-p", "linkbench.counttable=mydata", "-p", "linkbench.drop=true");
      assertDropRefused(r, "linkbench.drop", "mydata");
      assertTrue(r.stderr().contains("not LinkBench's counttable"), r.stderr());
      assertEquals(USER_ROWS, db.rows("mydata"));
      assertEquals(List.of("mydata"), db.tables());
    }
  }

  @Test
  void filemetaDropRefusesATableThatIsNotFilemetas() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      userData(db, "mydata");
      Result r = main(db, "load", "filemeta", "-p", "filemeta.table=mydata", "-p", "filemeta.drop=true",
          "-p", "recordcount=1000");
      assertDropRefused(r, "filemeta.drop", "mydata");
      assertEquals(USER_ROWS, db.rows("mydata"));
    }
  }

  @Test
  void ycsbDropRefusesATableThatIsNotYcsbs() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      userData(db, "mydata");
      Result r = main(db, "load", "workloada", "-p", "table=mydata", "-p", "ycsbx.drop=true", "-p", "recordcount=100");
      assertDropRefused(r, "ycsbx.drop", "mydata");
      assertTrue(r.stderr().contains("not a table of YCSB's core workloads (YCSB_KEY and field0..field9)"), r.stderr());
      assertEquals(USER_ROWS, db.rows("mydata"));
    }
  }

  @Test
  void aSecondLoadIsRefusedUpFrontAndYcsbxDropStartsOver() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      Result first = main(db, "load", "workloada", "-p", "recordcount=300");
      assertEquals(0, first.exitCode(), first.all());

      Result again = main(db, "load", "workloada", "-p", "recordcount=300");
      MainOutput.assertOneLineError(again, 1, "table usertable in database " + db.name,
          "already holds 300 records, among them user", "the first key this load would insert (insertstart=0)",
          "-p ycsbx.drop=true");
      assertFalse(again.stdout().contains("[INSERT]"), again.stdout());
      assertEquals(300, db.rows("usertable"));

      // the same load with the range after the stored keys is no duplicate
      Result more = main(db, "load", "workloada", "-p", "recordcount=400", "-p", "insertstart=300",
          "-p", "insertorder=ordered", "-p", "insertcount=100");
      assertEquals(0, more.exitCode(), more.all());
      assertEquals(400, db.rows("usertable"));

      Result fresh = main(db, "load", "workloada", "-p", "recordcount=250", "-p", "ycsbx.drop=true");
      assertEquals(0, fresh.exitCode(), fresh.all());
      assertTrue(fresh.stdout().contains("dropped and created by the load: ycsbx.drop=true"), fresh.stdout());
      assertEquals(250, db.rows("usertable"));

      Result run = main(db, "run", "workloada", "-p", "recordcount=250", "-p", "operationcount=100",
          "-p", "ycsbx.drop=true");
      MainOutput.assertOneLineError(run, 2, "ycsbx.drop=true drops YCSB's table before a load");
      assertEquals(250, db.rows("usertable"));
    }
  }
}
