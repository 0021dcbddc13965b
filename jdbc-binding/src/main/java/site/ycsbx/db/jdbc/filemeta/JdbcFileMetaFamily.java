package site.ycsbx.db.jdbc.filemeta;

import site.ycsbx.db.jdbc.conn.JdbcFamily;
import site.ycsbx.store.StoreCatalog.Family;
import site.ycsbx.store.filemeta.FileMetaStore;

/** filemeta on JDBC: its files table on the thread's connection, checked by {@link FileMetaCheck}. */
public final class JdbcFileMetaFamily extends JdbcFamily {
  public JdbcFileMetaFamily() {
    super(Family.of(FileMetaStore.class, JdbcFileMetaStore::new, FileMetaCheck::new), JdbcFileMetaStore.class);
  }
}
