package site.ycsbx.db.jdbc.probe;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import site.ycsbx.db.jdbc.conn.ClientConnection;
import site.ycsbx.db.jdbc.conn.JdbcErrors;
import site.ycsbx.db.jdbc.conn.JdbcOptions;
import site.ycsbx.db.jdbc.conn.StatementCache;
import site.ycsbx.db.jdbc.conn.Tables;
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
  private final StatementCache statements;

  public JdbcProbeStore(ClientConnection client) {
    this.conn = client.connection();
    this.options = client.options();
    this.statements = new StatementCache(conn, 0);
  }

  @Override
  public void prepare() throws StoreException {
    call("prepare", () -> {
      Tables.ensure(conn, options.dialect(), TABLE, "k BIGINT NOT NULL PRIMARY KEY, v BIGINT NOT NULL", options.engine());
      return null;
    });
  }

  @Override
  public void put(long key, long value) throws StoreException {
    call("put", () -> {
      PreparedStatement put = statements.get("put", () -> ProbeSql.upsert(options.dialect()));
      put.setLong(1, key);
      put.setLong(2, value);
      put.executeUpdate();
      commit();
      return null;
    });
  }

  @Override
  public Long get(long key) throws StoreException {
    return call("get", () -> {
      PreparedStatement get = statements.get("get", () -> "SELECT v FROM " + TABLE + " WHERE k = ?");
      get.setLong(1, key);
      Long v;
      try (ResultSet rs = get.executeQuery()) {
        v = rs.next() ? rs.getLong(1) : null;
      }
      commit();
      return v;
    });
  }

  @Override
  public long count() throws StoreException {
    return call("count", () -> {
      PreparedStatement count = statements.get("count", () -> "SELECT COUNT(*) FROM " + TABLE);
      long n = Tables.count(count);
      commit();
      return n;
    });
  }

  private void commit() throws SQLException {
    if (!conn.getAutoCommit()) {
      conn.commit();
    }
  }

  private <T> T call(String op, JdbcErrors.Work<T> work) throws StoreException {
    return JdbcErrors.call(conn, options, TABLE, op, work);
  }
}
