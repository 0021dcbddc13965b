package site.ycsbx.db.jdbc.iibench;

import site.ycsbx.db.jdbc.conn.JdbcFamily;
import site.ycsbx.store.StoreCatalog.Family;
import site.ycsbx.store.iibench.IIBenchStore;

/** iibench on JDBC: its table on the thread's connection, checked by {@link IIBenchCheck}. */
public final class JdbcIIBenchFamily extends JdbcFamily {
  public JdbcIIBenchFamily() {
    super(Family.of(IIBenchStore.class, JdbcIIBenchStore::new, IIBenchCheck::new), JdbcIIBenchStore.class);
  }
}
