package site.ycsbx.workloads.linkbench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.linkbench.Link;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.linkbench.LinkCount;
import site.ycsbx.store.linkbench.Node;

/**
 * {@code linkbench.verify}: what the database holds against what it must hold. After a load, the
 * sampled chunks are generated again and every node, every link list and every count is compared
 * (times aside: they come from the load's clock). After a run, for each (id1, link_type) the run
 * wrote, the count table must equal the visible links. Mismatches are collected, not thrown.
 */
final class GraphCheck {
  /** Mismatches listed one by one; the rest are counted. */
  static final int LISTED = 20;
  // links read per list request: the most linked node of a small graph has close to a million
  private static final int PAGE = 100_000;

  private final LinkBenchStore store;
  private final List<String> mismatches = new ArrayList<>();
  private long found;
  private long checkedPairs;
  private long checkedNodes;

  GraphCheck(LinkBenchStore store) {
    this.store = store;
  }

  /** Compares one generated chunk with the database. */
  void chunk(ChunkGenerator generator, long chunk) throws StoreException {
    List<Node> nodes = new ArrayList<>();
    Map<List<Long>, List<Link>> links = new HashMap<>();
    Map<List<Long>, Long> counts = new HashMap<>();
    generator.generate(chunk, 0, new ChunkGenerator.Sink() {
      @Override
      public void node(Node node) {
        nodes.add(node);
      }

      @Override
      public void link(Link link) {
        links.computeIfAbsent(List.of(link.id1(), link.linkType()), k -> new ArrayList<>()).add(link);
      }

      @Override
      public void count(LinkCount count) {
        counts.put(List.of(count.id1(), count.linkType()), count.count());
      }
    });
    for (Node expected : nodes) {
      checkedNodes++;
      Node actual = store.getNode(expected.type(), expected.id());
      if (actual == null) {
        mismatch("node " + expected.id() + ": missing");
      } else if (actual.version() != expected.version() || !Arrays.equals(actual.data(), expected.data())) {
        mismatch("node " + expected.id() + ": version " + actual.version() + ", " + actual.data().length
            + " bytes; generated: version " + expected.version() + ", " + expected.data().length + " bytes");
      }
    }
    // every (id1, link_type) of the chunk: one without generated links must have none either
    for (long id1 = generator.firstId(chunk); id1 < generator.endId(chunk); id1++) {
      for (int t = 0; t < generator.linkTypes(); t++) {
        List<Long> key = List.of(id1, LinkBenchSettings.FIRST_LINK_TYPE + t);
        checkPair(id1, key.get(1), counts.getOrDefault(key, 0L), links.getOrDefault(key, List.of()));
      }
    }
  }

  /** After a run: the count of (id1, link_type) against its visible links. */
  void counts(long id1, long linkType) throws StoreException {
    checkPair(id1, linkType, -1, null);
  }

  private void checkPair(long id1, long type, long expectedCount, List<Link> expectedLinks) throws StoreException {
    checkedPairs++;
    long counted = store.countLinks(id1, type);
    List<Link> visible = allVisible(id1, type);
    String where = "(" + id1 + ", " + type + ")";
    if (counted != visible.size()) {
      mismatch(where + ": count table " + counted + ", visible links " + visible.size());
    }
    if (expectedCount >= 0 && visible.size() != expectedCount) {
      mismatch(where + ": " + visible.size() + " visible links, generated " + expectedCount);
    } else if (expectedLinks != null) {
      Map<Long, byte[]> byId2 = new HashMap<>();
      for (Link l : visible) {
        byId2.put(l.id2(), l.data());
      }
      for (Link l : expectedLinks) {
        byte[] data = byId2.get(l.id2());
        if (data == null) {
          mismatch(where + ": link to " + l.id2() + " missing");
          break;
        }
        if (!Arrays.equals(data, l.data())) {
          mismatch(where + ": link to " + l.id2() + " holds " + data.length + " bytes unlike the generated "
              + l.data().length);
          break;
        }
      }
    }
  }

  private List<Link> allVisible(long id1, long type) throws StoreException {
    List<Link> all = new ArrayList<>();
    while (true) {
      List<Link> page = store.getLinkList(id1, type, 0, Long.MAX_VALUE, all.size(), PAGE);
      all.addAll(page);
      if (page.size() < PAGE) {
        return all;
      }
    }
  }

  private void mismatch(String what) {
    found++;
    if (mismatches.size() < LISTED) {
      mismatches.add(what);
    }
  }

  long found() {
    return found;
  }

  List<String> listed() {
    return mismatches;
  }

  long checkedPairs() {
    return checkedPairs;
  }

  long checkedNodes() {
    return checkedNodes;
  }
}
