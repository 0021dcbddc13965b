package site.ycsbx.testing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import site.ycsbx.store.PreflightOnce;
import site.ycsbx.store.Provides;
import site.ycsbx.store.StoreCatalog;
import site.ycsbx.store.linkbench.Link;
import site.ycsbx.store.linkbench.LinkBenchPlan;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.linkbench.LinkCount;
import site.ycsbx.store.linkbench.Node;
import site.ycsbx.util.UserError;

/**
 * The reference linkbench store (as LinkBench has MemoryLinkStore): the graph in this JVM's
 * memory, one lock for all of it, so every operation is atomic and the count is always the
 * visible links. The SQL and MongoDB stores pass the same contract.
 */
@Provides(stores = MemoryLinkBenchDb.Stores.class, preflight = MemoryProbeDb.Check.class)
public class MemoryLinkBenchDb extends MemoryProbeDb {
  private static final Object LOCK = new Object();
  private static final Map<Long, Node> NODES = new HashMap<>();
  // (id1, link_type) -> id2 -> link
  private static final Map<List<Long>, TreeMap<Long, Link>> LINKS = new HashMap<>();
  private static final Map<List<Long>, LinkCount> COUNTS = new HashMap<>();
  // ids are never reused (SQL's AUTO_INCREMENT), so a deleted node's id stays taken
  private static long nextId = 1;

  @Override
  public void init() throws site.ycsb.DBException {
    try {
      PreflightOnce.run(Check.class, getProperties());
    } catch (UserError e) {
      throw new site.ycsb.DBException(e.getMessage());
    }
    new Stores().offer(null);
  }

  /** Empties the graph (a test's fixture). */
  public static void clear() {
    synchronized (LOCK) {
      NODES.clear();
      LINKS.clear();
      COUNTS.clear();
      nextId = 1;
    }
  }

  /** The memory binding's families: the linkbench store. */
  public static final class Stores extends StoreCatalog<Void, Void> {
    public Stores() {
      super(List.of(Family.of(LinkBenchStore.class, v -> new Graph(), null)));
    }
  }

  private static final class Graph implements LinkBenchStore {
    @Override
    public void prepare(LinkBenchPlan plan) {
      if (plan.drop()) {
        clear();
      }
    }

    @Override
    public void addNodes(List<Node> nodes) {
      synchronized (LOCK) {
        for (Node n : nodes) {
          NODES.put(n.id(), n);
          nextId = Math.max(nextId, n.id() + 1);
        }
      }
    }

    @Override
    public long addNode(Node node) {
      synchronized (LOCK) {
        long id = nextId++;
        NODES.put(id, node.withId(id));
        return id;
      }
    }

    @Override
    public Node getNode(int type, long id) {
      synchronized (LOCK) {
        Node n = NODES.get(id);
        return n != null && n.type() == type ? n : null;
      }
    }

    @Override
    public boolean updateNode(Node node) {
      synchronized (LOCK) {
        if (getNode(node.type(), node.id()) == null) {
          return false;
        }
        NODES.put(node.id(), node);
        return true;
      }
    }

    @Override
    public boolean deleteNode(int type, long id) {
      synchronized (LOCK) {
        return getNode(type, id) != null && NODES.remove(id) != null;
      }
    }

    @Override
    public boolean addLink(Link link) {
      synchronized (LOCK) {
        Link old = links(link.id1(), link.linkType()).put(link.id2(), link);
        count(link.id1(), link.linkType(), (link.visible() ? 1 : 0) - (old != null && old.visible() ? 1 : 0),
            link.time());
        return old == null;
      }
    }

    @Override
    public boolean updateLink(Link link) {
      return !addLink(link);
    }

    @Override
    public boolean deleteLink(long id1, long linkType, long id2, boolean expunge) {
      synchronized (LOCK) {
        TreeMap<Long, Link> links = links(id1, linkType);
        Link old = links.get(id2);
        if (old == null) {
          return false;
        }
        if (expunge) {
          links.remove(id2);
        } else {
          links.put(id2, old.withVisible(false));
        }
        count(id1, linkType, old.visible() ? -1 : 0, System.currentTimeMillis());
        return true;
      }
    }

    @Override
    public List<Link> getLinks(long id1, long linkType, long[] id2s) {
      synchronized (LOCK) {
        List<Link> out = new ArrayList<>();
        for (long id2 : id2s) {
          Link l = links(id1, linkType).get(id2);
          if (l != null) {
            out.add(l);
          }
        }
        return out;
      }
    }

    @Override
    public List<Link> getLinkList(long id1, long linkType, long minTime, long maxTime, int offset, int limit) {
      synchronized (LOCK) {
        return links(id1, linkType).values().stream()
            .filter(l -> l.visible() && l.time() >= minTime && l.time() <= maxTime)
            .sorted(Comparator.comparingLong(Link::time).thenComparingLong(Link::id2).reversed())
            .skip(offset).limit(limit).toList();
      }
    }

    @Override
    public long countLinks(long id1, long linkType) {
      synchronized (LOCK) {
        LinkCount c = COUNTS.get(List.of(id1, linkType));
        return c == null ? 0 : c.count();
      }
    }

    @Override
    public void addBulkLinks(List<Link> links) {
      synchronized (LOCK) {
        links.forEach(l -> links(l.id1(), l.linkType()).put(l.id2(), l));
      }
    }

    @Override
    public void addBulkCounts(List<LinkCount> counts) {
      synchronized (LOCK) {
        counts.forEach(c -> COUNTS.put(List.of(c.id1(), c.linkType()), c));
      }
    }

    private static TreeMap<Long, Link> links(long id1, long linkType) {
      return LINKS.computeIfAbsent(List.of(id1, linkType), k -> new TreeMap<>());
    }

    private static void count(long id1, long linkType, int delta, long time) {
      COUNTS.compute(List.of(id1, linkType), (k, c) -> c == null
          ? new LinkCount(id1, linkType, Math.max(0, delta), time, 0)
          : new LinkCount(id1, linkType, Math.max(0, c.count() + delta), time, c.version() + 1));
    }

    @Override
    public site.ycsbx.store.linkbench.GraphTotals totals() {
      return new Totals();
    }
  }

  /** The reference answers: every row looked at. */
  private static final class Totals implements site.ycsbx.store.linkbench.GraphTotals {
    @Override
    public long countNodes(long fromId, long toId) {
      synchronized (LOCK) {
        return NODES.keySet().stream().filter(id -> id >= fromId && id < toId).count();
      }
    }

    @Override
    public List<Long> missingNodeIds(long fromId, long toId, int limit) {
      synchronized (LOCK) {
        return java.util.stream.LongStream.range(fromId, toId).filter(id -> !NODES.containsKey(id)).limit(limit)
            .boxed().toList();
      }
    }

    @Override
    public List<Long> nodeIdsOutside(long fromId, long toId, int limit) {
      synchronized (LOCK) {
        return NODES.keySet().stream().filter(id -> id < fromId || id >= toId).sorted().limit(limit).toList();
      }
    }

    @Override
    public long nodesNotOf(int type, long version, int limit, List<Node> first) {
      synchronized (LOCK) {
        List<Node> other = NODES.values().stream().filter(n -> n.type() != type || n.version() != version)
            .sorted(java.util.Comparator.comparingLong(Node::id)).toList();
        first.addAll(other.subList(0, Math.min(limit, other.size())));
        return other.size();
      }
    }

    @Override
    public List<LinkGroup> linkGroups(long fromId1, long toId1) {
      synchronized (LOCK) {
        List<LinkGroup> out = new java.util.ArrayList<>();
        for (Map.Entry<List<Long>, TreeMap<Long, Link>> e : LINKS.entrySet()) {
          long id1 = e.getKey().get(0);
          TreeMap<Long, Link> links = e.getValue();
          if (id1 < fromId1 || id1 >= toId1 || links.isEmpty()) {
            continue;
          }
          out.add(new LinkGroup(id1, e.getKey().get(1), links.size(),
              links.values().stream().filter(Link::visible).count(), links.firstKey(), links.lastKey(),
              links.values().stream().mapToLong(Link::version).min().orElse(0),
              links.values().stream().mapToLong(Link::version).max().orElse(0)));
        }
        out.sort(java.util.Comparator.comparingLong(LinkGroup::id1).thenComparingLong(LinkGroup::linkType));
        return out;
      }
    }

    @Override
    public long countsUnlikeLinks(int limit, List<CountGap> first) {
      synchronized (LOCK) {
        java.util.TreeSet<List<Long>> pairs = new java.util.TreeSet<>(
            java.util.Comparator.<List<Long>>comparingLong(k -> k.get(0)).thenComparingLong(k -> k.get(1)));
        pairs.addAll(COUNTS.keySet());
        LINKS.forEach((k, v) -> {
          if (!v.isEmpty()) {
            pairs.add(k);
          }
        });
        long n = 0;
        for (List<Long> k : pairs) {
          long counted = COUNTS.containsKey(k) ? COUNTS.get(k).count() : 0;
          long visible = LINKS.getOrDefault(k, new TreeMap<>()).values().stream().filter(Link::visible).count();
          if (counted != visible) {
            if (first.size() < limit) {
              first.add(new CountGap(k.get(0), k.get(1), counted, visible));
            }
            n++;
          }
        }
        return n;
      }
    }
  }
}
