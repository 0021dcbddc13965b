package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import site.ycsbx.store.ServerWork;

/**
 * MariaDB's and MySQL's counters of rows, for {@link ServerWork}: the handler counters
 * ({@code Handler_write}, {@code Handler_update}, {@code Handler_delete}: rows written;
 * {@code Handler_read_*}: rows read), which the server keeps for the whole server (GLOBAL) and for
 * each connection (SESSION), so this run's own share is known exactly. PostgreSQL keeps no
 * counters per connection: {@link PostgresServerWork} tells this run's share by its relations.
 */
public final class MariaDbServerWork implements ServerWork.Source {
  private static final String QUERY = "SHOW %s STATUS LIKE 'Handler\\_%%'";
  private static final int QUERY_TIMEOUT_SECONDS = 5;

  private final Connection connection;

  private MariaDbServerWork(Connection connection) {
    this.connection = connection;
  }

  /** Offers the source when db.url names MariaDB or MySQL; called by the preflight. */
  public static void offer(JdbcOptions o) {
    if (o.dialect().kind() == SqlDialect.Kind.MYSQL) {
      ServerWork.offer(() -> new MariaDbServerWork(Connector.open(o)));
    }
  }

  /** Adds what a connection of this run made the server do, just before it closes; nothing on other servers. */
  public static void sessionEnded(Connection c, JdbcOptions o) {
    if (o.dialect().kind() != SqlDialect.Kind.MYSQL || site.ycsbx.faults.Deadline.expired()) {
      return; // (past maxexecutiontime's grace the server froze: nothing more is asked of it)
    }
    try {
      ServerWork.sessionEnded(read(c, "SESSION"));
    } catch (SQLException | RuntimeException e) {
      // the connection is gone: its work counts as others' (a false mark is told apart by its reason)
    }
  }

  @Override
  public String describe() {
    return "MariaDB SHOW GLOBAL/SESSION STATUS Handler_write+_update+_delete, Handler_read_*";
  }

  @Override
  public Map<String, Long> wholeServer() {
    try {
      return read(connection, "GLOBAL");
    } catch (SQLException e) {
      return Map.of();
    }
  }

  @Override
  public void close() {
    try {
      ServerWork.sessionEnded(read(connection, "SESSION"));
    } catch (SQLException e) {
      // the server is gone: the sampler's own reads count as others'
    }
    try {
      connection.close();
    } catch (SQLException ignored) {
      // nothing to release on a connection that is gone
    }
  }

  /** Rows written and read, summed from the handler counters of {@code scope} (GLOBAL or SESSION). */
  static Map<String, Long> read(Connection c, String scope) throws SQLException {
    long written = 0;
    long read = 0;
    // a server that stopped answering must not hold up the end of the run: Connector/J's query timeout
    // cancels through a second connection, which a frozen server does not answer either; the socket's does
    c.setNetworkTimeout(Runnable::run, QUERY_TIMEOUT_SECONDS * 1000);
    try (Statement s = c.createStatement()) {
      s.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
      try (ResultSet rs = s.executeQuery(String.format(QUERY, scope))) {
        while (rs.next()) {
          String name = rs.getString(1);
          long v;
          try {
            v = Long.parseLong(rs.getString(2).trim());
          } catch (NumberFormatException e) {
            continue;
          }
          if (name.equalsIgnoreCase("Handler_write") || name.equalsIgnoreCase("Handler_update")
              || name.equalsIgnoreCase("Handler_delete")) {
            written += v;
          } else if (name.regionMatches(true, 0, "Handler_read_", 0, "Handler_read_".length())) {
            read += v;
          }
        }
      }
    }
    Map<String, Long> m = new LinkedHashMap<>();
    m.put(ServerWork.WRITTEN, written);
    m.put(ServerWork.READ, read);
    return m;
  }
}
