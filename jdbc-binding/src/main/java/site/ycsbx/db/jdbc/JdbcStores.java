package site.ycsbx.db.jdbc;

import site.ycsbx.db.jdbc.conn.ClientConnection;
import site.ycsbx.db.jdbc.conn.JdbcFamily;
import site.ycsbx.db.jdbc.conn.JdbcStoreCheck;
import site.ycsbx.store.StoreCatalog;

/**
 * The workload families the JDBC binding serves, each on its client thread's connection: one
 * {@link JdbcFamily} per family package, found through {@code META-INF/services}.
 */
public final class JdbcStores extends StoreCatalog<ClientConnection, JdbcStoreCheck> {
  public JdbcStores() {
    super(JdbcFamily.class);
  }
}
