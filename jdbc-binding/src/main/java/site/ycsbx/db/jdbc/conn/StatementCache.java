package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * One connection's prepared statements by key, prepared on first use and reused; past a bound the
 * least recently used one is closed. Every store of the binding and {@link Statements} keep theirs
 * here. Not thread-safe: one per client thread, as the connection.
 */
public final class StatementCache implements AutoCloseable {
  /** The connection, opened when the first statement is prepared. */
  @FunctionalInterface
  public interface Source {
    Connection connection() throws SQLException;
  }

  /** A statement's text, built only when it is not cached. */
  @FunctionalInterface
  public interface Sql {
    String text() throws SQLException;
  }

  private final Source source;
  private final Map<String, PreparedStatement> cache;

  /** Statements of {@code connection}, at most {@code capacity} kept (0: no bound). */
  public StatementCache(Connection connection, int capacity) {
    this(() -> connection, capacity);
  }

  /** Statements of the connection {@code source} gives (opened on first use), at most {@code capacity} (0: no bound). */
  public StatementCache(Source source, int capacity) {
    this.source = source;
    this.cache = new LinkedHashMap<>(16, 0.75f, capacity > 0) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, PreparedStatement> eldest) {
        if (capacity <= 0 || size() <= capacity) {
          return false;
        }
        closeQuietly(eldest.getValue());
        return true;
      }
    };
  }

  /** The statement under {@code key}, prepared from {@code sql} when there is none. */
  public PreparedStatement get(String key, Sql sql) throws SQLException {
    PreparedStatement ps = cache.get(key);
    return ps != null ? ps : prepare(key, sql.text());
  }

  /** As {@link #get}, the statement returning the values the server generates for {@code columns}. */
  public PreparedStatement getReturning(String key, Sql sql, String... columns) throws SQLException {
    PreparedStatement ps = cache.get(key);
    if (ps == null) {
      ps = source.connection().prepareStatement(sql.text(), columns);
      cache.put(key, ps);
    }
    return ps;
  }

  /** The statement under {@code key}, or null: for callers that build the text only on a miss. */
  public PreparedStatement cached(String key) {
    return cache.get(key);
  }

  /** Prepares {@code sql} and keeps it under {@code key}. */
  public PreparedStatement prepare(String key, String sql) throws SQLException {
    PreparedStatement ps = source.connection().prepareStatement(sql);
    cache.put(key, ps);
    return ps;
  }

  /** Closes the statements whose key matches (the table they name is about to change or go). */
  public void forget(Predicate<String> keys) {
    cache.entrySet().removeIf(e -> {
      boolean match = keys.test(e.getKey());
      if (match) {
        closeQuietly(e.getValue());
      }
      return match;
    });
  }

  /** Closes every statement. */
  public void clear() {
    cache.values().forEach(StatementCache::closeQuietly);
    cache.clear();
  }

  @Override
  public void close() {
    clear();
  }

  private static void closeQuietly(PreparedStatement ps) {
    try {
      ps.close();
    } catch (SQLException ignored) {
      // the statement is unusable anyway, and closing the connection releases it
    }
  }
}
