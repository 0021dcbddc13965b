package site.ycsbx.db.nulldb.probe;

import site.ycsbx.db.nulldb.tables.NullTables;
import site.ycsbx.store.probe.ProbeStore;

/** Counts puts; every get finds the value the probe expects. */
public final class NullProbeStore implements ProbeStore {
  @Override
  public void prepare() {
  }

  @Override
  public void put(long key, long value) {
    NullTables.rows(TABLE).incrementAndGet();
  }

  @Override
  public Long get(long key) {
    return 7 * key;
  }

  @Override
  public long count() {
    return NullTables.rows(TABLE).get();
  }
}
