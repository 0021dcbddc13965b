package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import site.ycsbx.store.TableCount;

/**
 * What a run's tables hold, cheaply at any size ({@link TableCount}): the server's estimate
 * (InnoDB's and MyRocks' {@code TABLE_ROWS}, PostgreSQL's {@code reltuples} and
 * {@code n_live_tup}), the two ends of a single-column integer primary key (read from the index:
 * iibench's transactionid, sysbench's id), and an exact {@code COUNT(*)} only where the estimate,
 * the key's span and the table's bytes all say it is small: no full count of a table of billions
 * of rows.
 */
public final class TableCounts {
  /** Above this many rows (by the estimate or the key's span) a table is not counted exactly. */
  static final long EXACT_LIMIT = 1_000_000;
  /** Fewer bytes than any row takes on storage with its header (PostgreSQL's tuple header alone is 23). */
  private static final long MIN_ROW_BYTES = 32;
  private static final Set<String> INTEGERS = Set.of("tinyint", "smallint", "mediumint", "int", "integer", "bigint");

  private TableCounts() {
  }

  public static List<TableCount> of(Connection c, SqlDialect d, List<String> tables) throws SQLException {
    return of(c, d, tables, EXACT_LIMIT);
  }

  /** The same, counting exactly up to {@code exactLimit} rows (tests use a small one). */
  public static List<TableCount> of(Connection c, SqlDialect d, List<String> tables, long exactLimit) throws SQLException {
    boolean pg = d.kind() == SqlDialect.Kind.POSTGRESQL;
    List<TableCount> out = new ArrayList<>();
    for (String t : tables) {
      if (!JdbcOptions.isIdentifier(t)) {
        continue;
      }
      String name = pg ? t.toLowerCase(Locale.ROOT) : t;
      long[] estimate = estimate(c, pg, name);
      if (estimate == null) {
        out.add(TableCount.absent(t));
        continue;
      }
      String key = integerKey(c, pg, name);
      long min = 0;
      long max = 0;
      boolean keyed = false;
      if (key != null) {
        try (Statement s = c.createStatement();
            ResultSet rs = s.executeQuery("SELECT MIN(" + key + "), MAX(" + key + ") FROM " + name)) {
          rs.next();
          min = rs.getLong(1);
          keyed = !rs.wasNull();
          max = rs.getLong(2);
        }
      }
      long span = keyed ? max - min + 1 : 0;
      long rows = TableCount.NOT_COUNTED;
      // statistics lag (a PostgreSQL table never analyzed says 0): its bytes bound its rows too
      if (Math.max(Math.max(estimate[0], estimate[1] / MIN_ROW_BYTES), span) <= exactLimit) {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + name)) {
          rs.next();
          rows = rs.getLong(1);
        }
      }
      out.add(new TableCount(t, true, rows, min, max, keyed, estimate[0]));
    }
    return out;
  }

  /** The server's estimate of the table's rows and its data's bytes; null when the table does not exist. */
  private static long[] estimate(Connection c, boolean pg, String table) throws SQLException {
    String sql = pg ? "SELECT greatest(c.reltuples::bigint, coalesce(s.n_live_tup, 0)), pg_relation_size(c.oid)"
        + " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_stat_user_tables s"
        + " ON s.relid = c.oid WHERE n.nspname = current_schema() AND c.relname = ? AND c.relkind IN ('r', 'p')"
        : "SELECT coalesce(TABLE_ROWS, 0), coalesce(DATA_LENGTH, 0) FROM information_schema.TABLES"
            + " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?";
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql.replace("?", quoted(table)))) {
      return rs.next() ? new long[] {Math.max(0, rs.getLong(1)), Math.max(0, rs.getLong(2))} : null;
    }
  }

  /** The table's primary key column when it is one integer column; null otherwise. */
  private static String integerKey(Connection c, boolean pg, String table) throws SQLException {
    String sql = pg ? "SELECT a.attname, format_type(a.atttypid, NULL) FROM pg_index i JOIN pg_class t ON t.oid ="
        + " i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace JOIN pg_attribute a ON a.attrelid = t.oid AND"
        + " a.attnum = ANY (i.indkey) WHERE i.indisprimary AND n.nspname = current_schema() AND t.relname = ?"
        : "SELECT k.COLUMN_NAME, c.DATA_TYPE FROM information_schema.KEY_COLUMN_USAGE k JOIN information_schema.COLUMNS c"
            + " ON c.TABLE_SCHEMA = k.TABLE_SCHEMA AND c.TABLE_NAME = k.TABLE_NAME AND c.COLUMN_NAME = k.COLUMN_NAME"
            + " WHERE k.TABLE_SCHEMA = DATABASE() AND k.TABLE_NAME = ? AND k.CONSTRAINT_NAME = 'PRIMARY'";
    List<String[]> columns = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql.replace("?", quoted(table)))) {
      while (rs.next()) {
        columns.add(new String[] {rs.getString(1), rs.getString(2).toLowerCase(Locale.ROOT)});
      }
    }
    if (columns.size() != 1 || !INTEGERS.contains(columns.get(0)[1]) || !JdbcOptions.isIdentifier(columns.get(0)[0])) {
      return null;
    }
    return columns.get(0)[0];
  }

  // catalog reads as text statements, the name quoted in: a server at max_prepared_stmt_count has no
  // prepared statement left to give, and the run falls back to client-side ones after these reads. The
  // families' table names are plain identifiers; anything else is not quoted in, whatever the dialect's escapes
  private static String quoted(String v) throws SQLException {
    if (!v.matches("[A-Za-z0-9_$]+")) {
      throw new SQLException("table name " + v + " is not a plain identifier");
    }
    return "'" + v + "'";
  }
}
