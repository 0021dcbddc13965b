package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import site.ycsbx.store.DatabaseLock.Holder;

/**
 * The database lock's sessions, for {@link JdbcDatabaseLock} and {@link HeldLock} alike: which
 * dialect's locks a target takes, the lock's own connection, and who holds the lock, in words.
 */
final class LockSessions {
  private LockSessions() {
  }

  /** The locks of the dialect's servers: PostgreSQL's advisory locks, else MariaDB/MySQL's named locks. */
  static LockSql sqlOf(SqlDialect d) {
    return d.kind() == SqlDialect.Kind.POSTGRESQL ? new PostgresLocks() : new MySqlLocks();
  }

  /** A connection for the lock: no limit on a call (MariaDB's holder sleeps in one). */
  static Connection open(JdbcOptions o) {
    return Connector.open(o, Map.of(), 0);
  }

  /** Who holds the lock now, for a refusal; "another session" when it went in between. */
  static String holderOf(Connection c, LockSql sql, LockSql.Keys keys) throws SQLException {
    Long owner = sql.owner(c, keys);
    return owner == null ? "another session (which let it go just now)" : describe(c, sql, owner);
  }

  /** The holder as its experiment named itself, with its session; or the session alone when its text is not visible. */
  static String describe(Connection c, LockSql sql, long owner) throws SQLException {
    Holder h = Holder.decode(sql.shown(c, owner));
    if (h != null) {
      return h.describe() + " (" + sql.session(owner) + ")";
    }
    return sql.session(owner) + ", not an experiment's that this account can see (MariaDB: the PROCESS privilege"
        + " shows other accounts' sessions; PostgreSQL: pg_read_all_stats)";
  }

  static void close(Connection c) {
    try {
      c.close();
    } catch (SQLException | RuntimeException e) {
      // the session ends with the socket anyway, and its locks with it
    }
  }
}
