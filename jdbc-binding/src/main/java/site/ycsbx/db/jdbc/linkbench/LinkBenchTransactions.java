package site.ycsbx.db.jdbc.linkbench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import site.ycsbx.db.jdbc.conn.ClientConnection;
import site.ycsbx.db.jdbc.conn.JdbcErrors;
import site.ycsbx.db.jdbc.conn.JdbcOptions;
import site.ycsbx.db.jdbc.conn.SqlDialect;
import site.ycsbx.db.jdbc.conn.StatementCache;
import site.ycsbx.db.jdbc.conn.Tables;
import site.ycsbx.store.StoreException;
import site.ycsbx.util.UserError;

/**
 * The two connections of one {@link JdbcLinkBenchStore}, as LinkBench holds them, with the
 * statements prepared on each: writes on a read-write connection of the store's own with
 * autocommit off, each one transaction committed (rolled back on failure, and run again when the
 * server chose it as a deadlock victim); reads on the client thread's connection, committed after
 * each read when its autocommit is off.
 */
final class LinkBenchTransactions {
  /**
   * Attempts of a write transaction that the server rolls back as a deadlock victim, a lock
   * wait timeout or (MyRocks under REPEATABLE READ) a snapshot conflict. LinkBench retries
   * without end; MyRocks with 4 writers on one (id1, link_type) needed up to 16 attempts here.
   */
  static final int MAX_ATTEMPTS = 1000;
  /** Prepared statements kept per connection (multiget and bulk statements are per row count). */
  private static final int CACHED_STATEMENTS = 48;

  private final ClientConnection client;
  private final Connection ro;
  private final JdbcOptions options;
  private final SqlDialect dialect;
  private Connection rw;
  private final StatementCache rwStatements;
  private final StatementCache roStatements;
  private Statement rwPlain;

  LinkBenchTransactions(ClientConnection client) {
    this.client = client;
    this.ro = client.connection();
    this.options = client.options();
    this.dialect = options.dialect();
    this.rwStatements = new StatementCache(this::rw, CACHED_STATEMENTS);
    this.roStatements = new StatementCache(ro, CACHED_STATEMENTS);
  }

  /** The read-write connection, opened on first use: autocommit off, MySQL counting affected rows. */
  Connection rw() throws SQLException {
    if (rw == null) {
      try {
        rw = client.openAnother(dialect.kind() == SqlDialect.Kind.MYSQL ? Map.of("useAffectedRows", "true") : Map.of());
      } catch (UserError e) {
        throw new SQLException(e.getMessage(), e);
      }
      rw.setAutoCommit(false);
    }
    return rw;
  }

  /** A statement of the read-write connection, prepared from {@code sql} on first use of {@code key}. */
  PreparedStatement rwStatement(String key, StatementCache.Sql sql) throws SQLException {
    return rwStatements.get(key, sql);
  }

  /**
   * A plain statement of the read-write connection, for statements whose values are in their
   * text ({@link InlineRows}); created on first use and kept. No JDBC escape processing: the
   * text has no {fn ...} escapes, and the driver would scan every byte of it for them.
   */
  Statement rwPlain() throws SQLException {
    if (rwPlain == null) {
      rwPlain = rw().createStatement();
      rwPlain.setEscapeProcessing(false);
    }
    return rwPlain;
  }

  /** As {@link #rwStatement}, returning the generated {@code columns}. */
  PreparedStatement rwStatementReturning(String key, StatementCache.Sql sql, String... columns) throws SQLException {
    return rwStatements.getReturning(key, sql, columns);
  }

  /** A statement of the client thread's connection. */
  PreparedStatement roStatement(String key, StatementCache.Sql sql) throws SQLException {
    return roStatements.get(key, sql);
  }

  /** Closes the cached statements (the tables they name change or are dropped). */
  void forgetStatements() {
    rwStatements.clear();
    roStatements.clear();
    if (rwPlain != null) {
      try {
        rwPlain.close();
      } catch (SQLException ignored) {
        // unusable anyway; closing the connection releases it
      }
      rwPlain = null;
    }
  }

  /**
   * One transaction on the read-write connection, committed; rolled back on failure and run
   * again when the server rolled it back to break a deadlock (LinkBench retries those too).
   */
  <T> T write(String op, String table, JdbcErrors.Work<T> work) throws StoreException {
    for (int attempt = 1;; attempt++) {
      try {
        rw();
        T result = work.run();
        rw.commit();
        return result;
      } catch (SQLException e) {
        if (attempt < MAX_ATTEMPTS && retryable(e)) {
          Tables.rollbackQuietly(rw);
          continue;
        }
        throw JdbcErrors.failure(rw, options, table, op, e, attempt);
      }
    }
  }

  /** A read on the client thread's connection, committed when autocommit is off. */
  <T> T read(String op, String table, JdbcErrors.Work<T> work) throws StoreException {
    return JdbcErrors.call(ro, options, table, op, () -> {
      T result = work.run();
      if (!ro.getAutoCommit()) {
        ro.commit();
      }
      return result;
    });
  }

  /** The store's exception for a failure on the read-write connection, rolled back when open. */
  StoreException failure(String op, String table, SQLException e) {
    return JdbcErrors.failure(rw, options, table, op, e, 1);
  }

  /**
   * Deadlock victims, snapshot conflicts and lock wait timeouts (MySQL, MariaDB, MyRocks: 1213,
   * 1205, SQLState 40001; PostgreSQL: 40P01, and 40001 serialization failures), which LinkBench
   * retries too.
   */
  static boolean retryable(SQLException e) {
    String state = e.getSQLState();
    return "40001".equals(state) || "40P01".equals(state) || e.getErrorCode() == 1213 || e.getErrorCode() == 1205;
  }
}
