package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicReference;
import site.ycsbx.store.DatabaseLock;

/**
 * PostgreSQL: session-level advisory locks ({@code pg_try_advisory_lock}) in the target's database,
 * keyed by its schema (targets are often schemas of one database), which end with the session (an
 * idle backend ends as soon as its client's socket closes). Anyone reads them in {@code pg_locks};
 * the holder shows who it is as the text of its last statement, which
 * {@code pg_stat_activity.query} gives to the same role and to one with pg_read_all_stats.
 */
final class PostgresLocks implements LockSql {
  /** Seconds between two statements of the holder, which find a broken connection. */
  static final int HOLD_SECONDS = 5;
  private static final String OWNER = "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted"
      + " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
      + " AND classid::bigint = ? AND objid::bigint = ? AND objsubid = 1";

  @Override
  public Keys keys(Connection c, String token) throws SQLException {
    String schema = one(c, "SELECT current_schema()");
    String s = schema == null ? "" : schema;
    return new Keys(key("ycsbx:" + s), key("ycsbx:" + token + ":" + s));
  }

  // a bigint advisory key from the first 16 hex digits of a hash, as the decimal the statements take
  private static String key(String name) {
    return String.valueOf(Long.parseUnsignedLong(LockSql.hash(name, 16), 16));
  }

  @Override
  public boolean take(Connection c, Keys k) throws SQLException {
    if (!tryLock(c, k.token())) {
      return false;
    }
    if (!tryLock(c, k.lock())) {
      unlock(c, k.token());
      return false;
    }
    return true;
  }

  @Override
  public Long owner(Connection c, Keys k) throws SQLException {
    return pid(c, k.lock());
  }

  @Override
  public boolean holdsToken(Connection c, Keys k, long session) throws SQLException {
    Long pid = pid(c, k.token());
    return pid != null && pid == session;
  }

  @Override
  public String shown(Connection c, long session) throws SQLException {
    // text statements throughout, as the preflight's catalog reads: numbers only go into them
    return one(c, "SELECT query FROM pg_stat_activity WHERE pid = " + session);
  }

  @Override
  public void hold(Connection c, DatabaseLock.Holder h, AtomicReference<Statement> running)
      throws SQLException, InterruptedException {
    showNow(c, h);
    Thread.sleep(HOLD_SECONDS * 1000L);
  }

  @Override
  public void showNow(Connection c, DatabaseLock.Holder h) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT " + LockSql.literal(h)
        + " AS ycsbx_lock")) {
      rs.next();
    }
  }

  @Override
  public void release(Connection c, Keys k) throws SQLException {
    unlock(c, k.lock());
    unlock(c, k.token());
  }

  @Override
  public String session(long id) {
    return "backend " + id;
  }

  private static boolean tryLock(Connection c, String key) throws SQLException {
    return "t".equals(one(c, "SELECT pg_try_advisory_lock(" + Long.parseLong(key) + ")"));
  }

  private static void unlock(Connection c, String key) throws SQLException {
    one(c, "SELECT pg_advisory_unlock(" + Long.parseLong(key) + ")");
  }

  private static Long pid(Connection c, String key) throws SQLException {
    long k = Long.parseLong(key);
    String pid = one(c, OWNER.replaceFirst("\\?", String.valueOf(k >>> 32)).replaceFirst("\\?",
        String.valueOf(k & 0xffffffffL)));
    return pid == null ? null : Long.valueOf(pid);
  }

  private static String one(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return rs.next() ? rs.getString(1) : null;
    }
  }
}
