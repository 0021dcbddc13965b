package site.ycsbx.db.jdbc.conn;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class CheckedTablesTest {
  /**
   * The preflight marks a table while its own connections prepare on the client, and the first
   * client thread takes the mark after the preflight decided for server-side statements: the
   * driver's URL differs between the two, the mark must still be found (else that thread reads
   * the catalogs again inside YCSB's clock).
   */
  @Test
  void aMarkSurvivesThePreflightsDecisionOnPreparedStatements() {
    Properties p = new Properties();
    p.setProperty(JdbcOptions.URL_PROPERTY, "jdbc:mariadb://127.0.0.1:3306/checked_tables_test");
    p.setProperty("db.user", "u");
    JdbcOptions o = JdbcOptions.parse(p);
    String serverSide = o.connectionUrl();
    ServerStatements.pending(o);
    assertNotEquals(serverSide, o.connectionUrl(), "the preflight's own connections prepare on the client");
    CheckedTables.mark(o, "files");
    ServerStatements.decided(o, new ServerStatements.Decision(true, "it fits", ""));
    assertTrue(o.connectionUrl().contains("useServerPrepStmts=true"), o.connectionUrl());
    assertTrue(CheckedTables.take(o, "files"));
    assertFalse(CheckedTables.take(o, "files"), "each mark serves one prepare");
  }
}
