package site.ycsbx.db.jdbc;

import java.net.Socket;
import site.ycsbx.db.jdbc.conn.Connector;
import site.ycsbx.db.jdbc.conn.HandshakeWatchdog;

/**
 * The PostgreSQL driver's plain sockets, each watched by {@link HandshakeWatchdog} until
 * {@link Connector#connect} ends the attempt (pgjdbc has no after-handshake hook); the binding
 * names it in PostgreSQL URLs ({@code socketFactory}) instead of setting a connect and socket
 * timeout, so the socket stays in blocking mode. pgjdbc calls {@link #createSocket()} and then
 * connects the socket itself. Public with a public constructor: the driver creates it by name.
 */
public final class PgWatchedSocketFactory extends ConnectingSocketFactory {
  @Override
  public Socket createSocket() {
    Socket s = new Socket();
    HandshakeWatchdog.watch(s);
    return s;
  }
}
