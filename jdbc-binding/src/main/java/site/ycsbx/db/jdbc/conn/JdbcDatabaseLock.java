package site.ycsbx.db.jdbc.conn;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
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
    LockSql sql = LockSessions.sqlOf(o.dialect());
    Connection c = LockSessions.open(o);
    try {
      String where = where(c, o);
      LockSql.Keys keys = sql.keys(c, holder.token());
      if (!sql.take(c, keys)) {
        String who = LockSessions.holderOf(c, sql, keys);
        LockSessions.close(c);
        throw DatabaseLock.refusal(where, who);
      }
      sql.showNow(c, holder);
      return new HeldLock(o, sql, holder, where, c, keys, err);
    } catch (SQLException e) {
      LockSessions.close(c);
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
    LockSql sql = LockSessions.sqlOf(o.dialect());
    try (Connection c = Connector.open(o)) {
      String token = props.getProperty(DatabaseLock.HOLDER_PROPERTY, "").trim();
      LockSql.Keys keys = sql.keys(c, token);
      Long owner = sql.owner(c, keys);
      if (owner == null || !token.isEmpty() && sql.holdsToken(c, keys, owner)) {
        return;
      }
      throw DatabaseLock.refusal(where(c, o), LockSessions.describe(c, sql, owner));
    } catch (SQLException e) {
      throw UserError.target("cannot read the locks of the server at " + o.maskedUrl() + ": " + Connector.message(e, o));
    }
  }

  static String where(Connection c, JdbcOptions o) throws SQLException {
    return o.dialect().location(c) + " at " + o.serverHost() + (o.serverPort() > 0 ? ":" + o.serverPort() : "");
  }
}
