package site.ycsbx.db.jdbc.conn;

import java.util.HashSet;
import java.util.Set;

/**
 * Tables the preflight of this JVM found existing and of the right shape (engine, columns, key,
 * indexes), so that a store's prepare on the first client thread, inside YCSB's clock while the
 * other threads wait, need not read the catalogs again. Each mark serves one prepare: a later
 * prepare in the same JVM (another run of a sweep, a test) checks for itself.
 */
public final class CheckedTables {
  private static final Set<String> CHECKED = new HashSet<>();

  private CheckedTables() {
  }

  /** The preflight found {@code table} usable for these options. */
  public static synchronized void mark(JdbcOptions o, String table) {
    CHECKED.add(key(o, table));
  }

  /** Whether the preflight found {@code table} usable for these options; forgets the mark. */
  public static synchronized boolean take(JdbcOptions o, String table) {
    return CHECKED.remove(key(o, table));
  }

  private static String key(JdbcOptions o, String table) {
    // the user's URL: the one the driver gets changes when the preflight decides where statements are prepared
    return o.userUrl() + '\n' + o.user() + '\n' + o.engine() + '\n' + table;
  }
}
