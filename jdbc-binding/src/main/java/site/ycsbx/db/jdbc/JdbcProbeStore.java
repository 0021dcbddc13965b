package site.ycsbx.db.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import site.ycsbx.store.ProbeStore;
import site.ycsbx.store.StoreException;

/**
 * The probe table over JDBC: (k BIGINT primary key, v BIGINT), upserted through the dialect,
 * created with {@code jdbc.engine} on MySQL/MariaDB. Uses its client thread's connection; each
 * call is its own transaction when autocommit is off.
 */
public final class JdbcProbeStore implements ProbeStore {
  private final Connection conn;
  private final SqlDialect dialect;
  private final String engine;
  private PreparedStatement put;
  private PreparedStatement get;
  private PreparedStatement count;

  /**
   * @param engine the engine to create the table with, or null for the server's default
   */
  public JdbcProbeStore(Connection conn, SqlDialect dialect, String engine) {
    this.conn = conn;
    this.dialect = dialect;
    this.engine = engine;
  }

  @Override
  public void prepare() throws StoreException {
    try {
      Tables.ensure(conn, dialect, TABLE, "k BIGINT NOT NULL PRIMARY KEY, v BIGINT NOT NULL", engine);
    } catch (SQLException e) {
      throw failure("prepare", e);
    }
  }

  @Override
  public void put(long key, long value) throws StoreException {
    try {
      if (put == null) {
        put = conn.prepareStatement(dialect.upsertProbe());
      }
      put.setLong(1, key);
      put.setLong(2, value);
      put.executeUpdate();
      commit();
    } catch (SQLException e) {
      throw failure("put", e);
    }
  }

  @Override
  public Long get(long key) throws StoreException {
    try {
      if (get == null) {
        get = conn.prepareStatement("SELECT v FROM " + TABLE + " WHERE k = ?");
      }
      get.setLong(1, key);
      Long v;
      try (ResultSet rs = get.executeQuery()) {
        v = rs.next() ? rs.getLong(1) : null;
      }
      commit();
      return v;
    } catch (SQLException e) {
      throw failure("get", e);
    }
  }

  @Override
  public long count() throws StoreException {
    try {
      if (count == null) {
        count = conn.prepareStatement("SELECT COUNT(*) FROM " + TABLE);
      }
      long n;
      try (ResultSet rs = count.executeQuery()) {
        rs.next();
        n = rs.getLong(1);
      }
      commit();
      return n;
    } catch (SQLException e) {
      throw failure("count", e);
    }
  }

  private void commit() throws SQLException {
    if (!conn.getAutoCommit()) {
      conn.commit();
    }
  }

  private StoreException failure(String op, SQLException e) {
    Tables.rollbackQuietly(conn);
    String m = String.valueOf(e.getMessage()).strip();
    int nl = m.indexOf('\n');
    return new StoreException(TABLE + " " + op + ": " + (nl < 0 ? m : m.substring(0, nl)), e);
  }
}
