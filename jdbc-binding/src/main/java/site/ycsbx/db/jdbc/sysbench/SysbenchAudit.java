package site.ycsbx.db.jdbc.sysbench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import site.ycsbx.db.jdbc.conn.KeyGaps;
import site.ycsbx.db.jdbc.conn.SqlDialect;
import site.ycsbx.store.sysbench.RowAudit;
import site.ycsbx.store.sysbench.SysbenchTable;

/**
 * {@link RowAudit} in SQL, the same statements on MariaDB/MySQL and PostgreSQL but for the regular
 * expression operator: one pass counts the ids of 1..table_size, the ids outside it and the rows
 * of values sysbench never writes; only when some are missing does a second pass read the gaps,
 * with LAG(id) over the primary key, so no id travels to the client but the first of each gap.
 */
final class SysbenchAudit {
  private SysbenchAudit() {
  }

  static RowAudit of(Connection conn, SqlDialect d, SysbenchTable t, int tableSize, int limit) throws SQLException {
    String inRange = "id BETWEEN 1 AND " + tableSize;
    String odd = odd(d);
    long present;
    long outside;
    long oddRows;
    try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(CASE WHEN " + inRange
        + " THEN 1 END), COUNT(CASE WHEN NOT (" + inRange + ") THEN 1 END), COUNT(CASE WHEN " + odd + " THEN 1 END)"
        + " FROM " + t.name())) {
      rs.next();
      present = rs.getLong(1);
      outside = rs.getLong(2);
      oddRows = rs.getLong(3);
    }
    List<Long> missing = new ArrayList<>();
    if (present < tableSize) {
      KeyGaps.firstMissing(conn, t.name(), SysbenchTable.ID, 1, tableSize, limit, missing);
    }
    List<Long> firstOutside = new ArrayList<>();
    if (outside > 0) {
      try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery("SELECT id FROM " + t.name()
          + " WHERE NOT (" + inRange + ") ORDER BY id LIMIT " + limit)) {
        while (rs.next()) {
          firstOutside.add(rs.getLong(1));
        }
      }
    }
    List<RowAudit.Row> firstOdd = new ArrayList<>();
    if (oddRows > 0) {
      try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery("SELECT id, k, c, pad FROM " + t.name()
          + " WHERE " + odd + " ORDER BY id LIMIT " + limit)) {
        while (rs.next()) {
          firstOdd.add(new RowAudit.Row(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4)));
        }
      }
    }
    return new RowAudit(tableSize - present, missing, outside, firstOutside, oddRows, firstOdd);
  }

  /** True for a row sysbench cannot have written; CHAR's trailing blanks are not part of the value. */
  static String odd(SqlDialect d) {
    if (d.kind() != SqlDialect.Kind.POSTGRESQL) {
      // MariaDB's and MySQL's regular expressions (PCRE, ICU) take the anchored pattern at about a microsecond a value
      return "(k < " + RowAudit.MIN_K + " OR " + SysbenchTable.C + " NOT REGEXP '" + RowAudit.C_PATTERN + "' OR "
          + SysbenchTable.PAD + " NOT REGEXP '" + RowAudit.PAD_PATTERN + "')";
    }
    // PostgreSQL's takes 17 us a value on it (bench/verify.sh): its LIKE, a character class and a count of dashes
    // say the same in a sixth of the time; ::text drops char(n)'s blanks, as MariaDB's CHAR does
    return "(k < " + RowAudit.MIN_K + " OR NOT " + shape(SysbenchTable.C, RowAudit.C_GROUPS) + " OR NOT "
        + shape(SysbenchTable.PAD, RowAudit.PAD_GROUPS) + ")";
  }

  private static String shape(String column, int groups) {
    String v = column + "::text";
    return "(" + v + " LIKE '" + RowAudit.likeShape(groups) + "' AND " + v + " ~ '^[-0-9]*$' AND length(replace(" + v
        + ", '-', '')) = " + groups * RowAudit.GROUP + ")";
  }
}
