package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.SQLException;
import site.ycsbx.store.StoreException;

/**
 * How every store of the binding turns a failed statement into its {@link StoreException}: the
 * transaction rolled back, one line naming the table and the operation, the driver's message
 * without its stack of lines and with the password masked ({@link Connector#message}).
 */
public final class JdbcErrors {
  /** A store call's work on a connection; a StoreException it throws (a refusal) passes unchanged. */
  @FunctionalInterface
  public interface Work<T> {
    T run() throws SQLException, StoreException;
  }

  private JdbcErrors() {
  }

  /** Runs {@code work}; a failure is rolled back on {@code c} and becomes the store's exception. */
  public static <T> T call(Connection c, JdbcOptions options, String table, String op, Work<T> work)
      throws StoreException {
    try {
      return work.run();
    } catch (SQLException e) {
      throw failure(c, options, table, op, e, 1);
    }
  }

  /**
   * The store's exception for {@code e}, after rolling back {@code c} (when not null); a call
   * run {@code attempts} times says so.
   */
  public static StoreException failure(Connection c, JdbcOptions options, String table, String op, SQLException e,
      int attempts) {
    if (c != null) {
      Tables.rollbackQuietly(c);
    }
    return new StoreException(table + " " + op + ": " + Connector.message(e, options)
        + (attempts > 1 ? " (after " + attempts + " attempts)" : ""), e);
  }
}
