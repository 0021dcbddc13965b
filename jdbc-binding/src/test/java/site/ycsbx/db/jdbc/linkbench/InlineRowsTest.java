package site.ycsbx.db.jdbc.linkbench;

import static java.util.regex.Matcher.quoteReplacement;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.jdbc.conn.SqlDialect;
import site.ycsbx.db.jdbc.conn.SqlLiterals;
import site.ycsbx.store.linkbench.Link;
import site.ycsbx.store.linkbench.LinkCount;
import site.ycsbx.store.linkbench.Node;

/** The bulk load's text is the prepared statement's with the values in place of the marks. */
@Tag("fast")
class InlineRowsTest {
  @Test
  void theTextIsThePreparedStatementWithItsValues() {
    for (SqlDialect.Kind kind : SqlDialect.Kind.values()) {
      LinkBenchSql sql = kind == SqlDialect.Kind.MYSQL ? new MySqlLinkBenchSql() : new PostgresLinkBenchSql();
      InlineRows rows = new InlineRows(sql, kind);
      List<Link> links = List.of(new Link(1, 7, 2, true, new byte[] {'a', 0}, 3, 100),
          new Link(1, 7, 3, false, new byte[0], 0, 200));
      String text = rows.links("lt", links);
      String bytesA = kind == SqlDialect.Kind.MYSQL ? "x'6100'" : "E'\\\\x6100'";
      String empty = kind == SqlDialect.Kind.MYSQL ? "x''" : "E'\\\\x'";
      assertEquals(sql.insertLinks("lt", 2).replaceFirst("\\(\\?.*?\\)", quoteReplacement("(1, 2, 7, 1, " + bytesA + ", 100, 3)"))
          .replaceFirst("\\(\\?.*?\\)", quoteReplacement("(1, 3, 7, 0, " + empty + ", 200, 0)")), text, kind.name());
      assertEquals(sql.replaceCounts("ct", 1).replace("(?, ?, ?, ?, ?)", "(9, 7, 2, 5, 1)"),
          rows.counts("ct", List.of(new LinkCount(9, 7, 2, 5, 1))), kind.name());
      assertEquals(LinkBenchSchema.insertNodeRows("nt", 1).replace("(?, ?, ?, ?, ?)", "(5, 2, 1, 10, " + bytesA + ")"),
          rows.nodes("nt", List.of(new Node(5, 2, 1, 10, new byte[] {'a', 0}))), kind.name());
      // another table: its own statement, not the last one's
      assertEquals(sql.replaceCounts("ct2", 1).replace("(?, ?, ?, ?, ?)", "(9, 7, 2, 5, 1)"),
          rows.counts("ct2", List.of(new LinkCount(9, 7, 2, 5, 1))), kind.name());
    }
  }

  @Test
  void bytesAreHexDigitsOnly() {
    byte[] all = new byte[256];
    StringBuilder hex = new StringBuilder();
    for (int i = 0; i < 256; i++) {
      all[i] = (byte) i;
      hex.append(String.format("%02x", i));
    }
    assertEquals("x'" + hex + "'", SqlLiterals.appendBytes(SqlDialect.Kind.MYSQL, new StringBuilder(), all).toString());
    assertEquals("E'\\\\x" + hex + "'",
        SqlLiterals.appendBytes(SqlDialect.Kind.POSTGRESQL, new StringBuilder(), all).toString());
    assertEquals("(x'27', x'5c')", SqlLiterals.appendBytes(SqlDialect.Kind.MYSQL,
        SqlLiterals.appendBytes(SqlDialect.Kind.MYSQL, new StringBuilder("("), new byte[] {'\''}).append(", "),
        new byte[] {'\\'}).append(')').toString());
  }

  @Test
  void aStatementWithoutOneRowOfMarksIsRefused() {
    assertThrows(IllegalStateException.class, () -> InlineRows.split("INSERT INTO t VALUES (?, ?), (?, ?)", "t"));
    assertThrows(IllegalStateException.class, () -> InlineRows.split("DELETE FROM t", "t"));
  }
}
