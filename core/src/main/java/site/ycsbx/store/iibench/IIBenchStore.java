package site.ycsbx.store.iibench;

import site.ycsbx.store.StoreException;
import java.util.Collection;
import java.util.List;
import site.ycsbx.store.IndexSpec;
import site.ycsbx.store.SizeReport;

/**
 * What the insert benchmark needs from a database. One instance per client thread.
 */
public interface IIBenchStore {
  // The workload's properties that a store or a binding's check names when it refuses a table
  // or a batch (read by the workload's IIBenchSettings): the fix is in the user's words.
  String TABLE_PROPERTY = "iibench.table";
  String INDEXES_PROPERTY = "iibench.indexes";
  String BATCH_SIZE_PROPERTY = "iibench.batchsize";
  String PADDING_FIELDS_PROPERTY = "iibench.paddingfields";
  String PADDING_LENGTH_PROPERTY = "iibench.paddinglength";
  String DROP_PROPERTY = "iibench.drop";

  /**
   * Creates the table with its secondary indexes when absent; drops it first only when
   * {@code drop} is true. Never drops otherwise.
   *
   * @return rows the table holds now (0 when created)
   */
  long prepare(IIBenchTable table, boolean drop) throws StoreException;

  /**
   * Inserts the batch as one transaction in one round trip (SQL: one multi-row INSERT, then
   * commit; MongoDB: one insertMany with the configured write concern).
   */
  void insert(IIBenchTable table, RowBatch rows) throws StoreException;

  /**
   * The reference range query on (price, dateandtime, customerid) from {@code start}, in index
   * order, at most {@code limit} rows.
   */
  List<QueryRow> query(IIBenchTable table, QueryStart start, int limit) throws StoreException;

  /**
   * Deletes the table's {@code rows} oldest rows, those of the lowest primary keys (SQL:
   * transactionid; MongoDB: _id), in one transaction: the insert benchmark's delete per insert
   * ({@code l.i1}, {@code l.i2}) that keeps the table's size fixed.
   *
   * @return rows deleted (fewer when the table holds fewer)
   */
  long deleteOldest(IIBenchTable table, int rows) throws StoreException;

  /**
   * The insert benchmark's point query on the primary key ({@code qp100}): the first {@code limit}
   * rows in primary-key order from the key at {@code position} (0 to 1) between the table's lowest
   * and highest key, which the store may look up at most once a second.
   */
  List<QueryRow> queryByKey(IIBenchTable table, double position, int limit) throws StoreException;

  /**
   * Creates the table's secondary indexes ({@link IIBenchTable#secondaryIndexes()}) that it
   * lacks, on the rows it holds: the insert benchmark's index build after a load without them
   * ({@code l.x}). Returns when every index is built.
   */
  void createIndexes(IIBenchTable table) throws StoreException;

  /** Exact row count of the table. */
  long count(IIBenchTable table) throws StoreException;

  /**
   * Rows counted through one of the table's secondary indexes (the server reads the index, not the
   * table, where it lets a client say so): {@code bin/ycsb verify} compares it with {@link #count}.
   */
  long countThroughIndex(IIBenchTable table, IndexSpec index) throws StoreException;

  /** Rows whose values the generator cannot have made; none in a table only iibench wrote. */
  long countOutside(IIBenchTable table, RowDomain domain) throws StoreException;

  /** The first {@code limit} of the rows {@link #countOutside} counts, in primary-key order. */
  java.util.List<StoredRow> firstOutside(IIBenchTable table, RowDomain domain, int limit) throws StoreException;

  /**
   * The smallest and largest primary key, where the key is a number the server assigns in insert
   * order (SQL's auto-increment transactionid), so that verify can name the keys missing; empty
   * where it is not (MongoDB's driver-made ObjectId, which says nothing of the rows in between) or
   * the table is empty.
   */
  default java.util.Optional<KeyAudit.Span> keySpan(IIBenchTable table) throws StoreException {
    return java.util.Optional.empty();
  }

  /**
   * Of the keys {@code from..to}, how many are stored and the first {@code limit} that are not
   * (gaps found on the server); of the keys above {@code to}, how many and the first {@code limit}.
   * Only for a store whose {@link #keySpan} is not empty.
   */
  default KeyAudit keyAudit(IIBenchTable table, long from, long to, int limit) throws StoreException {
    throw new StoreException("the primary key of " + table.name() + " is not a number assigned in insert order");
  }

  /**
   * What makes the secondary indexes cost less than on a real server, said where the table is
   * reported ready; empty for a server that builds and maintains them.
   */
  default java.util.Optional<String> indexCaveat() {
    return java.util.Optional.empty();
  }

  /**
   * Writes out what the engine keeps in memory and {@link #size} does not count (MyRocks'
   * memtables), before a size the user wants complete ({@code iibench.flushbeforesize}).
   *
   * @return what it ran, for the output; null when this store keeps nothing aside
   */
  default String flushForSize(Collection<IIBenchTable> tables) throws StoreException {
    return null;
  }

  /** Size of the tables (data and indexes) as the server reports it. */
  SizeReport size(Collection<IIBenchTable> tables) throws StoreException;

  /**
   * Whether acknowledged inserts are stored; false for unacknowledged writes (MongoDB w:0),
   * where a shortfall in {@code iibench.verify} is expected.
   */
  default boolean acknowledgesWrites() {
    return true;
  }

  /**
   * Whether the server runs on this host, so that this host's /proc/diskstats show its writes.
   */
  boolean serverIsLocal();

  /**
   * The TCP port the server listens on (its first host's), so that its process on this host can
   * be found and its own writes measured; -1 when unknown (a Unix socket, no server).
   */
  default int serverPort() {
    return -1;
  }
}
