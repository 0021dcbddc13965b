package site.ycsbx.db.nulldb.tables;

import site.ycsbx.store.StoreCatalog;

/**
 * A family as the null binding serves it: the service type of its families' entries, each
 * listed in {@code META-INF/services/site.ycsbx.db.nulldb.tables.NullFamily}, which {@code NullStores}
 * reads. A null store needs no connection and has nothing to check.
 */
public abstract class NullFamily extends StoreCatalog.Entry<Void, Void> {
  protected NullFamily(StoreCatalog.Family<Void, Void> family, Class<?> storeClass) {
    super(family, storeClass);
  }
}
