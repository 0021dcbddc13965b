package site.ycsbx.workloads.linkbench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.DB;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.linkbench.Link;
import site.ycsbx.store.linkbench.LinkBenchPlan;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.linkbench.LinkCount;
import site.ycsbx.store.linkbench.Node;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.StoreWorkload;
import site.ycsbx.workloads.WorkloadShape;

/**
 * LinkBench's social graph under YCSB's Client. {@code bin/ycsb load} is LinkBench's load phase:
 * the client threads are its loaders, each taking the next chunk of {@code loader_chunk_size}
 * ids (last chunks first, as LinkBench queues them, so the big chunks do not come last) and
 * writing the chunk's nodes, links and counts in bulk batches of {@code bulk_batch}. Each chunk's
 * graph comes from the seed and the chunk's number alone: the same seed gives the same graph
 * whatever the thread count or binding.
 */
public class LinkBenchWorkload extends StoreWorkload<LinkBenchStore> {
  static final String LOAD_NODES = "LOAD_NODES";
  static final String LOAD_LINKS = "LOAD_LINKS";
  static final String LOAD_COUNTS = "LOAD_COUNTS";

  private LinkBenchSettings settings;
  private OutDegrees degrees;
  private Payloads linkPayloads;
  private Payloads nodePayloads;
  private final AtomicLong nextChunk = new AtomicLong();
  private final AtomicLong chunksDone = new AtomicLong();
  private final AtomicLong nodes = new AtomicLong();
  private final AtomicLong links = new AtomicLong();
  private final AtomicLong failedBatches = new AtomicLong();
  private volatile long startMillis;
  private volatile boolean reported;

  public LinkBenchWorkload() {
    super(LinkBenchStore.class, "linkbench");
  }

  @Override
  public Set<String> propertyPrefixes() {
    return Set.of("linkbench.");
  }

  @Override
  public Set<String> knownProperties() {
    return LinkBenchSettings.PROPERTIES;
  }

  @Override
  public void validate(Properties props) {
    super.validate(props);
    LinkBenchSettings s = new LinkBenchSettings(props);
    if (!s.load) {
      throw new UserError("linkbench: the request phase (bin/ycsb run) is not in this version yet; bin/ycsb load"
          + " runs LinkBench's load phase");
    }
    long calls = Props.getLong(props, "recordcount", 0, 0, Integer.MAX_VALUE);
    if (calls > 0 && calls < s.chunks()) {
      throw new UserError("recordcount=" + calls + " lets YCSB's Client call the load " + calls + " times, fewer than the "
          + s.chunks() + " chunks of " + LinkBenchSettings.LOADER_CHUNK_SIZE + "=" + s.chunkSize + " ids of the graph;"
          + " set recordcount=2147483647 (workloads/linkbench does)");
    }
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
    settings = new LinkBenchSettings(props);
    degrees = settings.outDegrees();
    linkPayloads = settings.linkPayloads();
    nodePayloads = settings.nodePayloads();
  }

  @Override
  protected void prepare(LinkBenchStore store, int threadId) throws StoreException {
    store.prepare(settings.plan());
    String tables = settings.plan().nodeTable() + ", " + settings.plan().linkTable() + ", " + settings.plan().countTable();
    System.out.println("[LINKBENCH] " + tables + (settings.plan().drop() ? ": dropped and created (linkbench.drop=true)"
        : ": ready (existing tables are kept; linkbench.drop=true drops them first)"));
  }

  @Override
  protected Object newThreadState(LinkBenchStore store, int threadId, int threadCount) {
    synchronized (this) {
      if (startMillis == 0) {
        startMillis = System.currentTimeMillis();
      }
    }
    return store;
  }

  /** Loads the next chunk of ids; false when none is left (the thread's work is done). */
  @Override
  public boolean doInsert(DB db, Object threadState) {
    long n = nextChunk.getAndIncrement();
    if (n >= settings.chunks()) {
      report();
      return false;
    }
    long chunk = settings.chunks() - 1 - n;
    loadChunk((LinkBenchStore) threadState, chunk);
    chunksDone.incrementAndGet();
    return true;
  }

  @Override
  public boolean doTransaction(DB db, Object threadState) {
    return false; // refused in validate(): the request phase is not in this version
  }

  private void loadChunk(LinkBenchStore store, long chunk) {
    long from = settings.startId1 + chunk * settings.chunkSize;
    long to = Math.min(settings.maxId1, from + settings.chunkSize);
    SplittableRandom r = new SplittableRandom(settings.seed * 0x9E3779B97F4A7C15L + chunk);
    int nowSeconds = (int) (startMillis / 1000);
    List<Node> nodeBatch = new ArrayList<>(settings.bulkBatch);
    for (long id = from; id < to; id++) {
      nodeBatch.add(new Node(id, LinkBenchSettings.NODE_TYPE, 1, nowSeconds, nodePayloads.next(r)));
      if (nodeBatch.size() == settings.bulkBatch) {
        flushNodes(store, nodeBatch);
      }
    }
    flushNodes(store, nodeBatch);
    List<Link> linkBatch = new ArrayList<>(settings.bulkBatch);
    List<LinkCount> countBatch = new ArrayList<>(settings.bulkBatch);
    for (long id1 = from; id1 < to; id1++) {
      for (int t = 0; t < degrees.linkTypes(); t++) {
        long n = degrees.ofType(id1, t);
        long type = LinkBenchSettings.FIRST_LINK_TYPE + t;
        long newest = 0;
        for (long j = 0; j < n; j++) {
          // as LinkBench: times spread over about 50 days before the load, so id2 and time are not correlated
          long time = startMillis - Integer.MAX_VALUE - 1L + r.nextInt();
          newest = Math.max(newest, time);
          linkBatch.add(new Link(id1, type, id1 + j, true, linkPayloads.next(r), 0, time));
          if (linkBatch.size() == settings.bulkBatch) {
            flushLinks(store, linkBatch);
          }
        }
        if (n > 0) {
          countBatch.add(new LinkCount(id1, type, n, newest, 0));
          if (countBatch.size() == settings.bulkBatch) {
            flushCounts(store, countBatch);
          }
        }
      }
    }
    flushLinks(store, linkBatch);
    flushCounts(store, countBatch);
  }

  private void flushNodes(LinkBenchStore store, List<Node> batch) {
    if (!batch.isEmpty()) {
      if (timed(LOAD_NODES, () -> store.addNodes(batch)).isOk()) {
        nodes.addAndGet(batch.size());
      } else {
        failedBatches.incrementAndGet();
      }
      batch.clear();
    }
  }

  private void flushLinks(LinkBenchStore store, List<Link> batch) {
    if (!batch.isEmpty()) {
      if (timed(LOAD_LINKS, () -> store.addBulkLinks(batch)).isOk()) {
        links.addAndGet(batch.size());
      } else {
        failedBatches.incrementAndGet();
      }
      batch.clear();
    }
  }

  private void flushCounts(LinkBenchStore store, List<LinkCount> batch) {
    if (!batch.isEmpty()) {
      if (!timed(LOAD_COUNTS, () -> store.addBulkCounts(batch)).isOk()) {
        failedBatches.incrementAndGet();
      }
      batch.clear();
    }
  }

  /** A load that stopped early (time limit, failures) still says what it loaded. */
  @Override
  public void cleanup() {
    if (settings != null && settings.load && startMillis > 0) {
      report(true);
    }
  }

  private void report() {
    report(false);
  }

  // LinkBench's closing line of the load phase, once, when the last chunk is done
  private synchronized void report(boolean evenIfUnfinished) {
    boolean finished = chunksDone.get() >= settings.chunks();
    if (reported || !(finished || evenIfUnfinished)) {
      return;
    }
    reported = true;
    if (!finished) {
      System.out.println("LOAD PHASE STOPPED after " + chunksDone.get() + " of " + settings.chunks() + " chunks: "
          + nodes.get() + " nodes and " + links.get() + " links loaded");
      return;
    }
    double secs = Math.max(1e-3, (System.currentTimeMillis() - startMillis) / 1000.0);
    long expected = settings.maxId1 - settings.startId1;
    System.out.println(String.format(Locale.ROOT, "LOAD PHASE COMPLETED. Loaded %d nodes (Expected %d). Loaded %d links"
        + " (%.2f links per node). Took %.1f seconds. Links/second = %d%s", nodes.get(), expected, links.get(),
        (double) links.get() / Math.max(1, nodes.get()), secs, Math.round(links.get() / secs),
        failedBatches.get() == 0 ? "" : ". " + failedBatches.get() + " batches failed (see the errors)"));
  }
}
