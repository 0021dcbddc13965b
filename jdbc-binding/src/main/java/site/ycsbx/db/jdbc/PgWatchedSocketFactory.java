package site.ycsbx.db.jdbc;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import javax.net.SocketFactory;
import site.ycsbx.db.jdbc.conn.Connector;
import site.ycsbx.db.jdbc.conn.HandshakeWatchdog;

/**
 * The PostgreSQL driver's plain sockets, each watched by {@link HandshakeWatchdog} until
 * {@link Connector#connect} ends the attempt (pgjdbc has no after-handshake hook); the binding
 * names it in PostgreSQL URLs ({@code socketFactory}) instead of setting a connect and socket
 * timeout, so the socket stays in blocking mode. pgjdbc calls {@link #createSocket()} and then
 * connects the socket itself. Public with a public constructor: the driver creates it by name.
 */
public final class PgWatchedSocketFactory extends SocketFactory {
  @Override
  public Socket createSocket() {
    return watched(new Socket());
  }

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    return watched(new Socket(host, port));
  }

  @Override
  public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
    return watched(new Socket(host, port, localHost, localPort));
  }

  @Override
  public Socket createSocket(InetAddress host, int port) throws IOException {
    return watched(new Socket(host, port));
  }

  @Override
  public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
    return watched(new Socket(address, port, localAddress, localPort));
  }

  private static Socket watched(Socket s) {
    HandshakeWatchdog.watch(s);
    return s;
  }
}
