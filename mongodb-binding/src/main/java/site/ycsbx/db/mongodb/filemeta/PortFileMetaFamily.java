package site.ycsbx.db.mongodb.filemeta;

import site.ycsbx.db.mongodb.conn.PortFamily;
import site.ycsbx.store.StoreCatalog.Family;
import site.ycsbx.store.filemeta.FileMetaStore;

/** filemeta over the port alone (mongodb-legacy), not sharded. */
public final class PortFileMetaFamily extends PortFamily {
  public PortFileMetaFamily() {
    super(Family.of(FileMetaStore.class, c -> new MongoFileMetaStore(new FileMetaSide(c.options(), c::port),
        c.shared(MongoFileMetaStore.Shared.class, MongoFileMetaStore.Shared::new)), MongoFileMetaCheck::new),
        MongoFileMetaStore.class);
  }
}
