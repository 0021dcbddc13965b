package site.ycsbx.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Tests that change or rely on a global setting of the shared MariaDB take turns: the shipped insert
 * benchmark's targets set {@code innodb_flush_log_at_trx_commit} with {@code jdbc.before}'s SET GLOBAL
 * and expect their value, so one test's SET GLOBAL between another's and its check contradicts that
 * check (a side-by-side CI run: "target inno-lazy expects ...=2, but its server says ...=1"). Each
 * holds this MariaDB named lock while it runs; closing its session frees the lock, also when the test
 * dies. A turn can last minutes (the tarball's run of that file), so a test that only checks such a
 * file runs it on a MariaDB of its own instead of waiting here.
 */
public final class SharedServerSetting implements AutoCloseable {
  private static final String NAME = "ycsbx_test_innodb_flush_log_at_trx_commit";
  private static final int WAIT_SECONDS = 900;
  private final Connection session;

  private SharedServerSetting(Connection session) {
    this.session = session;
  }

  /** Waits for the lock on the MariaDB at {@code url} (a JDBC URL; the driver comes from the class path). */
  public static SharedServerSetting take(String url, String user, String password) throws SQLException {
    Connection c = DriverManager.getConnection(url, user, password);
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT GET_LOCK('" + NAME + "', "
        + WAIT_SECONDS + ")")) {
      if (!rs.next() || rs.getInt(1) != 1) {
        c.close();
        throw new AssertionError("another test held " + NAME + " on " + url + " for " + WAIT_SECONDS + " s");
      }
    }
    return new SharedServerSetting(c);
  }

  /**
   * Puts InnoDB's default log flush back, then ends the turn: a check that stopped at a target on a
   * closed port never ran the last target's SET GLOBAL that puts it back (seen leaving 2 for the next
   * test, which assumes 1).
   */
  @Override
  public void close() throws SQLException {
    try (Statement s = session.createStatement()) {
      s.execute("SET GLOBAL innodb_flush_log_at_trx_commit=1");
    } finally {
      session.close();
    }
  }
}
