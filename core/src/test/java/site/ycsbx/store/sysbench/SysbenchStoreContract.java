package site.ycsbx.store.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import site.ycsbx.store.StoreContract;

/**
 * What every binding's {@link SysbenchStore} must do, on a real server: sysbench's table filled
 * by id, its k index built after the rows, each statement of the OLTP transaction with the rows
 * it must find, a rollback that undoes, and the census the verification reads. A binding's test
 * subclasses it with its DB on a fresh database it owns.
 */
public abstract class SysbenchStoreContract extends StoreContract<SysbenchStore> {
  private static final int ROWS = 300;

  protected SysbenchStoreContract() {
    super(SysbenchStore.class);
  }

  /** Row i (1-based) of the fixture: k cycles over 1..50 so that k values repeat; c repeats every 7 ids. */
  static int k(int id) {
    return 1 + id % 50;
  }

  /** Of sysbench's shape (groups of 11 digits joined by '-'), as verify expects. */
  static String c(int id) {
    return String.format("%011d", id % 7) + ("-" + "0".repeat(11)).repeat(9);
  }

  static String pad(int id) {
    return String.format("%011d", id) + ("-" + "0".repeat(11)).repeat(4);
  }

  /** A table of {@value #ROWS} rows loaded in batches of 128 (the last one short), and its index. */
  protected final SysbenchTable loaded(SysbenchStore s, int number) throws Exception {
    SysbenchTable t = new SysbenchTable(number);
    assertEquals(0, s.createTable(t, false), "a new table is empty");
    RowBatch b = new RowBatch(128);
    for (int first = 1; first <= ROWS; first += 128) {
      int n = Math.min(128, ROWS - first + 1);
      b.start(first, n);
      for (int i = 0; i < n; i++) {
        b.set(i, k(first + i), c(first + i), pad(first + i));
      }
      s.loadRows(t, b);
    }
    assertFalse(s.hasSecondaryIndex(t), "the load builds k_N after the rows, not with the table");
    s.createSecondaryIndex(t);
    return t;
  }

  private static long sumK(int from, int to) {
    long sum = 0;
    for (int id = from; id <= Math.min(to, ROWS); id++) {
      sum += k(id);
    }
    return sum;
  }

  @Test
  void loadFillsIdsOnceAndTheIndexListsTheRows() throws Exception {
    SysbenchStore s = store();
    SysbenchTable t = loaded(s, 1);
    assertTrue(s.hasSecondaryIndex(t));
    s.createSecondaryIndex(t); // a second build finds it there
    assertEquals(new TableCensus(ROWS, 1, ROWS, sumK(1, ROWS), ROWS, sumK(1, ROWS)), s.census(t));
    assertEquals(ROWS, s.createTable(t, false), "an existing table is kept, not dropped");
    assertEquals(ROWS, s.census(t).rows());
    assertStoredSizeReported(List.of(t.name()));
    assertEquals(0, s.createTable(t, true), "drop=true empties it");
    assertEquals(0, s.census(t).rows());
    assertFalse(s.hasSecondaryIndex(t), "a dropped table is created without k_N");
  }

  @Test
  void readsByIdFindTheRowsOfTheRange() throws Exception {
    SysbenchStore s = store();
    SysbenchTable t = loaded(s, 2);
    assertEquals(List.of(c(42)), s.pointSelect(t, ReadKey.ID, 42));
    assertEquals(List.of(), s.pointSelect(t, ReadKey.ID, ROWS + 1));
    List<String> range = new ArrayList<>();
    for (int id = 101; id <= 200; id++) {
      range.add(c(id));
    }
    assertEquals(range, s.simpleRange(t, KeyRange.between(ReadKey.ID, 101, 200)), "c of ids 101..200 in id order");
    assertEquals(sumK(101, 200), s.sumRange(t, KeyRange.between(ReadKey.ID, 101, 200)));
    assertEquals(range.stream().sorted().toList(), s.orderRange(t, KeyRange.between(ReadKey.ID, 101, 200)));
    assertEquals(List.copyOf(new TreeSet<>(range)), s.distinctRange(t, KeyRange.between(ReadKey.ID, 101, 200)));
    assertEquals(7, s.distinctRange(t, KeyRange.between(ReadKey.ID, 101, 200)).size());
    assertEquals(11, s.simpleRange(t, KeyRange.between(ReadKey.ID, ROWS - 10, ROWS + 89)).size(),
        "a range past the last id finds fewer");
  }

  @Test
  void readsByKGoThroughTheSecondaryKey() throws Exception {
    SysbenchStore s = store();
    SysbenchTable t = loaded(s, 3);
    List<String> withK = new ArrayList<>();
    for (int id = 1; id <= ROWS; id++) {
      if (k(id) == 10) {
        withK.add(c(id));
      }
    }
    assertEquals(6, withK.size());
    assertEquals(withK.stream().sorted().toList(), s.pointSelect(t, ReadKey.K, 10).stream().sorted().toList());
    assertEquals(ROWS / 50 * 3, s.simpleRange(t, KeyRange.between(ReadKey.K, 10, 12)).size());
    assertEquals(6L * (10 + 11 + 12), s.sumRange(t, KeyRange.between(ReadKey.K, 10, 12)));
    List<String> ordered = s.orderRange(t, KeyRange.between(ReadKey.K, 10, 12));
    assertEquals(ordered.stream().sorted().toList(), ordered);
    assertEquals(List.copyOf(new TreeSet<>(ordered)), s.distinctRange(t, KeyRange.between(ReadKey.K, 10, 12)));
  }

  /**
   * The limit form by id: the next 100 ids from the drawn one, all four kinds of range; at the
   * table's end fewer (ids 251..300: 50), past it none. Worked by hand: k = 1 + id % 50 runs over
   * 1..50 once in any 50 consecutive ids, so ids 101..200 sum k to 2 x 1275 and ids 251..300 to 1275.
   */
  @Test
  void limitRangesByIdReadTheNextRangeSizeIds() throws Exception {
    SysbenchStore s = store();
    SysbenchTable t = loaded(s, 10);
    List<String> range = new ArrayList<>();
    for (int id = 101; id <= 200; id++) {
      range.add(c(id));
    }
    KeyRange next100 = KeyRange.first(ReadKey.ID, 101, 100);
    assertEquals(range, s.simpleRange(t, next100), "c of ids 101..200 in id order");
    assertEquals(2 * 1275, s.sumRange(t, next100));
    assertEquals(range.stream().sorted().toList(), s.orderRange(t, next100));
    assertEquals(List.copyOf(new TreeSet<>(range)), s.distinctRange(t, next100));
    assertEquals(7, s.distinctRange(t, next100).size());

    KeyRange atTheEnd = KeyRange.first(ReadKey.ID, 251, 100);
    assertEquals(50, s.simpleRange(t, atTheEnd).size(), "ids 251..300: fewer at the table's end");
    assertEquals(1275, s.sumRange(t, atTheEnd));
    assertEquals(50, s.orderRange(t, atTheEnd).size());
    assertEquals(List.of(c(ROWS)), s.simpleRange(t, KeyRange.first(ReadKey.ID, ROWS, 100)));
    assertEquals(List.of(), s.simpleRange(t, KeyRange.first(ReadKey.ID, ROWS + 1, 100)));
    assertEquals(0, s.sumRange(t, KeyRange.first(ReadKey.ID, ROWS + 1, 100)));
  }

  /**
   * The limit form by k returns range_size rows where BETWEEN does not. Worked by hand: each k of
   * 1..50 is on 6 rows; k >= 10 are 41 values, 246 rows, so BETWEEN 10 AND 109 finds 246 and the
   * next 100 rows in k order are k 10..25 (96 rows) and 4 of the 6 rows of k 26: sum 6 x (10 + .. +
   * 25) + 4 x 26 = 6 x 280 + 104 = 1784, whichever 4 the server takes. Their c (id % 7) take all 7
   * values (the ids of one k step by 50, and 50 % 7 = 1). From k 45: 6 values, 36 rows.
   */
  @Test
  void limitRangesByKReadTheNextRangeSizeRowsInKOrder() throws Exception {
    SysbenchStore s = store();
    SysbenchTable t = loaded(s, 11);
    assertEquals(246, s.simpleRange(t, KeyRange.between(ReadKey.K, 10, 109)).size(), "BETWEEN: as many as fall there");
    KeyRange next100 = KeyRange.first(ReadKey.K, 10, 100);
    assertEquals(100, s.simpleRange(t, next100).size());
    assertEquals(1784, s.sumRange(t, next100));
    List<String> ordered = s.orderRange(t, next100);
    assertEquals(100, ordered.size());
    assertEquals(ordered.stream().sorted().toList(), ordered);
    assertEquals(List.copyOf(new TreeSet<>(ordered)), s.distinctRange(t, next100));
    assertEquals(7, s.distinctRange(t, next100).size());

    KeyRange atTheEnd = KeyRange.first(ReadKey.K, 45, 100);
    assertEquals(36, s.simpleRange(t, atTheEnd).size(), "k 45..50: fewer at the end of k");
    assertEquals(6L * (45 + 46 + 47 + 48 + 49 + 50), s.sumRange(t, atTheEnd));
    assertEquals(36, s.orderRange(t, atTheEnd).size());
    assertEquals(List.of(), s.simpleRange(t, KeyRange.first(ReadKey.K, 51, 100)), "past the largest k");
  }

  @Test
  void writesChangeWhatTheReadsFindAndKeepTheCount() throws Exception {
    SysbenchStore s = store();
    SysbenchTable t = loaded(s, 4);
    assertEquals(1, s.indexUpdate(t, 5));
    assertEquals(k(5) + 1, s.sumRange(t, KeyRange.between(ReadKey.ID, 5, 5)));
    assertEquals(0, s.indexUpdate(t, ROWS + 5), "no such id");
    String newC = "12345678901-".repeat(9) + "12345678901";
    assertEquals(1, s.nonIndexUpdate(t, 6, newC));
    assertEquals(List.of(newC), s.pointSelect(t, ReadKey.ID, 6));
    s.deleteInsert(t, 7, 49_999, c(8), pad(8));
    assertEquals(List.of(c(8)), s.pointSelect(t, ReadKey.K, 49_999), "the row inserted again has its new k");
    assertEquals(49_999, s.sumRange(t, KeyRange.between(ReadKey.ID, 7, 7)));
    TableCensus after = s.census(t);
    assertEquals(ROWS, after.rows(), "a delete and insert of one id keeps the count");
    assertEquals(1, after.minId());
    assertEquals(ROWS, after.maxId());
    assertTrue(after.indexAgrees(), "k_N follows the updates: " + after);
    assertEquals(sumK(1, ROWS) + 1 - k(7) + 49_999, after.sumK());
  }

  /**
   * Whether this store's begin/commit make a transaction on the fixture's server; false for one
   * that runs each step alone there (MongoDB without multi-document transactions).
   */
  protected boolean transactional() {
    return true;
  }

  @Test
  void aRollbackUndoesTheTransactionAndACommitKeepsIt() throws Exception {
    SysbenchStore s = store();
    SysbenchTable t = loaded(s, 5);
    s.begin();
    s.indexUpdate(t, 10);
    s.deleteInsert(t, 11, 7, c(1), pad(1));
    s.rollback();
    int kept = transactional() ? 0 : 1; // each step alone: nothing to roll back
    assertEquals(k(10) + kept, s.sumRange(t, KeyRange.between(ReadKey.ID, 10, 10)),
        "rolled back unless each step stands alone");
    assertEquals(List.of(transactional() ? c(11) : c(1)), s.pointSelect(t, ReadKey.ID, 11));
    s.rollback(); // outside a transaction: nothing to do
    s.begin();
    s.indexUpdate(t, 10);
    s.commit();
    assertEquals(k(10) + 1 + kept, s.sumRange(t, KeyRange.between(ReadKey.ID, 10, 10)));
    assertEquals(ROWS, s.census(t).rows());
  }

  @Test
  void tablesAreApartAndTheStoreSaysHowItRunsTransactions() throws Exception {
    SysbenchStore s = store();
    SysbenchTable a = loaded(s, 6);
    SysbenchTable b = new SysbenchTable(7);
    s.createTable(b, false);
    assertEquals(0, s.census(b).rows());
    assertEquals(ROWS, s.census(a).rows());
    assertFalse(s.transactions().isBlank());
  }

  /**
   * {@code bin/ycsb verify}: the loaded table passes; a row added past table_size, a row deleted,
   * a k and a c sysbench never writes are each named by id, through the store's audit.
   */
  @Test
  void verifyPassesTheLoadedTableAndNamesWhatDiffers() throws Exception {
    SysbenchStore s = store();
    SysbenchTable t = loaded(s, 7);
    java.util.Properties p = new java.util.Properties();
    p.setProperty("sysbench.tables", "7");
    p.setProperty("sysbench.table_size", String.valueOf(ROWS));
    // tables 1..6 do not exist here: verify table 7 alone through its own settings
    site.ycsbx.workloads.StoredCheck ok = new site.ycsbx.workloads.sysbench.SysbenchWorkload().verifyStored(p, s,
        List.of(t));
    assertEquals(0, ok.found(), () -> "untouched: " + ok.listed());
    assertEquals(new RowAudit(0, List.of(), 0, List.of(), 0, List.of()), s.audit(t, ROWS, 20));
    RowBatch extra = new RowBatch(1);
    extra.start(ROWS + 1, 1);
    extra.set(0, k(ROWS + 1), c(ROWS + 1), pad(ROWS + 1));
    s.loadRows(t, extra);
    s.deleteInsert(t, 40, 0, c(40), pad(40)); // k 0: sysbench draws k from 1
    s.deleteInsert(t, 41, k(41), "changed", pad(41));
    // of the right length and dashes, one character off: a letter or a dash for a digit
    s.deleteInsert(t, 42, k(42), "a" + c(42).substring(1), pad(42));
    s.deleteInsert(t, 43, k(43), c(43).substring(0, 5) + "-" + c(43).substring(6), pad(43));
    s.deleteInsert(t, 44, k(44), c(44), pad(44).substring(0, 58) + "x");
    site.ycsbx.workloads.StoredCheck bad = new site.ycsbx.workloads.sysbench.SysbenchWorkload().verifyStored(p, s,
        List.of(t));
    assertEquals(List.of("sbtest7: id " + (ROWS + 1) + " outside 1.." + ROWS + " (sysbench.table_size)",
        "sbtest7: id 40 holds k 0 (sysbench writes k from 1 up)",
        "sbtest7: id 41 holds c \"changed\" (not ten groups of 11 digits joined by '-')",
        "sbtest7: id 42 holds c \"a0000000000-000000...000000-00000000000\" (not ten groups of 11 digits joined by '-')",
        "sbtest7: id 43 holds c \"00000-00001-000000...000000-00000000000\" (not ten groups of 11 digits joined by '-')",
        "sbtest7: id 44 holds pad \"00000000044-000000...000000-0000000000x\" (not five groups of 11 digits joined by"
            + " '-')"), bad.listed());
    s.begin();
    for (int id = 100; id <= 130; id++) {
      s.deleteInsert(t, id, 0, "x", "y"); // deleted and put back: the audit's odd rows are these then
    }
    s.commit();
    RowAudit a = s.audit(t, ROWS + 40, 5); // as if 340 rows a table: ids 302..340 missing
    assertEquals(39, a.missing());
    assertEquals(List.of(302L, 303L, 304L, 305L, 306L), a.firstMissing());
    assertEquals(36, a.odd());
    assertEquals(List.of(40L, 41L, 42L, 43L, 44L), a.firstOdd().stream().map(RowAudit.Row::id).toList());
    assertEquals(0, a.outside());
  }

  /** Ids missing in the middle of the table are named from the gaps, in id order. */
  @Test
  void missingIdsAreNamedFromTheGaps() throws Exception {
    SysbenchStore s = store();
    SysbenchTable t = new SysbenchTable(8);
    s.createTable(t, false);
    RowBatch b = new RowBatch(1);
    for (int id : new int[] {2, 3, 7, 8, 12}) {
      b.start(id, 1);
      b.set(0, k(id), c(id), pad(id));
      s.loadRows(t, b);
    }
    RowAudit a = s.audit(t, 14, 20);
    assertEquals(9, a.missing());
    assertEquals(List.of(1L, 4L, 5L, 6L, 9L, 10L, 11L, 13L, 14L), a.firstMissing());
    RowAudit few = s.audit(t, 14, 4);
    assertEquals(9, few.missing());
    assertEquals(List.of(1L, 4L, 5L, 6L), few.firstMissing());
    RowAudit small = s.audit(t, 7, 20);
    assertEquals(List.of(1L, 4L, 5L, 6L), small.firstMissing());
    assertEquals(2, small.outside());
    assertEquals(List.of(8L, 12L), small.firstOutside());
  }
}
