package site.ycsbx.db.jdbc.sysbench;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import site.ycsbx.db.jdbc.conn.SqlDialect;
import site.ycsbx.db.jdbc.conn.TableShape;
import site.ycsbx.db.jdbc.conn.Tables;
import site.ycsbx.store.sysbench.ReadKey;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.store.sysbench.SysbenchTable;

/**
 * sysbench 1.0's table and statements, as its oltp_common.lua writes them for its mysql and
 * pgsql drivers: the same DDL (id INTEGER AUTO_INCREMENT on MySQL/MariaDB, SERIAL on PostgreSQL),
 * the index k_N created after the rows, and the same SQL text for every statement, so that
 * tables made by either program serve the other.
 */
final class SysbenchSchema {
  static final Set<String> COLUMNS = Set.of(SysbenchTable.ID, SysbenchTable.K, SysbenchTable.C, SysbenchTable.PAD);
  /** The shape an existing sbtestN must have; k_N is checked apart (a table is loaded before it has one). */
  static final TableShape SHAPE = new TableShape("sysbench's sbtest tables", COLUMNS, List.of(SysbenchTable.ID),
      List.of());
  /** What a user can do about an existing table of another shape. */
  static final String FIX = "drop it first (" + SysbenchStore.DROP_PROPERTY + "=true, only for a table of sysbench's"
      + " columns), or use another database";

  private SysbenchSchema() {
  }

  static String createTable(SqlDialect d, SysbenchTable t, String engine) {
    String id = d.kind() == SqlDialect.Kind.POSTGRESQL ? "SERIAL" : "INTEGER NOT NULL AUTO_INCREMENT";
    return d.createTable(t.name(), "id " + id + ", k INTEGER DEFAULT '0' NOT NULL, c CHAR(" + SysbenchTable.C_LENGTH
        + ") DEFAULT '' NOT NULL, pad CHAR(" + SysbenchTable.PAD_LENGTH + ") DEFAULT '' NOT NULL, PRIMARY KEY (id)",
        engine);
  }

  static String createIndex(SysbenchTable t) {
    return "CREATE INDEX " + t.indexName() + " ON " + t.name() + "(k)";
  }

  /**
   * Why an existing table is not sysbench's: another engine, other columns or key, or an index
   * named k_N on something else than k. Null when it is.
   */
  static String unusable(Connection c, SqlDialect d, SysbenchTable t, String engine, String engineAsked)
      throws SQLException {
    String why = SHAPE.unusable(c, d, t.name(), engine, engineAsked, FIX);
    if (why != null) {
      return why;
    }
    List<String> k = d.secondaryIndexes(c, t.name()).get(t.indexName());
    if (k != null && !k.equals(List.of(SysbenchTable.K))) {
      return "table " + t.name() + " has index " + t.indexName() + " on (" + String.join(", ", k) + "), not sysbench's"
          + " on (k): " + FIX;
    }
    return null;
  }

  static boolean hasIndex(Connection c, SqlDialect d, SysbenchTable t) throws SQLException {
    Map<String, List<String>> indexes = d.secondaryIndexes(c, t.name());
    return indexes.containsKey(t.indexName());
  }

  /** The largest id (read from the primary key's end), 0 when the table is empty. */
  static long maxId(Connection c, SysbenchTable t) throws SQLException {
    try (java.sql.Statement s = c.createStatement();
        java.sql.ResultSet rs = s.executeQuery("SELECT COALESCE(MAX(id), 0) FROM " + t.name())) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** How many of the ids 1..tableSize the table holds: a range of the primary key, read to its end. */
  static long idsPresent(Connection c, SysbenchTable t, int tableSize) throws SQLException {
    try (java.sql.Statement s = c.createStatement(); java.sql.ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM "
        + t.name() + " WHERE id BETWEEN 1 AND " + tableSize)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** Why sysbench.drop=true must not drop this table (it has a column sysbench's never has); null when it may. */
  static String dropRefusal(Connection c, SqlDialect d, SysbenchTable t) throws SQLException {
    return Tables.dropRefusal(c, d, t.name(), columns -> !columns.isEmpty() && COLUMNS.containsAll(columns),
        "a sysbench table (columns among id, k, c, pad)", SysbenchStore.DROP_PROPERTY, SysbenchStore.TABLES_PROPERTY);
  }

  /** The load's INSERT of {@code rows} rows with their ids. */
  static String insertRows(SysbenchTable t, int rows) {
    StringBuilder sb = new StringBuilder(40 + rows * 16).append("INSERT INTO ").append(t.name())
        .append("(id, k, c, pad) VALUES ");
    for (int i = 0; i < rows; i++) {
      sb.append(i == 0 ? "(?, ?, ?, ?)" : ",(?, ?, ?, ?)");
    }
    return sb.toString();
  }

  static String pointSelect(SysbenchTable t, ReadKey key) {
    return "SELECT c FROM " + t.name() + " WHERE " + key.column() + "=?";
  }

  static String simpleRange(SysbenchTable t, ReadKey key) {
    return simpleRange(t, key, false);
  }

  /**
   * The range statements take two parameters in either form: sysbench's {@code key BETWEEN ? AND ?}
   * (from, to), or, {@code limited}, the next rows in key order, {@code key >= ? ORDER BY key LIMIT
   * ?} (from, rows); the sum, order and distinct ranges read those rows in a derived table.
   */
  static String simpleRange(SysbenchTable t, ReadKey key, boolean limited) {
    return limited ? "SELECT c FROM " + t.name() + next(key) : "SELECT c FROM " + t.name() + between(key);
  }

  static String sumRange(SysbenchTable t, ReadKey key) {
    return sumRange(t, key, false);
  }

  static String sumRange(SysbenchTable t, ReadKey key, boolean limited) {
    return limited ? "SELECT SUM(k) FROM (SELECT k FROM " + t.name() + next(key) + ") AS r"
        : "SELECT SUM(k) FROM " + t.name() + between(key);
  }

  static String orderRange(SysbenchTable t, ReadKey key) {
    return orderRange(t, key, false);
  }

  static String orderRange(SysbenchTable t, ReadKey key, boolean limited) {
    return limited ? "SELECT c FROM (SELECT c FROM " + t.name() + next(key) + ") AS r ORDER BY c"
        : "SELECT c FROM " + t.name() + between(key) + " ORDER BY c";
  }

  static String distinctRange(SysbenchTable t, ReadKey key) {
    return distinctRange(t, key, false);
  }

  static String distinctRange(SysbenchTable t, ReadKey key, boolean limited) {
    return limited ? "SELECT DISTINCT c FROM (SELECT c FROM " + t.name() + next(key) + ") AS r ORDER BY c"
        : "SELECT DISTINCT c FROM " + t.name() + between(key) + " ORDER BY c";
  }

  private static String between(ReadKey key) {
    return " WHERE " + key.column() + " BETWEEN ? AND ?";
  }

  private static String next(ReadKey key) {
    return " WHERE " + key.column() + " >= ? ORDER BY " + key.column() + " LIMIT ?";
  }

  static String indexUpdate(SysbenchTable t) {
    return "UPDATE " + t.name() + " SET k=k+1 WHERE id=?";
  }

  static String nonIndexUpdate(SysbenchTable t) {
    return "UPDATE " + t.name() + " SET c=? WHERE id=?";
  }

  static String delete(SysbenchTable t) {
    return "DELETE FROM " + t.name() + " WHERE id=?";
  }

  static String insert(SysbenchTable t) {
    return "INSERT INTO " + t.name() + " (id, k, c, pad) VALUES (?, ?, ?, ?)";
  }

  /** Rows, ids and sum of k through the primary key. */
  static String censusByKey(SqlDialect d, SysbenchTable t) {
    return "SELECT COUNT(*), COALESCE(MIN(id), 0), COALESCE(MAX(id), 0), COALESCE(SUM(k), 0) FROM " + t.name()
        + (d.kind() == SqlDialect.Kind.POSTGRESQL ? "" : " FORCE INDEX (PRIMARY)");
  }

  /** Rows and sum of k read from k_N (PostgreSQL: with sequential scans off for the transaction). */
  static String censusByIndex(SqlDialect d, SysbenchTable t) {
    return "SELECT COUNT(k), COALESCE(SUM(k), 0) FROM " + t.name()
        + (d.kind() == SqlDialect.Kind.POSTGRESQL ? "" : " FORCE INDEX (" + t.indexName() + ")");
  }
}
