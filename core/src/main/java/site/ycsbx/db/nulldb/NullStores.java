package site.ycsbx.db.nulldb;

import site.ycsbx.db.nulldb.tables.NullFamily;
import site.ycsbx.store.StoreCatalog;

/**
 * The families the null binding serves, one {@link NullFamily} per family package, found through
 * {@code META-INF/services}; nothing to check on a server that does not exist.
 */
public final class NullStores extends StoreCatalog<Void, Void> {
  public NullStores() {
    super(NullFamily.class);
  }
}
