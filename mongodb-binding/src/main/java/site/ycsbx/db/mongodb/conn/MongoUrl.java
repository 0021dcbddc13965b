package site.ycsbx.db.mongodb.conn;

import com.mongodb.ConnectionString;
import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import site.ycsbx.store.ServerAddress;

/**
 * What a mongodb:// URL says about where its server is: the first host's port, whether every
 * host is this machine. Read by both MongoDB bindings' preflights (for the server's address) and
 * by iibench's stores (the server's port and locality in the run's record).
 */
public final class MongoUrl {
  private MongoUrl() {
  }

  /** The URL's first host and port, local when every host it names is this machine. */
  public static ServerAddress serverAddress(ConnectionString url) {
    String host = url.isSrvProtocol() || url.getHosts().isEmpty() ? "" : url.getHosts().get(0);
    if (!host.endsWith("]") && host.indexOf(':') >= 0 && host.indexOf(':') == host.lastIndexOf(':')) {
      host = host.substring(0, host.indexOf(':')); // host:port; an IPv6 address is in brackets
    }
    return ServerAddress.of(host, portOf(url), isLocal(url));
  }

  /** The port of the URL's first host (27017 when it names none); -1 for SRV or a Unix socket. */
  public static int portOf(ConnectionString url) {
    if (url.isSrvProtocol() || url.getHosts().isEmpty() || url.getHosts().get(0).endsWith(".sock")) {
      return -1;
    }
    String host = url.getHosts().get(0);
    int colon = host.lastIndexOf(':');
    if (colon < 0 || host.endsWith("]")) {
      return 27017;
    }
    try {
      return Integer.parseInt(host.substring(colon + 1));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** True when every host of the URL is this machine. */
  public static boolean isLocal(ConnectionString url) {
    if (url.isSrvProtocol()) {
      return false; // the hosts come from DNS SRV records: a cluster elsewhere
    }
    for (String host : url.getHosts()) {
      if (!isLocalHost(host)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isLocalHost(String hostAndPort) {
    if (hostAndPort.endsWith(".sock")) {
      return true; // a Unix domain socket
    }
    String host = hostAndPort;
    if (host.startsWith("[")) {
      host = host.substring(1, Math.max(1, host.indexOf(']')));
    } else if (host.indexOf(':') == host.lastIndexOf(':') && host.indexOf(':') >= 0) {
      host = host.substring(0, host.indexOf(':'));
    }
    if (host.equalsIgnoreCase("localhost")) {
      return true;
    }
    try {
      InetAddress a = InetAddress.getByName(host);
      return a.isLoopbackAddress() || a.isAnyLocalAddress() || NetworkInterface.getByInetAddress(a) != null;
    } catch (IOException e) {
      return false;
    }
  }
}
