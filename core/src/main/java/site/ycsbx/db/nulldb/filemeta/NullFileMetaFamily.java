package site.ycsbx.db.nulldb.filemeta;

import site.ycsbx.db.nulldb.tables.NullFamily;
import site.ycsbx.store.StoreCatalog.Family;
import site.ycsbx.store.filemeta.FileMetaStore;

/** filemeta on the null binding: its store, with no server to check. */
public final class NullFileMetaFamily extends NullFamily {
  public NullFileMetaFamily() {
    super(Family.of(FileMetaStore.class, none -> new NullFileMetaStore(), null), NullFileMetaStore.class);
  }
}
