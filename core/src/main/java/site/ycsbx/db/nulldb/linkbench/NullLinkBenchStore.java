package site.ycsbx.db.nulldb.linkbench;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsbx.store.linkbench.Link;
import site.ycsbx.store.linkbench.LinkBenchPlan;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.linkbench.LinkCount;
import site.ycsbx.store.linkbench.Node;

/**
 * Keeps nothing: reads find nothing, writes succeed, new nodes get ids from a counter. What a run
 * on it measures is the client: request generation, YCSB's Client and the measurements.
 */
public final class NullLinkBenchStore implements LinkBenchStore {
  private static final AtomicLong NEXT_NODE_ID = new AtomicLong(1L << 40);

  @Override
  public void prepare(LinkBenchPlan plan) {
  }

  @Override
  public void addNodes(List<Node> nodes) {
  }

  @Override
  public long addNode(Node node) {
    return NEXT_NODE_ID.getAndIncrement();
  }

  @Override
  public Node getNode(int type, long id) {
    return null;
  }

  @Override
  public boolean updateNode(Node node) {
    return false;
  }

  @Override
  public boolean deleteNode(int type, long id) {
    return false;
  }

  @Override
  public boolean addLink(Link link) {
    return true;
  }

  @Override
  public boolean updateLink(Link link) {
    return false;
  }

  @Override
  public boolean deleteLink(long id1, long linkType, long id2, boolean expunge) {
    return false;
  }

  @Override
  public List<Link> getLinks(long id1, long linkType, long[] id2s) {
    return List.of();
  }

  @Override
  public List<Link> getLinkList(long id1, long linkType, long minTime, long maxTime, int offset, int limit) {
    return List.of();
  }

  @Override
  public long countLinks(long id1, long linkType) {
    return 0;
  }

  @Override
  public void addBulkLinks(List<Link> links) {
  }

  @Override
  public void addBulkCounts(List<LinkCount> counts) {
  }

  /** An empty graph: every node id missing, no link. */
  @Override
  public site.ycsbx.store.linkbench.GraphTotals totals() {
    return new site.ycsbx.store.linkbench.GraphTotals() {
      @Override
      public long countNodes(long fromId, long toId) {
        return 0;
      }

      @Override
      public List<Long> missingNodeIds(long fromId, long toId, int limit) {
        return java.util.stream.LongStream.range(fromId, toId).limit(limit).boxed().toList();
      }

      @Override
      public List<Long> nodeIdsOutside(long fromId, long toId, int limit) {
        return List.of();
      }

      @Override
      public long nodesNotOf(int type, long version, int limit, List<Node> first) {
        return 0;
      }

      @Override
      public List<LinkGroup> linkGroups(long fromId1, long toId1) {
        return List.of();
      }

      @Override
      public long countsUnlikeLinks(int limit, List<CountGap> first) {
        return 0;
      }
    };
  }
}
