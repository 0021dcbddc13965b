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

import com.mongodb.client.MongoCollection;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Supplier;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import site.ycsbx.db.mongodb.conn.MongoErrors;
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
  private static final BsonDocument BY_ID = new BsonDocument(ID, ONE);
  private static final BsonDocument ID_ONLY = new BsonDocument(ID, ONE);

  private final MongoCollection<BsonDocument> nodes;
  private final MongoCollection<BsonDocument> links;
  private final MongoCollection<BsonDocument> counts;
  private final Function<MongoCollection<BsonDocument>, String> where;

  MongoGraphTotals(MongoCollection<BsonDocument> nodes, MongoCollection<BsonDocument> links,
      MongoCollection<BsonDocument> counts, Function<MongoCollection<BsonDocument>, String> where) {
    this.nodes = nodes;
    this.links = links;
    this.counts = counts;
    this.where = where;
  }

  private Supplier<String> in(MongoCollection<BsonDocument> c, String what) {
    return () -> what + " in " + where.apply(c);
  }

  private static BsonDocument range(String field, long from, long to) {
    return new BsonDocument(field, new BsonDocument("$gte", new BsonInt64(from)).append("$lt", new BsonInt64(to)));
  }

  @Override
  public long countNodes(long fromId, long toId) throws StoreException {
    return MongoErrors.call(in(nodes, "count of nodes"), () -> nodes.countDocuments(range(ID, fromId, toId)));
  }

  @Override
  public List<Long> missingNodeIds(long fromId, long toId, int limit) throws StoreException {
    return MongoErrors.decoding(in(nodes, "node ids"), () -> MissingIds.skipped(nodes.find(range(ID, fromId, toId))
        .sort(BY_ID).projection(ID_ONLY).batchSize(10_000).map(d -> d.getNumber(ID).longValue()), fromId, toId, limit));
  }

  @Override
  public List<Long> nodeIdsOutside(long fromId, long toId, int limit) throws StoreException {
    return MongoErrors.decoding(in(nodes, "node ids"), () -> {
      BsonDocument outside = new BsonDocument("$or", new BsonArray(List.of(
          new BsonDocument(ID, new BsonDocument("$lt", new BsonInt64(fromId))),
          new BsonDocument(ID, new BsonDocument("$gte", new BsonInt64(toId))))));
      List<Long> out = new ArrayList<>();
      for (BsonDocument d : nodes.find(outside).sort(BY_ID).projection(ID_ONLY).limit(limit)) {
        out.add(d.getNumber(ID).longValue());
      }
      return out;
    });
  }

  @Override
  public long nodesNotOf(int type, long version, int limit, List<Node> first) throws StoreException {
    BsonDocument other = new BsonDocument(TYPE, new BsonDocument("$exists", org.bson.BsonBoolean.TRUE))
        .append("$or", new BsonArray(List.of(new BsonDocument(TYPE, new BsonDocument("$ne", new BsonInt32(type))),
            new BsonDocument(VERSION, new BsonDocument("$ne", new BsonInt64(version))))));
    return MongoErrors.decoding(in(nodes, "nodes of another type or version"), () -> {
      long n = nodes.countDocuments(other);
      if (n > 0) {
        for (BsonDocument d : nodes.find(other).sort(BY_ID).limit(limit)) {
          first.add(new Node(d.getNumber(ID).longValue(), d.getNumber(TYPE).intValue(), d.getNumber(VERSION).longValue(),
              d.getNumber(TIME).intValue(), new byte[0]));
        }
      }
      return n;
    });
  }

  @Override
  public List<LinkGroup> linkGroups(long fromId1, long toId1) throws StoreException {
    BsonDocument group = new BsonDocument(ID, new BsonDocument(ID1, new BsonString("$" + ID1))
        .append(LINK_TYPE, new BsonString("$" + LINK_TYPE)))
        .append("links", new BsonDocument("$sum", ONE))
        .append("visible", new BsonDocument("$sum", new BsonString("$" + VISIBILITY)))
        .append("minId2", new BsonDocument("$min", new BsonString("$" + ID2)))
        .append("maxId2", new BsonDocument("$max", new BsonString("$" + ID2)))
        .append("minVersion", new BsonDocument("$min", new BsonString("$" + VERSION)))
        .append("maxVersion", new BsonDocument("$max", new BsonString("$" + VERSION)));
    return MongoErrors.decoding(in(links, "links per (id1, link_type)"), () -> {
      List<LinkGroup> out = new ArrayList<>();
      for (BsonDocument d : links.aggregate(List.of(new BsonDocument("$match", range(ID1, fromId1, toId1)),
          new BsonDocument("$group", group))).allowDiskUse(true)) {
        BsonDocument key = d.getDocument(ID);
        out.add(new LinkGroup(key.getNumber(ID1).longValue(), key.getNumber(LINK_TYPE).longValue(),
            d.getNumber("links").longValue(), d.getNumber("visible").longValue(), d.getNumber("minId2").longValue(),
            d.getNumber("maxId2").longValue(), d.getNumber("minVersion").longValue(),
            d.getNumber("maxVersion").longValue()));
      }
      out.sort(Comparator.comparingLong(LinkGroup::id1).thenComparingLong(LinkGroup::linkType));
      return out;
    });
  }

  @Override
  public long countsUnlikeLinks(int limit, List<CountGap> first) throws StoreException {
    Map<List<Long>, long[]> pairs = new HashMap<>();
    MongoErrors.decoding(in(links, "visible links per (id1, link_type)"), () -> {
      BsonDocument group = new BsonDocument(ID, new BsonDocument(ID1, new BsonString("$" + ID1))
          .append(LINK_TYPE, new BsonString("$" + LINK_TYPE))).append("visible", new BsonDocument("$sum", ONE));
      for (BsonDocument d : links.aggregate(List.of(new BsonDocument("$match", new BsonDocument(VISIBILITY, ONE)),
          new BsonDocument("$group", group))).allowDiskUse(true)) {
        BsonDocument key = d.getDocument(ID);
        pairs.computeIfAbsent(List.of(key.getNumber(ID1).longValue(), key.getNumber(LINK_TYPE).longValue()),
            k -> new long[2])[1] = d.getNumber("visible").longValue();
      }
      return null;
    });
    MongoErrors.decoding(in(counts, "counts"), () -> {
      BsonDocument fields = new BsonDocument(COUNT_ID, ONE).append(LINK_TYPE, ONE).append(COUNT, ONE)
          .append(ID, new BsonInt32(0));
      for (BsonDocument d : counts.find().projection(fields).batchSize(10_000)) {
        pairs.computeIfAbsent(List.of(d.getNumber(COUNT_ID).longValue(), d.getNumber(LINK_TYPE).longValue()),
            k -> new long[2])[0] += d.getNumber(COUNT).longValue();
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
