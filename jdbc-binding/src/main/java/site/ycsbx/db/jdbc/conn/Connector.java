package site.ycsbx.db.jdbc.conn;

import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import site.ycsbx.faults.ServerAway;
import site.ycsbx.util.Secrets;
import site.ycsbx.util.UserError;

/** Opens connections, and turns driver errors into one line that never shows the password. */
public final class Connector {
  /** The preflight's catalog and size queries: long enough for a big server, short of a hang. */
  public static final int PREFLIGHT_NETWORK_TIMEOUT_SECONDS = 120;

  private Connector() {
  }

  /**
   * A new connection for checks (the preflight, tests), whose calls fail after
   * {@value #PREFLIGHT_NETWORK_TIMEOUT_SECONDS} s without an answer; a {@link UserError} (target
   * unusable) naming the masked URL on failure.
   */
  public static Connection open(JdbcOptions o) {
    return open(o, Map.of(), PREFLIGHT_NETWORK_TIMEOUT_SECONDS * 1000);
  }

  /**
   * A new connection for a client thread: no limit on a call once connected, or the
   * operation timeout's ({@link JdbcOptions#networkTimeoutMillis()}).
   */
  public static Connection open(JdbcOptions o, Map<String, String> driverOptions) {
    return open(o, driverOptions, o.networkTimeoutMillis());
  }

  /**
   * A new connection with driver options set in its URL over the user's (a store's second
   * connection whose results depend on them, e.g. MySQL's affected-rows count); a
   * {@link UserError} naming the masked URL on failure.
   */
  public static Connection open(JdbcOptions o, Map<String, String> driverOptions, int networkTimeoutMillis) {
    String url = o.connectionUrl();
    for (Map.Entry<String, String> e : new TreeMap<>(driverOptions).entrySet()) {
      url = JdbcUrls.withOptionForced(url, e.getKey(), e.getValue());
    }
    Properties info = new Properties();
    // a user or password in the URL stays in charge unless the properties name one
    if (!o.user().isEmpty()) {
      info.setProperty("user", o.user());
    }
    if (!o.password().isEmpty()) {
      info.setProperty("password", o.password());
    }
    Connection c;
    try {
      c = connect(url, info);
    } catch (SQLException e) {
      throw failure(e, o);
    }
    if (!o.socketTimeoutInUrl()) {
      try {
        // a handshake's socket timeout (see HandshakeWatchdog.CONNECT_TIMEOUT_SECONDS) would cut long queries short;
        // 0 (no limit) keeps a blocking socket blocking
        c.setNetworkTimeout(Runnable::run, networkTimeoutMillis);
      } catch (SQLException e) {
        try {
          c.close();
        } catch (SQLException ignored) {
          // reported below
        }
        throw UserError.target("cannot set the network timeout on " + o.maskedUrl() + ": " + message(e, o));
      }
    }
    return c;
  }

  /**
   * DriverManager's connection, the attempt bounded by {@link HandshakeWatchdog} where the
   * dialect's URL asks for it: one the watchdog ended fails as a timeout (see {@link #describe}).
   */
  static Connection connect(String url, Properties info) throws SQLException {
    try {
      Connection c = DriverManager.getConnection(url, info);
      HandshakeWatchdog.disarm();
      WatchedSockets.attemptEnded(c);
      return c;
    } catch (SQLException e) {
      WatchedSockets.attemptEnded(null);
      if (HandshakeWatchdog.disarm()) {
        SQLException t = new SQLNonTransientConnectionException(e.getMessage(), "08001",
            new SocketTimeoutException("no answer within " + HandshakeWatchdog.CONNECT_TIMEOUT_SECONDS + " s"));
        t.addSuppressed(e);
        throw t;
      }
      throw e;
    } catch (RuntimeException | Error e) {
      WatchedSockets.attemptEnded(null);
      HandshakeWatchdog.disarm();
      throw e;
    }
  }

  /**
   * Ends what {@code c} waits on, whatever the server does: its socket closed where YCSB-X knows
   * it ({@link WatchedSockets#abort}), else the driver's abort.
   */
  public static void abort(Connection c) {
    if (WatchedSockets.abort(c)) {
      return;
    }
    try {
      c.abort(Runnable::run);
    } catch (SQLException | RuntimeException ignored) {
      // closing anyway
    }
  }

  /**
   * A failed connection attempt as the error a run ends with: a {@link ServerAway} when the server
   * was not reached (refused, reset, no answer) or is starting up, which a run that waits for its
   * server at its start tries again; otherwise (an unknown host, a login refused) a UserError.
   */
  static UserError failure(SQLException e, JdbcOptions o) {
    Throwable network = network(e);
    boolean away = network != null && !(network instanceof UnknownHostException)
        || POSTGRES_STARTING.equals(e.getSQLState());
    return away ? new ServerAway(describe(e, o)) : UserError.target(describe(e, o));
  }

  /** PostgreSQL's cannot_connect_now: "the database system is starting up" (or shutting down, in recovery). */
  private static final String POSTGRES_STARTING = "57P03";

  // refused, reset, no route (SocketException), timed out, unknown host: the server was not reached
  private static Throwable network(SQLException e) {
    Throwable network = e;
    while (network != null && !(network instanceof SocketException || network instanceof SocketTimeoutException
        || network instanceof UnknownHostException)) {
      network = network.getCause();
    }
    return network;
  }

  /** One line about a failed connection attempt. */
  static String describe(SQLException e, JdbcOptions o) {
    Throwable network = network(e);
    if (network != null) {
      String why = network instanceof UnknownHostException ? "unknown host " + network.getMessage()
          : network instanceof SocketTimeoutException ? "no answer within " + HandshakeWatchdog.CONNECT_TIMEOUT_SECONDS + " s"
          : String.valueOf(network.getMessage());
      return "cannot reach " + o.maskedUrl() + ": " + why;
    }
    return "cannot connect to " + o.maskedUrl() + ": " + message(e, o);
  }

  /** The first line of a driver message, with the password removed should the driver echo it. */
  public static String message(Throwable e, JdbcOptions o) {
    String m = String.valueOf(e.getMessage()).strip();
    int nl = m.indexOf('\n');
    if (nl >= 0) {
      m = m.substring(0, nl).strip();
    }
    m = Secrets.maskUrl(m);
    if (!o.password().isEmpty()) {
      m = m.replace(o.password(), Secrets.MASK);
    }
    return m;
  }
}
