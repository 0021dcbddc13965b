package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Collection;

/**
 * One client thread's prepared statements for YCSB's operations, built on first use for each
 * table and set of fields, then reused (kept in a {@link StatementCache}).
 */
public final class Statements implements AutoCloseable {
  /** A statement and the field names its parameters (or result columns) follow, in order. */
  public record Prepared(PreparedStatement statement, String[] fields) {
  }

  private static final String[] NO_FIELDS = new String[0];

  private final SqlDialect dialect;
  private final String[] allFields;
  private final int fetchSize;
  private final StatementCache cache;

  public Statements(Connection conn, JdbcOptions options) {
    this.cache = new StatementCache(conn, 0);
    this.dialect = options.dialect();
    this.allFields = options.fieldNames().toArray(new String[0]);
    this.fetchSize = options.fetchSize();
  }

  /** SELECT of the given fields (null: all) of one row. */
  public Prepared read(String table, Collection<String> fields) throws SQLException {
    return statement('R', table, fields == null ? allFields : order(fields));
  }

  /** Rows from a start key, in key order, limited. */
  public Prepared scan(String table, Collection<String> fields) throws SQLException {
    return statement('S', table, fields == null ? allFields : order(fields));
  }

  /** UPDATE of the given fields; parameters are the fields in {@link Prepared#fields} order, then the key. */
  public Prepared update(String table, Collection<String> fields) throws SQLException {
    return statement('U', table, order(fields));
  }

  /**
   * INSERT of a row; parameters are the key, then the fields in {@link Prepared#fields} order.
   * {@code fields} null means every field (the common case, built without sorting).
   */
  public Prepared insert(String table, Collection<String> fields) throws SQLException {
    return statement('I', table, fields == null ? allFields : order(fields));
  }

  public Prepared delete(String table) throws SQLException {
    return statement('D', table, NO_FIELDS);
  }

  /**
   * The statement of operation {@code op} (R, S, U, I, D: the methods above) on {@code table}
   * with fields {@code f}, cached by the three; its SQL is built (and its names checked) only on a miss.
   */
  private Prepared statement(char op, String table, String[] f) throws SQLException {
    String key = op + "\0" + table + "\0" + cacheKey(f);
    PreparedStatement ps = cache.cached(key);
    if (ps == null) {
      String t = checked(table);
      for (String name : f) {
        checked(name);
      }
      ps = cache.prepare(key, sql(op, t, f));
      if (op == 'S' && fetchSize > 0) {
        ps.setFetchSize(fetchSize);
      }
    }
    return new Prepared(ps, f);
  }

  private String sql(char op, String table, String[] f) {
    String byKey = " WHERE " + UserTable.KEY_COLUMN + " = ?";
    return switch (op) {
      case 'R' -> "SELECT " + list(f, "") + " FROM " + table + byKey;
      case 'S' -> dialect.scan(table, UserTable.KEY_COLUMN, list(f, ""));
      case 'U' -> "UPDATE " + table + " SET " + list(f, " = ?") + byKey;
      case 'I' -> "INSERT INTO " + table + " (" + UserTable.KEY_COLUMN + (f.length == 0 ? "" : ", ") + list(f, "")
          + ") VALUES (" + CatalogQueries.marks(f.length + 1) + ")";
      default -> "DELETE FROM " + table + byKey;
    };
  }

  // the "all fields" array is shared, so the common statements are found without building a key
  private String cacheKey(String[] f) {
    if (f == allFields) {
      return "*";
    }
    return f.length == 1 ? f[0] : String.join(",", f);
  }

  /** Field names in a stable order; the "all fields" array itself when they are exactly those. */
  private String[] order(Collection<String> fields) {
    if (fields.size() == allFields.length && containsAll(fields)) {
      return allFields;
    }
    String[] f = fields.toArray(new String[0]);
    Arrays.sort(f);
    return f;
  }

  private boolean containsAll(Collection<String> fields) {
    for (String f : allFields) {
      if (!fields.contains(f)) {
        return false;
      }
    }
    return true;
  }

  private static String list(String[] names, String suffix) {
    return String.join(", ", Arrays.stream(names).map(n -> n + suffix).toList());
  }

  private static String checked(String name) throws SQLException {
    if (!JdbcOptions.isIdentifier(name)) {
      throw new SQLException("'" + name + "' is not a plain SQL name (letters, digits, _): refusing to build SQL with it");
    }
    return name;
  }

  @Override
  public void close() {
    cache.close();
  }
}
