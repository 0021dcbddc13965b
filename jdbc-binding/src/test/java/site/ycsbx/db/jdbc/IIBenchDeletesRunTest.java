package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/**
 * The insert benchmark's l.i1 ({@code iibench.deleteperinsert}) beside its qp point query
 * ({@code iibench.querykind=pk}) as a run after a load, on each server: the table keeps its size.
 */
@Tag("process")
class IIBenchDeletesRunTest {
  private static Result iibench(TestDatabase db, String phase, String... extra) {
    List<String> args = new ArrayList<>(List.of(phase, "jdbc", "-P", JavaProcess.workload("iibench"),
        "-p", "iibench.reportseconds=0", "-p", "iibench.verify=true"));
    args.addAll(db.options());
    args.addAll(Arrays.asList(extra));
    return JavaProcess.run(Main.class.getName(), args.toArray(new String[0]));
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Target.class)
  void aRunWithDeletesPerInsertKeepsTheTableSize(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      Result load = iibench(db, "load", "-p", "recordcount=3000", "-p", "iibench.batchsize=500");
      assertEquals(0, load.exitCode(), load.all());
      Result r = iibench(db, "run", "-p", "operationcount=1000", "-p", "iibench.batchsize=50",
          "-p", "iibench.deleteperinsert=true", "-threads", "2", "-p", "iibench.querythreads=1",
          "-p", "iibench.querykind=pk", "-p", "iibench.querylimit=1");
      assertEquals(0, r.exitCode(), r.all());
      assertTrue(r.stdout().contains("[INSERT_TXN], Return=OK, 20\n"), r.stdout());
      assertTrue(r.stdout().contains("[DELETE_TXN], Return=OK, 20\n"), r.stdout());
      assertTrue(r.stdout().contains("[IIBENCH-VERIFY] purchases_index: 3000 rows, 3000 expected (3000 before + 1000"
          + " acknowledged - 1000 deleted): OK"), r.stdout());
      assertTrue(r.stdout().contains("[QUERY], Return=OK"), r.stdout());
      assertEquals(3000, db.rows("purchases_index"));
    }
  }
}
