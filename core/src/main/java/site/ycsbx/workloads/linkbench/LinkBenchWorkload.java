package site.ycsbx.workloads.linkbench;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;
import site.ycsbx.measurements.Progress;
import site.ycsbx.measurements.RunMeasurements;
import site.ycsbx.measurements.Warmup;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.linkbench.Link;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.linkbench.Node;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.PropertyExpansion;
import site.ycsbx.workloads.RepeatableLoad;
import site.ycsbx.workloads.FamilyWorkload;
import site.ycsbx.workloads.StoredCheck;

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
public class LinkBenchWorkload extends FamilyWorkload<LinkBenchStore> implements PropertyExpansion, RepeatableLoad,
    StoredCheck.OnStore<LinkBenchStore> {
  static final String LOAD_NODES = LinkLoad.LOAD_NODES;
  static final String LOAD_LINKS = LinkLoad.LOAD_LINKS;
  static final String LOAD_COUNTS = LinkLoad.LOAD_COUNTS;
  static final String VERIFY = LinkBenchVerification.VERIFY;

  private Properties props;
  private LinkBenchSettings settings;
  private ChunkGenerator generator;
  private volatile long startMillis;
  private volatile LinkLoad load;

  private RequestPlan requestPlan;
  private final RequestStats stats = new RequestStats();
  private final ThreadLocal<Requesting> current = new ThreadLocal<>();
  private final LinkBenchVerification verification = new LinkBenchVerification();
  private final AtomicLong historyRequests = new AtomicLong();
  private final AtomicLong fullLists = new AtomicLong();
  // requests recorded (after the warm-up): LinkBench's count at the end
  private final LongAdder recorded = new LongAdder();
  private final List<Requesting> requesting = new java.util.concurrent.CopyOnWriteArrayList<>();
  private volatile long firstNanos;
  private volatile long timedFromNanos;
  private volatile boolean warmupSaid;

  public LinkBenchWorkload() {
    super(LinkBenchStore.class, "linkbench", LinkBenchSettings.PROPERTIES, LinkBenchSettings::new);
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
  protected void setUp(Properties props) {
    this.props = props;
    settings = new LinkBenchSettings(props);
    generator = new ChunkGenerator(settings);
    if (settings.load) {
      // the status line counts node ids loaded (a call loads a chunk of them) and says the links
      Progress.claim("nodes", LinkLoad.ids(settings, generator));
      Progress.figures(() -> load == null ? null : load.linksLoaded() + " links");
      Progress.headline(() -> load == null ? null : load.headline());
      Progress.results(() -> load == null ? null : load.results());
    } else {
      Progress.operationsAre("requests");
      Progress.headline(this::requestsHeadline);
      Progress.results(this::requestsResults);
    }
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
        if (settings.load) {
          load = new LinkLoad(settings, generator, (op, call) -> timed(op, call::run), startMillis);
        }
      }
    }
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
    long ids = load.next((LinkBenchStore) threadState);
    if (ids < 0) {
      return false;
    }
    Progress.addUnits(ids);
    return true;
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
      if (settings.request.verify && op.writesLinks()) {
        verification.touch(q.id1, q.linkType);
      }
      if (!warmupSaid && settings.request.warmupSeconds > 0) {
        sayWarmupDone();
      }
      recorded.increment();
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
      load.report(true);
    } else {
      reportRequests();
    }
    if (settings.request.verify) {
      verification.run(props, settings, generator);
    }
  }

  // the recorded requests, from the first one's start (after the warm-up) to the last one's end
  private double requestSeconds() {
    long lastEnd = requesting.stream().mapToLong(r -> r.lastEndNanos).max().orElse(timedFromNanos);
    return Math.max(1e-3, (lastEnd - timedFromNanos) / 1e9);
  }

  private String requestsHeadline() {
    long done = recorded.sum();
    double secs = requestSeconds();
    return done == 0 ? null : String.format(Locale.ROOT, "linkbench: %d requests in %.1f s, %d requests/s (from the first"
        + " recorded request to the last)", done, secs, Math.round(done / secs));
  }

  private Map<String, Double> requestsResults() {
    long done = recorded.sum();
    double secs = requestSeconds();
    if (done == 0) {
      return null;
    }
    Map<String, Double> out = new java.util.LinkedHashMap<>();
    out.put("requests", (double) done);
    out.put("secs", secs);
    out.put("requests_s", done / secs);
    return out;
  }

  private void reportRequests() {
    long done = recorded.sum();
    double secs = requestSeconds();
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
    // LinkBench's line; its rate is not YCSB's [OVERALL] Throughput, which counts from the Client's start
    System.out.println(String.format(Locale.ROOT, "REQUEST PHASE COMPLETED. %d requests done in %d seconds."
        + " Requests/second = %d (from the first recorded request to the last; [OVERALL] divides by YCSB's RunTime,"
        + " which also counts connecting and closing)", done, Math.round(secs), Math.round(done / secs)));
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

  /** {@code bin/ycsb verify} on a given store: counts against links in full, and the graph as loaded ({@link StoredGraph}). */
  @Override
  public StoredCheck verifyStored(Properties props, LinkBenchStore store) throws StoreException {
    LinkBenchSettings s = new LinkBenchSettings(props);
    return new StoredGraph(s, new ChunkGenerator(s)).check(store, Boolean.parseBoolean(props.getProperty(StoredCheck.FULL)));
  }
}
