package site.ycsbx.store.linkbench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import site.ycsbx.store.StoreContract;

/**
 * The linkbench store contract: what every binding's {@link LinkBenchStore} must do, run per
 * binding against a real server (and against core's memory store, the reference). Each test owns
 * an empty database; counts are always checked against the links they count.
 */
public abstract class LinkBenchStoreContract extends StoreContract<LinkBenchStore> {
  protected static final long TYPE = 123456789L;
  private static final LinkBenchPlan PLAN = LinkBenchPlan.defaults(false);

  protected LinkBenchStoreContract() {
    super(LinkBenchStore.class);
  }

  protected static Node node(long id, int type, String data) {
    return new Node(id, type, 1, 1_700_000_000, data.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  protected static Link link(long id1, long id2, boolean visible, long time, String data) {
    return new Link(id1, TYPE, id2, visible, data.getBytes(java.nio.charset.StandardCharsets.UTF_8), 0, time);
  }

  protected LinkBenchStore prepared() throws Exception {
    LinkBenchStore s = store();
    s.prepare(PLAN);
    return s;
  }

  /** Visible links of (id1, TYPE), counted from the list: what the count must equal. */
  private static long visible(LinkBenchStore s, long id1) throws Exception {
    return s.getLinkList(id1, TYPE, 0, Long.MAX_VALUE, 0, Integer.MAX_VALUE).size();
  }

  @Test
  void nodesAreStoredReadUpdatedAndDeletedByIdAndType() throws Exception {
    LinkBenchStore s = prepared();
    s.addNodes(List.of(node(1, 2048, "one"), node(2, 2048, "two"), node(3, 2048, "three")));
    assertEquals(node(2, 2048, "two"), s.getNode(2048, 2));
    assertNull(s.getNode(2049, 2), "another type is another node");
    assertNull(s.getNode(2048, 99));
    Node changed = new Node(2, 2048, 2, 1_700_000_100, "deux".getBytes());
    assertTrue(s.updateNode(changed));
    assertEquals(changed, s.getNode(2048, 2));
    assertFalse(s.updateNode(new Node(77, 2048, 1, 1, new byte[0])), "no node 77");
    assertTrue(s.deleteNode(2048, 3));
    assertNull(s.getNode(2048, 3));
    assertFalse(s.deleteNode(2048, 3), "already deleted");
    long added = s.addNode(node(0, 2048, "new"));
    assertTrue(added > 3, "a new id above every stored one: " + added);
    assertEquals(node(added, 2048, "new"), s.getNode(2048, added));
    assertTrue(s.addNode(node(0, 2048, "newer")) > added, "ids are not reused");
    assertStoredSizeReported(PLAN.storedTables());
  }

  @Test
  void addingALinkCountsItOnceAndAnExistingOneIsUpdated() throws Exception {
    LinkBenchStore s = prepared();
    assertEquals(0, s.countLinks(10, TYPE));
    assertTrue(s.addLink(link(10, 20, true, 1000, "a")));
    assertEquals(1, s.countLinks(10, TYPE));
    assertFalse(s.addLink(link(10, 20, true, 2000, "b")), "(10, TYPE, 20) exists: updated, not added");
    assertEquals(1, s.countLinks(10, TYPE));
    assertEquals(List.of(link(10, 20, true, 2000, "b")), s.getLinks(10, TYPE, new long[] {20}));
    assertTrue(s.addLink(link(10, 21, false, 3000, "hidden")), "a new hidden link is new");
    assertEquals(1, s.countLinks(10, TYPE), "hidden links are not counted");
    assertFalse(s.addLink(link(10, 21, true, 3000, "shown")));
    assertEquals(2, s.countLinks(10, TYPE), "a hidden link shown again is counted");
    assertEquals(0, s.countLinks(10, TYPE + 1), "counts are per link type");
    assertEquals(0, s.countLinks(11, TYPE));
  }

  @Test
  void deletingHidesByDefaultAndExpungeRemoves() throws Exception {
    LinkBenchStore s = prepared();
    s.addLink(link(5, 6, true, 100, "x"));
    s.addLink(link(5, 7, true, 200, "y"));
    assertTrue(s.deleteLink(5, TYPE, 6, false));
    assertEquals(1, s.countLinks(5, TYPE));
    assertEquals(List.of(link(5, 6, false, 100, "x")), s.getLinks(5, TYPE, new long[] {6}), "kept, hidden");
    assertEquals(List.of(7L), s.getLinkList(5, TYPE, 0, Long.MAX_VALUE, 0, 10).stream().map(Link::id2).toList());
    assertTrue(s.deleteLink(5, TYPE, 6, false), "a hidden link exists");
    assertEquals(1, s.countLinks(5, TYPE), "hiding it again changes no count");
    assertTrue(s.deleteLink(5, TYPE, 7, true));
    assertEquals(0, s.countLinks(5, TYPE));
    assertEquals(List.of(), s.getLinks(5, TYPE, new long[] {7}), "expunged");
    assertFalse(s.deleteLink(5, TYPE, 7, true));
    assertFalse(s.deleteLink(5, TYPE, 99, false));
    assertTrue(s.deleteLink(5, TYPE, 6, true), "a hidden link can be expunged");
    assertEquals(0, s.countLinks(5, TYPE));
  }

  @Test
  void updatingAMissingLinkAddsIt() throws Exception {
    LinkBenchStore s = prepared();
    assertFalse(s.updateLink(link(1, 2, true, 10, "new")));
    assertEquals(1, s.countLinks(1, TYPE));
    assertTrue(s.updateLink(link(1, 2, true, 20, "changed")));
    assertEquals(List.of(link(1, 2, true, 20, "changed")), s.getLinks(1, TYPE, new long[] {2}));
    assertTrue(s.updateLink(link(1, 2, false, 30, "hidden by update")));
    assertEquals(0, s.countLinks(1, TYPE), "a link hidden by an update leaves the count");
  }

  @Test
  void linkListsAreVisibleLinksNewestFirstWithinTheTimeRangeAfterTheOffset() throws Exception {
    LinkBenchStore s = prepared();
    for (int i = 1; i <= 8; i++) {
      s.addLink(link(3, 100 + i, i != 4, 1000L * i, "d" + i));
    }
    s.addLink(link(4, 100, true, 500, "other id1"));
    List<Long> all = s.getLinkList(3, TYPE, 0, Long.MAX_VALUE, 0, 100).stream().map(Link::id2).toList();
    assertEquals(List.of(108L, 107L, 106L, 105L, 103L, 102L, 101L), all, "newest first, hidden 104 left out");
    assertEquals(List.of(107L, 106L), s.getLinkList(3, TYPE, 0, Long.MAX_VALUE, 1, 2).stream().map(Link::id2).toList());
    assertEquals(List.of(106L, 105L, 103L), s.getLinkList(3, TYPE, 3000, 6000, 0, 100).stream().map(Link::id2).toList(),
        "time range inclusive on both ends");
    assertEquals(List.of(), s.getLinkList(3, TYPE, 0, Long.MAX_VALUE, 7, 10));
    assertEquals(List.of(), s.getLinkList(9, TYPE, 0, Long.MAX_VALUE, 0, 10));
    Link first = s.getLinkList(3, TYPE, 0, Long.MAX_VALUE, 0, 1).get(0);
    assertArrayEquals("d8".getBytes(), first.data());
  }

  @Test
  void multigetReturnsTheLinksThatExist() throws Exception {
    LinkBenchStore s = prepared();
    s.addLink(link(1, 10, true, 1, "a"));
    s.addLink(link(1, 11, false, 2, "b"));
    s.addLink(link(1, 12, true, 3, "c"));
    List<Link> got = new ArrayList<>(s.getLinks(1, TYPE, new long[] {10, 11, 13}));
    got.sort(Comparator.comparingLong(Link::id2));
    assertEquals(List.of(link(1, 10, true, 1, "a"), link(1, 11, false, 2, "b")), got);
    assertEquals(List.of(), s.getLinks(2, TYPE, new long[] {10}));
  }

  @Test
  void bulkLoadedLinksAndCountsAreReadLikeOthers() throws Exception {
    LinkBenchStore s = prepared();
    List<Link> links = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      links.add(link(7, 1000 + i, true, 10_000 + i, "bulk" + i));
    }
    s.addBulkLinks(links);
    s.addBulkCounts(List.of(new LinkCount(7, TYPE, 50, 10_049, 0)));
    assertEquals(50, s.countLinks(7, TYPE));
    assertEquals(50, visible(s, 7));
    assertEquals(1049L, s.getLinkList(7, TYPE, 0, Long.MAX_VALUE, 0, 1).get(0).id2());
    assertTrue(s.deleteLink(7, TYPE, 1000, false));
    assertEquals(49, s.countLinks(7, TYPE), "request-phase writes keep bulk-loaded counts");
  }

  /** Clients adding and hiding the same node's links at once: the count stays the visible links. */
  @Test
  void concurrentWritersKeepTheCountEqualToTheVisibleLinks() throws Exception {
    int threads = 4;
    List<LinkBenchStore> stores = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      stores.add(t == 0 ? prepared() : store());
    }
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Void>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        LinkBenchStore s = stores.get(t);
        long seed = t;
        done.add(pool.submit(() -> {
          SplittableRandom r = new SplittableRandom(seed);
          for (int i = 0; i < 150; i++) {
            long id2 = r.nextInt(20);
            int op = r.nextInt(3);
            if (op == 0) {
              s.addLink(link(42, id2, true, r.nextInt(1_000_000), "c"));
            } else if (op == 1) {
              s.deleteLink(42, TYPE, id2, r.nextBoolean());
            } else {
              s.updateLink(link(42, id2, r.nextInt(4) > 0, r.nextInt(1_000_000), "u"));
            }
          }
          return null;
        }));
      }
      for (Future<Void> f : done) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
    LinkBenchStore s = stores.get(0);
    assertEquals(visible(s, 42), s.countLinks(42, TYPE));
  }

  @Test
  void existingTablesAreKeptUnlessDropIsAsked() throws Exception {
    LinkBenchStore s = prepared();
    s.addLink(link(1, 2, true, 3, "kept"));
    s.addNodes(List.of(node(1, 1, "kept")));
    LinkBenchStore again = store();
    again.prepare(PLAN);
    assertEquals(1, again.countLinks(1, TYPE));
    assertEquals(node(1, 1, "kept"), again.getNode(1, 1));
    again.prepare(LinkBenchPlan.defaults(true));
    assertEquals(0, again.countLinks(1, TYPE));
    assertNull(again.getNode(1, 1));
    assertEquals(List.of(), again.getLinks(1, TYPE, new long[] {2}));
  }

  /**
   * {@code bin/ycsb verify}: counts that agree with the visible links pass; a link written without
   * its count (as a changed row would leave it) is found, as the one pair it touches.
   */
  @Test
  void verifyFindsACountThatDisagreesWithTheVisibleLinks() throws Exception {
    LinkBenchStore s = prepared();
    for (long id2 = 100; id2 < 104; id2++) {
      s.addLink(link(3, id2, true, 1000 + id2, "d"));
    }
    s.addLink(link(5, 100, true, 1000, "d"));
    java.util.Properties p = new java.util.Properties();
    p.setProperty("linkbench.startid1", "1");
    p.setProperty("linkbench.maxid1", "11");
    p.setProperty("linkbench.link_type_count", "1");
    p.setProperty("linkbench.verify_chunks", "0");
    site.ycsbx.workloads.StoredCheck ok = new site.ycsbx.workloads.linkbench.LinkBenchWorkload().verifyStored(p, s);
    assertEquals(0, ok.found(), () -> "untouched: " + ok.listed());
    s.addBulkLinks(List.of(link(5, 101, true, 1001, "d"))); // the bulk load writes no count
    site.ycsbx.workloads.StoredCheck bad = new site.ycsbx.workloads.linkbench.LinkBenchWorkload().verifyStored(p, s);
    assertEquals(1, bad.found(), () -> bad.listed().toString());
    assertTrue(bad.listed().get(0).startsWith("(5, " + TYPE + "): count table 1, visible links 2"),
        () -> bad.listed().toString());
  }

  /**
   * The verification's whole-table answers: node gaps and ids outside named in order, nodes of
   * another type or version, links grouped per (id1, link_type), and every pair whose count is not
   * its visible links, from either table.
   */
  @Test
  void totalsNameNodeGapsOtherNodesLinkGroupsAndCountsUnlikeLinks() throws Exception {
    LinkBenchStore s = prepared();
    s.addNodes(List.of(node(2, 1, "a"), node(3, 1, "b"), node(6, 7, "c"), node(40, 1, "d")));
    for (long id2 = 10; id2 < 13; id2++) {
      s.addLink(link(3, id2, true, 1000 + id2, "d"));
    }
    s.deleteLink(3, TYPE, 11, false); // hidden, its count follows
    s.addBulkLinks(List.of(link(5, 9, true, 1000, "x"))); // no count
    s.addBulkCounts(List.of(new LinkCount(7, TYPE, 2, 1000, 0))); // no link
    GraphTotals t = s.totals();
    assertEquals(3, t.countNodes(1, 10));
    assertEquals(List.of(1L, 4L, 5L, 7L, 8L, 9L), t.missingNodeIds(1, 10, 20));
    assertEquals(List.of(1L, 4L), t.missingNodeIds(1, 10, 2));
    assertEquals(List.of(40L), t.nodeIdsOutside(1, 10, 20));
    assertEquals(List.of(2L), t.nodeIdsOutside(3, 41, 20));
    List<Node> other = new java.util.ArrayList<>();
    assertEquals(1, t.nodesNotOf(1, 1, 20, other));
    assertEquals(List.of(6L, 7L), List.of(other.get(0).id(), (long) other.get(0).type()));
    assertEquals(List.of(new GraphTotals.LinkGroup(3, TYPE, 3, 2, 10, 12, 0, 0),
        new GraphTotals.LinkGroup(5, TYPE, 1, 1, 9, 9, 0, 0)), t.linkGroups(0, 10));
    assertEquals(List.of(new GraphTotals.LinkGroup(5, TYPE, 1, 1, 9, 9, 0, 0)), t.linkGroups(4, 6));
    List<GraphTotals.CountGap> gaps = new java.util.ArrayList<>();
    assertEquals(2, t.countsUnlikeLinks(20, gaps));
    assertEquals(List.of(new GraphTotals.CountGap(5, TYPE, 0, 1), new GraphTotals.CountGap(7, TYPE, 2, 0)), gaps);
    List<GraphTotals.CountGap> one = new java.util.ArrayList<>();
    assertEquals(2, t.countsUnlikeLinks(1, one));
    assertEquals(1, one.size());
  }
}
