package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The dialects' reads of the server's catalog (information_schema, pg_catalog, SHOW): a query
 * run, its rows handed over one by one. One place for the statement's and result's lifetimes, so
 * that each dialect's method says only its SQL and what a row means.
 */
final class CatalogQueries {
  /** What a dialect takes from one row of a catalog query. */
  interface Row {
    void read(ResultSet rs) throws SQLException;
  }

  private CatalogQueries() {
  }

  /** Runs {@code sql} with the table's name as its one parameter, handing each row to {@code row}. */
  static void forEachRow(Connection c, String sql, String table, Row row) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, table);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          row.read(rs);
        }
      }
    }
  }

  /** The first column of each row of {@code sql} about {@code table}, lower case, in the rows' order. */
  static List<String> names(Connection c, String sql, String table) throws SQLException {
    List<String> out = new ArrayList<>();
    forEachRow(c, sql, table, rs -> out.add(rs.getString(1).toLowerCase(Locale.ROOT)));
    return out;
  }

  /** The first column of the first row of {@code sql} about {@code table}; empty when there is no row. */
  static Optional<String> first(Connection c, String sql, String table) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, table);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? Optional.of(String.valueOf(rs.getString(1))) : Optional.empty();
      }
    }
  }

  /** The first column of the first row of a query without parameters (a setting, a version); null when no row. */
  static String value(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return rs.next() ? rs.getString(1) : null;
    }
  }

  /** {@code n} question marks for an IN list (one when {@code n} is 0, bound to '' by {@link #bind}). */
  static String marks(int n) {
    return String.join(", ", Collections.nCopies(Math.max(1, n), "?"));
  }

  /** Binds {@code values} from parameter {@code first} on; an empty list binds '' (an IN list matching nothing). */
  static void bind(PreparedStatement ps, List<String> values, int first) throws SQLException {
    if (values.isEmpty()) {
      ps.setString(first, "");
    }
    for (int i = 0; i < values.size(); i++) {
      ps.setString(first + i, values.get(i));
    }
  }
}
