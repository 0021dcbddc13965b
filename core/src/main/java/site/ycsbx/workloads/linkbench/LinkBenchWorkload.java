package site.ycsbx.workloads.linkbench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;
import site.ycsbx.measurements.Progress;
import site.ycsbx.measurements.RunMeasurements;
import site.ycsbx.measurements.RunVerdict;
import site.ycsbx.measurements.Warmup;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.linkbench.Link;
import site.ycsbx.store.linkbench.LinkBenchPlan;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.linkbench.LinkCount;
import site.ycsbx.store.linkbench.Node;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.FreshStore;
import site.ycsbx.workloads.PropertyExpansion;
import site.ycsbx.workloads.RepeatableLoad;
import site.ycsbx.workloads.StoreWorkload;
import site.ycsbx.workloads.WorkloadShape;

/**
 * LinkBench's social graph under YCSB's Client.
 *
 * <p>{@code bin/ycsb load} is LinkBench's load phase: the client threads are its loaders, each
 * taking the next chunk of {@code loader_chunk_size} ids (last chunks first, as LinkBench queues
 * them, so the big chunks do not come last) and writing the chunk's nodes, links and counts in
 * bulk batches of {@code bulk_batch} ({@link ChunkGenerator}).
 *
 * <p>{@code bin/ycsb run} is its request phase: the client threads are its requesters, each
 * YCSB operation one request drawn as LinkBench draws it ({@link Requester}) and timed under its
 * name (ADD_LINK, GET_LINKS_LIST, ...). Requests during {@code linkbench.warmup} run unrecorded.
 * At the end come LinkBench's closing lines with exact percentiles ({@link RequestStats}).
 */
public class LinkBenchWorkload extends StoreWorkload<LinkBenchStore> implements PropertyExpansion, RepeatableLoad {
  static final String LOAD_NODES = "LOAD_NODES";
  static final String LOAD_LINKS = "LOAD_LINKS";
  static final String LOAD_COUNTS = "LOAD_COUNTS";
  static final String VERIFY = "VERIFY";
  // the (id1, link_type) written in a run that a verify checks; beyond this, a sample of them
  private static final int TOUCHED_LIMIT = 100_000;

  private Properties props;
  private LinkBenchSettings settings;
  private ChunkGenerator generator;
  private final AtomicLong nextChunk = new AtomicLong();
  private final AtomicLong chunksDone = new AtomicLong();
  private final AtomicLong nodes = new AtomicLong();
  private final AtomicLong links = new AtomicLong();
  private final AtomicLong failedBatches = new AtomicLong();
  private volatile long startMillis;
  private volatile boolean reported;

  private RequestPlan requestPlan;
  private final RequestStats stats = new RequestStats();
  private final ThreadLocal<Requesting> current = new ThreadLocal<>();
  private final Set<List<Long>> touched = ConcurrentHashMap.newKeySet();
  private final AtomicLong touchedAll = new AtomicLong();
  private final AtomicLong historyRequests = new AtomicLong();
  private final AtomicLong fullLists = new AtomicLong();
  private final List<Requesting> requesting = new java.util.concurrent.CopyOnWriteArrayList<>();
  private volatile long firstNanos;
  private volatile long timedFromNanos;
  private volatile boolean warmupSaid;
  private Progress progress;
  private final AtomicLong threadsStarted = new AtomicLong();

  public LinkBenchWorkload() {
    super(LinkBenchStore.class, "linkbench");
  }

  @Override
  public Set<String> propertyPrefixes() {
    return Set.of("linkbench.");
  }

  @Override
  public List<PropertyDef> properties() {
    return LinkBenchSettings.PROPERTIES;
  }

  @Override
  public void validate(Properties props) {
    super.validate(props);
    LinkBenchSettings s = new LinkBenchSettings(props);
    if (!s.load) {
      long requests = Props.getLong(props, "operationcount", 0, 0, Integer.MAX_VALUE);
      int threads = Props.getInt(props, "threadcount", 1, 1, Integer.MAX_VALUE);
      if (requests < threads) {
        throw new UserError("operationcount=" + requests + " is below the " + threads + " requesters (-threads): YCSB's"
            + " Client would cut the threads to it" + (requests == 0 ? " and run nothing" : "") + "; for a run bounded by"
            + " time give operationcount=2147483647 and maxexecutiontime (LinkBench's maxtime)");
      }
    }
    if (s.load) {
      long calls = Props.getLong(props, "recordcount", 0, 0, Integer.MAX_VALUE);
      if (calls > 0 && calls < s.chunks()) {
        throw new UserError("recordcount=" + calls + " lets YCSB's Client call the load " + calls + " times, fewer than the "
            + s.chunks() + " chunks of " + LinkBenchSettings.LOADER_CHUNK_SIZE + "=" + s.chunkSize + " ids of the graph;"
            + " set recordcount=2147483647 (workloads/linkbench does)");
      }
    }
  }

  @Override
  public String whyLoadCannotRepeat(Properties props) {
    LinkBenchSettings s = new LinkBenchSettings(props);
    return s.plan().drop() ? null : "every point loads node ids " + s.startId1 + " .. " + (s.maxId1 - 1) + " into the"
        + " graph the point before left (duplicate keys); give -p " + LinkBenchSettings.DROP + "=true, which drops "
        + s.plan().nodeTable() + ", " + s.plan().linkTable() + " and " + s.plan().countTable() + " before each point";
  }

  @Override
  public Expansion expand(Properties props) {
    return LinkBenchConfigFile.expand(props);
  }

  @Override
  public WorkloadShape shape(Properties props) {
    return new LinkBenchSettings(props).shape();
  }

  @Override
  protected LinkBenchPlan plan(Properties props) {
    return new LinkBenchSettings(props).plan();
  }

  @Override
  protected void setUp(Properties props) {
    this.props = props;
    settings = new LinkBenchSettings(props);
    Progress.claim("nodes", 0); // LinkBench prints its own progress line, also for its requests
    generator = new ChunkGenerator(settings);
    Expansion config = expand(props); // present only under YCSB's own Client: bin/ycsb expands it first
    if (config.property() != null) {
      System.out.println("[LINKBENCH] " + config.note());
      for (Map.Entry<String, String> e : config.values().entrySet()) {
        String actual = props.getProperty(e.getKey());
        if (!e.getKey().contains(".") && !e.getValue().equals(actual)) {
          System.out.println("[LINKBENCH] note: the file sets " + e.getKey() + "=" + e.getValue() + " but YCSB's Client"
              + " runs with " + e.getKey() + "=" + (actual == null ? "its default" : actual) + "; give it as -p "
              + e.getKey() + "=" + e.getValue() + " (bin/ycsb applies it)");
        }
      }
    }
    if (!settings.load) {
      requestPlan = settings.requestPlan();
    }
  }

  @Override
  protected void prepare(LinkBenchStore store, int threadId) throws StoreException {
    store.prepare(settings.plan());
    String tables = settings.plan().nodeTable() + ", " + settings.plan().linkTable() + ", " + settings.plan().countTable();
    if (settings.load) {
      System.out.println("[LINKBENCH] " + tables + (settings.plan().drop() ? ": dropped and created (linkbench.drop=true)"
          : ": ready (existing tables are kept; linkbench.drop=true drops them first)"));
    } else if (store.getNode(LinkBenchSettings.NODE_TYPE, settings.startId1) == null
        && store.countLinks(settings.startId1, LinkBenchSettings.FIRST_LINK_TYPE) == 0) {
      System.out.println("[LINKBENCH] note: node " + settings.startId1 + " is not in " + settings.plan().nodeTable()
          + ": is the graph loaded (bin/ycsb load with the same linkbench.startid1 and maxid1)?");
    }
  }

  /** A requester's thread state. */
  private static final class Requesting {
    final LinkBenchStore store;
    final Requester requester;
    final RequestStats.Recorder recorder;
    boolean warmingUp;
    // the end of this requester's last recorded request (its own: no shared write per request)
    long lastEndNanos;
    List<Link> list;
    long nodeId;

    Requesting(LinkBenchStore store, Requester requester, RequestStats.Recorder recorder) {
      this.store = store;
      this.requester = requester;
      this.recorder = recorder;
    }
  }

  @Override
  protected Object newThreadState(LinkBenchStore store, int threadId, int threadCount) {
    synchronized (this) {
      if (startMillis == 0) {
        startMillis = System.currentTimeMillis();
        long now = System.nanoTime();
        double maxSeconds = Props.getDouble(props, "maxexecutiontime", 0, 0, Double.MAX_VALUE);
        double interval = settings.request.progressSeconds;
        if (settings.load) {
          progress = new Progress("[LINKBENCH] ", "load", "nodes", myIds(), interval, maxSeconds, now,
              System.out);
        } else {
          long total = Props.getLong(props, "operationcount", 0, 0, Long.MAX_VALUE);
          progress = new Progress("[LINKBENCH] ", "requests", "requests", total, interval, maxSeconds, now, System.out);
        }
      }
    }
    threadsStarted.incrementAndGet();
    if (settings.load) {
      return store;
    }
    // with several clients (ycsbx.clients) the requesters are numbered over all of them: their streams differ
    int requester = settings.share.client() * threadCount + threadId;
    Requesting r = new Requesting(store, new Requester(requestPlan, settings.seed, requester,
        threadCount * settings.share.clients(),
        LinkBenchSettings.FIRST_LINK_TYPE), stats.newRecorder());
    current.set(r);
    requesting.add(r);
    return r;
  }

  // ---- load phase

  /** Loads the next chunk of ids; false when none is left (the thread's work is done). */
  @Override
  public boolean doInsert(DB db, Object threadState) {
    long n = nextChunk.getAndIncrement();
    if (n >= settings.endChunk() - settings.firstChunk()) {
      report(false);
      return false;
    }
    // this client's chunks (all of them with one client), the last first as LinkBench queues them
    long chunk = settings.endChunk() - 1 - n;
    loadChunk((LinkBenchStore) threadState, chunk);
    chunksDone.incrementAndGet();
    progress.add(generator.endId(chunk) - generator.firstId(chunk), System.nanoTime(), links.get() + " links");
    return true;
  }

  private void loadChunk(LinkBenchStore store, long chunk) {
    Batch<Node> nodeBatch = new Batch<>(LOAD_NODES, store::addNodes, nodes);
    Batch<Link> linkBatch = new Batch<>(LOAD_LINKS, store::addBulkLinks, links);
    Batch<LinkCount> countBatch = new Batch<>(LOAD_COUNTS, store::addBulkCounts, null);
    generator.generate(chunk, startMillis, new ChunkGenerator.Sink() {
      @Override
      public void node(Node node) {
        nodeBatch.add(node);
      }

      @Override
      public void link(Link link) {
        nodeBatch.flush(); // nodes first, as LinkBench's loaders write them
        linkBatch.add(link);
      }

      @Override
      public void count(LinkCount count) {
        countBatch.add(count);
      }
    });
    nodeBatch.flush();
    linkBatch.flush();
    countBatch.flush();
  }

  @FunctionalInterface
  private interface BatchWrite<T> {
    void write(List<T> rows) throws StoreException;
  }

  /** Rows of one kind gathered up to bulk_batch and written as one timed operation. */
  private final class Batch<T> {
    private final String op;
    private final BatchWrite<T> write;
    private final AtomicLong written;
    private final List<T> rows = new ArrayList<>(settings.bulkBatch);

    Batch(String op, BatchWrite<T> write, AtomicLong written) {
      this.op = op;
      this.write = write;
      this.written = written;
    }

    void add(T row) {
      rows.add(row);
      if (rows.size() == settings.bulkBatch) {
        flush();
      }
    }

    void flush() {
      if (rows.isEmpty()) {
        return;
      }
      if (timed(op, () -> write.write(rows)).isOk()) {
        if (written != null) {
          written.addAndGet(rows.size());
        }
      } else {
        failedBatches.incrementAndGet();
      }
      rows.clear();
    }
  }

  // ---- request phase

  /** One request, drawn and timed (or, during the warm-up, run unrecorded). */
  @Override
  public boolean doTransaction(DB db, Object threadState) {
    Requesting t = (Requesting) threadState;
    long now = System.nanoTime();
    if (firstNanos == 0) {
      synchronized (this) {
        if (firstNanos == 0) {
          firstNanos = now;
          timedFromNanos = now + (long) (settings.request.warmupSeconds * 1e9);
        }
      }
    }
    // under bin/ycsb the run's warm-up decides, so YCSB's figures and LinkBench's leave out the same requests
    // without a warm-up nothing warms up: a thread that read the clock before the first request's
    // thread set timedFromNanos would otherwise leave its first request out (7999 of 8000 done)
    t.warmingUp = RunMeasurements.installed() ? !Warmup.measuring()
        : settings.request.warmupSeconds > 0 && now < timedFromNanos;
    Requester q = t.requester;
    q.next();
    LinkBenchOp op = q.op;
    StoreCall call = call(t, q);
    Status status = t.warmingUp ? unrecorded(op.name(), call) : timed(op.name(), call);
    if (t.warmingUp) {
      RunMeasurements.warmupCall();
    }
    if (status.isOk()) {
      afterOk(t, q);
    }
    if (!t.warmingUp) {
      long end = t.lastEndNanos; // set by the timed() hook
      if (settings.request.verify && op.writesLinks()) {
        touch(q.id1, q.linkType);
      }
      if (!warmupSaid && settings.request.warmupSeconds > 0) {
        sayWarmupDone();
      }
      progress.add(1, end, null);
    }
    return true;
  }

  private StoreCall call(Requesting t, Requester q) {
    LinkBenchStore s = t.store;
    long id1 = q.id1;
    long type = q.linkType;
    long id2 = q.id2;
    int limit = settings.request.rangeLimit;
    switch (q.op) {
      case ADD_LINK: {
        Link link = new Link(id1, type, id2, true, q.data, 0, System.currentTimeMillis());
        return () -> s.addLink(link);
      }
      case UPDATE_LINK: {
        Link link = new Link(id1, type, id2, true, q.data, 0, System.currentTimeMillis());
        return () -> s.updateLink(link);
      }
      case DELETE_LINK:
        return () -> s.deleteLink(id1, type, id2, false); // LinkBench hides, it does not expunge
      case COUNT_LINK:
        return () -> s.countLinks(id1, type);
      case MULTIGET_LINK: {
        long[] id2s = q.id2s;
        return () -> s.getLinks(id1, type, id2s);
      }
      case GET_LINKS_LIST:
        if (q.historyPosition >= 0) {
          Link from = q.history.get(q.historyPosition);
          // older than the last link read, skipping that one (LinkBench's offset 1)
          return () -> t.list = s.getLinkList(from.id1(), from.linkType(), 0, from.time(), 1, limit);
        }
        return () -> t.list = s.getLinkList(id1, type, 0, Long.MAX_VALUE, 0, limit);
      case ADD_NODE: {
        Node node = new Node(0, LinkBenchSettings.NODE_TYPE, 1, (int) (System.currentTimeMillis() / 1000), q.data);
        return () -> t.nodeId = s.addNode(node);
      }
      case UPDATE_NODE: {
        Node node = new Node(id1, LinkBenchSettings.NODE_TYPE, 2, (int) (System.currentTimeMillis() / 1000), q.data);
        return () -> s.updateNode(node);
      }
      case DELETE_NODE:
        return () -> s.deleteNode(LinkBenchSettings.NODE_TYPE, id1);
      case GET_NODE:
        return () -> s.getNode(LinkBenchSettings.NODE_TYPE, id1);
      default:
        throw new IllegalStateException(q.op.name());
    }
  }

  // a list that filled the limit may go on: remember where it stopped for the history requests
  private void afterOk(Requesting t, Requester q) {
    if (q.op == LinkBenchOp.ADD_NODE) {
      q.lastNodeId = t.nodeId;
    }
    if (q.op != LinkBenchOp.GET_LINKS_LIST) {
      return;
    }
    List<Link> list = t.list;
    boolean full = list != null && list.size() >= settings.request.rangeLimit;
    if (!t.warmingUp) {
      if (q.historyPosition >= 0) {
        historyRequests.incrementAndGet();
      }
      if (full) {
        fullLists.incrementAndGet();
      }
    }
    if (q.historyPosition >= 0) {
      if (full) {
        q.history.advance(q.historyPosition, list.get(list.size() - 1));
      } else {
        q.history.forget(q.historyPosition);
      }
    } else if (full) {
      q.history.remember(list.get(list.size() - 1), q.random);
    }
    t.list = null;
  }

  private void touch(long id1, long type) {
    touchedAll.incrementAndGet();
    if (touched.size() < TOUCHED_LIMIT) {
      touched.add(List.of(id1, type));
    }
  }

  private synchronized void sayWarmupDone() {
    if (!warmupSaid) {
      warmupSaid = true;
      System.out.println(String.format(Locale.ROOT, "[LINKBENCH] warm-up of %s s done: requests are recorded from now on"
          + (RunMeasurements.installed() ? "" : " (YCSB's [OVERALL] lines count the warm-up too; LinkBench's lines at"
              + " the end do not)"), RequestSettings.stripZeros(settings.request.warmupSeconds)));
    }
  }

  @Override
  protected void timed(String op, Status status, long fromNanos, long endNanos) {
    Requesting t = current.get();
    if (t == null || t.warmingUp) {
      return;
    }
    t.lastEndNanos = endNanos;
    if (status.isOk()) {
      t.recorder.ok(t.requester.op, (endNanos - fromNanos) / 1000);
    } else {
      t.recorder.failed(t.requester.op);
    }
  }

  // ---- the end

  /** Prints what the phase did (also when it stopped early), then verifies when asked. */
  @Override
  public void cleanup() {
    super.cleanup();
    if (settings == null || startMillis == 0) {
      return;
    }
    if (settings.load) {
      report(true);
    } else {
      reportRequests();
    }
    if (settings.request.verify) {
      verify();
    }
  }

  /** The node ids of this client's chunks (every id with one client). */
  private long myIds() {
    return settings.endChunk() == settings.firstChunk() ? 0
        : generator.endId(settings.endChunk() - 1) - generator.firstId(settings.firstChunk());
  }

  // LinkBench's closing line of the load phase, once, when the last chunk is done
  private synchronized void report(boolean evenIfUnfinished) {
    long myChunks = settings.endChunk() - settings.firstChunk();
    boolean finished = chunksDone.get() >= myChunks;
    if (reported || !(finished || evenIfUnfinished)) {
      return;
    }
    reported = true;
    if (!finished) {
      System.out.println("LOAD PHASE STOPPED after " + chunksDone.get() + " of " + myChunks + " chunks: "
          + nodes.get() + " nodes and " + links.get() + " links loaded");
      return;
    }
    double secs = Math.max(1e-3, (System.currentTimeMillis() - startMillis) / 1000.0);
    long expected = myIds();
    System.out.println(String.format(Locale.ROOT, "LOAD PHASE COMPLETED. Loaded %d nodes (Expected %d). Loaded %d links"
        + " (%.2f links per node). Took %.1f seconds. Links/second = %d%s", nodes.get(), expected, links.get(),
        (double) links.get() / Math.max(1, nodes.get()), secs, Math.round(links.get() / secs),
        failedBatches.get() == 0 ? "" : ". " + failedBatches.get() + " batches failed (see the errors)"));
  }

  private void reportRequests() {
    long done = progress.done();
    long lastEnd = requesting.stream().mapToLong(r -> r.lastEndNanos).max().orElse(timedFromNanos);
    double secs = Math.max(1e-3, (lastEnd - timedFromNanos) / 1e9);
    if (done == 0) {
      System.out.println("REQUEST PHASE STOPPED before any request was recorded"
          + (settings.request.warmupSeconds > 0 ? " (the warm-up of " + RequestSettings.stripZeros(
              settings.request.warmupSeconds) + " s did not end)" : ""));
      return;
    }
    long target = Props.getLong(props, "target", 0, 0, Long.MAX_VALUE);
    boolean intended = target > 0 && !"op".equals(props.getProperty(Measurements.MEASUREMENT_INTERVAL, "op"));
    System.out.println("[LINKBENCH] latencies below: " + (intended
        ? "from each request's intended start (-target " + target + " requests/s, open loop: waiting counts)"
        : target > 0 ? "from each request's actual start (-target " + target + " paced, but measurement.interval=op keeps"
            + " no intended start; bin/ycsb sets both)" : "from each request's start (not paced)")
        + "; exact (HdrHistogram) where LinkBench gives bucket ranges");
    stats.print(System.out);
    System.out.println(String.format(Locale.ROOT, "[LINKBENCH] GET_LINKS_LIST: %d history requests (paging back),"
        + " %d lists filled the limit of %d", historyRequests.get(), fullLists.get(), settings.request.rangeLimit));
    System.out.println(String.format(Locale.ROOT, "REQUEST PHASE COMPLETED. %d requests done in %d seconds."
        + " Requests/second = %d", done, Math.round(secs), Math.round(done / secs)));
    if (settings.request.csvStats != null) {
      try {
        stats.writeCsv(settings.request.csvStats);
        System.out.println("[LINKBENCH] per-request figures written to " + settings.request.csvStats);
      } catch (IOException e) {
        System.err.println("[LINKBENCH] cannot write " + RequestSettings.CSV_STATS + "=" + settings.request.csvStats + ": "
            + e.getMessage());
      }
    }
  }

  // on a connection of its own: the requesters' connections are closed, and may have broken
  private void verify() {
    Status status = Status.OK;
    try (FreshStore<LinkBenchStore> fresh = FreshStore.open(props, LinkBenchStore.class)) {
      GraphCheck check = new GraphCheck(fresh.store());
      String scope;
      if (settings.load) {
        // this client's chunks: the others check theirs
        long chunks = settings.endChunk() - settings.firstChunk();
        long k = settings.request.verifyChunks == 0 ? chunks : Math.min(chunks, settings.request.verifyChunks);
        long ids = 0;
        for (long i = 0; i < k; i++) {
          long chunk = settings.firstChunk() + i * chunks / k;
          check.chunk(generator, chunk);
          ids += generator.endId(chunk) - generator.firstId(chunk);
        }
        scope = String.format(Locale.ROOT, "load: %d of %d chunks (%d of %d ids%s): %d nodes, %d (id1, link_type) lists"
            + " and counts compared with the generated graph", k, chunks, ids, myIds(),
            k == chunks ? "" : "; " + RequestSettings.VERIFY_CHUNKS + "=0 checks all", check.checkedNodes(),
            check.checkedPairs());
      } else {
        for (List<Long> pair : touched) {
          check.counts(pair.get(0), pair.get(1));
        }
        long all = touchedAll.get();
        scope = String.format(Locale.ROOT, "run: %d (id1, link_type) written by the run%s: count table against visible"
            + " links", touched.size(), touched.size() < TOUCHED_LIMIT ? "" : " (the first " + TOUCHED_LIMIT + " of " + all
            + " link writes' pairs)");
      }
      System.out.println("[LINKBENCH-VERIFY] " + scope + ": " + (check.found() == 0 ? "OK" : check.found()
          + " MISMATCHES"));
      for (String m : check.listed()) {
        System.out.println("[LINKBENCH-VERIFY] MISMATCH " + m);
      }
      if (check.found() > check.listed().size()) {
        System.out.println("[LINKBENCH-VERIFY] ... and " + (check.found() - check.listed().size()) + " more");
      }
      if (check.found() > 0) {
        status = Status.UNEXPECTED_STATE;
        RunVerdict.checkFailed("linkbench.verify found " + check.found() + " mismatches (listed above)");
      }
    } catch (Exception e) {
      status = Status.ERROR;
      String why = e.getMessage() != null ? e.getMessage() : e.toString();
      System.out.println("[LINKBENCH-VERIFY] cannot verify: " + why);
      RunVerdict.checkFailed("linkbench.verify could not run: " + why);
    }
    Measurements.getMeasurements().reportStatus(VERIFY, status);
  }
}
