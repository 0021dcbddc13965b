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
 * @param runFiles files a run takes as stored, ids 0 to runFiles-1 ({@value #FILES_PROPERTY}); 0 in a
 *     load. A check refuses a run over a table without id runFiles-1: its updates would miss and its
 *     label would name more files than the table holds
 */
public record FileMetaPlan(String table, int batchSize, boolean drop, FileMetaSharding sharding, long runFiles)
    implements site.ycsbx.store.StoredTables {
  @Override
  public java.util.List<String> storedTables() {
    return java.util.List.of(table);
  }

  /** The spec's table name. */
  public static final String DEFAULT_TABLE = "files";
  public static final int DEFAULT_BATCH_SIZE = 1000;
  /** The property a check names when the table holds fewer files than a run takes. */
  public static final String FILES_PROPERTY = "filemeta.files";

  /** A load's plan, or a run's that assumes nothing stored. */
  public FileMetaPlan(String table, int batchSize, boolean drop, FileMetaSharding sharding) {
    this(table, batchSize, drop, sharding, 0);
  }

  /**
   * Why a table whose largest id is {@code maxId} (-1: empty) cannot carry a run of this plan; null
   * when it can. Bindings look up id runFiles-1 first (one key), and the largest id only to say this.
   */
  public String tooFewFiles(String where, long maxId) {
    return "the run assumes " + FILES_PROPERTY + "=" + runFiles + " files (ids 0 to " + (runFiles - 1) + ") but "
        + where + (maxId < 0 ? " holds no file" : " holds none with id " + (runFiles - 1) + " (largest id " + maxId
        + ")") + "; set " + FILES_PROPERTY + "=" + Math.max(1, maxId + 1) + " (what the load stored), or load "
        + runFiles + " files first";
  }

  /** Not sharded. */
  public FileMetaPlan(String table, int batchSize, boolean drop) {
    this(table, batchSize, drop, FileMetaSharding.NONE);
  }

  public static FileMetaPlan defaults(boolean drop) {
    return new FileMetaPlan(DEFAULT_TABLE, DEFAULT_BATCH_SIZE, drop);
  }
}
