package site.ycsbx.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import site.ycsbx.workloads.iibench.IIBenchTable;
import site.ycsbx.workloads.iibench.QueryRow;
import site.ycsbx.workloads.iibench.QueryStart;
import site.ycsbx.workloads.iibench.RowBatch;
import site.ycsbx.workloads.iibench.RowGenerator;
import site.ycsbx.workloads.iibench.SizeReport;

/**
 * What every binding's {@link IIBenchStore} must do, on a real server. A binding's test
 * subclasses it with a store on a fresh database it owns, and tells how to read the index
 * definitions from the server's own catalog.
 */
public abstract class IIBenchStoreContract {
  /** A store on an empty database created for this test. */
  protected abstract IIBenchStore store() throws Exception;

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
      for (IIBenchTable.Index i : t.secondaryIndexes()) {
        expected.put(i.name(), i.columns());
      }
      assertEquals(expected, new java.util.TreeMap<>(secondaryIndexes(t.name())), "indexes of " + t.name());
    }
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
      assertTrue(size.totalBytes() > 1000L * 50, "size " + size);
    } else {
      assertEquals(-1, size.totalBytes(), "a server that reports no size says so: " + size);
    }
  }
}
