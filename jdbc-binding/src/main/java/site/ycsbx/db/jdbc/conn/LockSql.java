package site.ycsbx.db.jdbc.conn;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicReference;
import site.ycsbx.store.DatabaseLock;

/**
 * A server's lock that ends with its holder's session, in one dialect: MariaDB/MySQL's named
 * locks ({@link MySqlLocks}), PostgreSQL's advisory locks ({@link PostgresLocks}). Two locks are
 * taken together: the database's, which everyone asks for, and one named after the holder's
 * token, by which the holder's own cells know it is theirs, whatever the account may see of other
 * sessions.
 */
interface LockSql {
  /** The database's lock and the token's, in the connection's database (PostgreSQL: its schema). */
  record Keys(String lock, String token) {
  }

  Keys keys(Connection c, String token) throws SQLException;

  /**
   * Takes both locks without waiting, the token's first: whoever sees the database's lock held
   * finds its token held beside it (a holder retaking its lock after an outage is never seen
   * between the two). False (neither held) when another session holds the database's.
   */
  boolean take(Connection c, Keys k) throws SQLException;

  /** The session that holds the database's lock; null when it is free. */
  Long owner(Connection c, Keys k) throws SQLException;

  /** Whether {@code session} holds the token's lock too. */
  boolean holdsToken(Connection c, Keys k, long session) throws SQLException;

  /** What {@code session} shows other sessions of its work (its statement's text); null when not visible. */
  String shown(Connection c, long session) throws SQLException;

  /**
   * Shows the holder to other sessions for a while (seconds), as the text of a statement of its
   * session; throws when the connection broke. {@code running}: the statement under way, for a
   * cancel that ends the wait.
   */
  void hold(Connection c, DatabaseLock.Holder h, AtomicReference<Statement> running)
      throws SQLException, InterruptedException;

  /**
   * Shows the holder once, at once, on the session that just took the lock, where its text outlives
   * the statement (PostgreSQL's last query); without it, whoever looked before {@link #hold}'s
   * thread ran its first statement saw the lock's own statement (a clean-clone run under load).
   */
  default void showNow(Connection c, DatabaseLock.Holder h) throws SQLException {
  }

  /** Releases both locks, the database's first (the reverse of {@link #take}). */
  void release(Connection c, Keys k) throws SQLException;

  /** A session as its server names it, for messages. */
  String session(long id);

  /** The first bytes of SHA-256 of {@code s}, as hex digits. */
  static String hash(String s, int hexDigits) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
      return java.util.HexFormat.of().formatHex(d).substring(0, hexDigits);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The holder's text as a SQL string literal (it holds no quote: see {@link DatabaseLock.Holder#encode}). */
  static String literal(DatabaseLock.Holder h) {
    return "'" + h.encode().replace("'", "") + "'";
  }
}
