package site.ycsbx.workloads.iibench;

import java.util.List;
import java.util.Locale;
import java.util.Properties;
import site.ycsbx.store.IndexSpec;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.iibench.IIBenchTable;
import site.ycsbx.store.iibench.RowDomain;
import site.ycsbx.workloads.StoredCheck;

/**
 * {@code bin/ycsb verify} of iibench's tables: each holds the rows a load of these properties
 * inserts ({@code iibench.rows} or {@code recordcount}, its share with {@code iibench.tableperthread}),
 * every secondary index counts as many rows as the table, and no row holds values the generator
 * cannot make. Rows are random and timed by the clock, so they are not regenerated one by one.
 */
final class StoredIIBench {
  /** The generator's bounds (see {@link RowGenerator}). */
  static final RowDomain DOMAIN = new RowDomain(RowGenerator.CASH_REGISTERS, RowGenerator.CUSTOMERS,
      RowGenerator.PRODUCTS, 5.0);

  private StoredIIBench() {
  }

  static StoredCheck check(Properties props, IIBenchStore store) throws StoreException {
    IIBenchSettings s = new IIBenchSettings(StoredCheck.asLoad(props));
    StoredCheck c = new StoredCheck("IIBENCH-VERIFY");
    List<IIBenchTable> tables = s.tables();
    long[] quotas = s.quotas();
    for (int i = 0; i < tables.size(); i++) {
      IIBenchTable t = tables.get(i);
      long expected = tables.size() == 1 ? s.rows() : quotas[i];
      long rows = store.count(t);
      if (rows != expected) {
        c.mismatch(String.format(Locale.ROOT, "%s: %d rows, %d expected (%+d)", t.name(), rows, expected,
            rows - expected));
      }
      for (IndexSpec index : t.secondaryIndexes()) {
        long through = store.countThroughIndex(t, index);
        if (through != rows) {
          c.mismatch(String.format(Locale.ROOT, "%s: index %s counts %d rows, the table %d", t.name(), index.name(),
              through, rows));
        }
      }
      long outside = store.countOutside(t, DOMAIN);
      if (outside != 0) {
        c.mismatch(String.format(Locale.ROOT, "%s: %d rows hold values the generator cannot make (%s)", t.name(),
            outside, "ids out of range, or a price outside customerid / 100 .. + 5"));
      }
      c.checking(String.format(Locale.ROOT, "%s: %d rows expected, each of %d secondary indexes counted, values"
          + " against the generator's ranges", t.name(), expected, t.indexes()));
      c.covered(String.format(Locale.ROOT, "%s: %d rows", t.name(), rows));
    }
    return c;
  }
}
