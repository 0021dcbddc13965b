package site.ycsbx.workloads.sysbench;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsbx.store.sysbench.KeyRange;
import site.ycsbx.store.sysbench.ReadKey;
import site.ycsbx.store.sysbench.SysbenchPlan;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.store.sysbench.SysbenchTable;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.ClientShare;
import site.ycsbx.fingerprint.WorkloadShape;
import site.ycsbx.workloads.FamilyWorkload;

/**
 * The sysbench properties, read and checked in one place (workloads/sysbench documents each).
 * Every sysbench 1.0.20 option of the OLTP scripts keeps its name and its default; the few that
 * stores cite in refusals are named in {@link SysbenchStore}.
 */
public final class SysbenchSettings implements FamilyWorkload.Settings {
  public static final String TABLES_PROPERTY = SysbenchStore.TABLES_PROPERTY;
  public static final int TABLES_PROPERTY_DEFAULT = 1;
  public static final String TABLE_SIZE_PROPERTY = SysbenchStore.TABLE_SIZE_PROPERTY;
  public static final int TABLE_SIZE_PROPERTY_DEFAULT = 10_000;
  public static final String RANGE_SIZE_PROPERTY = "sysbench.range_size";
  public static final int RANGE_SIZE_PROPERTY_DEFAULT = 100;
  public static final String POINT_SELECTS_PROPERTY = "sysbench.point_selects";
  public static final int POINT_SELECTS_PROPERTY_DEFAULT = 10;
  public static final String SIMPLE_RANGES_PROPERTY = "sysbench.simple_ranges";
  public static final int SIMPLE_RANGES_PROPERTY_DEFAULT = 1;
  public static final String SUM_RANGES_PROPERTY = "sysbench.sum_ranges";
  public static final int SUM_RANGES_PROPERTY_DEFAULT = 1;
  public static final String ORDER_RANGES_PROPERTY = "sysbench.order_ranges";
  public static final int ORDER_RANGES_PROPERTY_DEFAULT = 1;
  public static final String DISTINCT_RANGES_PROPERTY = "sysbench.distinct_ranges";
  public static final int DISTINCT_RANGES_PROPERTY_DEFAULT = 1;
  public static final String INDEX_UPDATES_PROPERTY = "sysbench.index_updates";
  public static final int INDEX_UPDATES_PROPERTY_DEFAULT = 1;
  public static final String NON_INDEX_UPDATES_PROPERTY = "sysbench.non_index_updates";
  public static final int NON_INDEX_UPDATES_PROPERTY_DEFAULT = 1;
  public static final String DELETE_INSERTS_PROPERTY = "sysbench.delete_inserts";
  public static final int DELETE_INSERTS_PROPERTY_DEFAULT = 1;
  public static final String RANGE_SELECTS_PROPERTY = "sysbench.range_selects";
  public static final boolean RANGE_SELECTS_PROPERTY_DEFAULT = true;
  public static final String SKIP_TRX_PROPERTY = "sysbench.skip_trx";
  public static final boolean SKIP_TRX_PROPERTY_DEFAULT = false;
  public static final String SECONDARY_PROPERTY = "sysbench.secondary";
  public static final boolean SECONDARY_PROPERTY_DEFAULT = false;
  public static final String CREATE_SECONDARY_PROPERTY = SysbenchStore.CREATE_SECONDARY_PROPERTY;
  public static final boolean CREATE_SECONDARY_PROPERTY_DEFAULT = true;
  public static final String BATCH_SIZE_PROPERTY = SysbenchStore.BATCH_SIZE_PROPERTY;
  public static final int BATCH_SIZE_PROPERTY_DEFAULT = 1000;
  public static final String DROP_PROPERTY = SysbenchStore.DROP_PROPERTY;
  public static final boolean DROP_PROPERTY_DEFAULT = false;
  public static final String VERIFY_PROPERTY = "sysbench.verify";
  public static final boolean VERIFY_PROPERTY_DEFAULT = false;
  public static final String REPORT_INTERVAL_PROPERTY = "sysbench.report_interval";
  public static final double REPORT_INTERVAL_PROPERTY_DEFAULT = 10;
  public static final String REPORT_CHECKPOINTS_PROPERTY = "sysbench.report_checkpoints";
  public static final String TABLE_PER_TRANSACTION_PROPERTY = "sysbench.table_per_transaction";
  public static final boolean TABLE_PER_TRANSACTION_PROPERTY_DEFAULT = SysbenchClient.SYSBENCH.tablePerTransaction;
  public static final String RANGE_TYPE_PROPERTY = "sysbench.range_type";
  public static final String RANGE_TYPE_PROPERTY_DEFAULT = SysbenchClient.SYSBENCH.rangeType.value();

  /** Every sysbench.* property, for the misspelling check and {@code bin/ycsb help properties}. */
  public static final List<PropertyDef> PROPERTIES;

  static {
    List<PropertyDef> p = new ArrayList<>(List.of(
        PropertyDef.of(TABLES_PROPERTY, TABLES_PROPERTY_DEFAULT, "number of tables (collections) sbtest1..sbtestN"),
        PropertyDef.of(TABLE_SIZE_PROPERTY, TABLE_SIZE_PROPERTY_DEFAULT, "rows per table (ids 1..table_size)"),
        PropertyDef.of(RANGE_SIZE_PROPERTY, RANGE_SIZE_PROPERTY_DEFAULT, "rows per range SELECT (from a random id on),"
            + " at most table_size"),
        PropertyDef.of(RANGE_TYPE_PROPERTY, RANGE_TYPE_PROPERTY_DEFAULT, "between: ranges are key BETWEEN from AND"
            + " from+range_size-1 (sysbench); limit: key >= from ORDER BY key LIMIT range_size, range_size rows also on"
            + " k (limit by default under sysbench.client=sysbench-mongodb)"),
        PropertyDef.of(TABLE_PER_TRANSACTION_PROPERTY, TABLE_PER_TRANSACTION_PROPERTY_DEFAULT, "true: one table drawn"
            + " per transaction for all its statements (sysbench-mongodb, the default under sysbench.client="
            + "sysbench-mongodb); false: one per kind of statement (sysbench)"),
        SysbenchClient.PROPERTY,
        PropertyDef.of(POINT_SELECTS_PROPERTY, POINT_SELECTS_PROPERTY_DEFAULT, "point SELECTs per transaction"
            + " (POINT_SELECT)"),
        PropertyDef.of(SIMPLE_RANGES_PROPERTY, SIMPLE_RANGES_PROPERTY_DEFAULT, "simple range SELECTs per transaction"
            + " (SIMPLE_RANGE)"),
        PropertyDef.of(SUM_RANGES_PROPERTY, SUM_RANGES_PROPERTY_DEFAULT, "SELECT SUM(k) ranges per transaction"
            + " (SUM_RANGE)"),
        PropertyDef.of(ORDER_RANGES_PROPERTY, ORDER_RANGES_PROPERTY_DEFAULT, "ranges ORDER BY c per transaction"
            + " (ORDER_RANGE)"),
        PropertyDef.of(DISTINCT_RANGES_PROPERTY, DISTINCT_RANGES_PROPERTY_DEFAULT, "SELECT DISTINCT c ranges per"
            + " transaction (DISTINCT_RANGE)"),
        PropertyDef.of(INDEX_UPDATES_PROPERTY, INDEX_UPDATES_PROPERTY_DEFAULT, "UPDATEs of k (indexed) per"
            + " transaction (INDEX_UPDATE)"),
        PropertyDef.of(NON_INDEX_UPDATES_PROPERTY, NON_INDEX_UPDATES_PROPERTY_DEFAULT, "UPDATEs of c per transaction"
            + " (NON_INDEX_UPDATE)"),
        PropertyDef.of(DELETE_INSERTS_PROPERTY, DELETE_INSERTS_PROPERTY_DEFAULT, "DELETE then INSERT of one id per"
            + " transaction (DELETE_INSERT)"),
        PropertyDef.of(RANGE_SELECTS_PROPERTY, RANGE_SELECTS_PROPERTY_DEFAULT, "false: no range SELECTs at all,"
            + " whatever their counts"),
        PropertyDef.of(SKIP_TRX_PROPERTY, SKIP_TRX_PROPERTY_DEFAULT, "true: no BEGIN/COMMIT, every statement in"
            + " autocommit"),
        PropertyDef.of(SECONDARY_PROPERTY, SECONDARY_PROPERTY_DEFAULT, "true: point and range SELECTs look rows up by"
            + " k through k_N instead of by id"),
        PropertyDef.of(CREATE_SECONDARY_PROPERTY, CREATE_SECONDARY_PROPERTY_DEFAULT, "true: the load builds k_N on k"
            + " after the rows (timed as CREATE_INDEX)"),
        PropertyDef.of(BATCH_SIZE_PROPERTY, BATCH_SIZE_PROPERTY_DEFAULT, "rows per INSERT of the load (LOAD_ROWS), as"
            + " sysbench's bulk insert"),
        PropertyDef.of(DROP_PROPERTY, DROP_PROPERTY_DEFAULT, "true: the load drops existing sbtestN tables of"
            + " sysbench's shape first; otherwise they are reused"),
        PropertyDef.of(VERIFY_PROPERTY, VERIFY_PROPERTY_DEFAULT, "true: at the end, check every table holds ids"
            + " 1..table_size once and k_N agrees (VERIFY); a mismatch exits 1"),
        PropertyDef.of(REPORT_INTERVAL_PROPERTY, REPORT_INTERVAL_PROPERTY_DEFAULT, "seconds between sysbench's"
            + " interval lines ([ 10s ] thds: ... tps: ...) in a run; 0: none"),
        PropertyDef.noDefault(REPORT_CHECKPOINTS_PROPERTY, "seconds from the run's start, ascending (e.g. 30,60):"
            + " at each, sysbench's full report of the figures since the one before, which then start over")));
    p.addAll(RandomIds.PROPERTIES);
    PROPERTIES = List.copyOf(p);
  }

  final int tables;
  final int tableSize;
  final int rangeSize;
  final int pointSelects;
  final int simpleRanges;
  final int sumRanges;
  final int orderRanges;
  final int distinctRanges;
  final int indexUpdates;
  final int nonIndexUpdates;
  final int deleteInserts;
  final boolean skipTrx;
  final boolean secondary;
  final boolean createSecondary;
  final int batchSize;
  final boolean drop;
  final boolean verify;
  final double reportInterval;
  final long[] reportCheckpoints;
  final RandomIds.Spec rand;
  final SysbenchClient client;
  final boolean tablePerTransaction;
  final SysbenchClient.RangeType rangeType;
  final boolean load;
  final ClientShare share;
  final int threads;

  /** Reads and checks every property; a bad one is a {@link UserError}. No side effects. */
  public SysbenchSettings(Properties p) {
    load = !Boolean.parseBoolean(p.getProperty("dotransactions", "true"));
    tables = Props.getInt(p, TABLES_PROPERTY, TABLES_PROPERTY_DEFAULT, 1, 1_000_000);
    tableSize = Props.getInt(p, TABLE_SIZE_PROPERTY, TABLE_SIZE_PROPERTY_DEFAULT, 1, Integer.MAX_VALUE - 1);
    rangeSize = Props.getInt(p, RANGE_SIZE_PROPERTY, RANGE_SIZE_PROPERTY_DEFAULT, 1, Integer.MAX_VALUE);
    if (rangeSize > tableSize) {
      throw new UserError(RANGE_SIZE_PROPERTY + "=" + rangeSize + " is above " + TABLE_SIZE_PROPERTY + "=" + tableSize
          + "; " + RANGE_SIZE_PROPERTY + " accepts 1 to the table size");
    }
    boolean ranges = Props.getBoolean(p, RANGE_SELECTS_PROPERTY, RANGE_SELECTS_PROPERTY_DEFAULT);
    pointSelects = count(p, POINT_SELECTS_PROPERTY, POINT_SELECTS_PROPERTY_DEFAULT);
    simpleRanges = ranges ? count(p, SIMPLE_RANGES_PROPERTY, SIMPLE_RANGES_PROPERTY_DEFAULT) : 0;
    sumRanges = ranges ? count(p, SUM_RANGES_PROPERTY, SUM_RANGES_PROPERTY_DEFAULT) : 0;
    orderRanges = ranges ? count(p, ORDER_RANGES_PROPERTY, ORDER_RANGES_PROPERTY_DEFAULT) : 0;
    distinctRanges = ranges ? count(p, DISTINCT_RANGES_PROPERTY, DISTINCT_RANGES_PROPERTY_DEFAULT) : 0;
    if (!ranges) {
      // still checked: a bad value is a mistake whether or not this run reads it
      for (String k : List.of(SIMPLE_RANGES_PROPERTY, SUM_RANGES_PROPERTY, ORDER_RANGES_PROPERTY,
          DISTINCT_RANGES_PROPERTY)) {
        count(p, k, 0);
      }
    }
    indexUpdates = count(p, INDEX_UPDATES_PROPERTY, INDEX_UPDATES_PROPERTY_DEFAULT);
    nonIndexUpdates = count(p, NON_INDEX_UPDATES_PROPERTY, NON_INDEX_UPDATES_PROPERTY_DEFAULT);
    deleteInserts = count(p, DELETE_INSERTS_PROPERTY, DELETE_INSERTS_PROPERTY_DEFAULT);
    skipTrx = Props.getBoolean(p, SKIP_TRX_PROPERTY, SKIP_TRX_PROPERTY_DEFAULT);
    secondary = Props.getBoolean(p, SECONDARY_PROPERTY, SECONDARY_PROPERTY_DEFAULT);
    createSecondary = Props.getBoolean(p, CREATE_SECONDARY_PROPERTY, CREATE_SECONDARY_PROPERTY_DEFAULT);
    batchSize = Props.getInt(p, BATCH_SIZE_PROPERTY, BATCH_SIZE_PROPERTY_DEFAULT, 1, 100_000);
    drop = Props.getBoolean(p, DROP_PROPERTY, DROP_PROPERTY_DEFAULT);
    verify = Props.getBoolean(p, VERIFY_PROPERTY, VERIFY_PROPERTY_DEFAULT);
    reportInterval = Props.getDouble(p, REPORT_INTERVAL_PROPERTY, REPORT_INTERVAL_PROPERTY_DEFAULT, 0, 86_400);
    reportCheckpoints = checkpoints(p.getProperty(REPORT_CHECKPOINTS_PROPERTY, ""));
    client = SysbenchClient.of(p);
    rand = RandomIds.Spec.of(p, client.randType);
    tablePerTransaction = Props.getBoolean(p, TABLE_PER_TRANSACTION_PROPERTY, client.tablePerTransaction);
    rangeType = rangeType(p, client.rangeType);
    share = ClientShare.of(p);
    threads = Props.getInt(p, "threadcount", 1, 1, 100_000);
    if (transactionSteps() == 0) {
      throw new UserError("every step of the transaction is at 0 (" + POINT_SELECTS_PROPERTY + ", the ranges, "
          + INDEX_UPDATES_PROPERTY + ", " + NON_INDEX_UPDATES_PROPERTY + ", " + DELETE_INSERTS_PROPERTY
          + "): a transaction would do nothing; set one of them above 0");
    }
    if (load) {
      checkLoadCalls(p);
    }
  }

  // sysbench 1.0.20's --report-checkpoints list: whole seconds; ascending here, so that each report's window
  // is the time since the one before
  private static long[] checkpoints(String value) {
    String v = value.trim();
    if (v.isEmpty() || PropertyDef.NONE.equals(v)) {
      return new long[0];
    }
    String[] parts = v.split(",", -1);
    long[] out = new long[parts.length];
    for (int i = 0; i < parts.length; i++) {
      String part = parts[i].trim();
      long s = part.matches("[0-9]{1,9}") ? Long.parseLong(part) : -1;
      if (s < 1 || (i > 0 && s <= out[i - 1])) {
        throw new UserError(REPORT_CHECKPOINTS_PROPERTY + "=" + value + ": takes whole seconds from the run's start,"
            + " 1 or more, ascending and comma-separated (e.g. 30,60)");
      }
      out[i] = s;
    }
    return out;
  }

  private static SysbenchClient.RangeType rangeType(Properties p, SysbenchClient.RangeType def) {
    String v = p.getProperty(RANGE_TYPE_PROPERTY, "").trim();
    if (v.isEmpty()) {
      return def;
    }
    for (SysbenchClient.RangeType t : SysbenchClient.RangeType.values()) {
      if (t.value().equalsIgnoreCase(v)) {
        return t;
      }
    }
    throw new UserError(RANGE_TYPE_PROPERTY + "=" + p.getProperty(RANGE_TYPE_PROPERTY) + " is not a form of range; "
        + RANGE_TYPE_PROPERTY + " accepts between or limit");
  }

  private static int count(Properties p, String key, int def) {
    return Props.getInt(p, key, def, 0, 1_000_000);
  }

  // YCSB's Client gives each thread recordcount/threads calls; one call loads a batch or builds an index
  private void checkLoadCalls(Properties p) {
    long records = Props.getLong(p, "recordcount", 0, 0, Integer.MAX_VALUE);
    long perThread = p.getProperty("insertcount") != null
        ? Props.getLong(p, "insertcount", 0, 0, Integer.MAX_VALUE) / threads : records / threads;
    long needed = (long) Math.ceil((double) myTables().size() / threads) * callsPerTable();
    if (needed > perThread) {
      throw new UserError("the load needs up to " + needed + " calls per thread (" + BATCH_SIZE_PROPERTY + "="
          + batchSize + " rows each, and the index) but recordcount=" + records + " allows YCSB's Client " + perThread
          + "; set recordcount=2147483647 (the tables and their size are " + TABLES_PROPERTY + " and "
          + TABLE_SIZE_PROPERTY + ")");
    }
  }

  /** Load calls per table: its batches, then its index. */
  long callsPerTable() {
    return (tableSize + (long) batchSize - 1) / batchSize + (createSecondary ? 1 : 0);
  }

  /** Statements of one transaction, BEGIN and COMMIT left out. */
  int transactionSteps() {
    return pointSelects + simpleRanges + sumRanges + orderRanges + distinctRanges + indexUpdates + nonIndexUpdates
        + 2 * deleteInserts;
  }

  ReadKey readKey() {
    return secondary ? ReadKey.K : ReadKey.ID;
  }

  /** The range of {@code range_size} rows from {@code from} on, in the run's form. */
  KeyRange range(int from) {
    return rangeType == SysbenchClient.RangeType.LIMIT ? KeyRange.first(readKey(), from, rangeSize)
        // sysbench's range may run past the last id: it then simply finds fewer rows
        : KeyRange.between(readKey(), from, (int) Math.min(Integer.MAX_VALUE, (long) from + rangeSize - 1));
  }

  /** The client reproduced, with what the run set otherwise. */
  String clientShape() {
    return client.describe(rand.typeName(), tablePerTransaction, rangeType);
  }

  /** For the run's first line: how tables and ranges are chosen, and as whose client. */
  String describeChoices() {
    String key = readKey().column();
    String ranges = rangeType == SysbenchClient.RangeType.LIMIT ? key + " >= v ORDER BY " + key + " LIMIT " + rangeSize
        : key + " BETWEEN v AND v+" + (rangeSize - 1);
    return (tablePerTransaction ? "one table per transaction" : "a table per kind of statement") + ", ranges "
        + ranges + ", as " + clientShape();
  }

  /** All the tables of the run: sbtest1..sbtestN. */
  List<SysbenchTable> allTables() {
    List<SysbenchTable> out = new ArrayList<>(tables);
    for (int i = 1; i <= tables; i++) {
      out.add(new SysbenchTable(i));
    }
    return out;
  }

  /** The tables this client loads (ycsbx.clients splits them in contiguous parts). */
  List<SysbenchTable> myTables() {
    List<SysbenchTable> all = allTables();
    return all.subList((int) share.first(tables), (int) share.end(tables));
  }

  /** The tables client thread {@code thread} of {@code threads} loads: every threads-th of this client's. */
  List<SysbenchTable> tablesOf(int thread, int threadCount) {
    List<SysbenchTable> mine = myTables();
    List<SysbenchTable> out = new ArrayList<>();
    for (int i = thread; i < mine.size(); i += threadCount) {
      out.add(mine.get(i));
    }
    return out;
  }

  @Override
  public SysbenchPlan plan() {
    return new SysbenchPlan(load ? myTables() : allTables(), tableSize, (int) Math.min(batchSize, tableSize),
        createSecondary, drop, load);
  }

  /**
   * For the fingerprint: what one transaction does defines the workload; how many tables and rows
   * it runs on is the data set.
   */
  @Override
  public WorkloadShape shape() {
    return new WorkloadShape()
        .defining(RANGE_SIZE_PROPERTY, rangeSize)
        .defining(POINT_SELECTS_PROPERTY, pointSelects)
        .defining(SIMPLE_RANGES_PROPERTY, simpleRanges)
        .defining(SUM_RANGES_PROPERTY, sumRanges)
        .defining(ORDER_RANGES_PROPERTY, orderRanges)
        .defining(DISTINCT_RANGES_PROPERTY, distinctRanges)
        .defining(INDEX_UPDATES_PROPERTY, indexUpdates)
        .defining(NON_INDEX_UPDATES_PROPERTY, nonIndexUpdates)
        .defining(DELETE_INSERTS_PROPERTY, deleteInserts)
        .defining(SKIP_TRX_PROPERTY, skipTrx)
        .defining(SECONDARY_PROPERTY, secondary)
        .defining(RandomIds.RAND_TYPE_PROPERTY, rand.describe())
        .defining(TABLE_PER_TRANSACTION_PROPERTY, tablePerTransaction)
        .defining(RANGE_TYPE_PROPERTY, rangeType.value())
        .defining(SysbenchClient.CLIENT_PROPERTY, clientShape())
        .other(TABLES_PROPERTY, tables)
        .other(TABLE_SIZE_PROPERTY, tableSize)
        .other(CREATE_SECONDARY_PROPERTY, createSecondary)
        .other(BATCH_SIZE_PROPERTY, batchSize)
        .other(DROP_PROPERTY, drop);
  }
}
