package site.ycsbx.db.jdbc;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.net.SocketFactory;

/**
 * A driver's {@link SocketFactory} whose every socket comes from {@link #createSocket()}: the
 * drivers call that one and connect the socket themselves, and the overloads that connect
 * (which {@link SocketFactory} requires) bind and connect such a socket, so that it is watched
 * and read as the driver's own would be.
 */
abstract class ConnectingSocketFactory extends SocketFactory {
  @Override
  public abstract Socket createSocket();

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

  /** A socket of {@link #createSocket()} bound to {@code from} (when not null) and connected; closed when either fails, as Socket's constructors do. */
  private Socket connected(InetSocketAddress to, InetSocketAddress from) throws IOException {
    Socket s = createSocket();
    try {
      if (from != null) {
        s.bind(from);
      }
      s.connect(to);
      return s;
    } catch (IOException | RuntimeException e) {
      s.close();
      throw e;
    }
  }
}
