package site.ycsbx.db.jdbc.probe;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import site.ycsbx.db.jdbc.ClientConnection;
import site.ycsbx.db.jdbc.Connector;
import site.ycsbx.db.jdbc.JdbcOptions;
import site.ycsbx.db.jdbc.Tables;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.probe.ProbeStore;

/**
 * The probe table over JDBC: (k BIGINT primary key, v BIGINT), upserted ({@link ProbeSql}),
 * created with {@code jdbc.engine} on MySQL/MariaDB. Uses its client thread's connection; each
 * call is its own transaction when autocommit is off.
 */
public final class JdbcProbeStore implements ProbeStore {
  private final Connection conn;
  private final JdbcOptions options;
  private PreparedStatement put;
  private PreparedStatement get;
  private PreparedStatement count;

  public JdbcProbeStore(ClientConnection client) {
    this.conn = client.connection();
    this.options = client.options();
  }

  @Override
  public void prepare() throws StoreException {
    try {
      Tables.ensure(conn, options.dialect(), TABLE, "k BIGINT NOT NULL PRIMARY KEY, v BIGINT NOT NULL", options.engine());
    } catch (SQLException e) {
      throw failure("prepare", e);
    }
  }

  @Override
  public void put(long key, long value) throws StoreException {
    try {
      if (put == null) {
        put = conn.prepareStatement(ProbeSql.upsert(options.dialect()));
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
    return new StoreException(TABLE + " " + op + ": " + Connector.message(e, options), e);
  }
}
