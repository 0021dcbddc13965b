package site.ycsbx.store.sysbench;

import java.util.Collection;
import java.util.List;
import site.ycsbx.store.SizeReport;
import site.ycsbx.store.StoreException;

/**
 * What the sysbench OLTP workload needs from a database, in sysbench's words. One instance per
 * client thread. SQL: sysbench 1.0's tables and statements; MongoDB: collections {@code sbtestN}
 * of {@code {_id, k, c, pad}} with an index on k, sums, ordered and distinct ranges as
 * sysbench-mongodb ran them. A step that hits an error sysbench ignores by default throws
 * {@link IgnoredError}; the workload then calls {@link #rollback}.
 */
public interface SysbenchStore {
  // The workload's properties that a store or a binding's check cites when it refuses something
  // (read by the workload's settings): the fix is in the user's words.
  String TABLES_PROPERTY = "sysbench.tables";
  String TABLE_SIZE_PROPERTY = "sysbench.table_size";
  String BATCH_SIZE_PROPERTY = "sysbench.batchsize";
  String CREATE_SECONDARY_PROPERTY = "sysbench.create_secondary";
  String DROP_PROPERTY = "sysbench.drop";

  /**
   * CREATE_TABLE: creates the table without its k index when absent; drops it first only when
   * {@code drop} is true. An existing table of another shape is refused, never changed.
   *
   * @return rows the table holds now (0 when created)
   */
  long createTable(SysbenchTable table, boolean drop) throws StoreException;

  /** LOAD_ROWS: inserts the batch's rows with their ids, in one statement, committed. */
  void loadRows(SysbenchTable table, RowBatch rows) throws StoreException;

  /**
   * After the load of a table's last row (ids 1..{@code lastId}, given explicitly): where the id
   * column draws from a sequence of its own (PostgreSQL's SERIAL), the sequence moves past it, as
   * sysbench's prepare leaves it, so that a later insert without an id (sysbench's oltp_insert)
   * takes a new one. MySQL's AUTO_INCREMENT and MongoDB need nothing.
   */
  default void rowsLoaded(SysbenchTable table, int lastId) throws StoreException {
  }

  /** CREATE_INDEX: builds k_N on k when absent (sysbench builds it after the rows). */
  void createSecondaryIndex(SysbenchTable table) throws StoreException;

  /** Whether the table has its k index. */
  boolean hasSecondaryIndex(SysbenchTable table) throws StoreException;

  /**
   * Starts an explicit transaction (SQL: BEGIN); not called with {@code sysbench.skip_trx=true}.
   *
   * @return whether one was started, so that its BEGIN and COMMIT (or ROLLBACK) reach the server;
   *     false where the steps run alone (MongoDB without transactions): sysbench's "other" queries
   *     then count none
   */
  boolean begin() throws StoreException;

  /** Commits the transaction {@link #begin} started (SQL: COMMIT). */
  void commit() throws StoreException;

  /** Ends a failed transaction; does nothing outside of one. Never throws on a lost connection. */
  void rollback();

  /** POINT_SELECT: c of the row(s) whose {@code key} is {@code value}. */
  List<String> pointSelect(SysbenchTable table, ReadKey key, int value) throws StoreException;

  /**
   * SIMPLE_RANGE: c of the rows of the range, in key order: sysbench's {@code key BETWEEN from AND
   * to}, or the first {@code limit} rows from {@code from} on ({@link KeyRange#first}).
   */
  List<String> simpleRange(SysbenchTable table, KeyRange range) throws StoreException;

  /** SUM_RANGE: the sum of k over the rows of the range. */
  long sumRange(SysbenchTable table, KeyRange range) throws StoreException;

  /** ORDER_RANGE: c of the rows of the range, ordered by c. */
  List<String> orderRange(SysbenchTable table, KeyRange range) throws StoreException;

  /** DISTINCT_RANGE: the distinct c of the rows of the range, ordered by c. */
  List<String> distinctRange(SysbenchTable table, KeyRange range) throws StoreException;

  /** INDEX_UPDATE: k = k + 1 on the row with this id; returns the rows changed. */
  int indexUpdate(SysbenchTable table, int id) throws StoreException;

  /** NON_INDEX_UPDATE: c = {@code c} on the row with this id; returns the rows changed. */
  int nonIndexUpdate(SysbenchTable table, int id, String c) throws StoreException;

  /** DELETE_INSERT: deletes the row with this id, then inserts it again with new k, c and pad. */
  void deleteInsert(SysbenchTable table, int id, int k, String c, String pad) throws StoreException;

  /** Rows of the table counted both ways, for {@code sysbench.verify}. */
  TableCensus census(SysbenchTable table) throws StoreException;

  /**
   * The ids of 1..{@code tableSize} the table lacks, the ids outside them, and the rows of values
   * sysbench never writes ({@link RowAudit}), for {@code bin/ycsb verify}: counted on the server,
   * the first {@code limit} of each read in id order. Reads only.
   */
  RowAudit audit(SysbenchTable table, int tableSize, int limit) throws StoreException;

  /** Size of the tables (data and indexes) as the server reports it. */
  SizeReport size(Collection<SysbenchTable> tables) throws StoreException;

  /**
   * How the transaction runs, for the fingerprint and the first line of a run: e.g. "BEGIN/COMMIT"
   * or, on a MongoDB without multi-document transactions, "each step alone" and why.
   */
  default String transactions() {
    return "BEGIN/COMMIT";
  }
}
