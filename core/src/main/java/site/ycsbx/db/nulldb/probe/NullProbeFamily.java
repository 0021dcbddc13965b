package site.ycsbx.db.nulldb.probe;

import site.ycsbx.db.nulldb.tables.NullFamily;
import site.ycsbx.store.StoreCatalog.Family;
import site.ycsbx.store.probe.ProbeStore;

/** The probe on the null binding: its store, with no server to check. */
public final class NullProbeFamily extends NullFamily {
  public NullProbeFamily() {
    super(Family.of(ProbeStore.class, none -> new NullProbeStore(), null), NullProbeStore.class);
  }
}
