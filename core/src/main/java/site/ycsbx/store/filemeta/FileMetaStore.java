package site.ycsbx.store.filemeta;

import java.util.List;
import java.util.Map;
import site.ycsbx.store.IndexSpec;
import site.ycsbx.store.StoreException;

/**
 * What the filemeta workload (metadata of a very large set of files, workloads/filemeta) needs
 * from a database, in the domain's words. One instance per client thread.
 *
 * <p>The table is the spec's: {@code files (id, path, size, server_id, deleted, last_updated,
 * created, user_id)}, primary key id, and the three secondary indexes of {@link #INDEXES}, which
 * the two queries are meant to read.
 */
public interface FileMetaStore {
  /** The property that lets a store drop the table, cited in refusals. */
  String DROP_PROPERTY = "filemeta.drop";
  /** The property sizing the load's batches, cited in refusals. */
  String BATCH_SIZE_PROPERTY = "filemeta.batchsize";
  /** The property naming the table, cited in refusals. */
  String TABLE_PROPERTY = "filemeta.table";
  /** The spec's column names, in its order. */
  List<String> COLUMNS = List.of("id", "path", "size", "server_id", "deleted", "last_updated", "created", "user_id");
  /** COUNT_DELETED reads it. */
  IndexSpec SERVER_ID_DELETED = new IndexSpec("server_id_deleted", List.of("server_id", "deleted"));
  /** LATEST_BY_USER reads it. */
  IndexSpec USER_ID_UPDATED = new IndexSpec("user_id_updated", List.of("user_id", "last_updated"));
  /** The spec's third index (no operation of the spec reads it; it costs every write). */
  IndexSpec USER_ID_PATH = new IndexSpec("user_id_path", List.of("user_id", "path"));
  /** The spec's secondary indexes, in its order. */
  List<IndexSpec> INDEXES = List.of(SERVER_ID_DELETED, USER_ID_UPDATED, USER_ID_PATH);
  /** Longest path the table takes. */
  int MAX_PATH = 128;

  /** Creates the table and its indexes when absent (drops it first only when the plan says so). */
  void prepare(FileMetaPlan plan) throws StoreException;

  /** The largest id stored, or -1 when the table is empty (new files get ids above it). */
  long maxId() throws StoreException;

  /** Stores files with the ids they carry, as one batch (the load). */
  void insertFiles(List<FileRow> files) throws StoreException;

  /** Stores one new file (INSERT_FILE). */
  void insertFile(FileRow file) throws StoreException;

  /**
   * LATEST_BY_USER: the user's {@code limit} most recently updated files, newest first, deleted
   * ones included (the spec's query has no condition on deleted).
   */
  List<FileRow> latestByUser(long userId, int limit) throws StoreException;

  /** COUNT_DELETED: how many files of the server have deleted = 1. */
  long countDeleted(int serverId) throws StoreException;

  /**
   * UPDATE_FILE: sets last_updated and size of the file.
   *
   * @return false when there is no such file
   */
  boolean updateFile(long id, long lastUpdated, long size) throws StoreException;

  /**
   * DELETE_FILE: marks the file deleted (deleted = 1); the row stays.
   *
   * @return false when there is no such file
   */
  boolean deleteFile(long id) throws StoreException;

  /** Files of the user, deleted ones included (the verification). */
  long countByUser(long userId) throws StoreException;

  // ---- the verification (bin/ycsb verify): whole-table answers the database computes, so that
  // nothing is left out without pulling every row to the client

  /** Files per user_id over the whole table, deleted ones included (one grouped count). */
  Map<Long, Long> filesPerUser() throws StoreException;

  /** Per server_id over the whole table: {files, deleted files} (one grouped count). */
  Map<Integer, long[]> filesPerServer() throws StoreException;

  /** Files with ids from {@code fromId} (included) to {@code toId} (excluded), by id. */
  List<FileRow> filesBetween(long fromId, long toId) throws StoreException;

  /** How many files have ids from {@code fromId} (included) to {@code toId} (excluded). */
  long countBetween(long fromId, long toId) throws StoreException;

  /**
   * The first {@code limit} ids of 0 to files-1 that no file has, ascending: the gaps in the primary
   * key, found by the database where it can (SQL: LAG over the key) rather than by reading every id.
   */
  List<Long> missingIds(long files, int limit) throws StoreException;

  /** The first {@code limit} ids outside 0 to files-1 that files have, ascending. */
  List<Long> idsOutside(long files, int limit) throws StoreException;

  /**
   * Documents per shard of a sharded files collection, in the order the database lists its
   * shards; empty when the collection is not sharded (every SQL store, a replica set).
   */
  default List<ShardCount> documentsPerShard() throws StoreException {
    return List.of();
  }
}
