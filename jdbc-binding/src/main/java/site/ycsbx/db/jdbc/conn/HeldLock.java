package site.ycsbx.db.jdbc.conn;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicReference;
import site.ycsbx.store.DatabaseLock;

/**
 * A database lock held: a thread of its own keeps the holder's description shown on the lock's
 * session ({@link LockSql#hold}) and, when the connection breaks (the server restarted), takes the
 * lock again on a new one as soon as it can, saying so on the experiment's stderr. Closed: the
 * lock released, the session ended.
 */
final class HeldLock implements DatabaseLock.Held {
  /** Wait between two attempts to take a lost lock again. */
  private static final long RETRY_MILLIS = 2000;
  /** How long a close waits for the holding thread. */
  private static final long JOIN_MILLIS = 10_000;

  private final JdbcOptions options;
  private final LockSql sql;
  private final DatabaseLock.Holder holder;
  private final String where;
  private final PrintStream err;
  private final AtomicReference<Statement> running = new AtomicReference<>();
  private final Thread thread;
  private volatile Connection connection;
  private volatile LockSql.Keys keys;
  private volatile boolean closing;

  HeldLock(JdbcOptions options, LockSql sql, DatabaseLock.Holder holder, String where, Connection c, LockSql.Keys keys,
      PrintStream err) {
    this.options = options;
    this.sql = sql;
    this.holder = holder;
    this.where = where;
    this.err = err;
    this.connection = c;
    this.keys = keys;
    this.thread = new Thread(this::keep, "ycsbx-lock " + where);
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public String what() {
    return where;
  }

  private void keep() {
    while (!closing) {
      try {
        sql.hold(connection, holder, running);
      } catch (InterruptedException e) {
        return;
      } catch (SQLException | RuntimeException e) {
        if (closing) {
          return;
        }
        err.println("experiment: the lock of " + where + " was lost (" + Connector.message(e, options)
            + "); taking it again as soon as the server lets it");
        Connector.abort(connection);
        if (!retake()) {
          return;
        }
      }
    }
  }

  // the lock again on a new connection; false when closed first
  private boolean retake() {
    String refused = null;
    while (!closing) {
      try {
        Thread.sleep(RETRY_MILLIS);
      } catch (InterruptedException e) {
        return false;
      }
      Connection c;
      try {
        c = LockSessions.open(options);
      } catch (RuntimeException e) {
        continue; // the server is still away
      }
      try {
        LockSql.Keys k = sql.keys(c, holder.token());
        if (sql.take(c, k)) {
          sql.showNow(c, holder);
          connection = c;
          keys = k;
          err.println("experiment: the lock of " + where + " is held again");
          return true;
        }
        Long owner = sql.owner(c, k);
        // this experiment's broken session until the server sees it gone; anyone else's is said once
        if (owner != null && !sql.holdsToken(c, k, owner) && refused == null) {
          refused = LockSessions.holderOf(c, sql, k);
          err.println("experiment: the lock of " + where + " is now held by " + refused + ": this experiment's"
              + " cells there will be refused until it is free");
        }
      } catch (SQLException | RuntimeException e) {
        // tried again after the wait
      }
      LockSessions.close(c);
    }
    return false;
  }

  @Override
  public void close() {
    closing = true;
    Statement s = running.get();
    if (s != null) {
      try {
        s.cancel(); // MariaDB: ends the SLEEP that shows the holder
      } catch (SQLException | RuntimeException e) {
        // the abort below ends it
      }
    }
    thread.interrupt();
    try {
      thread.join(JOIN_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    Connection c = connection;
    if (thread.isAlive()) {
      Connector.abort(c);
      return;
    }
    try {
      sql.release(c, keys);
    } catch (SQLException | RuntimeException e) {
      // its session ends below, and its locks with it
    }
    LockSessions.close(c);
  }
}
