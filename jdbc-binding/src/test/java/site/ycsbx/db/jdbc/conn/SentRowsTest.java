package site.ycsbx.db.jdbc.conn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The client's side of PostgreSQL's comparison of the run's tables: where a count is unknown it
 * errs towards this run (high), so that a run alone is never taken for one beside another client.
 */
@Tag("fast")
class SentRowsTest {
  // the count is the JVM's: other test classes of this fork may have written rows before this one
  @BeforeEach
  @AfterEach
  void forget() {
    SentRows.reset();
  }

  @Test
  void updateCountsAddUpAndUnknownEntriesCountOneRowEach() {
    SentRows.updated(3);
    SentRows.updated(-1); // a query or a command: no update count
    SentRows.updated(0);
    // a rewritten multi-row INSERT gives no count per entry; a failed entry may have left its row
    SentRows.batch(new int[] {1, Statement.SUCCESS_NO_INFO, Statement.SUCCESS_NO_INFO, Statement.EXECUTE_FAILED, 2});
    SentRows.batch(new long[] {Statement.SUCCESS_NO_INFO, 4});
    SentRows.batch((int[]) null);
    assertEquals(3 + 1 + 1 + 1 + 1 + 2 + 1 + 4, SentRows.written());
  }
}
