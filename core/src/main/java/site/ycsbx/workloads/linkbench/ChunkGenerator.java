package site.ycsbx.workloads.linkbench;

import java.util.SplittableRandom;
import site.ycsbx.store.linkbench.Link;
import site.ycsbx.store.linkbench.LinkCount;
import site.ycsbx.store.linkbench.Node;

/**
 * The graph of one load chunk of ids, from the seed and the chunk's number alone: the same seed
 * gives the same nodes, links and counts whatever the thread count or binding, so the load writes
 * it and a verify regenerates it to compare.
 */
final class ChunkGenerator {
  /** Where the chunk's rows go, in the order generated: nodes, then each node's links and counts. */
  interface Sink {
    void node(Node node);

    void link(Link link);

    void count(LinkCount count);
  }

  private final LinkBenchSettings settings;
  private final OutDegrees degrees;
  private final Payloads linkPayloads;
  private final Payloads nodePayloads;

  ChunkGenerator(LinkBenchSettings settings) {
    this.settings = settings;
    this.degrees = settings.outDegrees();
    this.linkPayloads = settings.linkPayloads();
    this.nodePayloads = settings.nodePayloads();
  }

  int linkTypes() {
    return degrees.linkTypes();
  }

  long firstId(long chunk) {
    return settings.startId1 + chunk * settings.chunkSize;
  }

  long endId(long chunk) {
    return Math.min(settings.maxId1, firstId(chunk) + settings.chunkSize);
  }

  /**
   * Generates chunk {@code chunk}.
   *
   * @param loadMillis the load's start: node times are its second, link times spread over the
   *        ~50 days before it (as LinkBench, so id2 and time are not correlated)
   */
  void generate(long chunk, long loadMillis, Sink sink) {
    long from = firstId(chunk);
    long to = endId(chunk);
    SplittableRandom r = new SplittableRandom(settings.seed * 0x9E3779B97F4A7C15L + chunk);
    int nowSeconds = (int) (loadMillis / 1000);
    for (long id = from; id < to; id++) {
      sink.node(new Node(id, LinkBenchSettings.NODE_TYPE, 1, nowSeconds, nodePayloads.next(r)));
    }
    for (long id1 = from; id1 < to; id1++) {
      for (int t = 0; t < degrees.linkTypes(); t++) {
        long n = degrees.ofType(id1, t);
        long type = LinkBenchSettings.FIRST_LINK_TYPE + t;
        long newest = 0;
        for (long j = 0; j < n; j++) {
          long time = loadMillis - Integer.MAX_VALUE - 1L + r.nextInt();
          newest = Math.max(newest, time);
          sink.link(new Link(id1, type, id1 + j, true, linkPayloads.next(r), 0, time));
        }
        if (n > 0) {
          sink.count(new LinkCount(id1, type, n, newest, 0));
        }
      }
    }
  }
}
