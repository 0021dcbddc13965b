package site.ycsbx.db.jdbc.conn;

import java.util.HashMap;
import java.util.Map;

/**
 * Whether this JVM's connections to a URL, as a user, prepare their statements on the server: what
 * {@link ServerStatements} decided in the preflight, read by {@link JdbcOptions#connectionUrl} for
 * every connection. Kept apart from ServerStatements, which reads the options, so that the options
 * need only this answer.
 */
final class PreparedOnServer {
  /**
   * Per user URL and user; absent (a connection made without a preflight, as some tests do):
   * server-side, as the dialect asks.
   */
  private static final Map<String, Boolean> DECIDED = new HashMap<>();

  private PreparedOnServer() {
  }

  /** Whether a connection to {@code url} as {@code user} gets the dialect's server-side statements. */
  static synchronized boolean allowed(String url, String user) {
    return DECIDED.getOrDefault(key(url, user), true);
  }

  /** Records where connections to {@code url} as {@code user} prepare from now on. */
  static synchronized void decide(String url, String user, boolean server) {
    DECIDED.put(key(url, user), server);
  }

  private static String key(String url, String user) {
    return url + '\n' + user;
  }
}
