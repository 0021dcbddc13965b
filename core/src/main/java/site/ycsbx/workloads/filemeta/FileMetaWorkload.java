package site.ycsbx.workloads.filemeta;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.generator.DiscreteGenerator;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.filemeta.FileMetaPlan;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.store.filemeta.FileRow;
import site.ycsbx.workloads.FreshStore;
import site.ycsbx.workloads.FamilyWorkload;
import site.ycsbx.workloads.StoredCheck;
import site.ycsbx.workloads.Zipf;

/**
 * Metadata of a very large set of files (a 2011 MongoDB vs Clustrix comparison): {@code bin/ycsb
 * load} fills the spec's files table with {@code filemeta.files} generated files, in batches
 * that any client thread takes next (the data depend on the seed alone); {@code bin/ycsb run}
 * runs the spec's two queries and the writes in the proportions asked. When the mix has reads
 * and writes, client threads 0..{@code filemeta.writethreads}-1 only write and the others only
 * read, as the source added one writer to a running read load. See workloads/filemeta.
 */
public final class FileMetaWorkload extends FamilyWorkload<FileMetaStore>
    implements StoredCheck.OnStore<FileMetaStore> {
  public static final String LOAD_FILES = "LOAD_FILES";
  public static final String LATEST_BY_USER = "LATEST_BY_USER";
  public static final String COUNT_DELETED = "COUNT_DELETED";
  public static final String INSERT_FILE = "INSERT_FILE";
  public static final String UPDATE_FILE = "UPDATE_FILE";
  public static final String DELETE_FILE = "DELETE_FILE";
  public static final String VERIFY = FileMetaVerification.VERIFY;
  /** The spec's LATEST_BY_USER returns 10 files. */
  static final int LATEST_LIMIT = 10;

  private Properties props;
  private FileMetaSettings settings;
  private FileGenerator generator;
  private Zipf userRanks;
  private Zipf serverRanks;
  private DiscreteGenerator readMix;
  private DiscreteGenerator writeMix;
  private DiscreteGenerator wholeMix;
  private final AtomicLong nextBatch = new AtomicLong();
  private final AtomicLong batchesDone = new AtomicLong();
  private final AtomicLong loaded = new AtomicLong();
  private final AtomicLong failedBatches = new AtomicLong();
  // ids of files a run inserts: above every stored id and every id the load makes
  private final AtomicLong nextId = new AtomicLong();
  private volatile long idBase;
  private volatile long existingMaxId = -1;
  private volatile long startNanos;
  private volatile boolean reported;
  // a run's reads/s and writes/s apart, and the readers around a writer window; null in a load
  private ReadWriteFigures readWrite;

  public FileMetaWorkload() {
    super(FileMetaStore.class, "filemeta", FileMetaSettings.PROPERTIES, FileMetaSettings::new);
  }

  static boolean isRead(String op) {
    return op.equals(LATEST_BY_USER) || op.equals(COUNT_DELETED);
  }

  /** The load's figures for the export: files stored and their rate (a call inserts a batch of them). */
  private java.util.Map<String, Double> loadResults() {
    return loadFigures("files", loaded.get(), startNanos);
  }

  @Override
  protected void setUp(Properties props) {
    this.props = props;
    settings = new FileMetaSettings(props);
    if (settings.load) {
      // the status line counts this client's files (a call inserts a batch of them); a run counts its operations
      site.ycsbx.measurements.Progress.claim("files", Math.min(settings.endBatch() * settings.batchSize, settings.files)
          - settings.firstBatch() * settings.batchSize);
      site.ycsbx.measurements.Progress.results(this::loadResults);
    }
    if (settings.window != null) {
      site.ycsbx.measurements.Progress.figures(settings.window::state);
    }
    if (!settings.load) {
      ReadWriteFigures.rehearse(settings.window);
      readWrite = new ReadWriteFigures(settings.window);
      site.ycsbx.measurements.Progress.results(readWrite::figures);
    }
    generator = settings.generator();
    userRanks = settings.userChoice == FileMetaSettings.Distribution.ZIPFIAN
        ? new Zipf(settings.users, settings.zipfianConstant) : null;
    serverRanks = settings.serverChoice == FileMetaSettings.Distribution.ZIPFIAN
        ? new Zipf(FileGenerator.SERVERS, settings.zipfianConstant) : null;
    wholeMix = chooser(settings.mix, op -> true);
    readMix = chooser(settings.mix, FileMetaWorkload::isRead);
    writeMix = chooser(settings.mix, op -> !isRead(op));
  }

  // YCSB's operation chooser: proportions scaled to their sum
  private static DiscreteGenerator chooser(Map<String, Double> mix, java.util.function.Predicate<String> which) {
    DiscreteGenerator g = new DiscreteGenerator();
    mix.forEach((op, share) -> {
      if (which.test(op)) {
        g.addValue(share, op);
      }
    });
    return g;
  }

  @Override
  protected void prepare(FileMetaStore store, int threadId) throws StoreException {
    FileMetaPlan plan = settings.plan();
    store.prepare(plan);
    existingMaxId = store.maxId();
    idBase = Math.max(existingMaxId + 1, settings.files);
    String state = plan.drop() ? "dropped and created (filemeta.drop=true)"
        : existingMaxId < 0 ? "ready, empty"
        : "holds files (largest id " + existingMaxId + ")" + (settings.load
            ? "; the load adds ids 0.." + (settings.files - 1) + ", and an id that exists fails its batch"
              + " (filemeta.drop=true drops the table first)" : "");
    System.out.println("[FILEMETA] " + plan.table() + ": " + state);
  }

  /** A client thread's store and role. */
  private record ThreadState(FileMetaStore store, DiscreteGenerator mix, String role) {
  }

  @Override
  protected Object newThreadState(FileMetaStore store, int threadId, int threadCount) {
    synchronized (this) {
      if (startNanos == 0) {
        startNanos = System.nanoTime();
        if (settings.window != null) {
          settings.window.runStarts(startNanos);
        }
        if (readWrite != null) {
          readWrite.start(startNanos);
        }
      }
    }
    if (settings.writers == 0) {
      return new ThreadState(store, wholeMix, "all");
    }
    return threadId < settings.writers ? new ThreadState(store, writeMix, "writer")
        : new ThreadState(store, readMix, "reader");
  }

  @Override
  protected void timed(String op, Status status, long fromNanos, long endNanos) {
    ReadWriteFigures f = readWrite;
    if (f != null) {
      f.record(op, status, fromNanos, endNanos);
    }
  }

  /** Loads the next batch of files; false when none is left (the thread's work is done). */
  @Override
  public boolean doInsert(DB db, Object threadState) {
    // this client's batches: all of them with one client (ycsbx.clients)
    long batch = settings.firstBatch() + nextBatch.getAndIncrement();
    if (batch >= settings.endBatch()) {
      return false;
    }
    FileMetaStore store = ((ThreadState) threadState).store();
    long from = batch * settings.batchSize;
    long to = Math.min(settings.files, from + settings.batchSize);
    List<FileRow> rows = new ArrayList<>((int) (to - from));
    for (long id = from; id < to; id++) {
      rows.add(generator.file(id));
    }
    if (timed(LOAD_FILES, () -> store.insertFiles(rows)).isOk()) {
      loaded.addAndGet(rows.size());
    } else {
      failedBatches.incrementAndGet();
    }
    site.ycsbx.measurements.Progress.addUnits(rows.size());
    if (batchesDone.incrementAndGet() == settings.endBatch() - settings.firstBatch()) {
      report();
    }
    return true;
  }

  @Override
  public boolean doTransaction(DB db, Object threadState) {
    ThreadState t = (ThreadState) threadState;
    if (settings.window != null && t.role().equals("writer") && !settings.window.enter(this::isStopRequested)) {
      return false; // before a stop, or after the window: this writer is done
    }
    String op = t.mix().nextValue();
    FileMetaStore s = t.store();
    ThreadLocalRandom r = ThreadLocalRandom.current();
    switch (op) {
      case LATEST_BY_USER -> {
        long user = pick(userRanks, settings.users, r);
        timed(op, () -> s.latestByUser(user, LATEST_LIMIT));
      }
      case COUNT_DELETED -> {
        int server = (int) pick(serverRanks, FileGenerator.SERVERS, r);
        timed(op, () -> s.countDeleted(server));
      }
      case INSERT_FILE -> insert(s, r);
      case UPDATE_FILE -> {
        long id = r.nextLong(settings.files);
        long size = r.nextLong(FileGenerator.MAX_SIZE);
        timed(op, () -> found(s.updateFile(id, nowSeconds(), size), id));
      }
      case DELETE_FILE -> {
        long id = r.nextLong(settings.files);
        timed(op, () -> found(s.deleteFile(id), id));
      }
      default -> throw new IllegalStateException("unknown operation " + op);
    }
    return true; // failures are counted; the run goes on
  }

  /** A new file of a user drawn as the load draws owners, created and updated now. */
  private void insert(FileMetaStore s, ThreadLocalRandom r) {
    // the clients of one run (ycsbx.clients) each take the ids of their own residue modulo the number
    // of clients, above the base: disjoint even when their bases differ (each reads the largest
    // stored id when it prepares, which may be after another client's first inserts)
    int n = settings.share.clients();
    long id = ((idBase + n - 1) / n + nextId.getAndIncrement()) * n + settings.share.client();
    long now = nowSeconds();
    FileRow template = generator.file(id); // path, size and server as the load would make them
    FileRow f = new FileRow(id, template.path(), template.size(), template.serverId(), false, now, now,
        generator.owner(r.nextDouble()));
    timed(INSERT_FILE, () -> s.insertFile(f));
  }

  /** A user or server: uniform over 0..n-1, or zipfian with rank 0 (user 0 owns the most files) first. */
  private static long pick(Zipf ranks, long n, ThreadLocalRandom r) {
    return ranks != null ? ranks.quantile(r.nextDouble()) : r.nextLong(n);
  }

  // a file the run picked among the loaded ids, absent when the load did not finish
  private static void found(boolean found, long id) throws StoreException {
    if (!found) {
      throw new StoreException(Status.NOT_FOUND, "no file " + id);
    }
  }

  private static long nowSeconds() {
    return System.currentTimeMillis() / 1000;
  }

  /**
   * A load that stopped early (time limit, failures) still says what it loaded and, sharded, where
   * it went; a finished one is verified. Both on a connection of their own, opened after the client
   * threads closed theirs (which may have broken).
   */
  @Override
  public void cleanup() {
    super.cleanup();
    if (settings != null && !settings.load && settings.verify) {
      verifyAfterReads();
      return;
    }
    if (settings == null || !settings.load || startNanos == 0) {
      return;
    }
    report();
    boolean sharded = settings.plan().sharding().enabled();
    boolean verify = settings.verify && batchesDone.get() >= settings.endBatch() - settings.firstBatch();
    if (!sharded && !verify) {
      return;
    }
    try (FreshStore<FileMetaStore> fresh = FreshStore.open(props, FileMetaStore.class)) {
      if (sharded) {
        printDistribution(fresh.store());
      }
      if (verify) {
        new FileMetaVerification(settings, generator).run(fresh.store(), failedBatches.get());
      }
    } catch (Exception e) {
      if (verify) {
        FileMetaVerification.cannotRun(e);
      } else {
        System.out.println("[FILEMETA] documents per shard unknown: " + e.getMessage());
      }
    }
  }

  /** Where the documents went, when the store is sharded (the balancer may leave them on one shard). */
  private void printDistribution(FileMetaStore store) {
    try {
      ShardTable.lines(settings.plan().table(), store.documentsPerShard()).forEach(System.out::println);
    } catch (StoreException e) {
      System.out.println("[FILEMETA] documents per shard unknown: " + e.getMessage());
    }
  }

  private synchronized void report() {
    if (reported) {
      return;
    }
    reported = true;
    double secs = Math.max(1e-3, (System.nanoTime() - startNanos) / 1e9);
    boolean finished = batchesDone.get() >= settings.endBatch() - settings.firstBatch();
    long mine = Math.min(settings.files, settings.endBatch() * settings.batchSize)
        - settings.firstBatch() * settings.batchSize;
    System.out.println(String.format(Locale.ROOT, "[FILEMETA] %s %d of %d files into %s in %.1f s (%.0f files/s)%s",
        finished ? "loaded" : "load STOPPED:", loaded.get(), mine, settings.plan().table(), secs,
        loaded.get() / secs, failedBatches.get() == 0 ? "" : "; " + failedBatches.get() + " batches failed (see the errors)"));
  }

  /** A read-only run changed nothing: the files are checked as after a load. */
  private void verifyAfterReads() {
    try (FreshStore<FileMetaStore> fresh = FreshStore.open(props, FileMetaStore.class)) {
      new FileMetaVerification(settings, generator).run(fresh.store());
    } catch (Exception e) {
      FileMetaVerification.cannotRun(e);
    }
  }

  /**
   * {@code bin/ycsb verify} on a given store: ids, files per user and per server in full, files
   * column by column in full or a sample ({@link StoredFiles}).
   */
  @Override
  public StoredCheck verifyStored(Properties props, FileMetaStore store) throws StoreException {
    Properties p = new Properties();
    p.putAll(props);
    p.remove(FileMetaSettings.VERIFY); // verify is what this is, whatever the file says
    FileMetaSettings s = new FileMetaSettings(p);
    return new StoredFiles(s, s.generator(), Boolean.parseBoolean(p.getProperty(StoredCheck.FULL))).check(store);
  }
}
