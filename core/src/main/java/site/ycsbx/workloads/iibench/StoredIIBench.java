package site.ycsbx.workloads.iibench;

import java.util.List;
import java.util.Locale;
import java.util.Properties;
import site.ycsbx.store.IndexSpec;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.iibench.IIBenchTable;
import site.ycsbx.store.iibench.KeyAudit;
import site.ycsbx.store.iibench.StoredRow;
import site.ycsbx.store.iibench.RowDomain;
import site.ycsbx.workloads.StoredCheck;

/**
 * {@code bin/ycsb verify} of iibench's tables: each holds the rows a load of these properties
 * inserts ({@code iibench.rows} or {@code recordcount}, its share with {@code iibench.tableperthread}),
 * every secondary index counts as many rows as the table, and no row holds values the generator
 * cannot make, each such row named by its key. Where the key is SQL's auto-increment transactionid
 * the keys missing are named too. Rows are random and timed by the clock, so they are not
 * regenerated one by one: a value changed to another the generator can make is not found.
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
      c.checking(String.format(Locale.ROOT, "%s: %d rows expected (missing keys named where the key is a number"
          + " given in insert order), each of %d secondary indexes counted, every row's values against the generator's"
          + " ranges", t.name(), expected, t.indexes()));
      long rows = store.count(t);
      String keys = keys(store, t, rows, expected, c);
      for (IndexSpec index : t.secondaryIndexes()) {
        long through = store.countThroughIndex(t, index);
        if (through != rows) {
          c.mismatch(String.format(Locale.ROOT, "%s: index %s counts %d rows, the table %d", t.name(), index.name(),
              through, rows));
        }
      }
      long outside = store.countOutside(t, DOMAIN);
      if (outside != 0) {
        c.mismatches(outside, store.firstOutside(t, DOMAIN, StoredCheck.LISTED).stream().map(r -> t.name() + ": "
            + key(r.key()) + " holds " + why(r)).toList());
      }
      c.covered(String.format(Locale.ROOT, "%s: %d rows%s", t.name(), rows, keys));
    }
    return c;
  }

  /**
   * The rows the table lacks or has too many of, named by key where the key is a number given in
   * insert order: the expected keys are then the {@code expected} from the smallest stored on (1 in
   * a table filled from empty). With the count wrong, the keys of that range not stored and the keys
   * above it are named (and the count, when they do not explain it). Keys unused with the count
   * right (a failed insert's, its rows sent again) are said in the coverage, not a mismatch: the
   * rows are random, so which keys they got says nothing.
   *
   * @return what the coverage line says of the keys
   */
  private static String keys(IIBenchStore store, IIBenchTable t, long rows, long expected, StoredCheck c)
      throws StoreException {
    java.util.Optional<KeyAudit.Span> span = store.keySpan(t);
    String count = String.format(Locale.ROOT, "%s: %d rows, %d expected (%+d)", t.name(), rows, expected,
        rows - expected);
    if (span.isEmpty() || expected == 0) {
      if (rows != expected) {
        c.mismatch(count);
      }
      return "";
    }
    long from = span.get().min();
    long to = from + expected - 1;
    KeyAudit a = store.keyAudit(t, from, to, StoredCheck.LISTED);
    long missing = expected - a.present();
    String range = String.format(Locale.ROOT, "%s %d..%d", IIBenchTable.TRANSACTION_ID, from, to);
    String where = from == 1 ? "" : " (the " + expected + " keys from the smallest stored, " + from + ")";
    if (rows != expected) {
      c.mismatches(missing, a.firstMissing().stream().map(k -> t.name() + ": " + IIBenchTable.TRANSACTION_ID + " " + k
          + " missing" + where).toList());
      c.mismatches(a.beyond(), a.firstBeyond().stream().map(k -> t.name() + ": " + IIBenchTable.TRANSACTION_ID + " "
          + k + " beyond the " + expected + " rows expected (" + range + ")").toList());
      if (missing - a.beyond() != expected - rows) {
        c.mismatch(count);
      }
    }
    return missing > 0 && rows == expected ? ", " + range + " with " + missing + " unused and as many above" : "";
  }

  private static String why(StoredRow r) {
    String why = DOMAIN.why(r.cashRegister(), r.customer(), r.product(), r.price());
    // the server's test and this one are the same bounds; should a float's rounding part them, the row is still named
    return !why.isEmpty() ? why : String.format(Locale.ROOT, "cashregisterid %d, customerid %d, productid %d, price %s,"
        + " which the store found outside the generator's ranges", r.cashRegister(), r.customer(), r.product(),
        r.price());
  }

  /** How a row is named: by transactionid in SQL, by _id on MongoDB. */
  private static String key(String key) {
    return (key.matches("-?[0-9]+") ? IIBenchTable.TRANSACTION_ID : "_id") + " " + key;
  }
}
