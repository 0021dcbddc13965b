package site.ycsbx.db.jdbc;

import com.mysql.cj.MysqlConnection;
import com.mysql.cj.Query;
import com.mysql.cj.interceptors.QueryInterceptor;
import com.mysql.cj.log.Log;
import com.mysql.cj.protocol.Resultset;
import com.mysql.cj.protocol.ServerSession;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import site.ycsbx.db.jdbc.conn.Connector;

/**
 * Connector/J query interceptor (db.url option queryInterceptors) that counts the INSERT
 * statements the driver sends to the server: what a batch costs on the wire.
 */
public final class InsertCounter implements QueryInterceptor {
  static final AtomicInteger INSERTS = new AtomicInteger();

  @Override
  public QueryInterceptor init(MysqlConnection conn, Properties props, Log log) {
    return this;
  }

  @Override
  public <T extends Resultset> T preProcess(Supplier<String> sql, Query query) {
    String s = sql.get();
    if (s != null && s.strip().toUpperCase(Locale.ROOT).startsWith("INSERT")) {
      INSERTS.incrementAndGet();
    }
    return null;
  }

  @Override
  public boolean executeTopLevelOnly() {
    return true;
  }

  @Override
  public void destroy() {
  }

  @Override
  public <T extends Resultset> T postProcess(Supplier<String> sql, Query query, T result, ServerSession session) {
    return null;
  }
}
