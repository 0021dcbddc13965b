package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import site.ycsbx.store.IndexSpec;

/**
 * The columns, primary key and secondary indexes a workload family's table must have, and why
 * an existing table does not: a table of another shape would fail the run halfway, or (another
 * engine, a missing index) label its results with what was not measured.
 *
 * @param reference the family's name of the table, for messages: "the filemeta spec's files table"
 */
public record TableShape(String reference, Set<String> columns, List<String> primaryKey, List<IndexSpec> indexes) {
  public TableShape {
    columns = new TreeSet<>(columns);
    primaryKey = List.copyOf(primaryKey);
    indexes = List.copyOf(indexes);
  }

  /**
   * Why the existing table cannot be used: another engine than {@code jdbc.engine}, or not this
   * shape. Null when it can.
   *
   * @param engine the table's engine as the server reports it
   * @param engineAsked {@code jdbc.engine}, or null
   * @param fix what the user can do, appended to a shape refusal
   */
  public String unusable(Connection c, SqlDialect d, String table, String engine, String engineAsked, String fix)
      throws SQLException {
    if (engineAsked != null && !engineAsked.equalsIgnoreCase(engine)) {
      return Tables.mismatch(table, engine, engineAsked);
    }
    Set<String> found = d.columns(c, table);
    if (!found.equals(columns)) {
      return "table " + table + " has columns " + String.join(", ", found) + ", not the columns of " + reference + " ("
          + String.join(", ", columns) + "): " + fix;
    }
    List<String> key = d.primaryKey(c, table);
    if (!key.equals(primaryKey)) {
      return "table " + table + " has " + (key.isEmpty() ? "no primary key" : "primary key (" + String.join(", ", key)
          + ")") + ", not the key of " + reference + " (" + String.join(", ", primaryKey) + "): " + fix;
    }
    for (IndexSpec i : indexes) {
      String name = d.indexName(table, i.name());
      Optional<List<String>> cols = Optional.ofNullable(d.secondaryIndexes(c, table).get(name));
      if (!cols.equals(Optional.of(i.columns()))) {
        return "table " + table + " has " + cols.map(f -> "index " + name + " on (" + String.join(", ", f) + ")")
            .orElse("no index " + name) + ", not the index " + i.name() + " (" + String.join(", ", i.columns())
            + ") of " + reference + ": " + fix;
      }
    }
    return null;
  }
}
