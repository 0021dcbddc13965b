package site.ycsbx.workloads.linkbench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.Status;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.linkbench.Link;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.linkbench.LinkCount;
import site.ycsbx.store.linkbench.Node;

/**
 * LinkBench's load phase: each call loads the next chunk of {@code loader_chunk_size} ids (this
 * client's chunks, the last first as LinkBench queues them, so the big chunks do not come last),
 * its nodes, links and counts in bulk batches of {@code bulk_batch}, each batch one timed
 * operation (LOAD_NODES, LOAD_LINKS, LOAD_COUNTS). At the end, LinkBench's closing line.
 */
final class LinkLoad {
  static final String LOAD_NODES = "LOAD_NODES";
  static final String LOAD_LINKS = "LOAD_LINKS";
  static final String LOAD_COUNTS = "LOAD_COUNTS";

  /** A batch written as one operation: the workload times it. */
  @FunctionalInterface
  interface Timed {
    Status run(String op, BatchCall call);
  }

  @FunctionalInterface
  interface BatchCall {
    void run() throws StoreException;
  }

  private final LinkBenchSettings settings;
  private final ChunkGenerator generator;
  private final Timed timed;
  private final long startMillis;
  private final AtomicLong nextChunk = new AtomicLong();
  private final AtomicLong chunksDone = new AtomicLong();
  private final AtomicLong nodes = new AtomicLong();
  private final AtomicLong links = new AtomicLong();
  private final AtomicLong failedBatches = new AtomicLong();
  private boolean reported;
  private volatile long endMillis;

  LinkLoad(LinkBenchSettings settings, ChunkGenerator generator, Timed timed, long startMillis) {
    this.settings = settings;
    this.generator = generator;
    this.timed = timed;
    this.startMillis = startMillis;
  }

  /** The node ids of this client's chunks (every id with one client). */
  static long ids(LinkBenchSettings settings, ChunkGenerator generator) {
    return settings.endChunk() == settings.firstChunk() ? 0
        : generator.endId(settings.endChunk() - 1) - generator.firstId(settings.firstChunk());
  }

  long linksLoaded() {
    return links.get();
  }

  /**
   * Loads the next chunk of ids; returns the ids it held, or -1 when none is left (the thread's
   * work is done).
   */
  long next(LinkBenchStore store) {
    long n = nextChunk.getAndIncrement();
    if (n >= settings.endChunk() - settings.firstChunk()) {
      report(false);
      return -1;
    }
    long chunk = settings.endChunk() - 1 - n;
    loadChunk(store, chunk);
    chunksDone.incrementAndGet();
    return generator.endId(chunk) - generator.firstId(chunk);
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
      if (timed.run(op, () -> write.write(rows)).isOk()) {
        if (written != null) {
          written.addAndGet(rows.size());
        }
      } else {
        failedBatches.incrementAndGet();
      }
      rows.clear();
    }
  }

  /** LinkBench's closing line of the load phase, once: when the last chunk is done, or at the end even if not. */
  synchronized void report(boolean evenIfUnfinished) {
    long myChunks = settings.endChunk() - settings.firstChunk();
    boolean finished = chunksDone.get() >= myChunks;
    if (reported || !(finished || evenIfUnfinished)) {
      return;
    }
    reported = true;
    endMillis = System.currentTimeMillis();
    if (!finished) {
      System.out.println("LOAD PHASE STOPPED after " + chunksDone.get() + " of " + myChunks + " chunks: "
          + nodes.get() + " nodes and " + links.get() + " links loaded");
      return;
    }
    double secs = Math.max(1e-3, (endMillis - startMillis) / 1000.0);
    System.out.println(String.format(Locale.ROOT, "LOAD PHASE COMPLETED. Loaded %d nodes (Expected %d). Loaded %d links"
        + " (%.2f links per node). Took %.1f seconds. Links/second = %d%s", nodes.get(), ids(settings, generator),
        links.get(), (double) links.get() / Math.max(1, nodes.get()), secs, Math.round(links.get() / secs),
        failedBatches.get() == 0 ? "" : ". " + failedBatches.get() + " batches failed (see the errors)"));
  }

  /** The summary's figures of the load (the headline's, for the export). */
  java.util.Map<String, Double> results() {
    double secs = Math.max(1e-3, ((endMillis > 0 ? endMillis : System.currentTimeMillis()) - startMillis) / 1000.0);
    java.util.Map<String, Double> out = new java.util.LinkedHashMap<>();
    out.put("nodes", (double) nodes.get());
    out.put("links", (double) links.get());
    out.put("secs", secs);
    out.put("links_s", links.get() / secs);
    return out;
  }

  /** The summary's line of the load. */
  String headline() {
    double secs = Math.max(1e-3, ((endMillis > 0 ? endMillis : System.currentTimeMillis()) - startMillis) / 1000.0);
    return String.format(Locale.ROOT, "linkbench: %d nodes and %d links loaded (%.2f links per node), %d links/s",
        nodes.get(), links.get(), (double) links.get() / Math.max(1, nodes.get()), Math.round(links.get() / secs));
  }
}
