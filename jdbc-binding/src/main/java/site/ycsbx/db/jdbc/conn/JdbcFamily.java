package site.ycsbx.db.jdbc.conn;

import site.ycsbx.store.StoreCatalog;

/**
 * A family as the JDBC binding serves it: the service type of its families' entries, one per
 * family package, each listed in {@code META-INF/services/site.ycsbx.db.jdbc.conn.JdbcFamily},
 * which the top's catalog ({@code JdbcStores}) reads. A family's store works on its client
 * thread's connection; its check inspects the tables in the preflight.
 */
public abstract class JdbcFamily extends StoreCatalog.Entry<ClientConnection, JdbcStoreCheck> {
  protected JdbcFamily(StoreCatalog.Family<ClientConnection, JdbcStoreCheck> family, Class<?> storeClass) {
    super(family, storeClass);
  }
}
