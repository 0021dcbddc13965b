package site.ycsbx.db.jdbc;

import java.net.Socket;
import javax.net.SocketFactory;
import site.ycsbx.db.jdbc.conn.HandshakeWatchdog;
import site.ycsbx.db.jdbc.conn.ReadBufferedSocket;
import site.ycsbx.db.jdbc.conn.WatchedSockets;

/**
 * MariaDB Connector/J's sockets ({@code socketFactory} names a {@link SocketFactory} there, not
 * MySQL Connector/J's interface): each watched by {@link HandshakeWatchdog} until
 * the kit's {@code Connector.connect} ends the attempt (the driver has no after-handshake hook;
 * {@link WatchedSockets} keeps each connection's socket for its abort), read through {@link ReadBufferedSocket} (its BufferedInputStream asks {@code available()} before
 * reading on). The driver calls {@link #createSocket()} and connects the socket itself, with
 * connectTimeout as the binding sets it (0: blocking, the watchdog bounds it). Public with a
 * public constructor: the driver creates it by name.
 */
public final class MariaDbWatchedSocketFactory extends ConnectingSocketFactory {
  @Override
  public Socket createSocket() {
    Socket s = new ReadBufferedSocket();
    HandshakeWatchdog.watch(s);
    WatchedSockets.created(s);
    return s;
  }
}
