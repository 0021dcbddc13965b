package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import site.ycsbx.store.StoreException;

/**
 * The tables the binding owns, whatever the workload family: created when absent with the engine
 * asked for, never dropped, and refused when they exist with another engine.
 */
public final class Tables {
  /** A family's statements that create its table. */
  @FunctionalInterface
  public interface Creation {
    void run() throws SQLException;
  }

  private Tables() {
  }

  /**
   * The engine of {@code table} as the server reports it, after {@code create} made the table
   * when it was absent; a StoreException when the server does not show the table it created.
   */
  public static String engineOrCreate(Connection c, SqlDialect d, String table, Creation create)
      throws SQLException, StoreException {
    Optional<String> engine = d.tableEngine(c, table);
    if (engine.isEmpty()) {
      create.run();
      engine = d.tableEngine(c, table);
      if (engine.isEmpty()) {
        throw new StoreException("table " + table + " was created but is not visible");
      }
    }
    return engine.get();
  }

  /**
   * Creates a table with its indexes in one transaction (PostgreSQL's DDL is transactional: the
   * table never exists without its indexes). When it fails because another client created the
   * table meanwhile, the table is left to the caller's check of existing tables.
   *
   * @param ddl the CREATE TABLE and CREATE INDEX statements, in order
   */
  public static void createInOneTransaction(Connection c, SqlDialect d, String table, List<String> ddl)
      throws SQLException {
    boolean autocommit = c.getAutoCommit();
    try {
      c.setAutoCommit(false);
      try (Statement s = c.createStatement()) {
        for (String statement : ddl) {
          s.execute(statement);
        }
      }
      c.commit();
    } catch (SQLException e) {
      c.rollback();
      if (d.tableEngine(c, table).isEmpty()) {
        throw e;
      }
    } finally {
      c.setAutoCommit(autocommit);
    }
  }

  /**
   * Creates the table unless it exists, then checks its engine. Serialised in this JVM: client
   * threads start together, and concurrent CREATE TABLE IF NOT EXISTS can fail on PostgreSQL
   * (duplicate pg_type entry).
   *
   * @return the table's engine as the server reports it
   * @throws SQLException when creation fails or the table has another engine than the one asked
   */
  public static synchronized String ensure(Connection c, SqlDialect d, String table, String columnsDdl, String engine)
      throws SQLException {
    Optional<String> existing = d.tableEngine(c, table);
    if (existing.isEmpty()) {
      try (Statement s = c.createStatement()) {
        s.execute(d.createTable(table, columnsDdl, engine));
      } catch (SQLException e) {
        rollbackQuietly(c);
        // another JVM may have created it in the meantime
        if (d.tableEngine(c, table).isEmpty()) {
          throw e;
        }
      }
      if (!c.getAutoCommit()) {
        c.commit();
      }
      existing = d.tableEngine(c, table);
      if (existing.isEmpty()) {
        throw new SQLException("table " + table + " was created but is not visible");
      }
    }
    String actual = existing.get();
    if (engine != null && !engine.equalsIgnoreCase(actual)) {
      throw new SQLException(mismatch(table, actual, engine));
    }
    if (!c.getAutoCommit()) {
      c.commit();
    }
    return actual;
  }

  /** Why an existing table cannot be used with the engine asked for. */
  public static String mismatch(String table, String actual, String asked) {
    return "table " + table + " exists with engine " + actual + ", not " + asked + " as "
        + JdbcOptions.ENGINE_PROPERTY + " asks (the results would be labelled with the wrong engine); drop it or set "
        + JdbcOptions.ENGINE_PROPERTY + "=" + actual;
  }

  /** The number a statement returns in its one row (a COUNT). */
  public static long count(PreparedStatement ps) throws SQLException {
    try (ResultSet rs = ps.executeQuery()) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** Whether an existing table holds a row. */
  public static boolean hasRows(Connection c, String table) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1 FROM " + table + " LIMIT 1")) {
      return rs.next();
    }
  }

  /** Rows in an existing table. */
  public static long rows(Connection c, String table) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** What an existing table holds, for a refusal: "table mydata holds 7000 rows with columns a, b". */
  public static String contents(Connection c, SqlDialect d, String table) throws SQLException {
    long rows = rows(c, table);
    return "table " + table + " holds " + rows + (rows == 1 ? " row" : " rows") + " with columns "
        + String.join(", ", d.columns(c, table));
  }

  /**
   * Why {@code dropProperty}=true must not drop this table: it exists and is not the workload's
   * (its columns are not the workload's). A drop replaces a workload's own table; a user's other
   * table under the same name is never dropped. Null when the table is absent or the workload's.
   *
   * @param workloads whether a table with these columns (lower case) is the workload's
   * @param whose what the workload's table is, for the message: "an iibench table (transactionid, ...)"
   * @param nameProperty the property that names the table, e.g. {@code iibench.table}
   */
  public static String dropRefusal(Connection c, SqlDialect d, String table, Predicate<Set<String>> workloads,
      String whose, String dropProperty, String nameProperty) throws SQLException {
    if (d.tableEngine(c, table).isEmpty() || workloads.test(d.columns(c, table))) {
      return null;
    }
    String what = contents(c, d, table);
    rollbackQuietly(c);
    return dropProperty + "=true refused, nothing dropped: " + what + ", not " + whose + "; " + dropProperty
        + " drops only such a table: name another " + nameProperty + ", or drop " + table + " yourself";
  }

  public static void rollbackQuietly(Connection c) {
    try {
      if (!c.getAutoCommit()) {
        c.rollback();
      }
    } catch (SQLException ignored) {
      // the connection is broken; the caller reports the original error
    }
  }
}
