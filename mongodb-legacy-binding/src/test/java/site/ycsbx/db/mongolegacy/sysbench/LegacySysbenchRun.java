package site.ycsbx.db.mongolegacy.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import site.ycsbx.db.mongodb.LegacyWireFront;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/** {@code bin/ycsb <command> mongodb-legacy -P workloads/sysbench} against a pose's front, in a fresh JVM. */
final class LegacySysbenchRun {
  static final String VERIFIED = "[SYSBENCH-VERIFY] 2 tables, ids 1..500 once each, k index agrees: OK";

  private LegacySysbenchRun() {
  }

  /** Two tables of 500 rows, verified after the command, two client threads. */
  static Result ycsb(String command, LegacyWireFront front, String database, String... props) {
    List<String> args = new ArrayList<>(List.of(command, "mongodb-legacy", "-P", JavaProcess.workload("sysbench"),
        "-p", "mongodb.url=" + front.url(database), "-p", "sysbench.table_size=500", "-p", "sysbench.tables=2",
        "-p", "sysbench.verify=true", "-threads", "2"));
    args.addAll(Arrays.asList(props));
    return JavaProcess.run(Main.class.getName(), args.toArray(new String[0]));
  }

  static void assertOk(Result r) {
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stderr().contains("[ERRORS] OK:"), r.stderr());
    assertFalse(r.all().contains("Exception"), r.all());
    assertTrue(r.stdout().contains(VERIFIED), r.stdout());
  }
}
