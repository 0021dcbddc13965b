package site.ycsbx.db.jdbc.linkbench;

import java.util.List;
import site.ycsbx.db.jdbc.conn.SqlDialect;
import site.ycsbx.db.jdbc.conn.SqlLiterals;
import site.ycsbx.store.linkbench.Link;
import site.ycsbx.store.linkbench.LinkCount;
import site.ycsbx.store.linkbench.Node;

/**
 * The bulk load's multi-row statements with their values in the text, as LinkBench's loader
 * builds them and sends them through a plain Statement: the same statement as the prepared form
 * ({@link LinkBenchSql#insertLinks}, {@link LinkBenchSql#replaceCounts},
 * {@link LinkBenchSchema#insertNodeRows}) with each parameter mark replaced by its value. Binding
 * the 7,168 parameters of a 1,024-row INSERT one by one made the driver spend about half of the
 * loader's client CPU (each set call, then Connector/J's building of the text and escaping of
 * the bytes); here numbers are appended as they are and bytes as hex literals
 * ({@link SqlLiterals}), into one buffer kept for the store's life. Not thread-safe: one per store.
 */
final class InlineRows {
  private final LinkBenchSql sql;
  private final SqlDialect.Kind kind;
  private final StringBuilder sb = new StringBuilder(1 << 16);
  private String[] links;
  private String[] counts;
  private String[] nodes;

  InlineRows(LinkBenchSql sql, SqlDialect.Kind kind) {
    this.sql = sql;
    this.kind = kind;
  }

  /** LinkBench's link insert of these links (columns in {@link LinkBenchSchema#LINK_COLUMNS} order). */
  String links(String table, List<Link> part) {
    if (links == null || !links[2].equals(table)) {
      links = split(sql.insertLinks(table, 1), table);
    }
    return statement(links, part, (out, l) -> {
      out.append(l.id1()).append(", ").append(l.id2()).append(", ").append(l.linkType()).append(", ")
          .append(l.visible() ? LinkBenchSchema.VISIBLE : LinkBenchSchema.HIDDEN).append(", ");
      SqlLiterals.appendBytes(kind, out, l.data()).append(", ").append(l.time()).append(", ").append(l.version());
    });
  }

  /** The counts' statement (id, link_type, count, time, version per row). */
  String counts(String table, List<LinkCount> part) {
    if (counts == null || !counts[2].equals(table)) {
      counts = split(sql.replaceCounts(table, 1), table);
    }
    return statement(counts, part, (out, c) -> out.append(c.id1()).append(", ").append(c.linkType()).append(", ")
        .append(c.count()).append(", ").append(c.time()).append(", ").append(c.version()));
  }

  /** The nodes' insert (id, type, version, time, data per row). */
  String nodes(String table, List<Node> part) {
    if (nodes == null || !nodes[2].equals(table)) {
      nodes = split(LinkBenchSchema.insertNodeRows(table, 1), table);
    }
    return statement(nodes, part, (out, n) -> {
      out.append(n.id()).append(", ").append(n.type()).append(", ").append(n.version()).append(", ").append(n.time())
          .append(", ");
      SqlLiterals.appendBytes(kind, out, n.data());
    });
  }

  /** Writes one row's values, comma-separated, without the parentheses. */
  private interface RowValues<T> {
    void append(StringBuilder out, T row);
  }

  /** {@link #split}'s head, each row in parentheses joined by ", ", then the tail. */
  private <T> String statement(String[] oneRow, List<T> part, RowValues<T> values) {
    sb.setLength(0);
    sb.append(oneRow[0]);
    for (int i = 0; i < part.size(); i++) {
      sb.append(i == 0 ? "(" : ", (");
      values.append(sb, part.get(i));
      sb.append(')');
    }
    return sb.append(oneRow[1]).toString();
  }

  /**
   * The one-row statement's text before and after its row of parameter marks, and the table:
   * n rows are the head, the rows joined by ", ", the tail, as {@link LinkBenchSchema#rows} joins them.
   */
  static String[] split(String oneRow, String table) {
    int open = oneRow.indexOf("(?");
    int close = oneRow.indexOf(')', open);
    if (open < 0 || close < 0 || oneRow.indexOf('?', close) >= 0) {
      throw new IllegalStateException("not a one-row statement with its parameters in one group: " + oneRow);
    }
    return new String[] {oneRow.substring(0, open), oneRow.substring(close + 1), table};
  }
}
