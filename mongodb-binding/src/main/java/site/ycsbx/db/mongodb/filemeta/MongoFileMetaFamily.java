package site.ycsbx.db.mongodb.filemeta;

import site.ycsbx.db.mongodb.conn.MongoFamily;
import site.ycsbx.store.StoreCatalog.Family;
import site.ycsbx.store.filemeta.FileMetaStore;

/** filemeta on MongoDB: its collection on the thread's connection, checked by {@link MongoFileMetaCheck}. */
public final class MongoFileMetaFamily extends MongoFamily {
  public MongoFileMetaFamily() {
    super(Family.of(FileMetaStore.class, MongoFileMetaStore::new, MongoFileMetaCheck::new), MongoFileMetaStore.class);
  }
}
