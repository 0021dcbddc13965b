package site.ycsbx.db.jdbc.iibench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import site.ycsbx.db.jdbc.conn.KeyGaps;
import site.ycsbx.db.jdbc.conn.SqlDialect;
import site.ycsbx.store.IndexSpec;
import site.ycsbx.store.iibench.IIBenchTable;
import site.ycsbx.store.iibench.KeyAudit;
import site.ycsbx.store.iibench.RowDomain;
import site.ycsbx.store.iibench.StoredRow;

/**
 * What {@code bin/ycsb verify} reads of an iibench table: rows counted through one secondary
 * index, rows outside the generator's values (counted, the first named), and the transactionids
 * of a range missing or above it. MySQL and MariaDB are told the index (FORCE
 * INDEX); PostgreSQL takes no hint, so the rows are read in the index's order with sequential
 * scans and sorts switched off for the transaction, which leaves it that index.
 */
final class StoredRows {
  private StoredRows() {
  }

  static long throughIndex(Connection c, SqlDialect d, IIBenchTable t, IndexSpec index) throws SQLException {
    try (Statement s = c.createStatement()) {
      if (d.kind() != SqlDialect.Kind.POSTGRESQL) {
        return one(s, "SELECT COUNT(*) FROM " + t.name() + " FORCE INDEX (" + index.name() + ")");
      }
      String cols = String.join(", ", index.columns());
      boolean auto = c.getAutoCommit(); // else the store's commit ends the transaction and its SET LOCAL
      if (auto) {
        s.execute("BEGIN");
      }
      try {
        s.execute("SET LOCAL enable_seqscan = off");
        s.execute("SET LOCAL enable_sort = off");
        s.execute("SET LOCAL enable_bitmapscan = off");
        return one(s, "SELECT COUNT(*) FROM (SELECT " + cols + " FROM " + t.name() + " ORDER BY " + cols + ") AS i");
      } finally {
        if (auto) {
          s.execute("COMMIT");
        }
      }
    }
  }

  static long outside(Connection c, IIBenchTable t, RowDomain domain) throws SQLException {
    try (Statement s = c.createStatement()) {
      return one(s, "SELECT COUNT(*) FROM " + t.name() + " WHERE " + domain.sqlOutside());
    }
  }

  static List<StoredRow> firstOutside(Connection c, IIBenchTable t, RowDomain domain, int limit) throws SQLException {
    List<StoredRow> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT " + IIBenchTable.TRANSACTION_ID + ", "
        + IIBenchTable.CASH_REGISTER_ID + ", " + IIBenchTable.CUSTOMER_ID + ", " + IIBenchTable.PRODUCT_ID + ", "
        + IIBenchTable.PRICE + " FROM " + t.name() + " WHERE " + domain.sqlOutside() + " ORDER BY "
        + IIBenchTable.TRANSACTION_ID + " LIMIT " + limit)) {
      while (rs.next()) {
        out.add(new StoredRow(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getDouble(5)));
      }
    }
    return out;
  }

  /** The two ends of transactionid (read from the primary key); empty for an empty table. */
  static Optional<KeyAudit.Span> span(Connection c, IIBenchTable t) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT MIN(" + IIBenchTable.TRANSACTION_ID
        + "), MAX(" + IIBenchTable.TRANSACTION_ID + ") FROM " + t.name())) {
      rs.next();
      long min = rs.getLong(1);
      return rs.wasNull() ? Optional.empty() : Optional.of(new KeyAudit.Span(min, rs.getLong(2)));
    }
  }

  static KeyAudit keys(Connection c, IIBenchTable t, long from, long to, int limit) throws SQLException {
    String id = IIBenchTable.TRANSACTION_ID;
    long present;
    long beyond;
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(CASE WHEN " + id + " BETWEEN "
        + from + " AND " + to + " THEN 1 END), COUNT(CASE WHEN " + id + " > " + to + " THEN 1 END) FROM " + t.name())) {
      rs.next();
      present = rs.getLong(1);
      beyond = rs.getLong(2);
    }
    List<Long> missing = new ArrayList<>();
    if (present < to - from + 1) {
      KeyGaps.firstMissing(c, t.name(), id, from, to, limit, missing);
    }
    List<Long> above = new ArrayList<>();
    if (beyond > 0) {
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT " + id + " FROM " + t.name()
          + " WHERE " + id + " > " + to + " ORDER BY " + id + " LIMIT " + limit)) {
        while (rs.next()) {
          above.add(rs.getLong(1));
        }
      }
    }
    return new KeyAudit(present, missing, beyond, above);
  }

  private static long one(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
