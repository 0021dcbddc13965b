package site.ycsbx.db.jdbc.conn;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import site.ycsbx.store.DatabaseLock;
import site.ycsbx.util.UserError;

/**
 * The database lock of a SQL target ({@link LockSql}: MariaDB/MySQL named locks, PostgreSQL
 * advisory locks, both ending with their session): what an experiment takes for its run, and the
 * preflight's refusal of a run on a database someone else holds.
 */
public final class JdbcDatabaseLock implements DatabaseLock {
  @Override
  public String what(Properties props) {
    JdbcOptions o = JdbcOptions.parse(props);
    return "the database of " + o.maskedUrl();
  }

  @Override
  public Held take(Properties props, Holder holder, PrintStream err) {
    JdbcOptions o = JdbcOptions.parse(props);
    LockSql sql = LockSql.of(o.dialect());
    Connection c = open(o);
    try {
      String where = where(c, o);
      LockSql.Keys keys = sql.keys(c, holder.token());
      if (!sql.take(c, keys)) {
        String who = holderOf(c, sql, keys);
        close(c);
        throw DatabaseLock.refusal(where, who);
      }
      return new HeldLock(o, sql, holder, where, c, keys, err);
    } catch (SQLException e) {
      close(c);
      throw UserError.target("cannot take the lock of the database at " + o.maskedUrl() + ": " + Connector.message(e, o));
    }
  }

  @Override
  public void refuseIfHeld(Properties props) {
    JdbcOptions o = JdbcOptions.parse(props);
    try {
      check(o, props);
    } catch (UserError e) {
      if (e.exitCode() == UserError.BAD_INPUT) {
        throw e;
      }
      // not reachable (a database a load will create): the target's own check says so, or creates it
    }
  }

  /**
   * The preflight's check: a run on a database whose lock another session holds is refused (exit
   * 2), unless it carries the holder's token ({@value DatabaseLock#HOLDER_PROPERTY}: a cell of the
   * experiment that holds it).
   */
  public static void check(JdbcOptions o, Properties props) {
    LockSql sql = LockSql.of(o.dialect());
    try (Connection c = Connector.open(o)) {
      String token = props.getProperty(DatabaseLock.HOLDER_PROPERTY, "").trim();
      LockSql.Keys keys = sql.keys(c, token);
      Long owner = sql.owner(c, keys);
      if (owner == null || !token.isEmpty() && sql.holdsToken(c, keys, owner)) {
        return;
      }
      throw DatabaseLock.refusal(where(c, o), describe(c, sql, owner));
    } catch (SQLException e) {
      throw UserError.target("cannot read the locks of the server at " + o.maskedUrl() + ": " + Connector.message(e, o));
    }
  }

  /** A connection for the lock: no limit on a call (MariaDB's holder sleeps in one). */
  static Connection open(JdbcOptions o) {
    return Connector.open(o, Map.of(), 0);
  }

  static String where(Connection c, JdbcOptions o) throws SQLException {
    return o.dialect().location(c) + " at " + o.serverHost() + (o.serverPort() > 0 ? ":" + o.serverPort() : "");
  }

  /** Who holds the lock now, for a refusal; "another session" when it went in between. */
  static String holderOf(Connection c, LockSql sql, LockSql.Keys keys) throws SQLException {
    Long owner = sql.owner(c, keys);
    return owner == null ? "another session (which let it go just now)" : describe(c, sql, owner);
  }

  private static String describe(Connection c, LockSql sql, long owner) throws SQLException {
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
