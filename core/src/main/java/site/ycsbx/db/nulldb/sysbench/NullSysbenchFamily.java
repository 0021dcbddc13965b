package site.ycsbx.db.nulldb.sysbench;

import site.ycsbx.db.nulldb.tables.NullFamily;
import site.ycsbx.store.StoreCatalog.Family;
import site.ycsbx.store.sysbench.SysbenchStore;

/** sysbench on the null binding: its store, with no server to check. */
public final class NullSysbenchFamily extends NullFamily {
  public NullSysbenchFamily() {
    super(Family.of(SysbenchStore.class, none -> new NullSysbenchStore(), null), NullSysbenchStore.class);
  }
}
