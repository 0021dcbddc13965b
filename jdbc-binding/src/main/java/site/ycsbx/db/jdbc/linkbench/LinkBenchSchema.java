package site.ycsbx.db.jdbc.linkbench;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import site.ycsbx.db.jdbc.conn.SqlDialect;
import site.ycsbx.db.jdbc.conn.Tables;
import site.ycsbx.store.IndexSpec;
import site.ycsbx.store.linkbench.LinkBenchPlan;

/**
 * LinkBench's three tables in SQL, as its README creates them: the link table keyed by
 * (link_type, id1, id2) with the id1_type index that serves the range query, the count table
 * keyed by (id, link_type), the node table with a server-numbered id. Builds the statements
 * that are the same on every server, and says why an existing table cannot be used.
 */
final class LinkBenchSchema {
  /** The link table's columns, in the order LinkBench selects and inserts them. */
  static final String LINK_COLUMNS = "id1, id2, link_type, visibility, data, time, version";
  static final List<String> LINK_KEY = List.of("link_type", "id1", "id2");
  static final String ID1_TYPE = "id1_type";
  static final IndexSpec ID1_TYPE_INDEX = new IndexSpec(ID1_TYPE,
      List.of("id1", "link_type", "visibility", "time", "id2", "version", "data"));
  static final List<String> COUNT_KEY = List.of("id", "link_type");
  /** The count table's columns, in the order LinkBench inserts them. */
  static final String COUNT_COLUMNS = "id, link_type, count, time, version";
  /** Picks one link by its primary key. Parameters: id1, id2, link_type. */
  static final String WHERE_LINK = " WHERE id1 = ? AND id2 = ? AND link_type = ?";
  static final List<String> NODE_KEY = List.of("id");
  /** LinkBench's visibility values. */
  static final int VISIBLE = 1;
  static final int HIDDEN = 0;
  /**
   * Parameters one prepared statement may carry (MySQL's server-side statements and
   * PostgreSQL's protocol count them in 16 bits); longer bulk inserts are sent in parts.
   */
  static final int MAX_PARAMETERS = 65535;

  private LinkBenchSchema() {
  }

  /** What a table of the plan is, for the shape check and the DDL. */
  enum Kind {
    NODE(Set.of("id", "type", "version", "time", "data"), NODE_KEY, List.of()),
    LINK(Set.of("id1", "id2", "link_type", "visibility", "data", "time", "version"), LINK_KEY, List.of(ID1_TYPE_INDEX)),
    COUNT(Set.of("id", "link_type", "count", "time", "version"), COUNT_KEY, List.of());

    final Set<String> columns;
    final List<String> primaryKey;
    final List<IndexSpec> indexes;

    Kind(Set<String> columns, List<String> primaryKey, List<IndexSpec> indexes) {
      this.columns = new TreeSet<>(columns);
      this.primaryKey = primaryKey;
      this.indexes = indexes;
    }

    String name(LinkBenchPlan plan) {
      return switch (this) {
        case NODE -> plan.nodeTable();
        case LINK -> plan.linkTable();
        case COUNT -> plan.countTable();
      };
    }

    String columnsDdl(LinkBenchSql sql) {
      return switch (this) {
        case NODE -> sql.traits().nodeColumns();
        case LINK -> sql.traits().linkColumns();
        case COUNT -> sql.traits().countColumns();
      };
    }

    /** LinkBench's name of the table, for messages. */
    String reference() {
      return name().toLowerCase(java.util.Locale.ROOT) + "table";
    }
  }

  /** The workload's drop switch (the binding reads no workload class). */
  static final String DROP_PROPERTY = "linkbench.drop";

  /**
   * Why {@value #DROP_PROPERTY}=true must not drop this table: it has a column LinkBench's table
   * of its kind never has (another engine, key or index is what a drop is for). Null when it may.
   */
  static String dropRefusal(Connection c, SqlDialect d, Kind kind, String table) throws SQLException {
    return Tables.dropRefusal(c, d, table, columns -> !columns.isEmpty() && kind.columns.containsAll(columns),
        "LinkBench's " + kind.reference() + " (columns among " + String.join(", ", kind.columns) + ")", DROP_PROPERTY,
        "linkbench." + kind.reference());
  }

  /** Statements creating the table and its indexes. */
  static List<String> create(SqlDialect d, LinkBenchSql sql, Kind kind, String table, String engine) {
    return d.createTableWithIndexes(table, kind.columnsDdl(sql), kind.indexes, engine);
  }

  /**
   * Why an existing table cannot be used: another engine than {@code jdbc.engine}, or not
   * LinkBench's columns, primary key or id1_type index. Null when it can.
   */
  static String unusable(Connection c, SqlDialect d, Kind kind, String table, String engine, String engineAsked)
      throws SQLException {
    if (engineAsked != null && !engineAsked.equalsIgnoreCase(engine)) {
      return Tables.mismatch(table, engine, engineAsked);
    }
    String fix = ": drop it first, or name another " + kind.reference();
    Set<String> columns = d.columns(c, table);
    if (!columns.equals(kind.columns)) {
      return "table " + table + " has columns " + String.join(", ", columns) + ", not LinkBench's " + kind.reference()
          + " columns (" + String.join(", ", kind.columns) + ")" + fix;
    }
    List<String> key = d.primaryKey(c, table);
    if (!key.equals(kind.primaryKey)) {
      return "table " + table + " has " + (key.isEmpty() ? "no primary key" : "primary key (" + String.join(", ", key)
          + ")") + ", not LinkBench's " + kind.reference() + " key (" + String.join(", ", kind.primaryKey) + ")" + fix;
    }
    for (IndexSpec i : kind.indexes) {
      Optional<List<String>> found = Optional.ofNullable(d.secondaryIndexes(c, table).get(d.indexName(table, i.name())));
      if (!found.equals(Optional.of(i.columns()))) {
        return "table " + table + " has " + found.map(f -> "index " + d.indexName(table, i.name()) + " on ("
            + String.join(", ", f) + ")").orElse("no index " + d.indexName(table, i.name())) + ", not LinkBench's "
            + i.name() + " (" + String.join(", ", i.columns()) + ")" + fix;
      }
    }
    return null;
  }

  /** INSERT INTO table (LinkBench's link columns) VALUES with {@code rows} rows of parameters. */
  static String insertLinkRows(String table, int rows) {
    return "INSERT INTO " + table + " (" + LINK_COLUMNS + ") VALUES " + rows(7, rows);
  }

  /**
   * INSERT of one count at version 0, {@code count} being "?" or a number. Parameters: id,
   * link_type, the count when "?", time.
   */
  static String insertCount(String table, String count) {
    return "INSERT INTO " + table + " (" + COUNT_COLUMNS + ") VALUES (?, ?, " + count + ", ?, 0)";
  }

  /** INSERT INTO table (LinkBench's node columns, the id included) VALUES with {@code rows} rows of parameters. */
  static String insertNodeRows(String table, int rows) {
    return "INSERT INTO " + table + " (id, type, version, time, data) VALUES " + rows(5, rows);
  }

  /** {@code rows} groups of {@code columns} parameter marks: "(?, ?), (?, ?)". */
  static String rows(int columns, int rows) {
    StringBuilder row = new StringBuilder("(?");
    for (int i = 1; i < columns; i++) {
      row.append(", ?");
    }
    row.append(')');
    StringBuilder sb = new StringBuilder(rows * (row.length() + 2));
    for (int i = 0; i < rows; i++) {
      sb.append(i == 0 ? "" : ", ").append(row);
    }
    return sb.toString();
  }
}
