package site.ycsbx.db.jdbc;

import com.mysql.cj.conf.PropertySet;
import com.mysql.cj.protocol.StandardSocketFactory;
import java.io.IOException;
import java.net.Socket;
import site.ycsbx.db.jdbc.conn.HandshakeWatchdog;
import site.ycsbx.db.jdbc.conn.ReadBufferedSocket;

/**
 * Connector/J's standard sockets, each watched by {@link HandshakeWatchdog} while the connection
 * is being opened; the binding names it in MySQL URLs ({@code socketFactory}) instead of setting
 * a connect and socket timeout, so the socket stays in blocking mode (see HandshakeWatchdog).
 * Their input is read through a buffer of their own ({@link ReadBufferedSocket}): one read a
 * response, no ioctl a read. Public with a public constructor: the driver creates it by name.
 */
public final class WatchedSocketFactory extends StandardSocketFactory {
  @Override
  protected Socket createSocket(PropertySet props) {
    // what StandardSocketFactory creates (a plain unconnected socket), with the buffered input
    Socket s = new ReadBufferedSocket();
    HandshakeWatchdog.watch(s);
    return s;
  }

  @Override
  public void afterHandshake() throws IOException {
    // connected and logged in: nothing left to bound, whoever opened the connection
    HandshakeWatchdog.disarm();
    super.afterHandshake();
  }
}
