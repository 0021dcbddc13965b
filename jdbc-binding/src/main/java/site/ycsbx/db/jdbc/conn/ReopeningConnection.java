package site.ycsbx.db.jdbc.conn;

import java.io.IOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import site.ycsbx.faults.Deadline;
import site.ycsbx.faults.Link;
import site.ycsbx.faults.Reconnect;
import site.ycsbx.util.UserError;

/**
 * A client thread's connection that survives the server going away: the {@link Connection} it
 * hands out (and every statement prepared on it) forwards to the current driver connection.
 * When a call fails because the connection is gone, the {@link Link} is marked broken and the
 * call's exception goes on to the caller (the operation fails with its real latency). The next
 * call waits the link's backoff and re-opens; statements prepared before are prepared again on
 * the new connection at their next use, with the settings they had, so YCSB's operations and
 * every store re-prepare lazily without knowing. Past {@link Reconnect#GIVE_UP_PROPERTY} calls
 * fail at once.
 */
public final class ReopeningConnection implements InvocationHandler, ReopeningStatement.Owner {
  /** Connection settings replayed on a re-opened connection. */
  private static final Set<String> REPLAYED = Set.of("setAutoCommit", "setTransactionIsolation", "setReadOnly",
      "setCatalog", "setSchema");
  /** Calls that have nothing to do on a connection that is gone (the server dropped its transaction). */
  private static final Set<String> MOOT_WHEN_BROKEN = Set.of("rollback", "close", "clearWarnings");

  private final JdbcOptions options;
  private final Map<String, String> driverOptions;
  private final Link link;
  private final Connection proxy;
  // the last value of each setting, by method name, replayed in the order first set
  private final Map<String, Map.Entry<Method, Object[]>> settings = new LinkedHashMap<>();
  // read by the deadline's thread when it aborts an operation in flight
  private volatile Connection real;
  private final Runnable abort = this::abortInFlight;
  private int generation;
  private boolean closed;

  private ReopeningConnection(JdbcOptions options, Map<String, String> driverOptions) {
    this.options = options;
    this.driverOptions = driverOptions;
    this.link = options.reconnect().link(options.maskedUrl());
    this.real = Connector.open(options, driverOptions);
    this.proxy = (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
        new Class<?>[] {Connection.class}, this);
    Deadline.onExpiry(abort);
  }

  /**
   * Defines the proxy classes of the connection and its statements now (a second call finds them in
   * Proxy's cache). The preflight calls it, and JdbcClient when its class is initialized (under the
   * stock Client): YCSB's Client creates the DB objects before its clock starts, while the client
   * threads' first connections would otherwise generate the classes inside it (the other threads
   * waiting for the first).
   * CallableStatement's (240 methods) is left to the first prepareCall: no workload makes one.
   */
  public static void defineProxyClasses() {
    InvocationHandler none = (p, m, args) -> {
      throw new UnsupportedOperationException(m.getName());
    };
    for (Class<?> type : List.of(Connection.class, Statement.class, PreparedStatement.class)) {
      Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, none);
    }
  }

  /**
   * Opens a connection that re-opens itself after the server went away; a {@link UserError}
   * when the first open fails (the server must be there when the run starts).
   */
  public static Connection open(JdbcOptions options, Map<String, String> driverOptions) {
    return new ReopeningConnection(options, driverOptions).proxy;
  }

  @Override
  public Object invoke(Object p, Method m, Object[] args) throws Throwable {
    String name = m.getName();
    Object own = ProxySelf.answer(p, name, args, closed, () -> "reopening connection to " + options.maskedUrl());
    if (own != ProxySelf.PASSED_ON) {
      return own;
    }
    if (name.equals("close")) {
      if (!closed && !link.isBroken()) {
        // what this connection made the server do, told apart from what others did (MariaDB)
        MariaDbServerWork.sessionEnded(real, options);
      }
      closed = true;
      Deadline.remove(abort);
    }
    if (link.isBroken() && MOOT_WHEN_BROKEN.contains(name)) {
      if (name.equals("close")) {
        closeQuietly(real);
      }
      return null;
    }
    Connection c = current();
    if (REPLAYED.contains(name)) {
      settings.put(name, Map.entry(m, args));
    }
    Object result;
    try {
      result = m.invoke(c, args);
    } catch (InvocationTargetException e) {
      throw failed(e.getCause());
    }
    if (result instanceof Statement s) {
      Class<?> type = result instanceof CallableStatement ? CallableStatement.class
          : result instanceof PreparedStatement ? PreparedStatement.class : Statement.class;
      return ReopeningStatement.wrap(this, type, m, args, s, generation);
    }
    return result;
  }

  /**
   * The driver connection to use now: re-opened (after the backoff) when the link is broken; a
   * connection-class SQLException when it cannot be.
   */
  @Override
  public Connection current() throws SQLException {
    if (!link.isBroken()) {
      return real;
    }
    try {
      if (!link.awaitAttempt()) {
        throw new SQLNonTransientConnectionException("no connection: the run gave up on the server ("
            + Reconnect.GIVE_UP_PROPERTY + ")", "08003");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLNonTransientConnectionException("interrupted while waiting to re-open the connection", "08003", e);
    }
    try {
      replace();
    } catch (SQLException e) {
      link.attemptFailed();
      throw e;
    }
    link.restored();
    return real;
  }

  /** Opens a new driver connection with the settings the old one had, and puts it in place. */
  private void replace() throws SQLException {
    Connection fresh;
    try {
      fresh = Connector.open(options, driverOptions);
    } catch (UserError e) {
      throw new SQLNonTransientConnectionException("re-opening the connection failed: " + e.getMessage(), "08001");
    }
    try {
      for (Map.Entry<Method, Object[]> e : settings.values()) {
        e.getKey().invoke(fresh, e.getValue());
      }
    } catch (ReflectiveOperationException e) {
      closeQuietly(fresh);
      Throwable cause = e instanceof InvocationTargetException ? e.getCause() : e;
      throw new SQLNonTransientConnectionException("re-opened connection refused its settings: "
          + Connector.message(cause, options), "08001", cause);
    }
    closeQuietly(real);
    real = fresh;
    generation++;
  }

  /**
   * Replaces the driver connection behind {@code c} (one of this class's) with a new one, for a
   * check that must not run on a connection that died unnoticed; a no-op for any other.
   */
  static void renew(Connection c) throws SQLException {
    if (Proxy.isProxyClass(c.getClass()) && Proxy.getInvocationHandler(c) instanceof ReopeningConnection r) {
      r.renew();
    }
  }

  private void renew() throws SQLException {
    if (link.isBroken()) {
      current(); // re-opened anyway
    } else {
      replace();
    }
  }

  @Override
  public int generation() {
    return generation;
  }

  @Override
  public boolean isBroken() {
    return link.isBroken();
  }

  /** The exception to give the caller; marks the link broken when the connection is gone. */
  @Override
  public Throwable failed(Throwable t) {
    // after maxexecutiontime's grace the connection was aborted on purpose: no outage
    if (t instanceof SQLException e && !Deadline.expired() && isConnectionLoss(e)) {
      link.broken(Connector.message(e, options));
    }
    return t;
  }

  /** Closes the socket under an operation that still waits on the server (see {@link Deadline}). */
  private void abortInFlight() {
    Connector.abort(real);
  }

  private boolean isConnectionLoss(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLRecoverableException || t instanceof SQLNonTransientConnectionException
          || t instanceof SQLTransientConnectionException || t instanceof IOException) {
        return true;
      }
      if (t instanceof SQLException s && s.getSQLState() != null && s.getSQLState().startsWith("08")) {
        return true;
      }
    }
    // e.g. Connector/J's "No operations allowed after statement closed" once the connection died
    try {
      return real.isClosed();
    } catch (SQLException x) {
      return true;
    }
  }

  private static void closeQuietly(Connection c) {
    try {
      c.close();
    } catch (SQLException | RuntimeException ignored) {
      // the server is gone or the connection already closed: nothing to release on its side
    }
  }
}
