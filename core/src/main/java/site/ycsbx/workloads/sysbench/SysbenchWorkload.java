package site.ycsbx.workloads.sysbench;

import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.sysbench.IgnoredError;
import site.ycsbx.store.sysbench.RowBatch;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.store.sysbench.SysbenchTable;
import site.ycsbx.workloads.FreshStore;
import site.ycsbx.workloads.FamilyWorkload;
import site.ycsbx.workloads.StoredCheck;

/**
 * sysbench 1.0's OLTP benchmark: {@code bin/ycsb load} creates tables sbtest1..N of
 * {@code sysbench.table_size} rows, each loader thread on tables of its own, and builds the k
 * index after the rows (CREATE_INDEX); {@code bin/ycsb run} runs sysbench's OLTP transaction
 * (TRANSACTION) with each statement timed under its own name. sysbench's own report and interval
 * lines come beside YCSB's summary ({@link SysbenchReport}). The client keeps no per-row state.
 * See workloads/sysbench and docs/workloads/sysbench.md.
 */
public final class SysbenchWorkload extends FamilyWorkload<SysbenchStore>
    implements StoredCheck.OnStore<SysbenchStore> {
  public static final String LOAD_ROWS = "LOAD_ROWS";
  public static final String CREATE_INDEX = "CREATE_INDEX";
  public static final String TRANSACTION = "TRANSACTION";
  public static final String POINT_SELECT = "POINT_SELECT";
  public static final String SIMPLE_RANGE = "SIMPLE_RANGE";
  public static final String SUM_RANGE = "SUM_RANGE";
  public static final String ORDER_RANGE = "ORDER_RANGE";
  public static final String DISTINCT_RANGE = "DISTINCT_RANGE";
  public static final String INDEX_UPDATE = "INDEX_UPDATE";
  public static final String NON_INDEX_UPDATE = "NON_INDEX_UPDATE";
  public static final String DELETE_INSERT = "DELETE_INSERT";
  public static final String VERIFY = SysbenchVerification.VERIFY;

  private Properties props;
  private SysbenchSettings settings;
  private SysbenchReport report;
  private final List<Worker> workers = new CopyOnWriteArrayList<>();
  private final AtomicLong loadedRows = new AtomicLong();
  private final AtomicLong failedBatches = new AtomicLong();
  private final SysbenchRows written = new SysbenchRows();
  private final AtomicLong indexNanos = new AtomicLong();
  // rows each table held when the load found it: a full table is kept, not loaded again
  private final java.util.Map<Integer, Long> existingRows = new java.util.concurrent.ConcurrentHashMap<>();
  private volatile long startNanos;

  public SysbenchWorkload() {
    super(SysbenchStore.class, "sysbench", SysbenchSettings.PROPERTIES, SysbenchSettings::new);
  }

  @Override
  protected void setUp(Properties p) {
    this.props = p;
    settings = new SysbenchSettings(p);
    site.ycsbx.measurements.ForeignRows.written(() -> written.written(settings));
    if (settings.load) {
      // the status line counts this client's rows (a call inserts a batch of them)
      site.ycsbx.measurements.Progress.claim("rows", (long) settings.myTables().size() * settings.tableSize);
      site.ycsbx.measurements.Progress.results(this::loadResults);
    } else {
      // the status line counts transactions, not the statements timed inside them
      site.ycsbx.measurements.Progress.claim("transactions",
          site.ycsbx.util.Props.getLong(p, "operationcount", 0, 0, Long.MAX_VALUE), TRANSACTION);
      // one YCSB call is one TRANSACTION, whatever the statements timed inside it
      site.ycsbx.measurements.RunMeasurements.callsAre(TRANSACTION);
      report = new SysbenchReport(settings.threads, System.out);
      SysbenchReport.rehearse(settings.threads);
      site.ycsbx.measurements.Progress.headline(report::headline);
      site.ycsbx.measurements.Progress.results(report::results);
    }
  }

  /** Each loader thread creates its own tables; a run creates nothing. */
  @Override
  protected int preparingThreads() {
    return settings.load ? Math.max(1, Math.min(settings.threads, settings.myTables().size())) : 1;
  }

  @Override
  protected String preparedBy(int threadId) {
    return "tables " + settings.tablesOf(threadId, settings.threads).stream().map(SysbenchTable::name).toList();
  }

  @Override
  protected void prepare(SysbenchStore store, int threadId) throws StoreException {
    if (!settings.load) {
      return;
    }
    for (SysbenchTable t : settings.tablesOf(threadId, settings.threads)) {
      long rows = store.createTable(t, settings.drop);
      existingRows.put(t.number(), rows);
      if (rows != 0 && rows != settings.tableSize) {
        throw new StoreException(t.name() + " holds " + rows + " rows, neither none nor the " + settings.tableSize + " of "
            + SysbenchSettings.TABLE_SIZE_PROPERTY + "; " + SysbenchSettings.DROP_PROPERTY + "=true loads it anew");
      }
      System.out.println("[SYSBENCH] " + t.name() + ": " + (settings.drop ? "dropped and created ("
          + SysbenchSettings.DROP_PROPERTY + "=true)" : rows == 0 ? "ready, empty"
          : "holds its " + rows + " rows already: kept, not loaded again (" + SysbenchSettings.DROP_PROPERTY
              + "=true loads it anew)"));
    }
  }

  /** A client thread: its generators, its statements, and in a load its tables and where it is in them. */
  private final class Worker implements SysbenchStatements.Steps {
    final SysbenchStore store;
    final RandomIds ids;
    final Digits digits;
    final SysbenchStatements statements;
    final List<SysbenchTable> tables;
    final RowBatch batch;
    int table;
    int nextId = 1;
    boolean rowsDone;
    // read by the report's threads fairness, reset when a warm-up ends
    final AtomicLong committed = new AtomicLong();
    final AtomicLong busyNanos = new AtomicLong();
    boolean ignored;

    Worker(SysbenchStore store, int threadId, int threadCount) {
      this.store = store;
      this.ids = settings.rand.forThread(threadId);
      this.digits = new Digits(ids.random());
      this.statements = new SysbenchStatements(settings, ids, digits, this);
      this.tables = settings.load ? settings.tablesOf(threadId, threadCount) : List.of();
      this.batch = settings.load ? new RowBatch((int) Math.min(settings.batchSize, settings.tableSize)) : null;
    }

    @Override
    public void read(String op, SysbenchStatements.Call call) throws StoreException {
      step(this, op, call);
      report.read();
    }

    // sysbench's drivers count a statement that changed no row as "other", not as a write
    @Override
    public void update(String op, SysbenchStatements.Update call) throws StoreException {
      int[] changed = new int[1];
      step(this, op, () -> changed[0] = call.run());
      if (changed[0] > 0) {
        report.write();
      } else {
        report.other();
      }
    }

    @Override
    public void write(String op, int statements, SysbenchStatements.Call call) throws StoreException {
      step(this, op, call);
      for (int i = 0; i < statements; i++) {
        report.write();
      }
    }
  }

  @Override
  protected Object newThreadState(SysbenchStore store, int threadId, int threadCount) {
    synchronized (this) {
      if (startNanos == 0) {
        startNanos = System.nanoTime();
        if (report != null) {
          System.out.println("[SYSBENCH] " + settings.tables + " tables x " + settings.tableSize + " rows, "
              + settings.transactionSteps() + " statements a transaction, " + (settings.skipTrx ? "autocommit"
              : store.transactions()) + ", ids " + settings.rand.describe() + ", reads by "
              + settings.readKey().column() + ", " + settings.describeChoices());
          report.start(settings.reportInterval, settings.reportCheckpoints, this::fairness, () -> workers.forEach(w -> {
            w.committed.set(0);
            w.busyNanos.set(0);
          }));
        }
      }
    }
    Worker w = new Worker(store, threadId, threadCount);
    workers.add(w);
    return w;
  }

  /** Loads the thread's next batch, or builds a finished table's index; false when all is done. */
  @Override
  public boolean doInsert(DB db, Object threadState) {
    Worker w = (Worker) threadState;
    while (w.table < w.tables.size()) {
      SysbenchTable t = w.tables.get(w.table);
      if (!w.rowsDone && w.nextId == 1 && existingRows.getOrDefault(t.number(), 0L) == settings.tableSize) {
        w.rowsDone = true;
      }
      if (!w.rowsDone) {
        loadBatch(w, t);
        return true;
      }
      w.table++;
      w.rowsDone = false;
      w.nextId = 1;
      if (settings.createSecondary) {
        long start = System.nanoTime();
        timed(CREATE_INDEX, () -> w.store.createSecondaryIndex(t));
        indexNanos.addAndGet(System.nanoTime() - start);
        return true;
      }
    }
    return false;
  }

  private void loadBatch(Worker w, SysbenchTable t) {
    int n = (int) Math.min(w.batch.capacity(), (long) settings.tableSize - w.nextId + 1);
    w.batch.start(w.nextId, n);
    for (int i = 0; i < n; i++) {
      w.batch.set(i, w.ids.next(settings.tableSize), w.digits.c(), w.digits.pad());
    }
    if (timed(LOAD_ROWS, () -> w.store.loadRows(t, w.batch)).isOk()) {
      loadedRows.addAndGet(n);
      written.loaded(t, n);
    } else {
      failedBatches.incrementAndGet();
      written.failedBatch(t, n);
    }
    site.ycsbx.measurements.Progress.addUnits(n);
    w.nextId += n;
    if (w.nextId > settings.tableSize) {
      w.rowsDone = true;
      // counted with the rows: a sequence left behind fails the load as a lost batch would
      if (!unrecorded(LOAD_ROWS, () -> w.store.rowsLoaded(t, settings.tableSize)).isOk()) {
        failedBatches.incrementAndGet();
      }
    }
  }

  /**
   * One sysbench OLTP event: the transaction, run again from its start (new draws) after an error
   * sysbench ignores, until it commits, as sysbench 1.0.20's thread_run (sysbench.lua) restarts the
   * event; its latency runs from the first attempt. Each attempt is timed as TRANSACTION.
   */
  @Override
  public boolean doTransaction(DB db, Object threadState) {
    Worker w = (Worker) threadState;
    long start = System.nanoTime();
    Status s;
    while (true) {
      w.ignored = false;
      s = timed(TRANSACTION, () -> transaction(w));
      if (s.isOk() || !w.ignored) {
        break;
      }
      report.ignoredError();
      if (isStopRequested()) {
        break; // the run's end: sysbench too leaves an unfinished event uncounted
      }
    }
    site.ycsbx.measurements.Progress.addUnits(1);
    if (!s.isOk()) {
      written.failedTransaction();
    }
    if (s.isOk()) {
      long nanos = System.nanoTime() - start;
      w.committed.incrementAndGet();
      w.busyNanos.addAndGet(nanos);
      report.transaction(nanos);
    }
    return true; // failures are counted; the run goes on
  }

  private void transaction(Worker w) throws StoreException {
    SysbenchSettings c = settings;
    SysbenchStore s = w.store;
    // BEGIN and COMMIT count as sysbench's "other" queries only when they went to the server
    boolean open = !c.skipTrx && s.begin();
    if (open) {
      report.other();
    } else if (!c.skipTrx) {
      report.notSent();
    }
    try {
      w.statements.run(s);
      if (!c.skipTrx) {
        s.commit();
      }
      if (open) {
        report.other();
      }
    } catch (StoreException | RuntimeException e) {
      if (e instanceof IgnoredError) {
        w.ignored = true; // from a statement, or from COMMIT itself (a certification conflict)
      }
      if (!c.skipTrx) {
        s.rollback();
      }
      // sysbench counts no ROLLBACK after an error it ignores: its mysql driver sends none, its
      // pgsql driver sends one it does not count
      if (open && !w.ignored) {
        report.other();
      }
      throw e;
    }
  }

  /** A statement timed under its name; a failure ends the transaction. */
  private void step(Worker w, String op, SysbenchStatements.Call call) throws StoreException {
    Status s = timed(op, () -> {
      try {
        call.run();
      } catch (IgnoredError e) {
        w.ignored = true;
        throw e;
      }
    });
    if (!s.isOk()) {
      throw w.ignored ? new IgnoredError(op + " hit an error sysbench ignores; transaction rolled back")
          : new StoreException(s, op + " failed; transaction rolled back");
    }
  }

  /** The load's figures for the export: rows loaded, their rate, and the index builds' time. */
  private java.util.Map<String, Double> loadResults() {
    java.util.Map<String, Double> out = loadFigures("rows", loadedRows.get(), startNanos);
    if (out != null) {
      out.put("index_secs", indexNanos.get() / 1e9);
    }
    return out;
  }

  /** Each thread's committed transactions and the sum of their latencies, for the threads fairness. */
  private long[][] fairness() {
    return new long[][] {workers.stream().mapToLong(w -> w.committed.get()).toArray(),
        workers.stream().mapToLong(w -> w.busyNanos.get()).toArray()};
  }

  /**
   * After a run, sysbench's report; after either, {@code sysbench.verify} on a connection of its
   * own, opened after the client threads closed theirs.
   */
  @Override
  public void cleanup() {
    super.cleanup();
    if (settings == null || startNanos == 0) {
      return;
    }
    if (report != null) {
      long[][] f = fairness();
      report.print(f[0], f[1]);
    } else {
      double secs = Math.max(1e-3, (System.nanoTime() - startNanos) / 1e9);
      System.out.println(String.format(Locale.ROOT, "[SYSBENCH] loaded %d rows into %d tables in %.1f s (%.0f rows/s),"
          + " k indexes built in %.1f s of the threads' time%s", loadedRows.get(), settings.myTables().size(), secs,
          loadedRows.get() / secs, indexNanos.get() / 1e9, failedBatches.get() == 0 ? ""
              : "; " + failedBatches.get() + " batches failed (see the errors)"));
    }
    if (settings.verify) {
      try (FreshStore<SysbenchStore> fresh = FreshStore.open(props, SysbenchStore.class)) {
        new SysbenchVerification(settings).run(fresh.store());
      } catch (Exception e) {
        SysbenchVerification.cannotRun(e);
      }
    }
  }

  /** {@code bin/ycsb verify} on a given store: ids 1..table_size once in every table, the k index agreeing. */
  @Override
  public StoredCheck verifyStored(Properties props, SysbenchStore store) throws StoreException {
    SysbenchSettings s = new SysbenchSettings(props);
    return SysbenchVerification.stored(s, store, s.allTables());
  }

  /** As {@link #verifyStored(Properties, SysbenchStore)} on some of the tables. */
  public StoredCheck verifyStored(Properties props, SysbenchStore store, List<SysbenchTable> tables)
      throws StoreException {
    return SysbenchVerification.stored(new SysbenchSettings(props), store, tables);
  }
}
