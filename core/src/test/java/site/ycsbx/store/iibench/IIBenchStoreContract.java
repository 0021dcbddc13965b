package site.ycsbx.store.iibench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import site.ycsbx.store.IndexSpec;
import site.ycsbx.store.SizeReport;
import site.ycsbx.store.StoreContract;
import site.ycsbx.store.StoreException;
import site.ycsbx.workloads.iibench.RowGenerator;

/**
 * What every binding's {@link IIBenchStore} must do, on a real server. A binding's test
 * subclasses it with its DB on a fresh database it owns, and tells how to read the index
 * definitions from the server's own catalog.
 */
public abstract class IIBenchStoreContract extends StoreContract<IIBenchStore> {
  protected IIBenchStoreContract() {
    super(IIBenchStore.class);
  }

  /**
   * The secondary indexes of a table as the server's catalog lists them (information_schema,
   * pg_indexes, listIndexes): index name to its columns in order, primary key excluded.
   */
  protected abstract java.util.Map<String, List<String>> secondaryIndexes(String table) throws Exception;

  /** Whether this server reports sizes in bytes (mongo-java-server does not). */
  protected boolean reportsSize() {
    return true;
  }

  private static RowBatch rows(long seed, int n, int paddingFields) {
    RowBatch b = new RowBatch(n, paddingFields);
    new RowGenerator(seed, () -> 1_700_000_000_000L + seed, 50, 90).fill(b, n);
    return b;
  }

  @Test
  void prepareCreatesTheAskedIndexesWithTheSpecColumns() throws Exception {
    IIBenchStore s = store();
    for (int n = 0; n <= 3; n++) {
      IIBenchTable t = new IIBenchTable("iib_idx" + n, n, 0, 10);
      assertEquals(0, s.prepare(t, false));
      java.util.Map<String, List<String>> expected = new java.util.TreeMap<>();
      for (IndexSpec i : t.secondaryIndexes()) {
        expected.put(i.name(), i.columns());
      }
      assertEquals(expected, new java.util.TreeMap<>(secondaryIndexes(t.name())), "indexes of " + t.name());
    }
  }

  @Test
  void indexesBuiltAfterTheRowsAreTheAskedOnes() throws Exception {
    IIBenchStore s = store();
    IIBenchTable bare = new IIBenchTable("iib_after", 0, 0, 10);
    s.prepare(bare, true);
    s.insert(bare, rows(3, 500, 0));
    assertEquals(0, secondaryIndexes(bare.name()).size());
    IIBenchTable indexed = new IIBenchTable("iib_after", 3, 0, 10);
    s.createIndexes(indexed);
    s.createIndexes(indexed); // the indexes it has are kept, not built twice
    java.util.Map<String, List<String>> expected = new java.util.TreeMap<>();
    for (IndexSpec i : indexed.secondaryIndexes()) {
      expected.put(i.name(), i.columns());
    }
    assertEquals(expected, new java.util.TreeMap<>(secondaryIndexes(indexed.name())));
    assertEquals(500, s.prepare(indexed, false), "the table is now the indexed one iibench.indexes=3 appends to");
  }

  @Test
  void insertAppendsAndPrepareNeverDropsUnlessAsked() throws Exception {
    IIBenchStore s = store();
    IIBenchTable t = new IIBenchTable("iib_append", 3, 0, 10);
    s.prepare(t, false);
    s.insert(t, rows(1, 1000, 0));
    s.insert(t, rows(2, 500, 0));
    assertEquals(1500, s.count(t));
    assertEquals(1500, s.prepare(t, false), "a second prepare appends");
    assertEquals(1500, s.count(t));
    assertEquals(0, s.prepare(t, true), "drop=true empties");
    assertEquals(0, s.count(t));
    assertEquals(3, secondaryIndexes(t.name()).size(), "indexes are recreated after a drop");
  }

  @Test
  void queryReturnsRowsAfterTheStartInIndexOrder() throws Exception {
    IIBenchStore s = store();
    IIBenchTable t = new IIBenchTable("iib_query", 3, 0, 10);
    s.prepare(t, false);
    List<QueryRow> all = new ArrayList<>();
    for (int k = 0; k < 3; k++) {
      RowBatch b = rows(10 + k, 400, 0);
      s.insert(t, b);
      for (int i = 0; i < b.size(); i++) {
        all.add(new QueryRow(b.price(i), b.dateAndTime(i), b.customerId(i)));
      }
    }
    all.sort(null);
    QueryRow pivot = all.get(all.size() / 2);
    // start exactly on an existing row: the three-clause form must skip it and its equals
    QueryStart start = new QueryStart(pivot.price(), pivot.dateAndTime(), pivot.customerId());
    List<QueryRow> got = s.query(t, start, 25);
    List<QueryRow> expected = all.stream().filter(r -> r.compareTo(pivot) > 0).limit(25).toList();
    assertEquals(25, got.size());
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.get(i).price(), got.get(i).price(), 1e-3, "price of row " + i);
      assertEquals(expected.get(i).customerId(), got.get(i).customerId(), "customerid of row " + i);
    }
    for (int i = 1; i < got.size(); i++) {
      assertTrue(got.get(i - 1).compareTo(got.get(i)) <= 0, "index order at " + i);
    }
    assertEquals(0, s.query(t, new QueryStart(RowGenerator.MAX_PRICE + 1, 0, 0), 10).size());
  }

  @Test
  void paddedRowsAreStoredAndSized() throws Exception {
    IIBenchStore s = store();
    IIBenchTable t = new IIBenchTable("iib_pad", 3, 2, 50);
    s.prepare(t, false);
    s.insert(t, rows(3, 1000, 2));
    assertEquals(1000, s.count(t));
    SizeReport size = s.size(List.of(t));
    if (reportsSize()) {
      // an engine with memtables may hold the rows in memory only: then they are there, not on storage
      assertTrue(size.totalBytes() + Math.max(0, size.memtableBytes()) > 1000L * 50, "size " + size);
    } else {
      assertEquals(-1, size.totalBytes(), "a server that reports no size says so: " + size);
    }
    assertStoredSizeReported(List.of(t.name()));
  }

  @Test
  void anExistingTableWithMoreIndexesThanAskedIsRefusedAndKept() throws Exception {
    IIBenchStore s = store();
    IIBenchTable three = new IIBenchTable("iib_more", 3, 0, 10);
    s.prepare(three, false);
    s.insert(three, rows(4, 10, 0));
    IIBenchTable one = new IIBenchTable("iib_more", 1, 0, 10);
    StoreException e = assertThrows(StoreException.class, () -> s.prepare(one, false),
        "results would be labelled with 1 index while 3 are maintained");
    assertTrue(e.getMessage().contains(IIBenchStore.INDEXES_PROPERTY) && e.getMessage().contains(IIBenchStore.DROP_PROPERTY),
        "the refusal names the properties that fix it: " + e.getMessage());
    assertEquals(10, s.count(three), "a refused table keeps its rows");
    assertEquals(3, secondaryIndexes("iib_more").size(), "a refused table keeps its indexes");
    assertEquals(0, s.prepare(one, true), "iibench.drop=true replaces it");
    assertEquals(1, secondaryIndexes("iib_more").size());
  }

  @Test
  void valuesAreStoredAsTheBatchHasThem() throws Exception {
    IIBenchStore s = store();
    IIBenchTable t = new IIBenchTable("iib_values_all", 3, 0, 10);
    s.prepare(t, false);
    RowBatch b = new RowBatch(200, 0);
    new RowGenerator(77, () -> 1_700_000_000_789L, 10, 90).fill(b, 200);
    s.insert(t, b);
    List<QueryRow> expected = new ArrayList<>();
    for (int i = 0; i < b.size(); i++) {
      // a 4-byte float column orders rows by the stored float, so the expected order does too
      expected.add(new QueryRow((float) b.price(i), b.dateAndTime(i), b.customerId(i)));
    }
    expected.sort(null);
    List<QueryRow> got = s.query(t, new QueryStart(-1, 0, 0), 1000);
    assertEquals(expected.size(), got.size(), "every row is found from below the lowest price");
    for (int i = 0; i < got.size(); i++) {
      QueryRow e = expected.get(i);
      QueryRow g = got.get(i);
      assertEquals(e.customerId(), g.customerId(), "customerid of row " + i);
      // a 4-byte float column (the reference's FLOAT) keeps the float nearest to the price
      assertEquals(e.price(), g.price(), Math.ulp((float) e.price()), "price of row " + i);
      assertEquals(e.dateAndTime() / 1000, g.dateAndTime() / 1000, "dateandtime of row " + i + " to the second");
    }
  }

  /**
   * {@code bin/ycsb verify}: the generator's rows pass; a row it cannot make (a customer's price
   * below the customer's range) is found, both by the row count and by the value ranges.
   */
  @Test
  void verifyPassesTheGeneratorsRowsAndFindsARowItCannotMake() throws Exception {
    IIBenchStore s = store();
    IIBenchTable t = new IIBenchTable("iib_verify", 3, 0, 50);
    s.prepare(t, true);
    s.insert(t, rows(7, 300, 0));
    java.util.Properties p = new java.util.Properties();
    p.setProperty("recordcount", "300");
    p.setProperty(IIBenchStore.TABLE_PROPERTY, t.name());
    p.setProperty(IIBenchStore.PADDING_LENGTH_PROPERTY, "50");
    site.ycsbx.workloads.StoredCheck ok = new site.ycsbx.workloads.iibench.IIBenchWorkload().verifyStored(p, s);
    assertEquals(0, ok.found(), () -> "untouched rows: " + ok.listed());
    RowBatch changed = new RowBatch(1, 0);
    changed.set(0, 1_700_000_000_000L, 5, 4000, 7, 1.0); // customer 4000's prices start at 40.00
    changed.setSize(1);
    s.insert(t, changed);
    site.ycsbx.workloads.StoredCheck bad = new site.ycsbx.workloads.iibench.IIBenchWorkload().verifyStored(p, s);
    assertEquals(2, bad.found(), () -> "a row the generator cannot make: " + bad.listed());
    // named by its key where the key is a number the server gives in order, else counted
    assertEquals(s.keySpan(t).isPresent() ? "iib_verify: transactionid 301 beyond the 300 rows expected (transactionid"
        + " 1..300)" : "iib_verify: 301 rows, 300 expected (+1)", bad.listed().get(0));
    assertTrue(bad.listed().get(1).endsWith(" holds price 1.0 (the generator makes customerid / 100 .. + 5.0: 40.00 .."
        + " 45.00)"), () -> bad.listed().toString());
    List<StoredRow> named = s.firstOutside(t, new RowDomain(1000, 100_000, 10_000, 5.0), 5);
    assertEquals(1, named.size(), named::toString);
    assertEquals(4000, named.get(0).customer());
    assertEquals(1.0, named.get(0).price(), 1e-6);
  }

  /**
   * Where the key is a number the server gives in insert order (SQL's transactionid), verify reads
   * its span and names the keys of a range missing and those above it.
   */
  @Test
  void keysOfARangeMissingAndAboveItAreNamed() throws Exception {
    IIBenchStore s = store();
    IIBenchTable t = new IIBenchTable("iib_keys", 1, 0, 10);
    s.prepare(t, true);
    assertEquals(java.util.Optional.empty(), s.keySpan(t), "an empty table has no span");
    s.insert(t, rows(3, 300, 0));
    java.util.Optional<KeyAudit.Span> span = s.keySpan(t);
    if (span.isEmpty()) {
      return; // MongoDB's ObjectId: nothing to name by key (the rows are counted)
    }
    assertEquals(new KeyAudit.Span(1, 300), span.get());
    assertEquals(new KeyAudit(300, List.of(301L, 302L, 303L, 304L, 305L), 0, List.of()), s.keyAudit(t, 1, 310, 5));
    assertEquals(new KeyAudit(100, List.of(), 200, List.of(101L, 102L, 103L)), s.keyAudit(t, 1, 100, 3));
    assertEquals(10, s.deleteOldest(t, 10));
    assertEquals(new KeyAudit.Span(11, 300), s.keySpan(t).get());
    assertEquals(new KeyAudit(290, List.of(1L, 2L, 3L), 0, List.of()), s.keyAudit(t, 1, 300, 3));
  }

  /**
   * The insert benchmark's l.i1: each insert followed by a delete of as many of the oldest rows
   * keeps the table's size, and what is left are the newest rows, in the order they went in.
   */
  @Test
  void deletesOfTheOldestRowsKeepTheSizeAndTheNewestRows() throws Exception {
    IIBenchStore s = store();
    IIBenchTable t = new IIBenchTable("iib_delete", 3, 0, 10);
    s.prepare(t, true);
    s.insert(t, rows(21, 300, 0));
    for (int k = 0; k < 4; k++) {
      s.insert(t, rows(22 + k, 100, 0));
      assertEquals(100, s.deleteOldest(t, 100), "round " + k);
      assertEquals(300, s.count(t), "the size stays fixed, round " + k);
    }
    List<Integer> expected = new ArrayList<>();
    for (int k = 1; k < 4; k++) {
      RowBatch b = rows(22 + k, 100, 0);
      for (int i = 0; i < b.size(); i++) {
        expected.add(b.customerId(i));
      }
    }
    List<Integer> left = s.queryByKey(t, 0.0, 1000).stream().map(QueryRow::customerId).toList();
    assertEquals(expected, left, "the first 400 rows are the ones deleted; the rest in key order");
    for (IndexSpec index : t.secondaryIndexes()) {
      assertEquals(300, s.countThroughIndex(t, index), "index " + index.name() + " lost its deleted rows too");
    }
    assertEquals(300, s.deleteOldest(t, 1000), "a delete of more rows than the table holds deletes what it holds");
    assertEquals(0, s.count(t));
    assertEquals(0, s.deleteOldest(t, 10), "nothing to delete in an empty table");
  }

  @Test
  void theQueryByKeyReadsFromTheKeyAtItsPositionInKeyOrder() throws Exception {
    IIBenchStore s = store();
    IIBenchTable t = new IIBenchTable("iib_bykey", 3, 0, 10);
    s.prepare(t, true);
    assertEquals(List.of(), s.queryByKey(t, 0.5, 1), "an empty table has no key");
    RowBatch b = rows(31, 500, 0);
    s.insert(t, b);
    List<QueryRow> first = s.queryByKey(t, 0.0, 5);
    assertEquals(5, first.size());
    for (int i = 0; i < 5; i++) {
      assertEquals(b.customerId(i), first.get(i).customerId(), "row " + i + " of the lowest keys");
      assertEquals((float) b.price(i), first.get(i).price(), Math.ulp((float) b.price(i)), "price of row " + i);
    }
    List<QueryRow> last = s.queryByKey(t, 1.0, 5);
    assertEquals(1, last.size(), "from the highest key there is one row");
    assertEquals(b.customerId(499), last.get(0).customerId());
    List<QueryRow> middle = s.queryByKey(t, 0.5, 1);
    assertEquals(1, middle.size(), "a point query finds one row");
  }
}
