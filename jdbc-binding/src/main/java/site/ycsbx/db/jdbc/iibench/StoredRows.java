package site.ycsbx.db.jdbc.iibench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import site.ycsbx.db.jdbc.SqlDialect;
import site.ycsbx.store.IndexSpec;
import site.ycsbx.store.iibench.IIBenchTable;
import site.ycsbx.store.iibench.RowDomain;

/**
 * What {@code bin/ycsb verify} reads of an iibench table: rows counted through one secondary
 * index, and rows outside the generator's values. MySQL and MariaDB are told the index (FORCE
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

  private static long one(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
