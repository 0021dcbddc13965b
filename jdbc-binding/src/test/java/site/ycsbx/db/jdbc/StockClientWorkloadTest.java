package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;

/**
 * YCSB's core workloads through YCSB's stock Client (a subprocess with -db JdbcClient), on each
 * server: the load leaves exactly recordcount rows in a table of the engine asked for, and the
 * run completes every operation.
 */
@Tag("process")
class StockClientWorkloadTest {
  private static final int RECORDS = 300;
  private static final int OPERATIONS = 600;

  static Stream<Arguments> targetsAndWorkloads() {
    List<Arguments> out = new ArrayList<>();
    for (TestDatabase.Target t : TestDatabase.Target.values()) {
      out.add(Arguments.of(t, "workloada"));
      out.add(Arguments.of(t, "workloadc"));
    }
    return out.stream();
  }

  static Result client(TestDatabase db, String phase, String workload, String... more) {
    List<String> args = new ArrayList<>(List.of(phase, "-db", JdbcClient.class.getName(), "-P", JavaProcess.workload(workload),
        "-threads", "2", "-p", "recordcount=" + RECORDS, "-p", "operationcount=" + OPERATIONS));
    args.addAll(db.options());
    args.addAll(List.of(more));
    return JavaProcess.run("site.ycsb.Client", args.toArray(new String[0]));
  }

  @ParameterizedTest(name = "{1} on {0}")
  @MethodSource("targetsAndWorkloads")
  void loadThenRunLeavesRecordcountRowsInTheEngineAsked(TestDatabase.Target target, String workload) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      Result load = client(db, "-load", workload);
      assertEquals(0, load.exitCode(), load.all());
      assertTrue(load.stdout().contains("[INSERT], Return=OK, " + RECORDS), load.stdout());
      assertEquals(RECORDS, db.rows("usertable"));
      assertEquals(target.expectedEngine(), db.engine("usertable").orElse("absent"));
      assertTrue(load.stdout().contains("storage.engine"), load.stdout());

      Result run = client(db, "-t", workload);
      assertEquals(0, run.exitCode(), run.all());
      String out = run.stdout();
      assertTrue(out.contains("[READ], Return=OK, "), out);
      if (workload.equals("workloada")) {
        assertTrue(out.contains("[UPDATE], Return=OK, "), out);
      }
      assertEquals(OPERATIONS, okOperations(out), out);
      for (String bad : List.of("Return=ERROR", "Return=NOT_FOUND", "-FAILED]")) {
        assertFalse(out.contains(bad), out);
      }
      assertEquals(RECORDS, db.rows("usertable"));
    }
  }

  /** Sum of the "[OP], Return=OK, n" lines. */
  static long okOperations(String stdout) {
    long n = 0;
    for (String line : stdout.split("\n")) {
      if (line.matches("\\[[A-Z_-]+], Return=OK, \\d+")) {
        n += Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
      }
    }
    return n;
  }
}
