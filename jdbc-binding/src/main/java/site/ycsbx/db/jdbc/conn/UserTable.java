package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import site.ycsbx.store.YcsbTable;

/** YCSB's table: a key column and one text column per field, as YCSB's JDBC binding has it. */
public final class UserTable {
  public static final String KEY_COLUMN = "YCSB_KEY";

  /** Whether this JVM's load has dropped YCSB's table ({@value YcsbTable#DROP_PROPERTY}): once, by the first thread. */
  private static boolean dropped;

  private UserTable() {
  }

  /** Column definitions for CREATE TABLE. */
  public static String columnsDdl(SqlDialect d, List<String> fieldNames) {
    StringBuilder sb = new StringBuilder(KEY_COLUMN).append(' ').append(d.keyType()).append(" NOT NULL PRIMARY KEY");
    for (String f : fieldNames) {
      sb.append(", ").append(f.toUpperCase(Locale.ROOT)).append(' ').append(d.fieldType());
    }
    return sb.toString();
  }

  /** Whether a table with these columns (lower case) is one of YCSB's core workloads, of any fieldcount. */
  static boolean isYcsbTable(Set<String> columns, YcsbTable ycsb) {
    Set<String> fields = new HashSet<>(columns);
    return fields.remove(KEY_COLUMN.toLowerCase(Locale.ROOT)) && ycsb.isYcsbRecord(fields);
  }

  /** Why {@value YcsbTable#DROP_PROPERTY}=true must not drop this table; null when it may (absent or YCSB's). */
  public static String dropRefusal(Connection c, SqlDialect d, String table, YcsbTable ycsb) throws SQLException {
    return Tables.dropRefusal(c, d, table, columns -> isYcsbTable(columns, ycsb), "a table of YCSB's core workloads ("
        + ycsb.describeShape(KEY_COLUMN) + ")", YcsbTable.DROP_PROPERTY, JdbcOptions.TABLE_PROPERTY);
  }

  /** Whether the table holds a row with this key. */
  public static boolean holds(Connection c, String table, String key) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM " + table + " WHERE " + KEY_COLUMN + " = ?")) {
      ps.setString(1, key);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next();
      }
    }
  }

  /**
   * Drops YCSB's table once per JVM, before the first insert of a load with
   * {@value YcsbTable#DROP_PROPERTY}=true; every client thread's init waits for it. The
   * preflight refused another table of that name already; checked again here, under the lock.
   */
  public static synchronized void dropOnce(Connection c, JdbcOptions o, java.util.Properties props) throws SQLException {
    if (dropped) {
      return;
    }
    YcsbTable ycsb = YcsbTable.of(props);
    String refused = dropRefusal(c, o.dialect(), o.table(), ycsb);
    if (refused != null) {
      throw new SQLException(refused);
    }
    try (Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + o.table());
    }
    if (!c.getAutoCommit()) {
      c.commit();
    }
    dropped = true;
  }
}
