package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;

/**
 * Batched loads through {@code bin/ycsb} whose batches fail on the server (a CHECK constraint
 * refuses one key): the rows the error summary counts OK are the rows in the table, a failed
 * batch fails all its rows, the inserts YCSB's loader never attempted after the failure are
 * counted, and the share of failures is taken over the recordcount asked for.
 */
@Tag("process")
class BatchAccountingTest {
  private static final Pattern INSERT_ROW = Pattern.compile("(?m)^\\[ERRORS\\] INSERT +(\\d+) +(\\d+) +[0-9.]+  (.*)$");

  /** Creates YCSB's table with a CHECK that refuses the row of key {@code refused}. */
  private static void tableRefusing(TestDatabase db, String refused) throws Exception {
    StringBuilder ddl = new StringBuilder("CREATE TABLE usertable (YCSB_KEY ")
        .append(db.target.mariadb() ? "VARCHAR(255) CHARACTER SET latin1 COLLATE latin1_bin" : "VARCHAR(255) COLLATE \"C\"")
        .append(" NOT NULL PRIMARY KEY");
    for (int i = 0; i < 10; i++) {
      ddl.append(", FIELD").append(i).append(" TEXT");
    }
    ddl.append(", CONSTRAINT injected_failure CHECK (YCSB_KEY <> '").append(refused).append("'))");
    if (db.target.engine != null) {
      ddl.append(" ENGINE=").append(db.target.engine);
    }
    try (Connection c = db.connect(); Statement s = c.createStatement()) {
      s.execute(ddl.toString());
    }
  }

  private static Result load(TestDatabase db, String... more) {
    List<String> args = new ArrayList<>(List.of("load", "jdbc", "-P", JavaProcess.workload("workloada"),
        "-p", "insertorder=ordered", "-threads", "1"));
    args.addAll(db.options());
    args.addAll(List.of(more));
    return JavaProcess.run("site.ycsbx.tools.Main", args.toArray(new String[0]));
  }

  /** ok, failed and the statuses of the INSERT line of the error table. */
  private static Matcher insertLine(Result r) {
    Matcher m = INSERT_ROW.matcher(r.stderr());
    assertTrue(m.find(), r.stderr());
    return m;
  }

  /** The third batch of 100 (keys user200..user299) fails: 200 rows stored, 100 failed, 700 never attempted. */
  @ParameterizedTest
  @EnumSource(TestDatabase.Target.class)
  void aFailedBatchFailsAllItsRowsAndTheRestIsNotAttempted(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      tableRefusing(db, "user250");
      Path export = Files.createTempFile("ycsbx-export", ".txt");
      Result r = load(db, "-p", "recordcount=1000", "-p", "db.batchsize=100", "-p", "ycsbx.maxerrorpercent=5",
          "-p", "exportfile=" + export);
      assertEquals(1, r.exitCode(), r.all());
      assertEquals(200, db.rows("usertable"), "rows stored");
      Matcher insert = insertLine(r);
      assertEquals(200, Long.parseLong(insert.group(1)), "INSERT ok = rows stored: " + r.stderr());
      assertEquals(100, Long.parseLong(insert.group(2)), r.stderr());
      assertEquals("ERROR=1, BATCH_FAILED=99", insert.group(3));
      assertTrue(Pattern.compile("(?m)^\\[ERRORS\\] NOT_ATTEMPTED +700 +of recordcount=1000 \\(a failed insert ends its"
          + " client thread; counted as failed\\)$").matcher(r.stderr()).find(), r.stderr());
      assertTrue(r.stderr().contains("[ERRORS] FAILED: 100 of 300 operations failed and 700 were not attempted (80.00% of"
          + " 1000), above ycsbx.maxerrorpercent=5 for a load; first error: INSERT_BATCH: batch of 100 rows failed: "),
          r.stderr());
      assertTrue(r.stderr().contains("injected_failure"), r.stderr());
      String exported = Files.readString(export);
      Files.delete(export);
      assertTrue(exported.contains("[ERRORS], NOT_ATTEMPTED, 700\n"), exported);
      assertTrue(exported.contains("[ERRORS], INSERT.BATCH_FAILED, 99\n"), exported);
      assertTrue(exported.contains("[ERRORS], Failed, 100\n"), exported);
    }
  }

  /** The issue's case: a load that stored nothing exited 0 with ycsbx.maxerrorpercent=5 (2 of 100 "failed"). */
  @ParameterizedTest
  @EnumSource(value = TestDatabase.Target.class, names = {"MARIADB_INNODB", "POSTGRESQL"})
  void aLoadThatStoredNothingFails(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      tableRefusing(db, "user50");
      Result r = load(db, "-p", "recordcount=100", "-p", "db.batchsize=100", "-p", "ycsbx.maxerrorpercent=5");
      assertEquals(1, r.exitCode(), r.all());
      assertEquals(0, db.rows("usertable"));
      Matcher insert = insertLine(r);
      assertEquals(0, Long.parseLong(insert.group(1)), r.stderr());
      assertEquals(100, Long.parseLong(insert.group(2)), r.stderr());
      assertTrue(r.stderr().contains("[ERRORS] FAILED: 100 of 100 operations failed (100.00%), above"
          + " ycsbx.maxerrorpercent=5 for a load"), r.stderr());
    }
  }

  /**
   * jdbc.batchupdateapi=false with autocommit off commits every db.batchsize rows: the rows of the
   * transaction the failure rolls back (user200..user249) are failed, not OK.
   */
  @ParameterizedTest
  @EnumSource(value = TestDatabase.Target.class, names = {"MARIADB_INNODB", "POSTGRESQL"})
  void rowsOfARolledBackTransactionAreFailed(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      tableRefusing(db, "user250");
      Result r = load(db, "-p", "recordcount=1000", "-p", "db.batchsize=100", "-p", "jdbc.batchupdateapi=false",
          "-p", "jdbc.autocommit=false");
      assertEquals(1, r.exitCode(), r.all());
      assertEquals(200, db.rows("usertable"), "rows stored");
      Matcher insert = insertLine(r);
      assertEquals(200, Long.parseLong(insert.group(1)), "INSERT ok = rows stored: " + r.stderr());
      assertEquals(51, Long.parseLong(insert.group(2)), r.stderr());
      assertEquals("ERROR=1, BATCH_FAILED=50", insert.group(3));
      assertTrue(r.stderr().contains("the 50 inserts before it in the same transaction"), r.stderr());
      assertTrue(r.stderr().contains("[ERRORS] FAILED: 51 of 251 operations failed and 749 were not attempted"), r.stderr());
    }
  }

  /**
   * jdbc.batchupdateapi=true without a rewrite option: the driver sends one INSERT per row. With
   * autocommit on, MySQL's driver goes on past the refused row and stores the others (its per-row
   * counts say so), PostgreSQL rolls the batch back whole: either way the rows counted OK are the
   * rows in the table.
   */
  @ParameterizedTest
  @EnumSource(value = TestDatabase.Target.class, names = {"MARIADB_INNODB", "POSTGRESQL"})
  void rowByRowBatchesCountWhatWasStored(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      tableRefusing(db, "user250");
      Result r = load(db, "-p", "recordcount=1000", "-p", "db.batchsize=100", "-p", "jdbc.batchupdateapi=true");
      assertEquals(1, r.exitCode(), r.all());
      Matcher insert = insertLine(r);
      assertEquals(db.rows("usertable"), Long.parseLong(insert.group(1)), "INSERT ok = rows stored: " + r.stderr());
    }
  }

  /** Where nothing fails, the batched load agrees with the table: every row OK, none not attempted. */
  @ParameterizedTest
  @EnumSource(value = TestDatabase.Target.class, names = {"MARIADB_ROCKSDB", "POSTGRESQL"})
  void aCleanBatchedLoadCountsEveryRowOnce(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      Path export = Files.createTempFile("ycsbx-export", ".txt");
      Result r = load(db, "-p", "recordcount=1003", "-p", "db.batchsize=100", "-threads", "2", "-p", "exportfile=" + export);
      assertEquals(0, r.exitCode(), r.all());
      assertEquals(1003, db.rows("usertable"));
      assertTrue(r.stderr().contains("[ERRORS] OK: 1003 operations, 0 failed"), r.stderr());
      assertFalse(r.stderr().contains("NOT_ATTEMPTED"), r.stderr());
      String exported = Files.readString(export);
      Files.delete(export);
      assertTrue(exported.contains("[ERRORS], NOT_ATTEMPTED, 0\n"), exported);
    }
  }
}
