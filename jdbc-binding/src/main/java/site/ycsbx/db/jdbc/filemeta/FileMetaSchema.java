package site.ycsbx.db.jdbc.filemeta;

import java.util.HashSet;
import site.ycsbx.db.jdbc.conn.SqlDialect;
import site.ycsbx.db.jdbc.conn.TableShape;
import site.ycsbx.store.filemeta.FileMetaStore;

/**
 * The spec's files table in SQL and its statements, the queries as the spec writes them. Only
 * the type of the two datetime columns differs between servers: DATETIME on MySQL/MariaDB,
 * TIMESTAMP (without time zone) on PostgreSQL, which has no DATETIME; both hold whole seconds
 * here, written and read as UTC wall-clock times, so no session time zone shifts them.
 */
final class FileMetaSchema {
  static final String COLUMNS = String.join(", ", FileMetaStore.COLUMNS);
  static final TableShape SHAPE = new TableShape("the filemeta spec's files table", new HashSet<>(FileMetaStore.COLUMNS),
      java.util.List.of("id"), FileMetaStore.INDEXES);
  /**
   * Parameters one prepared statement may carry (MySQL's server-side statements and
   * PostgreSQL's protocol count them in 16 bits).
   */
  static final int MAX_PARAMETERS = 65535;
  /** Most files one load INSERT carries. */
  static final int MAX_ROWS_PER_INSERT = MAX_PARAMETERS / FileMetaStore.COLUMNS.size();

  private FileMetaSchema() {
  }

  /**
   * Why {@code filemeta.drop=true} must not drop this table: it has a column the spec's files
   * table never has (another engine, key or indexes is what a drop is for). Null when it may.
   */
  static String dropRefusal(java.sql.Connection c, SqlDialect d, String table) throws java.sql.SQLException {
    return site.ycsbx.db.jdbc.conn.Tables.dropRefusal(c, d, table,
        columns -> !columns.isEmpty() && SHAPE.columns().containsAll(columns), SHAPE.reference() + " (columns among "
        + COLUMNS + ")", FileMetaStore.DROP_PROPERTY, FileMetaStore.TABLE_PROPERTY);
  }

  /** Column definitions, primary key included, for the server. */
  static String columnsDdl(SqlDialect d) {
    String datetime = d.kind() == SqlDialect.Kind.POSTGRESQL ? "TIMESTAMP(0)" : "DATETIME";
    return "id BIGINT NOT NULL, path VARCHAR(" + FileMetaStore.MAX_PATH + ") NOT NULL, size BIGINT NOT NULL,"
        + " server_id INT NOT NULL, deleted SMALLINT NOT NULL, last_updated " + datetime + " NOT NULL,"
        + " created " + datetime + " NOT NULL, user_id BIGINT NOT NULL, PRIMARY KEY (id)";
  }

  /** INSERT of {@code rows} files, every column, in the spec's order. */
  static String insert(String table, int rows) {
    StringBuilder row = new StringBuilder("(?");
    for (int i = 1; i < FileMetaStore.COLUMNS.size(); i++) {
      row.append(", ?");
    }
    row.append(')');
    StringBuilder sb = new StringBuilder("INSERT INTO ").append(table).append(" (").append(COLUMNS).append(") VALUES ");
    for (int i = 0; i < rows; i++) {
      sb.append(i == 0 ? "" : ", ").append(row);
    }
    return sb.toString();
  }

  /** Whether the table holds file {@code id} (one primary-key lookup). */
  static boolean holdsId(java.sql.Connection c, String table, long id) throws java.sql.SQLException {
    try (java.sql.PreparedStatement ps = c.prepareStatement("SELECT 1 FROM " + table + " WHERE id=?")) {
      ps.setLong(1, id);
      try (java.sql.ResultSet rs = ps.executeQuery()) {
        return rs.next();
      }
    }
  }

  /** The largest id, -1 when empty (the primary key's last entry). */
  static long maxId(java.sql.Connection c, String table) throws java.sql.SQLException {
    try (java.sql.Statement st = c.createStatement(); java.sql.ResultSet rs = st.executeQuery(maxId(table))) {
      rs.next();
      long max = rs.getLong(1);
      return rs.wasNull() ? -1 : max;
    }
  }

  /** The spec's LATEST_BY_USER. Parameter: user_id. */
  static String latestByUser(String table, int limit) {
    return "SELECT * FROM " + table + " WHERE user_id=? ORDER BY last_updated DESC LIMIT " + limit;
  }

  /** The spec's COUNT_DELETED. Parameter: server_id. */
  static String countDeleted(String table) {
    return "SELECT COUNT(1) FROM " + table + " WHERE server_id=? AND deleted=1";
  }

  /** UPDATE_FILE. Parameters: last_updated, size, id. */
  static String updateFile(String table) {
    return "UPDATE " + table + " SET last_updated=?, size=? WHERE id=?";
  }

  /** DELETE_FILE. Parameter: id. */
  static String deleteFile(String table) {
    return "UPDATE " + table + " SET deleted=1 WHERE id=?";
  }

  /** Files of a user, through either user_id index. Parameter: user_id. */
  static String countByUser(String table) {
    return "SELECT COUNT(1) FROM " + table + " WHERE user_id=?";
  }

  /** The largest id, from the primary key. */
  static String maxId(String table) {
    return "SELECT MAX(id) FROM " + table;
  }

  // ---- the verification: whole-table answers computed by the server

  /** Files per user: through either user_id index. */
  static String filesPerUser(String table) {
    return "SELECT user_id, COUNT(*) FROM " + table + " GROUP BY user_id";
  }

  /** Files and deleted files per server: through server_id_deleted. */
  static String filesPerServer(String table) {
    return "SELECT server_id, COUNT(*), SUM(deleted) FROM " + table + " GROUP BY server_id";
  }

  /** Files of an id range, by id. Parameters: from (included), to (excluded). */
  static String filesBetween(String table) {
    return "SELECT id, path, size, server_id, deleted, last_updated, created, user_id FROM " + table
        + " WHERE id >= ? AND id < ? ORDER BY id";
  }

  /** Parameters: from (included), to (excluded). */
  static String countBetween(String table) {
    return "SELECT COUNT(*) FROM " + table + " WHERE id >= ? AND id < ?";
  }

  /**
   * The gaps in the primary key below files, as (id before the gap or NULL, id after it): LAG reads
   * the key in order on the server (MariaDB 10.2+, PostgreSQL 8.4+), only the gaps come back.
   * Parameters: files, how many gaps.
   */
  static String idGaps(String table) {
    return "SELECT prior_id, id FROM (SELECT id, LAG(id) OVER (ORDER BY id) AS prior_id FROM " + table
        + " WHERE id >= 0 AND id < ?) g WHERE id - COALESCE(prior_id, -1) > 1 ORDER BY id LIMIT ?";
  }

  /** The largest id below files. Parameter: files. */
  static String maxIdBelow(String table) {
    return "SELECT MAX(id) FROM " + table + " WHERE id >= 0 AND id < ?";
  }

  /** Ids outside 0..files-1. Parameters: files, how many. */
  static String idsOutside(String table) {
    return "SELECT id FROM " + table + " WHERE id < 0 OR id >= ? ORDER BY id LIMIT ?";
  }
}
