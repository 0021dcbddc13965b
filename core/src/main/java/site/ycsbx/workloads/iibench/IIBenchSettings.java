package site.ycsbx.workloads.iibench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsbx.fingerprint.WorkloadShape;
import site.ycsbx.store.iibench.IIBenchPlan;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.iibench.IIBenchTable;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.FamilyWorkload;

/**
 * The iibench properties, read and checked in one place (workloads/iibench documents each).
 * The few that stores and binding checks cite in their refusals are named in
 * {@link IIBenchStore}, the family's contract, so bindings never import a workload class.
 */
public final class IIBenchSettings implements FamilyWorkload.Settings {
  public static final String ROWS_PROPERTY = "iibench.rows";
  public static final String BATCH_SIZE_PROPERTY = IIBenchStore.BATCH_SIZE_PROPERTY;
  public static final int BATCH_SIZE_PROPERTY_DEFAULT = 1000;
  public static final String INDEXES_PROPERTY = IIBenchStore.INDEXES_PROPERTY;
  public static final int INDEXES_PROPERTY_DEFAULT = 3;
  public static final String TABLE_PROPERTY = IIBenchStore.TABLE_PROPERTY;
  public static final String TABLE_PROPERTY_DEFAULT = "purchases_index";
  public static final String TABLE_PER_THREAD_PROPERTY = "iibench.tableperthread";
  public static final boolean TABLE_PER_THREAD_PROPERTY_DEFAULT = false;
  public static final String PADDING_FIELDS_PROPERTY = IIBenchStore.PADDING_FIELDS_PROPERTY;
  public static final int PADDING_FIELDS_PROPERTY_DEFAULT = 0;
  public static final String PADDING_LENGTH_PROPERTY = IIBenchStore.PADDING_LENGTH_PROPERTY;
  public static final int PADDING_LENGTH_PROPERTY_DEFAULT = 100;
  public static final String COMPRESSIBLE_PERCENT_PROPERTY = "iibench.compressiblepercent";
  public static final int COMPRESSIBLE_PERCENT_PROPERTY_DEFAULT = 90;
  public static final String ROUND_ROWS_PROPERTY = "iibench.roundrows";
  public static final long ROUND_ROWS_PROPERTY_DEFAULT = 1_000_000;
  public static final String ROUND_FILE_PROPERTY = "iibench.roundfile";
  public static final String DISKS_PROPERTY = "iibench.disks";
  public static final String QUERY_THREADS_PROPERTY = "iibench.querythreads";
  public static final int QUERY_THREADS_PROPERTY_DEFAULT = 0;
  public static final String QUERY_LIMIT_PROPERTY = "iibench.querylimit";
  public static final int QUERY_LIMIT_PROPERTY_DEFAULT = 10;
  public static final String QUERY_START_ROWS_PROPERTY = "iibench.querystartrows";
  public static final long QUERY_START_ROWS_PROPERTY_DEFAULT = 0;
  public static final String QUERY_INTERVAL_MS_PROPERTY = "iibench.queryintervalms";
  public static final long QUERY_INTERVAL_MS_PROPERTY_DEFAULT = 0;
  public static final String INSERT_RATE_PROPERTY = "iibench.insertrate";
  public static final double INSERT_RATE_PROPERTY_DEFAULT = 0;
  public static final String DELETE_PER_INSERT_PROPERTY = "iibench.deleteperinsert";
  public static final boolean DELETE_PER_INSERT_PROPERTY_DEFAULT = false;
  public static final String QUERY_KIND_PROPERTY = "iibench.querykind";
  public static final String QUERY_KIND_PROPERTY_DEFAULT = "range";
  /** iibench.querykind's values: the range query on pdc, the point query on the primary key. */
  static final List<String> QUERY_KINDS = List.of("range", "pk");
  public static final String INDEXES_AFTER_PROPERTY = "iibench.indexesafter";
  public static final boolean INDEXES_AFTER_PROPERTY_DEFAULT = false;
  public static final String DROP_PROPERTY = IIBenchStore.DROP_PROPERTY;
  public static final boolean DROP_PROPERTY_DEFAULT = false;
  public static final String VERIFY_PROPERTY = "iibench.verify";
  public static final boolean VERIFY_PROPERTY_DEFAULT = false;
  public static final String FLUSH_BEFORE_SIZE_PROPERTY = "iibench.flushbeforesize";
  public static final boolean FLUSH_BEFORE_SIZE_PROPERTY_DEFAULT = false;
  /**
   * Once the period of iibench's own status line; accepted (and checked) so that existing
   * command lines run, and unused: the run's [STATUS] line, every ycsbx.interval seconds, has
   * iibench's figures (rows/s, the QUERY rate and latency).
   */
  public static final String REPORT_SECONDS_PROPERTY = "iibench.reportseconds";
  public static final int REPORT_SECONDS_PROPERTY_DEFAULT = 10;
  public static final String SEED_PROPERTY = "iibench.seed";

  /** Every iibench.* property, for the misspelling check and {@code bin/ycsb help properties}. */
  public static final List<PropertyDef> PROPERTIES = List.of(
      new PropertyDef(ROWS_PROPERTY, "recordcount", "rows to insert, all clients together (a run: operationcount); for"
          + " more than an int, with recordcount (operationcount) at 2147483647"),
      PropertyDef.of(BATCH_SIZE_PROPERTY, BATCH_SIZE_PROPERTY_DEFAULT, "rows per transaction: one multi-row INSERT and"
          + " a commit (SQL), one insertMany (MongoDB), timed as INSERT_TXN"),
      PropertyDef.of(INDEXES_PROPERTY, INDEXES_PROPERTY_DEFAULT, "secondary indexes, 0 to 3: marketsegment,"
          + " registersegment, pdc, in this order"),
      PropertyDef.of(TABLE_PROPERTY, TABLE_PROPERTY_DEFAULT, "table (collection) name"),
      PropertyDef.of(TABLE_PER_THREAD_PROPERTY, TABLE_PER_THREAD_PROPERTY_DEFAULT, "true: each inserting thread its own"
          + " table <name>_<thread> (the published 10-client method)"),
      PropertyDef.of(PADDING_FIELDS_PROPERTY, PADDING_FIELDS_PROPERTY_DEFAULT, "padding columns per row, 0 to 100, to"
          + " reach a target row size"),
      PropertyDef.of(PADDING_LENGTH_PROPERTY, PADDING_LENGTH_PROPERTY_DEFAULT, "characters per padding column, 1 to"
          + " 60000"),
      PropertyDef.of(COMPRESSIBLE_PERCENT_PROPERTY, COMPRESSIBLE_PERCENT_PROPERTY_DEFAULT, "percent of each padding"
          + " column that is one repeated character (the rest random), 0 to 100"),
      PropertyDef.of(ROUND_ROWS_PROPERTY, ROUND_ROWS_PROPERTY_DEFAULT, "rows per round (one [IIBENCH] line), all"
          + " clients together"),
      PropertyDef.noDefault(ROUND_FILE_PROPERTY, "CSV file each round appends a row to (sizes in bytes); an appended"
          + " file continues its round numbers"),
      new PropertyDef(DISKS_PROPERTY, "every physical disk", "alias of ycsbx.disks: the disks of"
          + " host_wr_mb and of the efficiency table (names from /proc/diskstats, comma-separated)"),
      PropertyDef.of(QUERY_THREADS_PROPERTY, QUERY_THREADS_PROPERTY_DEFAULT, "client threads that run the range query"
          + " (timed as QUERY) instead of inserting, 0 to threadcount-1"),
      PropertyDef.of(QUERY_LIMIT_PROPERTY, QUERY_LIMIT_PROPERTY_DEFAULT, "most rows one query returns"),
      PropertyDef.of(QUERY_KIND_PROPERTY, QUERY_KIND_PROPERTY_DEFAULT, "what a query thread runs, timed as QUERY: range"
          + " (the reference range query on the pdc index, the insert benchmark's qr steps) or pk (the rows from a random"
          + " primary key on, in its order: with iibench.querylimit=1 the point query of its qp steps)"),
      PropertyDef.of(DELETE_PER_INSERT_PROPERTY, DELETE_PER_INSERT_PROPERTY_DEFAULT, "true: after each insert"
          + " transaction its inserter deletes as many of the table's oldest rows (lowest primary key) in a transaction"
          + " of their own, timed as DELETE_TXN, so the table's size stays fixed (the insert benchmark's l.i1, l.i2)"),
      PropertyDef.of(QUERY_START_ROWS_PROPERTY, QUERY_START_ROWS_PROPERTY_DEFAULT, "rows in the tables before the query"
          + " threads start"),
      PropertyDef.of(QUERY_INTERVAL_MS_PROPERTY, QUERY_INTERVAL_MS_PROPERTY_DEFAULT, "pause between one query thread's"
          + " queries (ms; the published runs: 15000)"),
      PropertyDef.of(INSERT_RATE_PROPERTY, INSERT_RATE_PROPERTY_DEFAULT, "rows per second the inserters keep, all"
          + " together (each its share; query threads are not paced), 0: as fast as they can; the insert benchmark's"
          + " qr100/qp100 steps: 100. The export's [HEADLINE] asked_rows_s says it"),
      PropertyDef.of(INDEXES_AFTER_PROPERTY, INDEXES_AFTER_PROPERTY_DEFAULT, "true: the tables are created without"
          + " their secondary indexes and, after the last row, the iibench.indexes indexes are built, timed as"
          + " CREATE_INDEX ([HEADLINE] index_secs: the insert benchmark's l.x); with iibench.rows=0 a run builds them"
          + " on the rows a load left"),
      PropertyDef.of(DROP_PROPERTY, DROP_PROPERTY_DEFAULT, "true: drop the tables first (only tables of iibench's"
          + " columns); otherwise rows are appended"),
      PropertyDef.of(FLUSH_BEFORE_SIZE_PROPERTY, FLUSH_BEFORE_SIZE_PROPERTY_DEFAULT, "true: flush what the engine holds"
          + " in memory before the last round's size (MyRocks: SET GLOBAL rocksdb_force_flush_memtable_now=1;"
          + " MongoDB: the fsync admin command, a WiredTiger checkpoint), so db_size_mb and bytes_row count the whole"
          + " load"),
      PropertyDef.of(VERIFY_PROPERTY, VERIFY_PROPERTY_DEFAULT, "true: at the end, count each table's rows against the"
          + " rows acknowledged (timed as VERIFY)"),
      PropertyDef.of(REPORT_SECONDS_PROPERTY, REPORT_SECONDS_PROPERTY_DEFAULT, "unused, accepted so old command lines"
          + " run: iibench's figures are in the [STATUS] line, every ycsbx.interval seconds"),
      new PropertyDef(SEED_PROPERTY, "the clock", "seed of the row generator; the same seed, the same rows"));

  final long rows;
  final int batchSize;
  final int indexes;
  final String table;
  final boolean tablePerThread;
  final int paddingFields;
  final int paddingLength;
  final int compressiblePercent;
  final long roundRows;
  final Path roundFile;
  final int threads;
  final int queryThreads;
  final int queryLimit;
  final long queryStartRows;
  final long queryIntervalMs;
  final double insertRate;
  final boolean indexesAfter;
  final boolean deletePerInsert;
  final boolean queryByKey;
  final boolean drop;
  final boolean verify;
  final boolean flushBeforeSize;
  final long seed;
  final boolean load;

  /** Reads and checks every property; a bad one is a {@link UserError}. No side effects. */
  public IIBenchSettings(Properties p) {
    load = !Boolean.parseBoolean(p.getProperty("dotransactions", "true"));
    String countKey = load ? "recordcount" : "operationcount";
    // YCSB's Client reads recordcount as an int; iibench.rows takes 64-bit counts (3 billion rows)
    long fromCount = Props.getLong(p, countKey, 0, 0, Integer.MAX_VALUE);
    // iibench.rows=0 would create the table and insert nothing: refused before anything exists
    // with the indexes built after the rows, 0 rows is the insert benchmark's l.x step on a table loaded before
    boolean after = Props.getBoolean(p, INDEXES_AFTER_PROPERTY, INDEXES_AFTER_PROPERTY_DEFAULT);
    rows = p.getProperty(ROWS_PROPERTY) != null ? Props.getLong(p, ROWS_PROPERTY, 0, after ? 0 : 1, Long.MAX_VALUE)
        : fromCount;
    batchSize = Props.getInt(p, BATCH_SIZE_PROPERTY, BATCH_SIZE_PROPERTY_DEFAULT, 1, 1_000_000);
    indexes = Props.getInt(p, INDEXES_PROPERTY, INDEXES_PROPERTY_DEFAULT, 0, 3);
    table = Props.getTableName(p, TABLE_PROPERTY, TABLE_PROPERTY_DEFAULT);
    tablePerThread = Props.getBoolean(p, TABLE_PER_THREAD_PROPERTY, TABLE_PER_THREAD_PROPERTY_DEFAULT);
    paddingFields = Props.getInt(p, PADDING_FIELDS_PROPERTY, PADDING_FIELDS_PROPERTY_DEFAULT, 0, 100);
    paddingLength = Props.getInt(p, PADDING_LENGTH_PROPERTY, PADDING_LENGTH_PROPERTY_DEFAULT, 1, 60_000);
    compressiblePercent = Props.getInt(p, COMPRESSIBLE_PERCENT_PROPERTY, COMPRESSIBLE_PERCENT_PROPERTY_DEFAULT, 0, 100);
    roundRows = Props.getLong(p, ROUND_ROWS_PROPERTY, ROUND_ROWS_PROPERTY_DEFAULT, 1, Long.MAX_VALUE);
    // rounds are numbered in ints (and each prints a line and measures the size)
    long roundCount = Rounds.rounds(rows, roundRows);
    if (roundCount > Integer.MAX_VALUE) {
      throw new UserError(ROUND_ROWS_PROPERTY + "=" + roundRows + " cuts " + rows + " rows into " + roundCount
          + " rounds, more than the " + Integer.MAX_VALUE + " a run numbers; " + ROUND_ROWS_PROPERTY
          + " accepts at least " + Rounds.rounds(rows, Integer.MAX_VALUE) + " for these rows");
    }
    String rf = p.getProperty(ROUND_FILE_PROPERTY);
    roundFile = rf == null || rf.isBlank() ? null : Path.of(rf);
    threads = Props.getInt(p, "threadcount", 1, 1, 100_000);
    queryThreads = Props.getInt(p, QUERY_THREADS_PROPERTY, QUERY_THREADS_PROPERTY_DEFAULT, 0, 100_000);
    if (queryThreads >= threads) {
      throw new UserError(QUERY_THREADS_PROPERTY + "=" + queryThreads + " leaves no inserting thread; "
          + QUERY_THREADS_PROPERTY + " accepts 0 to threadcount-1 (" + (threads - 1) + ")");
    }
    queryLimit = Props.getInt(p, QUERY_LIMIT_PROPERTY, QUERY_LIMIT_PROPERTY_DEFAULT, 1, 1_000_000);
    queryStartRows = Props.getLong(p, QUERY_START_ROWS_PROPERTY, QUERY_START_ROWS_PROPERTY_DEFAULT, 0, Long.MAX_VALUE);
    queryIntervalMs = Props.getLong(p, QUERY_INTERVAL_MS_PROPERTY, QUERY_INTERVAL_MS_PROPERTY_DEFAULT, 0, 86_400_000L);
    insertRate = Props.getDouble(p, INSERT_RATE_PROPERTY, INSERT_RATE_PROPERTY_DEFAULT, 0, 1e9);
    indexesAfter = Props.getBoolean(p, INDEXES_AFTER_PROPERTY, INDEXES_AFTER_PROPERTY_DEFAULT);
    deletePerInsert = Props.getBoolean(p, DELETE_PER_INSERT_PROPERTY, DELETE_PER_INSERT_PROPERTY_DEFAULT);
    String kind = p.getProperty(QUERY_KIND_PROPERTY, QUERY_KIND_PROPERTY_DEFAULT).trim();
    if (!QUERY_KINDS.contains(kind)) {
      throw new UserError(QUERY_KIND_PROPERTY + "=" + kind + " is not a query kind; it accepts "
          + String.join(" or ", QUERY_KINDS));
    }
    queryByKey = kind.equals("pk");
    drop = Props.getBoolean(p, DROP_PROPERTY, DROP_PROPERTY_DEFAULT);
    verify = Props.getBoolean(p, VERIFY_PROPERTY, VERIFY_PROPERTY_DEFAULT);
    flushBeforeSize = Props.getBoolean(p, FLUSH_BEFORE_SIZE_PROPERTY, FLUSH_BEFORE_SIZE_PROPERTY_DEFAULT);
    Props.getInt(p, REPORT_SECONDS_PROPERTY, REPORT_SECONDS_PROPERTY_DEFAULT, 0, 86_400); // accepted, unused
    seed = Props.getLong(p, SEED_PROPERTY, System.nanoTime(), Long.MIN_VALUE, Long.MAX_VALUE);
    // YCSB's Client gives each thread count/threads calls (0: unlimited); each call is one transaction
    long callsPerThread = fromCount / threads;
    long needed = (quotas()[0] + batchSize - 1) / batchSize;
    if (callsPerThread > 0 && needed > callsPerThread) {
      throw new UserError(ROWS_PROPERTY + "=" + rows + " needs " + needed + " transactions per thread but " + countKey
          + "=" + fromCount + " allows YCSB's Client " + callsPerThread + "; set " + countKey + "=2147483647 with "
          + ROWS_PROPERTY);
    }
  }

  /** Client threads that insert (the others run queries). */
  public int inserters() {
    return threads - queryThreads;
  }

  /** Rows this run inserts, all clients together. */
  public long rows() {
    return rows;
  }

  public int batchSize() {
    return batchSize;
  }

  public boolean drop() {
    return drop;
  }

  /**
   * For the fingerprint: what a transaction and a query do (batch, indexes, row shape, query
   * threads) defines the workload; how many rows and into which tables does not.
   */
  @Override
  public WorkloadShape shape() {
    return new WorkloadShape()
        .defining(BATCH_SIZE_PROPERTY, batchSize)
        .defining(INDEXES_PROPERTY, indexes)
        .defining(PADDING_FIELDS_PROPERTY, paddingFields)
        .defining(PADDING_LENGTH_PROPERTY, paddingLength)
        .defining(COMPRESSIBLE_PERCENT_PROPERTY, compressiblePercent)
        .defining(TABLE_PER_THREAD_PROPERTY, tablePerThread)
        .defining(QUERY_THREADS_PROPERTY, queryThreads)
        .defining(QUERY_LIMIT_PROPERTY, queryLimit)
        .defining(QUERY_START_ROWS_PROPERTY, queryStartRows)
        .defining(QUERY_INTERVAL_MS_PROPERTY, queryIntervalMs)
        .defining(INSERT_RATE_PROPERTY, insertRate)
        .defining(INDEXES_AFTER_PROPERTY, indexesAfter)
        .defining(DELETE_PER_INSERT_PROPERTY, deletePerInsert)
        .defining(QUERY_KIND_PROPERTY, queryByKey ? "pk" : "range")
        .other(ROWS_PROPERTY, rows)
        .other(TABLE_PROPERTY, table)
        .other(DROP_PROPERTY, drop)
        .other(ROUND_ROWS_PROPERTY, roundRows);
  }

  /** What the binding's preflight checks: the tables, one transaction's rows, drop, padding. */
  @Override
  public IIBenchPlan plan() {
    // a load smaller than one batch sends one smaller transaction
    int batchRows = rows > 0 ? (int) Math.min(batchSize, rows) : batchSize;
    return new IIBenchPlan(tables(), batchRows, drop);
  }

  /** The tables of this run: one shared table, or one per inserting client. */
  public List<IIBenchTable> tables() {
    List<IIBenchTable> out = new ArrayList<>();
    for (int i = 0; i < (tablePerThread ? inserters() : 1); i++) {
      out.add(tableOf(i));
    }
    return out;
  }

  /** Rows each inserting client inserts: an equal share, the remainder to the first ones. */
  long[] quotas() {
    long[] q = new long[inserters()];
    for (int i = 0; i < q.length; i++) {
      q[i] = rows / q.length + (i < rows % q.length ? 1 : 0);
    }
    return q;
  }

  /** The table of an inserting client, as the rows go in: without its secondary indexes when they come after. */
  public IIBenchTable tableOf(int inserter) {
    return new IIBenchTable(tablePerThread ? table + "_" + inserter : table, indexesAfter ? 0 : indexes, paddingFields,
        paddingLength);
  }

  /** The table of an inserting client with the iibench.indexes secondary indexes (built after the rows). */
  IIBenchTable indexedTableOf(int inserter) {
    return new IIBenchTable(tablePerThread ? table + "_" + inserter : table, indexes, paddingFields, paddingLength);
  }

  /** Rows per second each inserting client keeps; 0: unpaced. */
  double insertRatePerInserter() {
    return insertRate / inserters();
  }
}
