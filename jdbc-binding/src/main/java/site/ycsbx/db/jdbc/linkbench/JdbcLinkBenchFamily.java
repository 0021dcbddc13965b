package site.ycsbx.db.jdbc.linkbench;

import site.ycsbx.db.jdbc.conn.JdbcFamily;
import site.ycsbx.store.StoreCatalog.Family;
import site.ycsbx.store.linkbench.LinkBenchStore;

/** linkbench on JDBC: its node, link and count tables on the thread's connection, checked by {@link LinkBenchCheck}. */
public final class JdbcLinkBenchFamily extends JdbcFamily {
  public JdbcLinkBenchFamily() {
    super(Family.of(LinkBenchStore.class, JdbcLinkBenchStore::new, LinkBenchCheck::new), JdbcLinkBenchStore.class);
  }
}
