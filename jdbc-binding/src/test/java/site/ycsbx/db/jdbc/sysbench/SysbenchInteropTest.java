package site.ycsbx.db.jdbc.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/**
 * YCSB-X and Debian's sysbench 1.0.20 on the same tables, both ways, on each server: tables that
 * {@code sysbench oltp_read_write prepare} made serve a YCSB-X run (verified: every id once,
 * k_N agrees), and {@code sysbench oltp_read_write run} runs on tables YCSB-X loaded.
 * scripts/setup-servers.sh installs the sysbench package.
 */
@Tag("slow")
class SysbenchInteropTest {
  private static final int TABLES = SysbenchLoadRunTest.TABLES;
  private static final int ROWS = SysbenchLoadRunTest.ROWS;

  private static Result sysbench(TestDatabase db, String command, String... more) {
    return script(db, "oltp_read_write", command, more);
  }

  private static Result script(TestDatabase db, String script, String command, String... more) {
    Path bin = Path.of("/usr/bin/sysbench");
    assertTrue(Files.isExecutable(bin), "sysbench is not installed: scripts/setup-servers.sh installs it");
    List<String> cmd = new ArrayList<>(List.of(bin.toString(), script, "--tables=" + TABLES,
        "--table-size=" + ROWS, "--threads=2"));
    if (db.target.mariadb()) {
      cmd.addAll(List.of("--db-driver=mysql", "--mysql-host=127.0.0.1", "--mysql-port="
          + System.getenv().getOrDefault("YCSBX_MARIADB_PORT", "3306"), "--mysql-user=" + TestDatabase.USER,
          "--mysql-password=" + TestDatabase.PASSWORD, "--mysql-db=" + db.name,
          "--mysql-storage-engine=" + db.target.engine.toLowerCase()));
    } else {
      cmd.addAll(List.of("--db-driver=pgsql", "--pgsql-host=127.0.0.1", "--pgsql-port="
          + System.getenv().getOrDefault("YCSBX_PG_PORT", "5432"), "--pgsql-user=" + TestDatabase.USER,
          "--pgsql-password=" + TestDatabase.PASSWORD, "--pgsql-db=" + TestDatabase.PG_DATABASE));
    }
    cmd.addAll(List.of(more));
    cmd.add(command);
    // libpq takes the test's schema from PGOPTIONS: sysbench has no option for it
    List<String> withEnv = new ArrayList<>(List.of("env", "PGOPTIONS=-c search_path=" + db.name));
    withEnv.addAll(cmd);
    Result r = JavaProcess.exec(withEnv, null, 120);
    assertEquals(0, r.exitCode(), String.join(" ", cmd) + ":\n" + r.all());
    return r;
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Target.class)
  void ycsbxRunsOnTablesSysbenchPrepared(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      Result prepare = sysbench(db, "prepare");
      assertTrue(prepare.stdout().contains("Creating a secondary index on 'sbtest" + TABLES + "'"), prepare.stdout());
      assertEquals(Map.of("k_1", List.of("k")), SysbenchLoadRunTest.indexes(db, "sbtest1"));
      Result run = SysbenchLoadRunTest.ycsb(Main.class.getName(), db, "run", "sysbench", "-threads", "2",
          "-p", "maxexecutiontime=2");
      assertTrue(SysbenchLoadRunTest.figure(run.stdout(), "(?m)^    transactions: +(\\d+) ") > 0, run.stdout());
      assertTrue(run.stdout().contains("[SYSBENCH-VERIFY] " + TABLES + " tables, ids 1.." + ROWS
          + " once each, k index agrees: OK"), run.stdout());
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Target.class)
  void sysbenchRunsOnTablesYcsbxLoaded(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      SysbenchLoadRunTest.ycsb(Main.class.getName(), db, "load", "sysbench", "-threads", "2");
      Result run = sysbench(db, "run", "--time=2");
      long trx = SysbenchLoadRunTest.figure(run.stdout(), "(?m)^    transactions: +(\\d+) ");
      assertTrue(trx > 0, run.stdout());
      assertEquals(ROWS, SysbenchLoadRunTest.query(db, "SELECT COUNT(*) FROM sbtest1"), "delete+insert keeps the count");
      // oltp_insert leaves the id to AUTO_INCREMENT / SERIAL: on PostgreSQL the load must have moved
      // the sequence past the ids it gave, or every insert meets a duplicate key (ignored by sysbench)
      Result insert = script(db, "oltp_insert", "run", "--time=1");
      assertTrue(SysbenchLoadRunTest.figure(insert.stdout(), "(?m)^        write: +(\\d+)\\s*$") > 0, insert.stdout());
      assertEquals(0, SysbenchLoadRunTest.figure(insert.stdout(), "(?m)^    ignored errors: +(\\d+) "), insert.stdout());
    }
  }
}
