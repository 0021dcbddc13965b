package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.util.UserError;

/** A run before any load: stock YCSB reports a throughput of failures; YCSB-X stops and says why. */
@Tag("process")
class MissingTableTest {
  @ParameterizedTest
  @EnumSource(value = TestDatabase.Target.class, names = {"MARIADB_INNODB", "POSTGRESQL"})
  void runAgainstAMissingTableExitsNonZeroAndSaysWhy(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      Result r = MainOutput.main("run", "workloada", db.options());
      String where = target.mariadb() ? "database " + db.name : "schema " + db.name + " of database " + TestDatabase.PG_DATABASE;
      MainOutput.assertOneLineError(r, UserError.TARGET_UNUSABLE,
          "table usertable does not exist in " + where + " at " + db.url() + "; run bin/ycsb load");
      assertEquals(List.of(), db.tables());
    }
  }
}
