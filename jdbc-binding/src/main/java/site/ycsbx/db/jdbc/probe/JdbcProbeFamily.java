package site.ycsbx.db.jdbc.probe;

import site.ycsbx.db.jdbc.conn.JdbcFamily;
import site.ycsbx.store.StoreCatalog.Family;
import site.ycsbx.store.probe.ProbeStore;

/** The probe on JDBC: its (key, value) table on the thread's connection, checked by {@link ProbeCheck}. */
public final class JdbcProbeFamily extends JdbcFamily {
  public JdbcProbeFamily() {
    super(Family.of(ProbeStore.class, JdbcProbeStore::new, ProbeCheck::new), JdbcProbeStore.class);
  }
}
