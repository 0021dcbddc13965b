package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import site.ycsbx.store.MissingIds;

/**
 * The first integer keys of a range that a table lacks, found on the server: LAG over the primary
 * key (MariaDB 10.2+, MySQL 8, PostgreSQL) gives each stored key its predecessor, and only the
 * first rows where the two are not adjacent reach the client, then the range's end past the
 * largest stored key. Reads the range's part of the key once.
 */
public final class KeyGaps {
  private KeyGaps() {
  }

  /**
   * Adds to {@code out} the keys of {@code from..to} that {@code table} does not hold, in order,
   * until it holds {@code limit}.
   */
  public static void firstMissing(Connection c, String table, String key, long from, long to, int limit,
      List<Long> out) throws SQLException {
    String range = key + " BETWEEN " + from + " AND " + to;
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT prev, " + key + " FROM (SELECT "
        + key + ", COALESCE(LAG(" + key + ") OVER (ORDER BY " + key + "), " + (from - 1) + ") AS prev FROM " + table
        + " WHERE " + range + ") g WHERE " + key + " > prev + 1 ORDER BY " + key + " LIMIT " + limit)) {
      while (rs.next() && out.size() < limit) {
        MissingIds.gap(rs.getLong(1) + 1, rs.getLong(2) - 1, out, limit);
      }
    }
    if (out.size() < limit) {
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT MAX(" + key + ") FROM " + table + " WHERE " + range)) {
        rs.next();
        long last = rs.getLong(1);
        MissingIds.gap(rs.wasNull() ? from : last + 1, to, out, limit);
      }
    }
  }
}
