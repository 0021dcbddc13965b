package site.ycsbx.db.jdbc.linkbench;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Supplier;
import com.mysql.cj.MysqlConnection;
import com.mysql.cj.Query;
import com.mysql.cj.interceptors.QueryInterceptor;
import com.mysql.cj.log.Log;
import com.mysql.cj.protocol.Resultset;
import com.mysql.cj.protocol.ServerSession;

/**
 * Connector/J query interceptor (db.url option queryInterceptors) that records every statement
 * the driver sends, with the connection it went on: what an operation costs on the wire.
 */
public final class StatementLog implements QueryInterceptor {
  /** One statement as sent (parameters inlined by the driver) on connection {@code connection}. */
  public record Sent(long connection, String sql) {
  }

  static final List<Sent> SENT = new ArrayList<>();
  private long connection;

  public static synchronized void clear() {
    SENT.clear();
  }

  public static synchronized List<Sent> sent() {
    return List.copyOf(SENT);
  }

  @Override
  public QueryInterceptor init(MysqlConnection conn, Properties props, Log log) {
    // the server thread id is not known yet when the driver calls init
    connection = System.identityHashCode(conn);
    return this;
  }

  @Override
  public <T extends Resultset> T preProcess(Supplier<String> sql, Query query) {
    String s = sql.get();
    if (s != null) {
      synchronized (StatementLog.class) {
        SENT.add(new Sent(connection, s.strip()));
      }
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
