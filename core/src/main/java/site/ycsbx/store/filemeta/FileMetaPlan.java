package site.ycsbx.store.filemeta;

/**
 * What a store must prepare before the first operation: the files table (or collection) with the
 * spec's three indexes, created when absent, dropped first only when {@code drop} is asked.
 *
 * @param table table or collection name (checked: letters, digits, _)
 * @param batchSize files per load batch ({@value FileMetaStore#BATCH_SIZE_PROPERTY}), which a
 *     binding's check may refuse when one statement cannot carry it
 * @param drop drop it first (the user asked for it, {@value FileMetaStore#DROP_PROPERTY})
 * @param sharding how a load shards the collection ({@link FileMetaSharding#NONE}: not at all)
 */
public record FileMetaPlan(String table, int batchSize, boolean drop, FileMetaSharding sharding)
    implements site.ycsbx.store.StoredTables {
  @Override
  public java.util.List<String> storedTables() {
    return java.util.List.of(table);
  }

  /** The spec's table name. */
  public static final String DEFAULT_TABLE = "files";
  public static final int DEFAULT_BATCH_SIZE = 1000;

  /** Not sharded. */
  public FileMetaPlan(String table, int batchSize, boolean drop) {
    this(table, batchSize, drop, FileMetaSharding.NONE);
  }

  public static FileMetaPlan defaults(boolean drop) {
    return new FileMetaPlan(DEFAULT_TABLE, DEFAULT_BATCH_SIZE, drop);
  }
}
