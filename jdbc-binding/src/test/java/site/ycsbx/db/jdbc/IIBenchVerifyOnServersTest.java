package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/**
 * {@code bin/ycsb verify jdbc -P workloads/iibench} on a table a real load stored (a subprocess),
 * the verifies in this JVM: the intact table agrees with the coverage line (exit 0); a row deleted
 * at random is named by its transactionid, an indexed value changed to one the generator cannot
 * make and a row inserted with such a value are named by theirs (exit 1); nothing is written.
 */
@Tag("process")
class IIBenchVerifyOnServersTest {
  private static final int ROWS = 2000;
  private static final String[] SIZE = {"iibench.rows=" + ROWS, "iibench.batchsize=250", "iibench.roundrows=" + ROWS};

  private static Result verify(TestDatabase db) {
    List<String> args = new ArrayList<>(List.of("verify", "jdbc", "-P", JavaProcess.workload("iibench")));
    args.addAll(db.options());
    for (String p : SIZE) {
      args.addAll(List.of("-p", p));
    }
    return InProcessMain.run(args.toArray(new String[0]));
  }

  private static void assertNamed(Result r, int mismatches, String... named) {
    assertEquals(1, r.exitCode(), r.all());
    for (String n : named) {
      assertTrue(r.stdout().contains("[IIBENCH-VERIFY] MISMATCH purchases_index: " + n), n + " not named: " + r.stdout());
    }
    assertTrue(r.stdout().contains("[VERIFY] FAILED: " + mismatches + " mismatch"), r.stdout());
  }

  @ParameterizedTest
  @EnumSource(value = TestDatabase.Target.class, names = {"MARIADB_INNODB", "POSTGRESQL"})
  void damageIsNamedByTransactionid(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      List<String> load = new ArrayList<>(List.of("load", "jdbc", "-P", JavaProcess.workload("iibench"), "-threads",
          "2"));
      for (String p : SIZE) {
        load.addAll(List.of("-p", p));
      }
      load.addAll(db.options());
      Result loaded = JavaProcess.run(Main.class.getName(), load.toArray(new String[0]));
      assertEquals(0, loaded.exitCode(), loaded.all());

      Result ok = verify(db);
      assertEquals(0, ok.exitCode(), ok.all());
      assertTrue(ok.stdout().contains("[IIBENCH-VERIFY] checking purchases_index: 2000 rows expected (missing keys"
          + " named where the key is a number given in insert order), each of 3 secondary indexes counted"), ok.stdout());
      assertTrue(ok.stdout().strip().endsWith("[VERIFY] OK: purchases_index: 2000 rows; nothing was written"),
          ok.stdout());

      long id = new SplittableRandom().nextLong(1, ROWS + 1);
      String saved = "INSERT INTO purchases_index SELECT * FROM saved";
      db.execute("CREATE TABLE saved AS SELECT * FROM purchases_index WHERE transactionid = " + id,
          "DELETE FROM purchases_index WHERE transactionid = " + id);
      assertNamed(verify(db), 1, "transactionid " + id + " missing");
      db.execute(saved);
      assertEquals(0, verify(db).exitCode(), "the row put back");

      // price is in every secondary index; below customerid / 100 the generator never makes it
      db.execute("UPDATE purchases_index SET price = -1 WHERE transactionid = " + id);
      assertNamed(verify(db), 1, "transactionid " + id + " holds price -1.0 (the generator makes customerid / 100");
      db.execute("DELETE FROM purchases_index WHERE transactionid = " + id, saved);

      db.execute("INSERT INTO purchases_index (dateandtime, cashregisterid, customerid, productid, price) VALUES"
          + " (CURRENT_TIMESTAMP, 5000, 1, 1, 0.03)");
      assertNamed(verify(db), 2, "transactionid 2001 beyond the 2000 rows expected (transactionid 1..2000)",
          "transactionid 2001 holds cashregisterid 5000 (the generator makes 0..999)");
      assertEquals(ROWS + 1, db.rows("purchases_index"), "verify wrote nothing");
    }
  }
}
