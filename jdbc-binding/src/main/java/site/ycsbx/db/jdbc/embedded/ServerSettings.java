package site.ycsbx.db.jdbc.embedded;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The settings postgres-embedded gives the server on its command line, over the postgresql.conf
 * that initdb wrote (PostgreSQL's defaults, which stay for everything else: shared_buffers 128MB,
 * max_wal_size 1GB, fsync, synchronous_commit and full_page_writes on). Only what embedding it
 * needs differs; durability is never relaxed behind the user's back.
 */
final class ServerSettings {
  /** PostgreSQL's default max_connections, kept unless the run has more client threads. */
  static final int DEFAULT_MAX_CONNECTIONS = 100;
  /** Connections beyond the client threads: the preflight's, and superuser_reserved_connections (3). */
  private static final int SPARE_CONNECTIONS = 10;

  private ServerSettings() {
  }

  /** {@code name=value} pairs for {@code postgres -c}, the port apart (chosen at each start). */
  static List<String> of(Properties props) {
    List<String> out = new ArrayList<>();
    // loopback only (PostgreSQL's default, localhost, also takes ::1): nothing outside this host reaches it
    out.add("listen_addresses=127.0.0.1");
    // no Unix socket file in /tmp (the default), where a second server's would collide: TCP only
    out.add("unix_socket_directories=");
    // YCSB opens one connection per client thread: a run with more threads than the default must not be refused
    out.add("max_connections=" + maxConnections(props));
    return out;
  }

  static int maxConnections(Properties props) {
    int threads;
    try {
      threads = Integer.parseInt(props.getProperty("threadcount", "1").trim());
    } catch (NumberFormatException e) {
      threads = 1;
    }
    return Math.max(DEFAULT_MAX_CONNECTIONS, threads + SPARE_CONNECTIONS);
  }

  /** For the fingerprint: what differs from PostgreSQL's defaults, initdb's options included. */
  static String describe(List<String> settings) {
    List<String> shown = new ArrayList<>();
    for (String s : settings) {
      if (s.equals("max_connections=" + DEFAULT_MAX_CONNECTIONS)) {
        continue;
      }
      shown.add(s.endsWith("=") ? s + "''" : s);
    }
    shown.add("port=(a free one)");
    return String.join(", ", shown) + "; initdb " + String.join(" ", InitDb.OPTIONS)
        + "; all else PostgreSQL's defaults";
  }
}
