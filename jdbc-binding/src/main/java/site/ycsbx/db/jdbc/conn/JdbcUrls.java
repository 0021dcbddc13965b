package site.ycsbx.db.jdbc.conn;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads and adds driver options of a JDBC URL without overriding what the user wrote. */
final class JdbcUrls {
  /** A socket factory for Unix sockets (junixsocket's AFUNIX*) or Windows named pipes. */
  private static final Pattern LOCAL_SOCKET = Pattern.compile("(?:^|[&;])socketfactory=[^&;]*(?:unix|namedpipe)");
  private static final Pattern ADDRESS_HOST = Pattern.compile("\\(host=([^)]*)\\)");
  private static final Pattern ADDRESS_PORT = Pattern.compile("\\(port=(\\d+)\\)");

  private JdbcUrls() {
  }

  /** The URL with {@code name=value} appended, unless the URL already sets {@code name}. */
  static String withOption(String url, String name, String value) {
    if (has(url, name)) {
      return url;
    }
    return url + (url.indexOf('?') < 0 ? "?" : "&") + name + "=" + value;
  }

  /**
   * The URL with {@code name=value}, replacing the URL's own setting of {@code name}: for options
   * a store's correctness depends on, which the user's URL must not turn off.
   */
  static String withOptionForced(String url, String name, String value) {
    int q = url.indexOf('?');
    if (q < 0) {
      return url + "?" + name + "=" + value;
    }
    List<String> kept = new ArrayList<>();
    for (String kv : url.substring(q + 1).split("&")) {
      String key = kv.indexOf('=') < 0 ? kv : kv.substring(0, kv.indexOf('='));
      if (!kv.isEmpty() && !key.equalsIgnoreCase(name)) {
        kept.add(kv);
      }
    }
    kept.add(name + "=" + value);
    return url.substring(0, q + 1) + String.join("&", kept);
  }

  /** Whether the URL's query sets the option (names compared case-insensitively, as drivers do). */
  static boolean has(String url, String name) {
    int q = url.indexOf('?');
    if (q < 0) {
      return false;
    }
    Pattern p = Pattern.compile("(?:^|[&;])" + Pattern.quote(name.toLowerCase(Locale.ROOT)) + "=");
    return p.matcher(url.substring(q + 1).toLowerCase(Locale.ROOT)).find();
  }

  /**
   * The value the URL's query gives the option, its name spelt exactly so (Connector/J ignores
   * an option spelt in another case), the last one when named twice; null when absent.
   */
  static String value(String url, String name) {
    return value(url, name, false);
  }

  /** {@link #value}, the name compared in any case (MariaDB Connector/J reads options so). */
  static String value(String url, String name, boolean anyCase) {
    int q = url.indexOf('?');
    if (q < 0) {
      return null;
    }
    String found = null;
    for (String kv : url.substring(q + 1).split("[&;]")) {
      int eq = kv.indexOf('=');
      if (eq > 0 && (anyCase ? kv.substring(0, eq).equalsIgnoreCase(name) : kv.substring(0, eq).equals(name))) {
        found = kv.substring(eq + 1);
      }
    }
    return found;
  }

  /**
   * Whether the server runs on this host: the URL connects through a Unix socket or a named
   * pipe, or every host it names is localhost, a loopback address or an address of one of this
   * host's interfaces (names are resolved; one that does not resolve counts as remote).
   */
  static boolean isLocal(String url) {
    int q = url.indexOf('?');
    if (q >= 0 && LOCAL_SOCKET.matcher(url.substring(q + 1).toLowerCase(Locale.ROOT)).find()) {
      return true;
    }
    for (String host : hosts(url)) {
      if (!isLocalHost(host)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The hosts a URL names: {@code jdbc:sub://[user[:password]@]host[:port][,host[:port]...]/...},
   * IPv6 in brackets, Connector/J's {@code address=(host=..)(port=..)}; none named: localhost,
   * the drivers' default.
   */
  static List<String> hosts(String url) {
    int start = url.indexOf("//");
    if (start < 0) {
      return List.of("localhost"); // jdbc:postgresql:database
    }
    int end = start + 2;
    while (end < url.length() && url.charAt(end) != '/' && url.charAt(end) != '?') {
      end++;
    }
    String authority = url.substring(start + 2, end);
    authority = authority.substring(authority.lastIndexOf('@') + 1);
    List<String> out = new ArrayList<>();
    for (String part : authority.split(",")) {
      String h = part.strip();
      if (h.contains("(")) {
        Matcher m = ADDRESS_HOST.matcher(h);
        h = m.find() ? m.group(1) : "";
      } else if (h.startsWith("[")) {
        h = h.substring(1, Math.max(1, h.indexOf(']')));
      } else if (h.indexOf(':') >= 0) {
        h = h.substring(0, h.indexOf(':'));
      }
      out.add(h.isEmpty() ? "localhost" : h);
    }
    return out;
  }

  /**
   * The TCP port of the first host a URL names, the driver's default when it names none
   * (MySQL/MariaDB 3306, PostgreSQL 5432); -1 for a Unix socket or an unknown driver.
   */
  static int port(String url) {
    int q = url.indexOf('?');
    if (q >= 0 && LOCAL_SOCKET.matcher(url.substring(q + 1).toLowerCase(Locale.ROOT)).find()) {
      return -1;
    }
    int start = url.indexOf("//");
    String first = "";
    if (start >= 0) {
      int end = start + 2;
      while (end < url.length() && url.charAt(end) != '/' && url.charAt(end) != '?') {
        end++;
      }
      String authority = url.substring(start + 2, end);
      first = authority.substring(authority.lastIndexOf('@') + 1).split(",")[0].strip();
    }
    String port = null;
    if (first.contains("(")) {
      Matcher m = ADDRESS_PORT.matcher(first);
      port = m.find() ? m.group(1) : null;
    } else if (first.startsWith("[")) {
      int close = first.indexOf(']');
      port = close >= 0 && first.length() > close + 2 && first.charAt(close + 1) == ':' ? first.substring(close + 2) : null;
    } else if (first.indexOf(':') >= 0) {
      port = first.substring(first.indexOf(':') + 1);
    }
    if (port != null && port.matches("\\d{1,5}")) {
      return Integer.parseInt(port);
    }
    String u = url.toLowerCase(Locale.ROOT);
    if (u.startsWith("jdbc:mysql:") || u.startsWith("jdbc:mariadb:")) {
      return 3306;
    }
    return u.startsWith("jdbc:postgresql:") ? 5432 : -1;
  }

  private static boolean isLocalHost(String host) {
    if (host.equalsIgnoreCase("localhost")) {
      return true;
    }
    try {
      InetAddress a = InetAddress.getByName(host);
      return a.isLoopbackAddress() || a.isAnyLocalAddress() || NetworkInterface.getByInetAddress(a) != null;
    } catch (java.io.IOException e) {
      return false;
    }
  }
}
