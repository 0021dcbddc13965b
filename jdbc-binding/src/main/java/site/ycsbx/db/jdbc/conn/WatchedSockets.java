package site.ycsbx.db.jdbc.conn;

import java.io.IOException;
import java.net.Socket;
import java.sql.Connection;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The binding's socket factories as the dialects name them in db.url ({@code socketFactory}), and
 * the sockets MariaDB Connector/J's factory created, for {@link Connector}. The drivers create a
 * factory by its class name, which the fingerprint's {@code db.url} shows: the factories stay in
 * {@code site.ycsbx.db.jdbc} (the binding's top, which the kit never imports), where that name has
 * always been, and the kit names them here as text ({@code SocketFactoryNamesTest} holds the names
 * to the classes).
 */
public final class WatchedSockets {
  /** MySQL Connector/J's factory: {@code site.ycsbx.db.jdbc.WatchedSocketFactory}. */
  public static final String MYSQL_FACTORY = "site.ycsbx.db.jdbc.WatchedSocketFactory";
  /** MariaDB Connector/J's factory: {@code site.ycsbx.db.jdbc.MariaDbWatchedSocketFactory}. */
  public static final String MARIADB_FACTORY = "site.ycsbx.db.jdbc.MariaDbWatchedSocketFactory";
  /** The PostgreSQL driver's factory: {@code site.ycsbx.db.jdbc.PgWatchedSocketFactory}. */
  public static final String POSTGRES_FACTORY = "site.ycsbx.db.jdbc.PgWatchedSocketFactory";

  /** The socket this thread's MariaDB connection attempt created last: the connection's, once open. */
  private static final ThreadLocal<Socket> LAST = new ThreadLocal<>();
  /** Each open MariaDB connection's socket, for {@link #abort}. */
  private static final Map<Connection, Socket> SOCKETS = Collections.synchronizedMap(new WeakHashMap<>());

  private WatchedSockets() {
  }

  /** Called by MariaDB Connector/J's factory for each socket it creates on this thread. */
  public static void created(Socket s) {
    LAST.set(s);
  }

  /** Called by {@link Connector#connect} once the attempt on this thread ended: {@code c} (or null) owns its last socket. */
  static void attemptEnded(Connection c) {
    Socket s = LAST.get();
    LAST.remove();
    if (c != null && s != null) {
      SOCKETS.put(c, s);
    }
  }

  /**
   * Ends what {@code c} waits on by closing its socket, when MariaDB Connector/J's factory created
   * it: the blocked call fails at once and the driver closes the connection. MariaDB Connector/J's
   * own abort, while a call holds the connection, opens a second connection to send KILL, which a
   * frozen server leaves waiting for the handshake watchdog (5 s a connection, one after another
   * at the deadline). False when the socket is not known (the driver's abort then).
   */
  static boolean abort(Connection c) {
    Socket s = SOCKETS.remove(c);
    if (s == null) {
      return false;
    }
    try {
      s.close();
    } catch (IOException ignored) {
      // closed anyway
    }
    return true;
  }
}
