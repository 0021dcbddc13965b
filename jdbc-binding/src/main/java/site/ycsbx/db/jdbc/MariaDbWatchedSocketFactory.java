package site.ycsbx.db.jdbc;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.sql.Connection;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import javax.net.SocketFactory;

/**
 * MariaDB Connector/J's sockets ({@code socketFactory} names a {@link SocketFactory} there, not
 * MySQL Connector/J's interface): each watched by {@link HandshakeWatchdog} until
 * {@link Connector#connect} ends the attempt (the driver has no after-handshake hook), read
 * through {@link ReadBufferedSocket} (its BufferedInputStream asks {@code available()} before
 * reading on). The driver calls {@link #createSocket()} and connects the socket itself, with
 * connectTimeout as the binding sets it (0: blocking, the watchdog bounds it). Public with a
 * public constructor: the driver creates it by name.
 */
public final class MariaDbWatchedSocketFactory extends SocketFactory {
  /** The socket this thread's connection attempt created last: the connection's, once open. */
  private static final ThreadLocal<Socket> LAST = new ThreadLocal<>();
  /** Each open connection's socket, for {@link #abort}. */
  private static final Map<Connection, Socket> SOCKETS = Collections.synchronizedMap(new WeakHashMap<>());

  @Override
  public Socket createSocket() {
    Socket s = new ReadBufferedSocket();
    HandshakeWatchdog.watch(s);
    LAST.set(s);
    return s;
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
   * Ends what {@code c} waits on by closing its socket, when it is one of this factory's: the
   * blocked call fails at once and the driver closes the connection. MariaDB Connector/J's own
   * abort, while a call holds the connection, opens a second connection to send KILL, which a
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

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    return connected(new InetSocketAddress(host, port), null);
  }

  @Override
  public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
    return connected(new InetSocketAddress(host, port), new InetSocketAddress(localHost, localPort));
  }

  @Override
  public Socket createSocket(InetAddress host, int port) throws IOException {
    return connected(new InetSocketAddress(host, port), null);
  }

  @Override
  public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
      throws IOException {
    return connected(new InetSocketAddress(address, port), new InetSocketAddress(localAddress, localPort));
  }

  private Socket connected(InetSocketAddress to, InetSocketAddress from) throws IOException {
    Socket s = createSocket();
    if (from != null) {
      s.bind(from);
    }
    s.connect(to);
    return s;
  }
}
