package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicReference;
import site.ycsbx.store.DatabaseLock;

/**
 * MariaDB/MySQL: {@code GET_LOCK(name, 0)}, a lock of the session that ends with it. Its holder
 * shows who it is as the text of a one-second {@code SLEEP} it runs again and again, which
 * {@code information_schema.PROCESSLIST} gives to the same account and to one with PROCESS; a
 * killed holder's session ends, and the lock with it, when that SLEEP ends (a longer one would keep
 * it up to 5 s: the server looks at a sleeping session's socket every 5 s).
 * Names stay within MySQL's 64 characters.
 */
final class MySqlLocks implements LockSql {
  private static final int MAX_NAME = 64;
  /** Seconds of each SLEEP that shows the holder: how long a killed holder's lock may outlive it. */
  static final int HOLD_SECONDS = 1;

  @Override
  public Keys keys(Connection c, String token) throws SQLException {
    String db = one(c, "SELECT DATABASE()");
    String lock = "ycsbx:" + (db == null ? "" : db);
    if (lock.length() > MAX_NAME) {
      lock = lock.substring(0, 40) + ":" + LockSql.hash(lock, 16);
    }
    return new Keys(lock, "ycsbx:" + token + ":" + LockSql.hash(lock, 16));
  }

  @Override
  public boolean take(Connection c, Keys k) throws SQLException {
    if (!"1".equals(one(c, "SELECT GET_LOCK(?, 0)", k.token()))) {
      return false;
    }
    if (!"1".equals(one(c, "SELECT GET_LOCK(?, 0)", k.lock()))) {
      one(c, "SELECT RELEASE_LOCK(?)", k.token());
      return false;
    }
    return true;
  }

  @Override
  public Long owner(Connection c, Keys k) throws SQLException {
    String id = one(c, "SELECT IS_USED_LOCK(?)", k.lock());
    return id == null ? null : Long.parseLong(id);
  }

  @Override
  public boolean holdsToken(Connection c, Keys k, long session) throws SQLException {
    return String.valueOf(session).equals(one(c, "SELECT IS_USED_LOCK(?)", k.token()));
  }

  @Override
  public String shown(Connection c, long session) throws SQLException {
    // between two SLEEPs the holder shows nothing for a moment, and nothing before its thread's first
    // (a second at most, on a loaded host)
    for (int i = 0; i < 20; i++) {
      String info = one(c, "SELECT INFO FROM information_schema.PROCESSLIST WHERE ID = ?", String.valueOf(session));
      if (info != null) {
        return info;
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
    }
    return null;
  }

  @Override
  public void hold(Connection c, DatabaseLock.Holder h, AtomicReference<Statement> running) throws SQLException {
    try (Statement s = c.createStatement()) {
      running.set(s);
      try (ResultSet rs = s.executeQuery("SELECT " + LockSql.literal(h) + " AS ycsbx_lock, SLEEP(" + HOLD_SECONDS
          + ")")) {
        rs.next();
      } finally {
        running.set(null);
      }
    }
  }

  @Override
  public void release(Connection c, Keys k) throws SQLException {
    one(c, "SELECT RELEASE_LOCK(?)", k.lock());
    one(c, "SELECT RELEASE_LOCK(?)", k.token());
  }

  @Override
  public String session(long id) {
    return "connection " + id;
  }

  // text statements, the values quoted in: a server at max_prepared_stmt_count has no prepared statement
  // left to give (the preflight's catalog reads take none either)
  private static String one(Connection c, String sql, String... args) throws SQLException {
    StringBuilder text = new StringBuilder();
    int arg = 0;
    for (char ch : sql.toCharArray()) {
      if (ch == '?') {
        text.append('\'').append(args[arg++].replace("\\", "\\\\").replace("'", "''")).append('\'');
      } else {
        text.append(ch);
      }
    }
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(text.toString())) {
      return rs.next() ? rs.getString(1) : null;
    }
  }

}
