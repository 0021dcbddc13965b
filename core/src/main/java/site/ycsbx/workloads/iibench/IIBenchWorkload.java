package site.ycsbx.workloads.iibench;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsbx.measurements.DiskStats;
import site.ycsbx.verdict.ErrorLog;
import site.ycsbx.measurements.ServerProcess;
import site.ycsbx.store.SizeReport;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.iibench.IIBenchTable;
import site.ycsbx.store.iibench.QueryStart;
import site.ycsbx.store.iibench.RowBatch;
import site.ycsbx.workloads.FamilyWorkload;
import site.ycsbx.workloads.StoredCheck;

/**
 * The insert benchmark: client threads insert transactions of {@code iibench.batchsize} small
 * rows into tables with up to three secondary indexes, in rounds with size and I/O figures per
 * round; optional query threads run the reference range query (or the point query on the
 * primary key). Timed operations: {@value #INSERT_TXN} (one transaction), {@value #DELETE_TXN}
 * (the deletes after it, iibench.deleteperinsert) and {@value #QUERY}. See workloads/iibench.
 */
public final class IIBenchWorkload extends FamilyWorkload<IIBenchStore> implements StoredCheck.OnStore<IIBenchStore> {
  public static final String INSERT_TXN = "INSERT_TXN";
  public static final String QUERY = "QUERY";
  public static final String DELETE_TXN = "DELETE_TXN";
  public static final String VERIFY = "VERIFY";
  /** The build of a table's secondary indexes after its rows (iibench.indexesafter). */
  public static final String CREATE_INDEX = "CREATE_INDEX";

  private IIBenchSettings settings;
  private List<IIBenchTable> tables;
  private RowAccount account;
  private volatile Rounds rounds;
  // rows the tables held before this run, summed once the tables are prepared
  private volatile long existingRows;
  private DiskStats disks;
  private volatile boolean serverLocal = true;
  private volatile int serverPort = -1;
  private Optional<ServerProcess> serverPid = Optional.empty();
  private volatile boolean acknowledged = true;
  private final AtomicLong insertedRows = new AtomicLong();
  private final AtomicLong errors = new AtomicLong();
  private volatile boolean insertersDone;
  // the inserters' states, for the rate they kept under iibench.insertrate
  private final java.util.Queue<InsertPace> paced = new java.util.concurrent.ConcurrentLinkedQueue<>();
  // seconds the index build after the rows took; NaN when none ran
  private volatile double indexSeconds = Double.NaN;

  public IIBenchWorkload() {
    super(IIBenchStore.class, "iibench", IIBenchSettings.PROPERTIES, IIBenchSettings::new);
  }

  @Override
  public void validate(Properties props) {
    super.validate(props);
    IIBenchSettings checked = new IIBenchSettings(props);
    Rounds.checkCsv(IIBenchSettings.ROUND_FILE_PROPERTY, checked.roundFile);
    DiskStats.forRun(props);
    ServerProcess.fromProperty(props.getProperty(ServerProcess.PID_PROPERTY));
  }

  @Override
  protected void setUp(Properties props) {
    settings = new IIBenchSettings(props);
    // the status line counts rows (a transaction inserts a batch of them); queries show as QUERY there
    site.ycsbx.measurements.Progress.claim("rows", java.util.Arrays.stream(settings.quotas()).sum());
    site.ycsbx.measurements.Progress.headline(this::headline);
    site.ycsbx.measurements.Progress.results(this::results);
    site.ycsbx.measurements.Progress.rounds(() -> rounds == null ? null : IIBenchFigures.rounds(rounds.lines()));
    disks = DiskStats.forRun(props); // the counters the efficiency table reads, through the same class
    serverPid = ServerProcess.fromProperty(props.getProperty(ServerProcess.PID_PROPERTY));
    tables = settings.tables();
    account = new RowAccount(tables);
    site.ycsbx.measurements.ForeignRows.written(() -> account.written(settings.drop));
  }

  @Override
  public void cleanup() {
    super.cleanup();
    reportStopped();
  }

  /**
   * The summary's line: rows and rows/s of the inserters (from the first transaction to the last
   * round's end, as the round lines count) and the size on storage at the last round's end.
   */
  private String headline() {
    Rounds r = rounds;
    if (r == null || settings.inserters() == 0) {
      return null;
    }
    double secs = r.insertingSeconds();
    long rows = r.insertedRows();
    Rounds.Line last = r.lastLine();
    String size;
    if (last == null) {
      size = "no round ended";
    } else if (last.dbBytes() < 0) {
      size = "n/a (" + last.sizeSource() + ")";
    } else {
      size = String.format(Locale.ROOT, "%.1f MB, %.0f bytes/row", last.dbBytes() / 1048576.0, last.bytesPerRow());
    }
    return String.format(Locale.ROOT, "iibench: %d rows in %.1f s, %.1f rows/s; on storage %s", rows, secs,
        rows / Math.max(1e-9, secs), size);
  }

  /** The headline's figures for the export: rows, rows/s, and the size and writes at the last round's end. */
  private java.util.Map<String, Double> results() {
    Rounds r = rounds;
    if (r == null || settings.inserters() == 0) {
      return null;
    }
    java.util.Map<String, Double> out = IIBenchFigures.headline(r.insertedRows(), r.insertingSeconds(), r.lastLine());
    // the plan beside what was done: a reader's sizes come from it, not from where rounds happened to end
    out.put("planned_rows", (double) settings.rows());
    out.put("round_rows", (double) settings.roundRows);
    if (settings.insertRate > 0) {
      // the rate asked beside the rate kept: a reader (an experiment's mark) sees whether it held
      out.put("asked_rows_s", settings.insertRate);
      double paced = InsertPace.kept(this.paced);
      if (!Double.isNaN(paced)) {
        out.put("paced_rows_s", paced);
      }
    }
    if (settings.deletePerInsert) {
      out.put("deleted_rows", (double) account.deletedRows());
    }
    if (!Double.isNaN(indexSeconds)) {
      out.put("index_secs", indexSeconds);
      out.put("indexed_rows", (double) (existingRows + r.insertedRows()));
    }
    return out;
  }

  // inserters stopped short of their rows (maxexecutiontime, a server the run gave up on, a
  // signal) still say how many rows were acknowledged: the figure to hold against the rows stored
  private synchronized void reportStopped() {
    if (insertersDone || rounds == null || settings.inserters() == 0) {
      return;
    }
    insertersDone = true;
    double secs = rounds.insertingSeconds();
    long rows = rounds.insertedRows();
    System.out.println(String.format(Locale.ROOT, "[IIBENCH] STOPPED before its %d rows: inserted %d rows in %.1f s"
        + " (%.1f rows/s); %d failed transactions", settings.rows(), rows, secs, rows / Math.max(1e-9, secs),
        errors.get()));
  }

  /** A client thread: an inserter with its quota, or a query thread. */
  private final class ThreadState {
    final IIBenchStore store;
    final int inserter; // -1 for a query thread
    final IIBenchTable table;
    final RowGenerator generator;
    final RowBatch batch;
    long remaining;
    boolean reportedDone;
    long firstMillis = System.currentTimeMillis();
    // iibench.insertrate: the rows this inserter has sent, and its pacing
    long rowsSent;
    final InsertPace pace = new InsertPace();

    ThreadState(IIBenchStore store, int threadId) {
      this.store = store;
      this.inserter = threadId < settings.inserters() ? threadId : -1;
      this.table = inserter >= 0 ? settings.tableOf(settings.tablePerThread ? inserter : 0) : null;
      this.generator = new RowGenerator(settings.seed + 1_000_003L * threadId, System::currentTimeMillis,
          settings.paddingLength, settings.compressiblePercent);
      this.batch = inserter >= 0 ? new RowBatch((int) Math.min(settings.batchSize, Math.max(1, settings.rows)),
          settings.paddingFields) : null;
      this.remaining = inserter >= 0 ? settings.quotas()[inserter] : 0;
    }
  }

  /** Each inserting client prepares its own table, or the first one the shared table. */
  @Override
  protected int preparingThreads() {
    return settings.tablePerThread ? settings.inserters() : 1;
  }

  @Override
  protected String preparedBy(int threadId) {
    return settings.tableOf(settings.tablePerThread ? threadId : 0).name();
  }

  @Override
  protected void prepare(IIBenchStore store, int threadId) throws StoreException {
    prepare(store, settings.tableOf(settings.tablePerThread ? threadId : 0));
  }

  @Override
  protected Object newThreadState(IIBenchStore store, int threadId, int threadCount) {
    ThreadState t = new ThreadState(store, threadId);
    if (t.inserter >= 0) {
      paced.add(t.pace);
    }
    serverLocal = store.serverIsLocal();
    serverPort = store.serverPort();
    acknowledged = store.acknowledgesWrites();
    startRounds();
    return t;
  }

  private void prepare(IIBenchStore store, IIBenchTable table) throws StoreException {
    long rows = store.prepare(table, settings.drop);
    account.existing(table, rows);
    String caveat = table.indexes() == 0 ? "" : store.indexCaveat().map(c -> " (" + c + ")").orElse("");
    if (settings.drop) {
      System.out.println("[IIBENCH] " + table.name() + ": dropped and created (iibench.drop=true), "
          + table.indexes() + " secondary indexes" + caveat);
    } else if (rows > 0) {
      System.out.println("[IIBENCH] " + table.name() + ": appending to " + rows
          + " existing rows (iibench.drop=true drops the table first)" + caveat);
    } else {
      System.out.println("[IIBENCH] " + table.name() + ": ready, " + table.indexes() + " secondary indexes" + caveat);
    }
  }

  private synchronized void startRounds() {
    if (rounds == null) {
      long before = account.existingRows();
      existingRows = before;
      rounds = new Rounds(settings.quotas(), settings.roundRows, before, writeMeters(), System.out, settings.roundFile);
      rounds.rehearse();
      rounds.start(System.nanoTime());
    }
  }

  /**
   * The server's own writes when its process is found (by {@value ServerProcess#PID_PROPERTY}, or
   * the port it listens on), the host's disks beside them when the server runs here.
   */
  private WriteMeters writeMeters() {
    if (serverPid.isPresent()) {
      return WriteMeters.of(serverPid.get(), disks, null);
    }
    if (!serverLocal) {
      return WriteMeters.of(null, null, "the server runs on another host");
    }
    Optional<ServerProcess> byPort = ServerProcess.listeningOn(serverPort);
    return WriteMeters.of(byPort.orElse(null), disks, serverPort < 0 ? "no TCP port to find the server by; set "
        + ServerProcess.PID_PROPERTY : "no readable process listens on port " + serverPort + "; set "
        + ServerProcess.PID_PROPERTY);
  }

  @Override
  public boolean doInsert(DB db, Object threadState) {
    ThreadState t = (ThreadState) threadState;
    return t.inserter >= 0 ? insert(t) : query(t);
  }

  /** The run phase does what the load does: insert (and query) against the existing tables. */
  @Override
  public boolean doTransaction(DB db, Object threadState) {
    return doInsert(db, threadState);
  }

  private boolean insert(ThreadState t) {
    if (t.remaining == 0) {
      if (!t.reportedDone) {
        t.reportedDone = true;
        afterBatch(t, 0, 0);
      }
      return false; // this client's quota is done: stop this client thread
    }
    int n = (int) Math.min(t.remaining, t.batch.capacity());
    pace(t);
    t.generator.fill(t.batch, n);
    Status status = timed(INSERT_TXN, () -> t.store.insert(t.table, t.batch));
    if (!status.isOk()) {
      errors.incrementAndGet();
      account.failed(t.table, n);
    }
    t.remaining -= n;
    t.rowsSent += n;
    int ok = status.isOk() ? n : 0;
    insertedRows.addAndGet(ok);
    site.ycsbx.measurements.Progress.addUnits(n);
    account.acked(t.table, ok);
    if (settings.deletePerInsert && ok > 0) {
      deleteOldest(t, ok);
    }
    if (t.remaining == 0) {
      t.reportedDone = true;
    }
    afterBatch(t, n, ok);
    return true;
  }

  // iibench.deleteperinsert: as many of the oldest rows out as went in, so the table keeps its size
  private void deleteOldest(ThreadState t, int rows) {
    long[] deleted = new long[1];
    if (!timed(DELETE_TXN, () -> deleted[0] = t.store.deleteOldest(t.table, rows)).isOk()) {
      errors.incrementAndGet();
      account.failed(t.table, rows);
    }
    account.deleted(t.table, deleted[0]);
  }

  // iibench.insertrate: this inserter's share of it, if any
  private void pace(ThreadState t) {
    double rate = settings.insertRatePerInserter();
    if (rate > 0) {
      t.pace.await(t.rowsSent, rate);
    }
  }

  private void afterBatch(ThreadState t, int attempted, int ok) {
    rounds.onBatch(t.inserter, attempted, ok, System.nanoTime(), () -> size(t.store));
    if (t.remaining == 0 && rounds.finished()) {
      finish(t.store);
    }
  }

  private synchronized void finish(IIBenchStore store) {
    if (insertersDone) {
      return;
    }
    insertersDone = true;
    double secs = Math.max(1e-9, rounds.insertingSeconds());
    long rows = rounds.insertedRows();
    System.out.println(String.format(Locale.ROOT,
        "[IIBENCH] inserted %d rows in %.1f s: %.1f rows/s, %.1f transactions/s of up to %d rows; %d failed transactions;"
        + " %s", rows, secs, rows / secs, Math.ceil((double) rows / settings.batchSize) / secs, settings.batchSize,
        errors.get(), rounds.sizeQueryCost()));
    Rounds.Line last = rounds.lastLine();
    if (last != null && last.memtableBytes() > 0 && last.memtableBytes() > 0.1 * Math.max(0, last.dbBytes())) {
      // a size comparison with an engine that has written everything would be off by this much
      System.out.println(String.format(Locale.ROOT, "[IIBENCH] %.1f MB are still in memtables (mem_mb), not on storage:"
          + " db_size_mb and bytes_row of round %d count only what is (%s); to compare sizes, load with %s=true, which"
          + " flushes before the last round's size (MyRocks: SET GLOBAL rocksdb_force_flush_memtable_now=1)",
          last.memtableBytes() / 1048576.0, last.round(), last.dbBytes() <= 0 ? "nothing yet" : "the flushed part",
          IIBenchSettings.FLUSH_BEFORE_SIZE_PROPERTY));
    }
    if (settings.indexesAfter) {
      buildIndexes(store);
    }
    if (settings.verify) {
      verify(store);
    }
    requestStop(); // query threads stop with the inserters
  }

  // the insert benchmark's l.x: the secondary indexes built on the rows the load left, one table after another
  private void buildIndexes(IIBenchStore store) {
    long start = System.nanoTime();
    boolean ok = true;
    for (int i = 0; i < tables.size(); i++) {
      IIBenchTable indexed = settings.indexedTableOf(settings.tablePerThread ? i : 0);
      ok &= timed(CREATE_INDEX, () -> store.createIndexes(indexed)).isOk();
    }
    indexSeconds = (System.nanoTime() - start) / 1e9;
    SizeReport s = size(store);
    System.out.println(String.format(Locale.ROOT, "[IIBENCH] %s %d secondary index%s of %d table%s in %.1f s"
        + " (iibench.indexesafter=true); on storage now %s", ok ? "built" : "FAILED to build", settings.indexes,
        settings.indexes == 1 ? "" : "es", tables.size(), tables.size() == 1 ? "" : "s", indexSeconds,
        s.totalBytes() < 0 ? "n/a" : String.format(Locale.ROOT, "%.1f MB", s.totalBytes() / 1048576.0)));
  }

  private void verify(IIBenchStore store) {
    account.verify(store, tables, acknowledged);
  }

  private SizeReport size(IIBenchStore store) {
    if (settings.flushBeforeSize && rounds.sizingLastRound()) {
      flush(store);
    }
    try {
      return store.size(tables);
    } catch (StoreException | RuntimeException e) {
      ErrorLog.report("SIZE", e.getMessage());
      return SizeReport.UNKNOWN;
    }
  }

  /** Before the last round's size, when asked: what the engine keeps in memory goes to storage first. */
  private void flush(IIBenchStore store) {
    long start = System.nanoTime();
    try {
      String ran = store.flushForSize(tables);
      System.out.println(String.format(Locale.ROOT, "[IIBENCH] %s before the last round's size (%s=true): %s",
          ran == null ? "nothing flushed" : "flushed", IIBenchSettings.FLUSH_BEFORE_SIZE_PROPERTY,
          ran == null ? "this store has no flush before a size (MyRocks' memtables and MongoDB's fsync are the ones)" : ran + " took "
              + String.format(Locale.ROOT, "%.2f s", (System.nanoTime() - start) / 1e9)));
    } catch (StoreException | RuntimeException e) {
      ErrorLog.report("FLUSH", e.getMessage());
      System.out.println("[IIBENCH] the flush before the last round's size failed (" + e.getMessage() + "): its"
          + " db_size_mb leaves out what the engine holds in memory (MyRocks: memtables; MongoDB: writes since the"
          + " last checkpoint)");
    }
  }

  private boolean query(ThreadState t) {
    if (insertersDone) {
      return false;
    }
    long total = insertedRows.get() + existingRows;
    if (total < Math.max(1, settings.queryStartRows)) {
      sleep(5); // short: a query thread must not miss a short load
      return true;
    }
    IIBenchTable table = tables.get(ThreadLocalRandom.current().nextInt(tables.size()));
    QueryStart q = t.generator.queryStart(t.firstMillis);
    double position = ThreadLocalRandom.current().nextDouble();
    StoreCall call = settings.queryByKey ? () -> t.store.queryByKey(table, position, settings.queryLimit)
        : () -> t.store.query(table, q, settings.queryLimit);
    if (!timed(QUERY, call).isOk()) {
      errors.incrementAndGet();
    }
    rounds.onQuery();
    if (settings.queryIntervalMs > 0) {
      sleep(settings.queryIntervalMs);
    }
    return true;
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** {@code bin/ycsb verify} on a given store: rows per table, each index's count, the generator's value ranges. */
  @Override
  public StoredCheck verifyStored(Properties props, IIBenchStore store) throws StoreException {
    return StoredIIBench.check(props, store);
  }
}
