package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsbx.store.iibench.IIBenchTable;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.PrintedFingerprint;
import site.ycsbx.tools.Main;

/**
 * {@code bin/ycsb load jdbc -P workloads/iibench} end to end (site.ycsbx.tools.Main in a fresh
 * JVM) on each server, checked on the database afterwards.
 */
@Tag("process")
class IIBenchLoadTest {
  /** A round line: round, rows, db_size_mb, mem_mb, bytes_row, then the other columns. */
  private static final Pattern ROUND = Pattern.compile("(?m)^\\[IIBENCH\\] +(\\d+) +(\\d+) +(\\S+) +(\\S+) +(\\S+) ");

  static Result iibench(TestDatabase db, String... extra) {
    List<String> args = new ArrayList<>(List.of("load", "jdbc", "-P", JavaProcess.workload("iibench"),
        "-p", "recordcount=20000", "-p", "iibench.batchsize=1000", "-p", "iibench.indexes=3",
        "-p", "iibench.roundrows=10000", "-p", "iibench.reportseconds=0"));
    args.addAll(db.options());
    args.addAll(Arrays.asList(extra));
    return JavaProcess.run(Main.class.getName(), args.toArray(new String[0]));
  }

  private static Map<String, List<String>> specIndexes() {
    Map<String, List<String>> out = new TreeMap<>();
    IIBenchTable.SECONDARY_INDEXES.forEach(i -> out.put(i.name(), i.columns()));
    return out;
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Target.class)
  void loadCreatesTheIndexedTableAndReportsRoundsWithTheDbSize(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      Result r = iibench(db, "-p", "iibench.verify=true");
      assertEquals(0, r.exitCode(), r.all());
      assertEquals(20000, db.rows("purchases_index"));
      assertEquals(specIndexes(), db.secondaryIndexes("purchases_index"));
      assertEquals(target.expectedEngine(), db.engine("purchases_index").orElse("absent"));
      assertTrue(r.stdout().contains("[INSERT_TXN], Operations, 20\n"), r.stdout());
      assertTrue(r.stdout().contains("[INSERT_TXN], Return=OK, 20\n"), r.stdout());
      Matcher m = ROUND.matcher(r.stdout());
      List<Long> rows = new ArrayList<>();
      while (m.find()) {
        rows.add(Long.parseLong(m.group(2)));
        assertEquals(rows.size(), Integer.parseInt(m.group(1)), r.stdout());
        if (target == TestDatabase.Target.MARIADB_ROCKSDB) {
          // 20000 rows fit in the memtable: on storage may still be 0
          assertTrue(Double.parseDouble(m.group(3)) + Double.parseDouble(m.group(4)) > 0, m.group());
        } else {
          assertTrue(Double.parseDouble(m.group(3)) > 0, "db_size_mb of round " + m.group(1) + ": " + m.group());
          assertTrue(Double.parseDouble(m.group(5)) > 0, "bytes_row of round " + m.group(1) + ": " + m.group());
          assertEquals("n/a", m.group(4), "no memtable column for " + target + ": " + m.group());
        }
      }
      // the server runs here: its own process's writes are the figure, the host's disks apart
      assertTrue(Pattern.compile("(?m)^\\[IIBENCH\\] written_mb, write_mb_s, wr_b_row: server process pid \\d+ "
          + (target.mariadb() ? "mariadbd" : "postgres") + ", /proc/\\d+/io write_bytes with its children; host_wr_mb: ")
          .matcher(r.stdout()).find(), r.stdout());
      assertEquals(List.of(10000L, 20000L), rows, r.stdout());
      assertTrue(r.stdout().contains("[IIBENCH-VERIFY] purchases_index: 20000 rows, 20000 expected"), r.stdout());
      assertEquals(target.expectedEngine(), PrintedFingerprint.of(r.stdout()).get("storage.engine"), r.stdout());
    }
  }

  @Test
  void onMyRocksTheLastRoundIsSizedAfterAFlushWhenAsked() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_ROCKSDB)) {
      Result r = iibench(db, "-p", "iibench.flushbeforesize=true");
      assertEquals(0, r.exitCode(), r.all());
      assertTrue(r.stdout().contains("[IIBENCH] flushed before the last round's size (iibench.flushbeforesize=true):"
          + " SET GLOBAL rocksdb_force_flush_memtable_now=1 took "), r.stdout());
      Matcher m = ROUND.matcher(r.stdout());
      String last = null;
      while (m.find()) {
        last = m.group(3);
      }
      // 20000 rows fit in a memtable: without the flush the last round read 0.0 MB on storage
      assertTrue(last != null && Double.parseDouble(last) > 0, "db_size_mb of the last round: " + r.stdout());
      // a hint, when memtables still hold much (other tests share the column family), names the fix
      assertFalse(r.stdout().contains("next round"), r.stdout());
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Target.class)
  void tablePerThreadGivesEachClientItsTable(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      Result r = iibench(db, "-threads", "4", "-p", "iibench.tableperthread=true");
      assertEquals(0, r.exitCode(), r.all());
      assertEquals(List.of("purchases_index_0", "purchases_index_1", "purchases_index_2", "purchases_index_3"),
          db.tables());
      long sum = 0;
      for (String t : db.tables()) {
        long n = db.rows(t);
        assertEquals(5000, n, t);
        sum += n;
        assertEquals(specIndexes(), db.secondaryIndexes(t), t);
        assertEquals(target.expectedEngine(), db.engine(t).orElse("absent"), t);
      }
      assertEquals(20000, sum);
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Target.class)
  void queryThreadsRunTheRangeQuery(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      Result r = iibench(db, "-threads", "3", "-p", "iibench.querythreads=1", "-p", "iibench.batchsize=100",
          "-p", "iibench.querystartrows=1000");
      assertEquals(0, r.exitCode(), r.all());
      Matcher ops = Pattern.compile("\\[QUERY\\], Operations, (\\d+)").matcher(r.stdout());
      assertTrue(ops.find(), r.stdout());
      long queries = Long.parseLong(ops.group(1));
      assertTrue(queries > 0, r.stdout());
      assertTrue(r.stdout().contains("[QUERY], Return=OK, " + queries + "\n"), r.stdout());
      assertTrue(r.stdout().contains("[INSERT_TXN], Return=OK, 200\n"), r.stdout());
      assertEquals(20000, db.rows("purchases_index"));
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Target.class)
  void aSecondLoadAppendsAndDropIsOnlyOnRequest(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      Result first = iibench(db, "-p", "recordcount=3000");
      assertEquals(0, first.exitCode(), first.all());
      assertEquals(3000, db.rows("purchases_index"));
      Result again = iibench(db, "-p", "recordcount=3000", "-p", "iibench.verify=true");
      assertEquals(0, again.exitCode(), again.all());
      assertTrue(again.stdout().contains("[IIBENCH] purchases_index: appending to 3000 existing rows"), again.stdout());
      assertTrue(again.stdout().contains("[IIBENCH-VERIFY] purchases_index: 6000 rows, 6000 expected"), again.stdout());
      assertEquals(6000, db.rows("purchases_index"));
      Result dropped = iibench(db, "-p", "recordcount=3000", "-p", "iibench.drop=true");
      assertEquals(0, dropped.exitCode(), dropped.all());
      assertTrue(dropped.stdout().contains("[IIBENCH] purchases_index: dropped and created (iibench.drop=true)"),
          dropped.stdout());
      assertEquals(3000, db.rows("purchases_index"));
      assertEquals(specIndexes(), db.secondaryIndexes("purchases_index"));
    }
  }

  @ParameterizedTest
  @EnumSource(value = TestDatabase.Target.class, names = {"MARIADB_INNODB", "POSTGRESQL"})
  void badValuesAreOneLineBeforeAnythingIsCreated(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      String[][] cases = {
          {"iibench.batchsize=0", "iibench.batchsize=0 is out of range"},
          {"iibench.indexes=4", "iibench.indexes=4 is out of range; iibench.indexes accepts a whole number from 0 to 3"},
          {"recordcount=-5", "recordcount=-5 is out of range"},
          {"iibench.disks=nosuchdisk", "iibench.disks: unknown disk nosuchdisk; disks here:"},
          {"iibench.batchsize=20000", "iibench.batchsize=20000 makes INSERTs of 100000 parameters (5 columns a row),"
              + " over the 65535 a JDBC prepared statement takes; iibench.batchsize accepts at most 13107 with"
              + " iibench.paddingfields=0 on the jdbc binding"},
      };
      for (String[] c : cases) {
        Result r = iibench(db, "-p", c[0]);
        MainOutput.assertOneLineError(r, 2, c[1]);
        assertFalse(r.stdout().contains("[IIBENCH]"), c[0] + ": " + r.stdout());
        assertEquals(List.of(), db.tables(), c[0]);
      }
    }
  }

  @Test
  void anInsertOverMaxAllowedPacketIsRefusedBeforeAnythingIsCreated() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      Result r = iibench(db, "-p", "iibench.paddingfields=10", "-p", "iibench.paddinglength=5000");
      MainOutput.assertOneLineError(r, 2, "iibench.batchsize=1000 with iibench.paddingfields=10 x iibench.paddinglength=5000"
          + " makes INSERTs of about 47.8 MB, over the ", " MB the server at " + db.url() + " accepts (max_allowed_packet);"
          + " iibench.batchsize accepts at most about ");
      assertEquals(List.of(), db.tables());
    }
  }

  @Test
  void anExistingTableWithAnotherEngineIsRefusedAndKept() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_ROCKSDB)) {
      db.execute("CREATE TABLE purchases_index (transactionid BIGINT AUTO_INCREMENT PRIMARY KEY) ENGINE=InnoDB",
          "INSERT INTO purchases_index VALUES (1)");
      Result r = iibench(db);
      MainOutput.assertOneLineError(r, 1, "table purchases_index exists with engine InnoDB, not ROCKSDB as jdbc.engine"
          + " asks (the results would be labelled with the wrong engine); drop it or set jdbc.engine=InnoDB;"
          + " iibench.drop=true drops it first (database " + db.name + " at " + db.url() + ")");
      assertEquals("InnoDB", db.engine("purchases_index").orElseThrow());
      assertEquals(1, db.rows("purchases_index"));
      Result dropped = iibench(db, "-p", "recordcount=2000", "-p", "iibench.drop=true");
      assertEquals(0, dropped.exitCode(), dropped.all());
      assertEquals("ROCKSDB", db.engine("purchases_index").orElseThrow());
      assertEquals(2000, db.rows("purchases_index"));
    }
  }
}
