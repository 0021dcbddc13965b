package site.ycsbx.workloads.linkbench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.linkbench.GraphTotals;
import site.ycsbx.store.linkbench.GraphTotals.CountGap;
import site.ycsbx.store.linkbench.GraphTotals.LinkGroup;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.linkbench.Node;
import site.ycsbx.workloads.StoredCheck;

/**
 * {@code bin/ycsb verify} on linkbench. Always, in full: the count table against the visible links
 * of every (id1, link_type) of either table, by grouped counts the database computes (holds after
 * runs too: a request changes both in one transaction). With {@code linkbench.verify_as_loaded},
 * also in full against the generated graph: node ids each once (gaps in the key named) with the
 * loaded type and version, and per (id1, link_type) the number of links, all visible, their id2s
 * (id1 to id1+n-1) and version; then, node by node and link by link (payloads included), the
 * chunks of {@code linkbench.verify_chunks} (all with {@code --full}), as the end-of-load check.
 * Times come from the load's clock and are not compared.
 */
final class StoredGraph {
  /** id1s per grouped read of the link table. */
  static final long PAGE = 10_000;
  /** A loaded node's version. */
  static final long LOADED_VERSION = 1;

  private final LinkBenchSettings settings;
  private final ChunkGenerator generator;
  private final OutDegrees degrees;

  StoredGraph(LinkBenchSettings settings, ChunkGenerator generator) {
    this.settings = settings;
    this.generator = generator;
    this.degrees = settings.outDegrees();
  }

  StoredCheck check(LinkBenchStore store, boolean full) throws StoreException {
    StoredCheck c = new StoredCheck("LINKBENCH-VERIFY");
    GraphTotals totals = store.totals();
    boolean asLoaded = settings.request.verifyAsLoaded;
    c.checking("the count table against the visible links of every (id1, link_type) of either table, by grouped counts"
        + " the database computes");
    long chunks = settings.chunks();
    long k = full || settings.request.verifyChunks == 0 ? chunks : Math.min(chunks, settings.request.verifyChunks);
    if (asLoaded) {
      c.checking(String.format(Locale.ROOT, "as loaded (%s=true), against the generated graph (ids %d..%d, seed %d):"
          + " node ids each once, of type %d and version %d; per (id1, link_type) the links, all visible, id2 from id1"
          + " on, version 0 (times come from the load's clock: not compared)", RequestSettings.VERIFY_AS_LOADED,
          settings.startId1, settings.maxId1 - 1, settings.seed, LinkBenchSettings.NODE_TYPE, LOADED_VERSION));
      c.checking(k == chunks ? "every chunk node by node and link by link, payloads included"
          : String.format(Locale.ROOT, "node by node and link by link, payloads included: %d of %d chunks spread over"
              + " the ids", k, chunks));
    }
    List<CountGap> gaps = new ArrayList<>();
    long unlike = totals.countsUnlikeLinks(StoredCheck.LISTED, gaps);
    List<String> named = new ArrayList<>();
    for (CountGap g : gaps) {
      named.add("(" + g.id1() + ", " + g.linkType() + "): count table " + g.counted() + ", visible links " + g.visible());
    }
    c.mismatches(unlike, named);
    if (!asLoaded) {
      return c.covered("the count table and the visible links of every (id1, link_type)");
    }
    long nodes = nodes(totals, c);
    long links = links(totals, c);
    GraphCheck deep = new GraphCheck(store);
    long ids = 0;
    for (long i = 0; i < k; i++) {
      long chunk = i * chunks / k;
      deep.chunk(generator, chunk);
      ids += generator.endId(chunk) - generator.firstId(chunk);
    }
    // a missing node is named by the totals already: listed once
    List<String> fresh = deep.listed().stream().filter(m -> !c.listed().contains(m)).toList();
    c.mismatches(deep.found() - (deep.listed().size() - fresh.size()), fresh);
    c.covered(String.format(Locale.ROOT, "%d nodes and %d links counted in full", nodes, links));
    c.covered(String.format(Locale.ROOT, "%d ids: %d nodes, %d (id1, link_type) lists compared one by one", ids,
        deep.checkedNodes(), deep.checkedPairs()));
    if (k < chunks) {
      c.sampled(String.format(Locale.ROOT, "%d of %d chunks (%.1f%% of ids) one by one", k, chunks, 100.0 * k / chunks),
          "--full (or " + RequestSettings.VERIFY_CHUNKS + "=0)");
    }
    return c;
  }

  /** Node ids, types and versions in full; returns the nodes generated. */
  private long nodes(GraphTotals totals, StoredCheck c) throws StoreException {
    long from = settings.startId1;
    long to = settings.maxId1;
    long present = totals.countNodes(from, to);
    if (present < to - from) {
      List<String> named = new ArrayList<>();
      for (long id : totals.missingNodeIds(from, to, StoredCheck.LISTED)) {
        named.add("node " + id + ": missing");
      }
      c.mismatches(to - from - present, named);
    }
    List<Long> outside = totals.nodeIdsOutside(from, to, StoredCheck.LISTED);
    if (!outside.isEmpty()) {
      long all = totals.countNodes(Long.MIN_VALUE, Long.MAX_VALUE);
      c.mismatches(Math.max(outside.size(), all - present), outside.stream().map(id -> "node " + id
          + ": stored, but the generated graph has ids " + from + ".." + (to - 1) + " only").toList());
    }
    List<Node> other = new ArrayList<>();
    long n = totals.nodesNotOf(LinkBenchSettings.NODE_TYPE, LOADED_VERSION, StoredCheck.LISTED, other);
    c.mismatches(n, other.stream().map(x -> "node " + x.id() + ": type " + x.type() + ", version " + x.version()
        + "; generated type " + LinkBenchSettings.NODE_TYPE + ", version " + LOADED_VERSION).toList());
    return to - from;
  }

  /** Links per (id1, link_type) in full against the generated out-degrees; returns the links generated. */
  private long links(GraphTotals totals, StoredCheck c) throws StoreException {
    long generated = 0;
    for (long from = settings.startId1; from < settings.maxId1; from += PAGE) {
      long to = Math.min(settings.maxId1, from + PAGE);
      Map<List<Long>, LinkGroup> stored = new HashMap<>();
      for (LinkGroup g : totals.linkGroups(from, to)) {
        stored.put(List.of(g.id1(), g.linkType()), g);
      }
      for (long id1 = from; id1 < to; id1++) {
        for (int t = 0; t < degrees.linkTypes(); t++) {
          long type = LinkBenchSettings.FIRST_LINK_TYPE + t;
          long n = degrees.ofType(id1, t);
          generated += n;
          LinkGroup g = stored.remove(List.of(id1, type));
          if (g == null ? n > 0 : g.links() != n || g.visible() != n || g.minId2() != id1 || g.maxId2() != id1 + n - 1
              || g.minVersion() != 0 || g.maxVersion() != 0) {
            c.mismatch("(" + id1 + ", " + type + "): " + describe(g) + "; generated " + n + " visible links"
                + (n > 0 ? ", id2 " + id1 + ".." + (id1 + n - 1) + ", version 0" : ""));
          }
        }
      }
      // a link type the generator does not make
      for (LinkGroup g : stored.values()) {
        c.mismatch("(" + g.id1() + ", " + g.linkType() + "): " + describe(g) + "; generated no link of this type");
      }
    }
    for (LinkGroup g : totals.linkGroups(Long.MIN_VALUE, settings.startId1)) {
      c.mismatch("(" + g.id1() + ", " + g.linkType() + "): " + describe(g) + "; generated id1s are " + settings.startId1
          + ".." + (settings.maxId1 - 1) + " only");
    }
    for (LinkGroup g : totals.linkGroups(settings.maxId1, Long.MAX_VALUE)) {
      c.mismatch("(" + g.id1() + ", " + g.linkType() + "): " + describe(g) + "; generated id1s are " + settings.startId1
          + ".." + (settings.maxId1 - 1) + " only");
    }
    return generated;
  }

  private static String describe(LinkGroup g) {
    if (g == null) {
      return "no links";
    }
    return g.links() + " links (" + g.visible() + " visible), id2 " + g.minId2() + ".." + g.maxId2() + ", version "
        + (g.minVersion() == g.maxVersion() ? String.valueOf(g.minVersion()) : g.minVersion() + ".." + g.maxVersion());
  }
}
