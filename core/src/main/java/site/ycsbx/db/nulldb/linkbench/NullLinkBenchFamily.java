package site.ycsbx.db.nulldb.linkbench;

import site.ycsbx.db.nulldb.tables.NullFamily;
import site.ycsbx.store.StoreCatalog.Family;
import site.ycsbx.store.linkbench.LinkBenchStore;

/** linkbench on the null binding: its store, with no server to check. */
public final class NullLinkBenchFamily extends NullFamily {
  public NullLinkBenchFamily() {
    super(Family.of(LinkBenchStore.class, none -> new NullLinkBenchStore(), null), NullLinkBenchStore.class);
  }
}
