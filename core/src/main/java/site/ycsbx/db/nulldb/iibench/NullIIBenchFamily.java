package site.ycsbx.db.nulldb.iibench;

import site.ycsbx.db.nulldb.tables.NullFamily;
import site.ycsbx.store.StoreCatalog.Family;
import site.ycsbx.store.iibench.IIBenchStore;

/** iibench on the null binding: its store, with no server to check. */
public final class NullIIBenchFamily extends NullFamily {
  public NullIIBenchFamily() {
    super(Family.of(IIBenchStore.class, none -> new NullIIBenchStore(), null), NullIIBenchStore.class);
  }
}
