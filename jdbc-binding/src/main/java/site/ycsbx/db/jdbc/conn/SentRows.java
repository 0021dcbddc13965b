package site.ycsbx.db.jdbc.conn;

import java.sql.Statement;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;

/**
 * The rows this JVM's client connections wrote, as the server told each statement (its update
 * count), for comparing with what the server's own counters say the run's tables gained
 * ({@link PostgresServerWork}). Counted by {@link ReopeningStatement}, which every store's
 * statement is. Where the figure is unknown it errs high, towards this run: a batch entry whose
 * count the driver does not give (a rewritten multi-row INSERT: {@link Statement#SUCCESS_NO_INFO})
 * counts one row, as its entry is; a statement that failed counts one row (a unique key's
 * violation leaves a dead row the server counted), a failed batch each of its entries.
 */
final class SentRows {
  private static final LongAdder WRITTEN = new LongAdder();

  private SentRows() {
  }

  /** Rows written so far. */
  static long written() {
    return WRITTEN.sum();
  }

  /** A statement's update count; a negative one (none: a query, a command) counts nothing. */
  static void updated(long rows) {
    if (rows > 0) {
      WRITTEN.add(rows);
    }
  }

  /** A batch's update counts. */
  static void batch(int[] counts) {
    if (counts != null) {
      batch(Arrays.stream(counts).asLongStream().toArray());
    }
  }

  /** A batch's large update counts. */
  static void batch(long[] counts) {
    if (counts == null) {
      return;
    }
    long n = 0;
    for (long c : counts) {
      n += c >= 0 ? c : 1; // SUCCESS_NO_INFO, EXECUTE_FAILED: one row at most for each entry
    }
    WRITTEN.add(n);
  }

  /** Forgets the count (tests in one JVM). */
  static void reset() {
    WRITTEN.reset();
  }
}
