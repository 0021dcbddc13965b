package site.ycsbx.db.jdbc.sysbench;

import site.ycsbx.db.jdbc.conn.JdbcFamily;
import site.ycsbx.store.StoreCatalog.Family;
import site.ycsbx.store.sysbench.SysbenchStore;

/** sysbench on JDBC: its sbtest tables on the thread's connection, checked by {@link SysbenchCheck}. */
public final class JdbcSysbenchFamily extends JdbcFamily {
  public JdbcSysbenchFamily() {
    super(Family.of(SysbenchStore.class, JdbcSysbenchStore::new, SysbenchCheck::new), JdbcSysbenchStore.class);
  }
}
