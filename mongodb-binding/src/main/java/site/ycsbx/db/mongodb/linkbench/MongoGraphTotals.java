package site.ycsbx.db.mongodb.linkbench;

import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.COUNT;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.COUNT_ID;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.ID;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.ID1;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.ID2;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.LINK_TYPE;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.ONE;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.TIME;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.TYPE;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.VERSION;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.VISIBILITY;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.doc;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.intOf;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.longOf;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import site.ycsbx.db.mongodb.conn.MongoErrors;
import site.ycsbx.db.mongodb.port.PortCollection;
import site.ycsbx.db.mongodb.port.PortCursor;
import site.ycsbx.store.MissingIds;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.linkbench.GraphTotals;
import site.ycsbx.store.linkbench.Node;

/**
 * The verification's whole-collection answers on MongoDB: $group (every server from 2.2) for the
 * grouped counts; node ids read in order, _id alone, for the gaps (no $shift before 5.0); the
 * visible links per pair grouped by the server and compared with the count collection here.
 * Numeric range filters leave out the node counter document (its _id is a string).
 */
final class MongoGraphTotals implements GraphTotals {
  private static final Map<String, Object> BY_ID = doc(ID, ONE);
  private static final Map<String, Object> ID_ONLY = doc(ID, ONE);

  private final PortCollection nodes;
  private final PortCollection links;
  private final PortCollection counts;
  private final List<String> where;

  /** {@code where}: the database.collection of nodes, links and counts, for the failures' lines. */
  MongoGraphTotals(PortCollection nodes, PortCollection links, PortCollection counts, List<String> where) {
    this.nodes = nodes;
    this.links = links;
    this.counts = counts;
    this.where = where;
  }

  private Supplier<String> in(PortCollection c, String what) {
    return () -> what + " in " + where.get(c == nodes ? 0 : c == links ? 1 : 2);
  }

  private static Map<String, Object> range(String field, long from, long to) {
    return doc(field, doc("$gte", from, "$lt", to));
  }

  /** A store call reading documents: one whose fields are not of the store's types fails it too. */
  private static <T> T decoding(Supplier<String> what, MongoErrors.StoreCall<T> call) throws StoreException {
    try {
      return MongoErrors.call(what, call);
    } catch (ClassCastException | NullPointerException e) {
      throw MongoErrors.failure(what.get(), e);
    }
  }

  // the ids of a cursor, read as they come
  private static Iterable<Long> ids(PortCursor cursor) {
    return () -> new Iterator<>() {
      @Override
      public boolean hasNext() {
        return cursor.hasNext();
      }

      @Override
      public Long next() {
        return longOf(cursor.next(), ID);
      }
    };
  }

  @Override
  public long countNodes(long fromId, long toId) throws StoreException {
    return MongoErrors.call(in(nodes, "count of nodes"), () -> nodes.countExactly(range(ID, fromId, toId)));
  }

  @Override
  public List<Long> missingNodeIds(long fromId, long toId, int limit) throws StoreException {
    return decoding(in(nodes, "node ids"), () -> {
      try (PortCursor c = nodes.find(range(ID, fromId, toId), ID_ONLY, BY_ID, 0)) {
        return MissingIds.skipped(ids(c), fromId, toId, limit);
      }
    });
  }

  @Override
  public List<Long> nodeIdsOutside(long fromId, long toId, int limit) throws StoreException {
    return decoding(in(nodes, "node ids"), () -> {
      Map<String, Object> outside = doc("$or", List.of(doc(ID, doc("$lt", fromId)), doc(ID, doc("$gte", toId))));
      List<Long> out = new ArrayList<>();
      try (PortCursor c = nodes.find(outside, ID_ONLY, BY_ID, limit)) {
        ids(c).forEach(out::add);
      }
      return out;
    });
  }

  @Override
  public long nodesNotOf(int type, long version, int limit, List<Node> first) throws StoreException {
    Map<String, Object> other = doc(TYPE, doc("$exists", true), "$or", List.of(doc(TYPE, doc("$ne", type)),
        doc(VERSION, doc("$ne", version))));
    return decoding(in(nodes, "nodes of another type or version"), () -> {
      long n = nodes.countExactly(other);
      if (n > 0) {
        try (PortCursor c = nodes.find(other, null, BY_ID, limit)) {
          while (c.hasNext()) {
            Map<String, Object> d = c.next();
            first.add(new Node(longOf(d, ID), intOf(d, TYPE), longOf(d, VERSION), intOf(d, TIME), new byte[0]));
          }
        }
      }
      return n;
    });
  }

  @Override
  public List<LinkGroup> linkGroups(long fromId1, long toId1) throws StoreException {
    Map<String, Object> group = doc(ID, doc(ID1, "$" + ID1, LINK_TYPE, "$" + LINK_TYPE),
        "links", doc("$sum", ONE), "visible", doc("$sum", "$" + VISIBILITY),
        "minId2", doc("$min", "$" + ID2), "maxId2", doc("$max", "$" + ID2),
        "minVersion", doc("$min", "$" + VERSION), "maxVersion", doc("$max", "$" + VERSION));
    return decoding(in(links, "links per (id1, link_type)"), () -> {
      List<LinkGroup> out = new ArrayList<>();
      for (Map<String, Object> d : links.aggregate(List.of(doc("$match", range(ID1, fromId1, toId1)),
          doc("$group", group)))) {
        @SuppressWarnings("unchecked")
        Map<String, Object> key = (Map<String, Object>) d.get(ID);
        out.add(new LinkGroup(longOf(key, ID1), longOf(key, LINK_TYPE), longOf(d, "links"), longOf(d, "visible"),
            longOf(d, "minId2"), longOf(d, "maxId2"), longOf(d, "minVersion"), longOf(d, "maxVersion")));
      }
      out.sort(Comparator.comparingLong(LinkGroup::id1).thenComparingLong(LinkGroup::linkType));
      return out;
    });
  }

  @Override
  public long countsUnlikeLinks(int limit, List<CountGap> first) throws StoreException {
    Map<List<Long>, long[]> pairs = new HashMap<>();
    decoding(in(links, "visible links per (id1, link_type)"), () -> {
      Map<String, Object> group = doc(ID, doc(ID1, "$" + ID1, LINK_TYPE, "$" + LINK_TYPE), "visible", doc("$sum", ONE));
      for (Map<String, Object> d : links.aggregate(List.of(doc("$match", doc(VISIBILITY, ONE)), doc("$group", group)))) {
        @SuppressWarnings("unchecked")
        Map<String, Object> key = (Map<String, Object>) d.get(ID);
        pairs.computeIfAbsent(List.of(longOf(key, ID1), longOf(key, LINK_TYPE)), k -> new long[2])[1] = longOf(d,
            "visible");
      }
      return null;
    });
    decoding(in(counts, "counts"), () -> {
      try (PortCursor c = counts.find(doc(), doc(COUNT_ID, ONE, LINK_TYPE, ONE, COUNT, ONE, ID, 0), null, 0)) {
        while (c.hasNext()) {
          Map<String, Object> d = c.next();
          pairs.computeIfAbsent(List.of(longOf(d, COUNT_ID), longOf(d, LINK_TYPE)), k -> new long[2])[0] += longOf(d,
              COUNT);
        }
      }
      return null;
    });
    TreeMap<List<Long>, long[]> unlike = new TreeMap<>(
        Comparator.<List<Long>>comparingLong(k -> k.get(0)).thenComparingLong(k -> k.get(1)));
    pairs.forEach((k, v) -> {
      if (v[0] != v[1]) {
        unlike.put(k, v);
      }
    });
    for (Map.Entry<List<Long>, long[]> e : unlike.entrySet()) {
      if (first.size() >= limit) {
        break;
      }
      first.add(new CountGap(e.getKey().get(0), e.getKey().get(1), e.getValue()[0], e.getValue()[1]));
    }
    return unlike.size();
  }
}
