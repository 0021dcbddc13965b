package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What {@code JdbcClient} hands the stores of its client thread: the thread's connection and the
 * options it was opened with. A store shares the connection with YCSB's operations, so it
 * commits its own work when autocommit is off. A store that needs a connection of its own (as
 * LinkBench holds a read-write one beside its read-only one) opens it with {@link #openAnother},
 * and {@code JdbcClient.cleanup()} closes it with the thread's. Both re-open themselves after the
 * server went away (see {@link ReopeningConnection}): a store may hold them and the statements it
 * prepared for the whole run.
 *
 * @param others connections opened by {@link #openAnother}, closed by {@link #closeOthers}
 */
public record ClientConnection(Connection connection, JdbcOptions options, List<Connection> others) {
  public ClientConnection(Connection connection, JdbcOptions options) {
    this(connection, options, new ArrayList<>());
  }

  /**
   * Another connection to the same server for this client thread, with these driver options
   * set over the user's URL; closed by {@link #closeOthers()}.
   */
  public Connection openAnother(Map<String, String> driverOptions) {
    Connection c = ReopeningConnection.open(options, driverOptions);
    others.add(c);
    return c;
  }

  /**
   * Puts a new driver connection behind a connection of this client (its statements are
   * prepared again at their next use), for a verification that must not run on a connection
   * that died unnoticed.
   */
  public static void renew(Connection c) throws SQLException {
    ReopeningConnection.renew(c);
  }

  /**
   * Rows a statement wrote and returned as a query's rows (INSERT ... RETURNING), which gives the
   * client no update count: counted as this run's rows sent (see {@link SentRows}).
   */
  public static void wroteReturning(int rows) {
    SentRows.updated(rows);
  }

  /** Closes the connections {@link #openAnother} opened (their uncommitted work is rolled back). */
  public void closeOthers() {
    for (Connection c : others) {
      try {
        c.close();
      } catch (SQLException ignored) {
        // nothing left to save
      }
    }
    others.clear();
  }
}
