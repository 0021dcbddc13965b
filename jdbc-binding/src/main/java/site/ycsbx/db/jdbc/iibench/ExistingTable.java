package site.ycsbx.db.jdbc.iibench;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import site.ycsbx.db.jdbc.conn.SqlDialect;
import site.ycsbx.db.jdbc.conn.Tables;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.iibench.IIBenchTable;

/**
 * Whether an existing iibench table can take a run's rows: the store checks it in
 * {@code prepare}, the preflight before anything is created, with the same words.
 */
final class ExistingTable {
  /** The columns every iibench table has, whatever its padding. */
  private static final Set<String> FIXED = new TreeSet<>(List.of(IIBenchTable.TRANSACTION_ID,
      IIBenchTable.DATE_AND_TIME, IIBenchTable.CASH_REGISTER_ID, IIBenchTable.CUSTOMER_ID, IIBenchTable.PRODUCT_ID,
      IIBenchTable.PRICE));
  /** An iibench table as {@code iibench.drop} may drop it, for messages. */
  static final String WHOSE = "an iibench table (columns among " + String.join(", ", FIXED) + " and padding0..)";

  private ExistingTable() {
  }

  /**
   * Whether a table with these columns is an iibench table, of any padding, engine and indexes:
   * one {@code iibench.drop=true} may replace. A column iibench's tables never have marks someone
   * else's table.
   */
  static boolean isIIBench(Set<String> columns) {
    return !columns.isEmpty() && columns.stream().allMatch(c -> FIXED.contains(c) || c.matches("padding[0-9]+"));
  }

  /** Why {@code iibench.drop=true} must not drop this table; null when it may (absent or iibench's). */
  static String dropRefusal(Connection c, SqlDialect d, String table) throws SQLException {
    return Tables.dropRefusal(c, d, table, ExistingTable::isIIBench, WHOSE, IIBenchStore.DROP_PROPERTY,
        IIBenchStore.TABLE_PROPERTY);
  }

  /**
   * Why an existing table cannot take this run's rows without mislabelling the results: another
   * engine than {@code jdbc.engine}, other columns, or other secondary indexes than asked. Null
   * when it can.
   *
   * @param engine the table's engine
   * @param engineAsked {@code jdbc.engine}, or null
   */
  static String unusable(Connection c, SqlDialect d, IIBenchTable t, String engine, String engineAsked)
      throws SQLException {
    String drop = "; " + IIBenchStore.DROP_PROPERTY + "=true drops it first";
    if (engineAsked != null && !engineAsked.equalsIgnoreCase(engine)) {
      return Tables.mismatch(t.name(), engine, engineAsked) + drop;
    }
    Set<String> expected = new TreeSet<>(List.of(IIBenchTable.TRANSACTION_ID, IIBenchTable.DATE_AND_TIME,
        IIBenchTable.CASH_REGISTER_ID, IIBenchTable.CUSTOMER_ID, IIBenchTable.PRODUCT_ID, IIBenchTable.PRICE));
    for (int f = 0; f < t.paddingFields(); f++) {
      expected.add(IIBenchTable.paddingColumn(f));
    }
    Set<String> actual = d.columns(c, t.name());
    if (!actual.equals(expected)) {
      return "table " + t.name() + " has columns " + String.join(", ", actual) + ", not the iibench columns for "
          + IIBenchStore.PADDING_FIELDS_PROPERTY + "=" + t.paddingFields() + " (" + String.join(", ", expected) + ")"
          + drop + ", or use another " + IIBenchStore.TABLE_PROPERTY;
    }
    Set<List<String>> wanted = new HashSet<>();
    t.secondaryIndexes().forEach(i -> wanted.add(i.columns()));
    Map<String, List<String>> indexes = d.secondaryIndexes(c, t.name());
    if (!new HashSet<>(indexes.values()).equals(wanted) || indexes.size() != wanted.size()) {
      List<String> found = new ArrayList<>();
      indexes.forEach((n, cols) -> found.add(n + " (" + String.join(", ", cols) + ")"));
      return "table " + t.name() + " has " + (found.isEmpty() ? "no secondary index" : "secondary indexes "
          + String.join(", ", found)) + ", not the " + t.indexes() + " of " + IIBenchStore.INDEXES_PROPERTY + "="
          + t.indexes() + " (the results would be labelled wrong)" + drop + suggestedIndexes(indexes);
    }
    return null;
  }

  /** ", or set iibench.indexes=N" when the table has the first N of the spec's indexes. */
  private static String suggestedIndexes(Map<String, List<String>> indexes) {
    for (int n = 0; n <= IIBenchTable.SECONDARY_INDEXES.size(); n++) {
      Set<List<String>> first = new HashSet<>();
      IIBenchTable.SECONDARY_INDEXES.subList(0, n).forEach(i -> first.add(i.columns()));
      if (first.equals(new HashSet<>(indexes.values())) && indexes.size() == n) {
        return ", or set " + IIBenchStore.INDEXES_PROPERTY + "=" + n;
      }
    }
    return "";
  }
}
