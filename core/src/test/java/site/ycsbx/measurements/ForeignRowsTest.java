package site.ycsbx.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.store.TableCount;

/**
 * A run's tables at its start and end against what it wrote, on cases worked out by hand: exact
 * counts of a small table, the key span of one too large to count, a table the run made afresh,
 * the rows of failed writes tolerated and no more, and tables that cannot be compared said so.
 */
@Tag("fast")
class ForeignRowsTest {
  private static TableCount counted(long rows, long min, long max) {
    return new TableCount("t", true, rows, min, max, rows > 0, rows);
  }

  // too many rows to count: the key's ends only
  private static TableCount big(long min, long max) {
    return new TableCount("t", true, TableCount.NOT_COUNTED, min, max, true, max - min + 1);
  }

  @AfterEach
  void forget() {
    ForeignRows.forget();
  }

  @Test
  void exactCountsAgainstWhatTheRunWrote() {
    ForeignRows.Written wrote600 = new ForeignRows.Written(600, 0, 0, false);
    // 20050 + 600 = 20650: as the run left it
    assertEquals(0, ForeignRows.table(counted(20_050, 1, 20_050), counted(20_650, 1, 20_663), wrote600).foreign());
    // 300 rows more: another client's
    ForeignRows.Table more = ForeignRows.table(counted(20_050, 1, 20_050), counted(20_950, 1, 20_963), wrote600);
    assertEquals(300, more.foreign());
    assertEquals("count", more.by());
    // 10 fewer than it left: someone deleted them
    assertEquals(-10, ForeignRows.table(counted(20_050, 1, 20_050), counted(20_640, 1, 20_663), wrote600).foreign());
    // inserts and as many deletes (iibench l.i1): 1000 in, 1000 out
    assertEquals(0, ForeignRows.table(counted(5000, 1, 5000), counted(5000, 1001, 6000),
        new ForeignRows.Written(1000, 1000, 0, false)).foreign());
  }

  @Test
  void theRowsOfFailedWritesAreToleratedAndNoMore() {
    // 50 rows in failed batches: stored or not, the server alone knows
    ForeignRows.Written w = new ForeignRows.Written(950, 0, 50, false);
    assertEquals(0, ForeignRows.table(counted(0, 0, 0), counted(1000, 1, 1000), w).foreign(), "all 50 stored");
    assertEquals(0, ForeignRows.table(counted(0, 0, 0), counted(950, 1, 1000), w).foreign(), "none stored");
    assertEquals(51, ForeignRows.table(counted(0, 0, 0), counted(1001, 1, 1001), w).foreign(), "one more is another's");
  }

  @Test
  void aTableTooLargeToCountIsComparedByItsKeysSpan() {
    ForeignRows.Written in = new ForeignRows.Written(1_000_000, 0, 0, false);
    // keys 1..3e9 at the start, 1e6 inserted: the span grows by 1e6
    ForeignRows.Table t = ForeignRows.table(big(1, 3_000_000_000L), big(1, 3_001_000_000L), in);
    assertEquals(0, t.foreign());
    assertEquals("key span", t.by());
    assertEquals(300, ForeignRows.table(big(1, 3_000_000_000L), big(1, 3_001_000_300L), in).foreign());
    // l.i1 at that size: the oldest rows out as many as in, the span kept
    assertEquals(0, ForeignRows.table(big(1, 3_000_000_000L), big(1_000_001, 3_001_000_000L),
        new ForeignRows.Written(1_000_000, 1_000_000, 0, false)).foreign());
    // a table small at the start and too large at the end: spans both
    assertEquals(0, ForeignRows.table(counted(10, 1, 10), big(1, 1_000_010), in).foreign());
  }

  @Test
  void aTableTheRunMadeAfreshCountsFromNothing() {
    // dropped and loaded: what it held before is not the base
    ForeignRows.Written load = new ForeignRows.Written(20_000, 0, 0, true);
    assertEquals(0, ForeignRows.table(counted(100_300, 1, 100_300), counted(20_000, 1, 20_000), load).foreign());
    // absent at the start: created by the run
    assertEquals(0, ForeignRows.table(TableCount.absent("t"), counted(20_000, 1, 20_000),
        new ForeignRows.Written(20_000, 0, 0, false)).foreign());
    assertEquals(50, ForeignRows.table(TableCount.absent("t"), counted(20_050, 1, 20_050),
        new ForeignRows.Written(20_000, 0, 0, false)).foreign());
  }

  @Test
  void tablesThatCannotBeComparedSaySo() {
    TableCount noKey = new TableCount("t", true, TableCount.NOT_COUNTED, 0, 0, false, 5_000_000);
    ForeignRows.Table t = ForeignRows.table(noKey, noKey, new ForeignRows.Written(0, 0, 0, false));
    assertFalse(t.compared());
    assertEquals(0, t.foreign());
    List<ForeignRows.Table> none = ForeignRows.compare(List.of(counted(10, 1, 10)), List.of(counted(20, 1, 20)),
        Map.of(), null);
    assertEquals("the workload does not say what it wrote there", none.get(0).by());
    assertEquals(0, ForeignRows.foreign(none));
    List<ForeignRows.Table> clients = ForeignRows.compare(List.of(counted(10, 1, 10)), List.of(counted(20, 1, 20)),
        Map.of("t", new ForeignRows.Written(5, 0, 0, false)), "this run is one of 2 clients writing the same tables");
    assertEquals("t: not compared (this run is one of 2 clients writing the same tables)",
        ForeignRows.line(clients).substring("[TABLES] ".length()));
  }

  @Test
  void theRunCountsItsTablesAtItsStartAndEndAndSaysWhatItFound() {
    long[] rows = {100_000};
    ForeignRows.countAtStart(() -> List.of(counted(rows[0], 1, rows[0])), null);
    ForeignRows.written(() -> Map.of("t", new ForeignRows.Written(50_000, 0, 0, false)));
    rows[0] = 150_300;
    List<ForeignRows.Table> judged = ForeignRows.judge(null);
    assertEquals(300, ForeignRows.foreign(judged));
    assertEquals("[TABLES] ROWS THIS RUN DID NOT WRITE (another client?): t: 300 rows more than this run wrote:"
        + " 100000 rows at the start, 150300 rows at the end (inserted 50000; by count)", ForeignRows.line(judged));
    Map<String, Object> json = ForeignRows.json(judged);
    assertEquals(true, json.get("marked"));
    assertEquals(300L, json.get("foreign_rows"));
    assertEquals(100_000L, json.get("t.start_rows"));
    assertEquals(150_300L, json.get("t.end_rows"));
    assertEquals(50_000L, json.get("t.inserted"));
    assertEquals(1.0, ForeignRows.rows(judged).get("Marked"));
    // the same answer on a second call: counted once
    rows[0] = 1;
    assertEquals(judged, ForeignRows.judge(null));
  }

  @Test
  void anInterruptedRunOrOneThatCountedNothingSaysSo() {
    ForeignRows.countAtStart(() -> List.of(counted(10, 1, 10)), null);
    List<ForeignRows.Table> t = ForeignRows.judge("not measured: the run was interrupted");
    assertEquals("not measured: the run was interrupted", t.get(0).by());
    assertEquals(0, ForeignRows.foreign(t));
    ForeignRows.forget();
    ForeignRows.countAtStart(List::of, null);
    assertTrue(ForeignRows.judge(null).isEmpty(), "a binding that counts nothing");
    assertNull(ForeignRows.line(List.of()));
    assertNull(ForeignRows.json(List.of()));
  }
}
