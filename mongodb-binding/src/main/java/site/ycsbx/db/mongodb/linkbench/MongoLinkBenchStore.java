package site.ycsbx.db.mongodb.linkbench;

import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.COUNT;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.COUNTER_LAST;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.COUNT_ID;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.COUNT_UNIQUE_INDEX;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.DATA;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.ID;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.ID1;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.ID2;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.LINK_RANGE_INDEX;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.LINK_TYPE;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.LINK_UNIQUE_INDEX;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.NODE_COUNTER;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.ONE;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.TIME;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.TYPE;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.VERSION;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.VISIBILITY;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.keys;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.linkKey;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.nodeDocument;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.nodeKey;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.visible;

import com.mongodb.MongoException;
import com.mongodb.WriteConcern;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.model.FindOneAndDeleteOptions;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.result.DeleteResult;
import com.mongodb.client.result.UpdateResult;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoErrors;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.MongoSchema;
import site.ycsbx.db.mongodb.conn.Transactions;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.linkbench.Link;
import site.ycsbx.store.linkbench.LinkBenchPlan;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.linkbench.LinkCount;
import site.ycsbx.store.linkbench.Node;
import site.ycsbx.util.PropertyDef;

/**
 * LinkBench's graph on MongoDB, with the documents and indexes of LinkBench's MongoDB port:
 * <ul>
 * <li>node ({@link LinkBenchDocuments}): {@code _id} = id (int64), {@code type} (int32), {@code version} (int64),
 * {@code time} (int32), {@code data} (binary);</li>
 * <li>link: {@code id1}, {@code link_type}, {@code id2} (int64), {@code visibility} (int32, 0
 * hidden, 1 visible), {@code data} (binary), {@code time} (int64), {@code version} (int32), an
 * ObjectId {@code _id}; unique index {link_type, id1, id2}, index {id1, link_type, visibility,
 * time, id2, version, data} for the range query;</li>
 * <li>count: {@code id}, {@code link_type}, {@code count}, {@code time}, {@code version}
 * (int64), unique index {id, link_type}.</li>
 * </ul>
 * Collections carry the plan's names, in the URL's database (or, with
 * {@value MongoOptions#DATABASE_PER_COLLECTION_PROPERTY}, each in its own), created when absent
 * with {@value MongoOptions#COLLECTION_CONFIG_PROPERTY} and {@value MongoOptions#INDEX_CONFIG_PROPERTY}.
 *
 * <p>Counts follow links without reading them first: a link write is one findAndModify that
 * returns the link as it was (upsert for add/update, {@code $set visibility 0} to hide,
 * remove to expunge), and when the visibility changed the count document gets {@code $inc} of
 * +1 or -1 (upsert). Each transition of a link is seen by exactly one writer, so the count is the
 * visible links once the writers are done, also without transactions. With
 * {@value #TRANSACTIONS_PROPERTY} (see {@link Transactions}, {@link LinkWrites}) both writes are one multi-document
 * transaction, committed with the run's write concern; without, they are two single-document
 * writes in that order, each with the run's write concern.
 */
public final class MongoLinkBenchStore implements LinkBenchStore {
  /**
   * {@code auto}: multi-document transactions where the server has them (a 4.0+ replica set
   * member, a 4.2+ mongos), none elsewhere; {@code true}: transactions, a server without them is
   * refused before anything is created; {@code false}: none (as on MongoDB 2.6/3.0). A setting
   * of the MongoDB binding under the workload's prefix; the fingerprint records the mode used.
   */
  public static final String TRANSACTIONS_PROPERTY = "linkbench.transactions";
  /** The switch, as linkbench's writes do it in each mode. */
  static final Transactions TRANSACTIONS = new Transactions(TRANSACTIONS_PROPERTY,
      "false: no transactions, the count update follows each link write",
      "multi-document transactions, a link write and its count change commit together",
      "no transactions (%s), the count update follows each link write");
  /** The settings of linkbench's that this binding reads, listed by its preflight. */
  public static final List<PropertyDef> PROPERTIES = List.of(TRANSACTIONS.def(
      "linkbench: a link write and its count change in one transaction; auto: where the server has them, true:"
      + " always (refused elsewhere), false: never"));

  private static final InsertManyOptions UNORDERED = new InsertManyOptions().ordered(false);
  private static final BsonDocument NO_ID = new BsonDocument(ID, new BsonInt32(0));
  private static final BsonDocument VISIBILITY_ONLY = new BsonDocument(VISIBILITY, ONE).append(ID, new BsonInt32(0));
  private static final FindOneAndUpdateOptions UPSERT_RETURN_OLD = new FindOneAndUpdateOptions().upsert(true)
      .returnDocument(ReturnDocument.BEFORE).projection(VISIBILITY_ONLY);
  private static final FindOneAndUpdateOptions RETURN_OLD = new FindOneAndUpdateOptions()
      .returnDocument(ReturnDocument.BEFORE).projection(VISIBILITY_ONLY);
  private static final FindOneAndDeleteOptions DELETE_RETURN_OLD = new FindOneAndDeleteOptions()
      .projection(VISIBILITY_ONLY);
  private static final FindOneAndUpdateOptions COUNTER_NEXT = new FindOneAndUpdateOptions()
      .returnDocument(ReturnDocument.AFTER);
  private static final UpdateOptions UPSERT = new UpdateOptions().upsert(true);
  private static final BsonDocument HIDE = new BsonDocument("$set", new BsonDocument(VISIBILITY, new BsonInt32(0)));
  private static final BsonDocument NEWEST_FIRST = new BsonDocument(TIME, new BsonInt32(-1)).append(ID2, new BsonInt32(-1));
  private static final BsonDocument BY_ID_DESCENDING = new BsonDocument(ID, new BsonInt32(-1));
  // numeric _ids only: the counter's string _id is outside these bounds
  private static final BsonDocument NUMERIC_IDS = new BsonDocument(ID, new BsonDocument("$gte", new BsonInt64(Long.MIN_VALUE))
      .append("$lte", new BsonInt64(Long.MAX_VALUE)));

  /** What the stores of one connection share: the plan the preparing thread used, the mode. */
  static final class Shared {
    volatile LinkBenchPlan prepared;
    private Boolean transactions;

    /**
     * Whether link writes run in transactions on this connection, decided once from isMaster as
     * {@link MongoLinkBenchCheck} decides it for the fingerprint.
     */
    synchronized boolean transactions(MongoConnection connection) throws StoreException {
      if (transactions == null) {
        MongoOptions options = connection.options();
        Transactions.Mode mode = TRANSACTIONS.of(options.properties());
        if (mode == Transactions.Mode.FALSE) {
          transactions = false;
        } else {
          String why = Transactions.whyNot(connection.hello(), options.writeConcern());
          if (why != null && mode == Transactions.Mode.TRUE) {
            throw new StoreException(TRANSACTIONS.refusal(why, options.maskedUrl()));
          }
          transactions = why == null;
        }
      }
      return transactions;
    }
  }

  private final MongoConnection connection;
  private final MongoOptions options;
  private final Shared shared;
  private final LinkWrites writes;
  private LinkBenchPlan plan;
  private MongoCollection<BsonDocument> nodes;
  private MongoCollection<BsonDocument> counter;
  private MongoCollection<BsonDocument> links;
  private MongoCollection<BsonDocument> counts;

  public MongoLinkBenchStore(MongoConnection connection) {
    this.connection = connection;
    this.options = connection.options();
    this.shared = connection.shared(Shared.class, Shared::new);
    this.writes = new LinkWrites(connection, shared);
  }

  @Override
  public void prepare(LinkBenchPlan plan) throws StoreException {
    // linkbench.transactions=true on a server without them is refused before anything is created
    writes.transactions();
    List<String> names = List.of(plan.nodeTable(), plan.linkTable(), plan.countTable());
    MongoErrors.call(() -> "cannot prepare collections " + String.join(", ", names) + " in "
        + options.databaseOf(plan.linkTable()), () -> {
          if (plan.drop()) {
            for (String n : names) {
              schema(n).drop(n);
            }
          }
          for (String n : names) {
            schema(n).ensureCollection(n);
          }
          schema(plan.linkTable()).ensureIndex(plan.linkTable(), keys(LINK_TYPE, ID1, ID2),
              new IndexOptions().unique(true).name(LINK_UNIQUE_INDEX));
          schema(plan.linkTable()).ensureIndex(plan.linkTable(), keys(ID1, LINK_TYPE, VISIBILITY, TIME, ID2, VERSION, DATA),
              new IndexOptions().name(LINK_RANGE_INDEX));
          schema(plan.countTable()).ensureIndex(plan.countTable(), keys(COUNT_ID, LINK_TYPE),
              new IndexOptions().unique(true).name(COUNT_UNIQUE_INDEX));
          return null;
        });
    use(plan);
    shared.prepared = plan;
  }

  private MongoSchema schema(String collection) {
    return connection.schema(options.databaseOf(collection));
  }

  private void use(LinkBenchPlan p) {
    plan = p;
    nodes = collection(p.nodeTable());
    // the counter's new id must come back, so it is read acknowledged even in a w:0 run
    counter = options.writeConcern().isAcknowledged() ? nodes : nodes.withWriteConcern(WriteConcern.W1);
    links = collection(p.linkTable());
    counts = collection(p.countTable());
  }

  private MongoCollection<BsonDocument> collection(String name) {
    return connection.database(options.databaseOf(name)).getCollection(name, BsonDocument.class);
  }

  /**
   * The collections of a thread that did not prepare (only the workload's first thread does):
   * the plan its connection was prepared with, else the run's plan, else LinkBench's names.
   */
  private void ready() {
    if (plan != null) {
      return;
    }
    LinkBenchPlan p = shared.prepared;
    if (p == null) {
      StoreDemand demand = StoreDemand.of(options.properties());
      p = demand.plan() instanceof LinkBenchPlan lp ? lp : LinkBenchPlan.defaults(false);
    }
    use(p);
  }

  // ---- nodes

  @Override
  public void addNodes(List<Node> batch) throws StoreException {
    if (batch.isEmpty()) {
      return;
    }
    ready();
    List<BsonDocument> docs = new ArrayList<>(batch.size());
    long max = Long.MIN_VALUE;
    for (Node n : batch) {
      docs.add(nodeDocument(n));
      max = Math.max(max, n.id());
    }
    long highest = max;
    MongoErrors.call(() -> "insertMany of " + docs.size() + " nodes into " + where(plan.nodeTable()), () -> {
      nodes.insertMany(docs, UNORDERED);
      raiseCounter(highest);
      return null;
    });
  }

  @Override
  public long addNode(Node node) throws StoreException {
    ready();
    return MongoErrors.call(() -> "add node to " + where(plan.nodeTable()), () -> {
      for (int attempt = 1; ; attempt++) {
        long id = nextNodeId();
        try {
          nodes.insertOne(nodeDocument(node.withId(id)));
          return id;
        } catch (MongoException e) {
          if (!LinkWrites.isDuplicateKey(e) || attempt >= LinkWrites.ATTEMPTS) {
            throw e;
          }
          // a node stored since without this store (no counter update): continue above the highest id
          raiseCounter(highestNodeId());
        }
      }
    });
  }

  /** The next id: {@code $inc} of the counter; a collection without one gets it first, above its nodes. */
  private long nextNodeId() {
    BsonDocument key = new BsonDocument(ID, new BsonString(NODE_COUNTER));
    BsonDocument inc = new BsonDocument("$inc", new BsonDocument(COUNTER_LAST, new BsonInt64(1)));
    BsonDocument c = counter.findOneAndUpdate(key, inc, COUNTER_NEXT);
    if (c == null) {
      // nodes stored without this store (or none): the counter starts at the highest stored id
      raiseCounter(highestNodeId());
      c = counter.findOneAndUpdate(key, inc, COUNTER_NEXT);
    }
    return c.getNumber(COUNTER_LAST).longValue();
  }

  private long highestNodeId() {
    BsonDocument highest = nodes.find(NUMERIC_IDS).sort(BY_ID_DESCENDING).projection(new BsonDocument(ID, ONE))
        .limit(1).first();
    return highest == null ? 0 : highest.getNumber(ID).longValue();
  }

  private void raiseCounter(long atLeast) {
    LinkWrites.retrying(null, () -> counter.updateOne(new BsonDocument(ID, new BsonString(NODE_COUNTER)),
        new BsonDocument("$max", new BsonDocument(COUNTER_LAST, new BsonInt64(atLeast))), UPSERT));
  }

  @Override
  public Node getNode(int type, long id) throws StoreException {
    ready();
    return MongoErrors.call(() -> "get node " + id + " from " + where(plan.nodeTable()), () -> {
      BsonDocument d = nodes.find(nodeKey(type, id)).first();
      return d == null ? null : LinkBenchDocuments.node(d);
    });
  }

  @Override
  public boolean updateNode(Node node) throws StoreException {
    ready();
    return MongoErrors.call(() -> "update node " + node.id() + " in " + where(plan.nodeTable()), () -> {
      UpdateResult r = nodes.updateOne(nodeKey(node.type(), node.id()), new BsonDocument("$set",
          new BsonDocument(VERSION, new BsonInt64(node.version())).append(TIME, new BsonInt32(node.time()))
              .append(DATA, new BsonBinary(node.data()))));
      return !r.wasAcknowledged() || r.getMatchedCount() > 0;
    });
  }

  @Override
  public boolean deleteNode(int type, long id) throws StoreException {
    ready();
    return MongoErrors.call(() -> "delete node " + id + " from " + where(plan.nodeTable()), () -> {
      DeleteResult r = nodes.deleteOne(nodeKey(type, id));
      return !r.wasAcknowledged() || r.getDeletedCount() > 0;
    });
  }

  // ---- links

  @Override
  public boolean addLink(Link link) throws StoreException {
    return writeLink(link);
  }

  @Override
  public boolean updateLink(Link link) throws StoreException {
    return !writeLink(link);
  }

  /** Upserts the link and moves the count when its visibility changed; true when it was new. */
  private boolean writeLink(Link link) throws StoreException {
    ready();
    BsonDocument key = linkKey(link.id1(), link.linkType(), link.id2());
    BsonDocument set = new BsonDocument("$set", new BsonDocument(VISIBILITY, new BsonInt32(link.visible() ? 1 : 0))
        .append(DATA, new BsonBinary(link.data())).append(TIME, new BsonInt64(link.time()))
        .append(VERSION, new BsonInt32(link.version())));
    return writes.write(inLinks(() -> "write link (" + link.id1() + ", " + link.linkType() + ", " + link.id2() + ")"), s -> {
      BsonDocument old = LinkWrites.retrying(s, () -> s == null ? links.findOneAndUpdate(key, set, UPSERT_RETURN_OLD)
          : links.findOneAndUpdate(s, key, set, UPSERT_RETURN_OLD));
      int delta = (link.visible() ? 1 : 0) - (visible(old) ? 1 : 0);
      if (delta != 0) {
        count(s, link.id1(), link.linkType(), delta, link.time());
      }
      return old == null;
    });
  }

  @Override
  public boolean deleteLink(long id1, long linkType, long id2, boolean expunge) throws StoreException {
    ready();
    BsonDocument key = linkKey(id1, linkType, id2);
    return writes.write(inLinks(() -> (expunge ? "expunge" : "hide") + " link (" + id1 + ", " + linkType + ", " + id2 + ")"),
        s -> {
          BsonDocument old;
          if (expunge) {
            old = s == null ? links.findOneAndDelete(key, DELETE_RETURN_OLD) : links.findOneAndDelete(s, key, DELETE_RETURN_OLD);
          } else {
            old = s == null ? links.findOneAndUpdate(key, HIDE, RETURN_OLD) : links.findOneAndUpdate(s, key, HIDE, RETURN_OLD);
          }
          if (old == null) {
            return false;
          }
          if (visible(old)) {
            count(s, id1, linkType, -1, System.currentTimeMillis());
          }
          return true;
        });
  }

  /** {@code $inc} of the count of (id1, link_type), created when absent. */
  private void count(ClientSession s, long id1, long linkType, int delta, long time) {
    BsonDocument key = LinkBenchDocuments.countKey(id1, linkType);
    BsonDocument inc = new BsonDocument("$inc", new BsonDocument(COUNT, new BsonInt64(delta)).append(VERSION, new BsonInt64(1)))
        .append("$set", new BsonDocument(TIME, new BsonInt64(time)));
    LinkWrites.retrying(s, () -> s == null ? counts.updateOne(key, inc, UPSERT) : counts.updateOne(s, key, inc, UPSERT));
  }

  /** "what in db.linktable", built only when a write fails. */
  private Supplier<String> inLinks(Supplier<String> what) {
    return () -> what.get() + " in " + where(plan.linkTable());
  }

  @Override
  public List<Link> getLinks(long id1, long linkType, long[] id2s) throws StoreException {
    ready();
    BsonArray in = new BsonArray(new ArrayList<>(id2s.length));
    for (long id2 : id2s) {
      in.add(new BsonInt64(id2));
    }
    BsonDocument filter = new BsonDocument(ID1, new BsonInt64(id1)).append(LINK_TYPE, new BsonInt64(linkType))
        .append(ID2, new BsonDocument("$in", in));
    return links(filter, null, 0, Integer.MAX_VALUE, () -> "multiget links of (" + id1 + ", " + linkType + ")");
  }

  @Override
  public List<Link> getLinkList(long id1, long linkType, long minTime, long maxTime, int offset, int limit)
      throws StoreException {
    if (limit <= 0) {
      return List.of();
    }
    ready();
    BsonDocument filter = new BsonDocument(ID1, new BsonInt64(id1)).append(LINK_TYPE, new BsonInt64(linkType))
        .append(VISIBILITY, ONE).append(TIME, new BsonDocument("$gte", new BsonInt64(minTime))
            .append("$lte", new BsonInt64(maxTime)));
    return links(filter, NEWEST_FIRST, offset, limit, () -> "link list of (" + id1 + ", " + linkType + ")");
  }

  /** The links of a find: sorted when {@code sort} is not null, at most {@code limit} (MAX_VALUE: all). */
  private List<Link> links(BsonDocument filter, BsonDocument sort, int skip, int limit, Supplier<String> what)
      throws StoreException {
    List<Link> out = new ArrayList<>();
    var find = links.find(filter).projection(NO_ID);
    if (sort != null) {
      find = find.sort(sort);
    }
    if (skip > 0) {
      find = find.skip(skip);
    }
    if (limit < Integer.MAX_VALUE) {
      find = find.limit(limit);
    }
    var query = find;
    return MongoErrors.call(() -> what.get() + " from " + where(plan.linkTable()), () -> {
      try (MongoCursor<BsonDocument> c = query.iterator()) {
        while (c.hasNext()) {
          out.add(LinkBenchDocuments.link(c.next()));
        }
      }
      return out;
    });
  }

  @Override
  public long countLinks(long id1, long linkType) throws StoreException {
    ready();
    return MongoErrors.call(() -> "count of (" + id1 + ", " + linkType + ") from " + where(plan.countTable()), () -> {
      BsonDocument c = counts.find(LinkBenchDocuments.countKey(id1, linkType))
          .projection(new BsonDocument(COUNT, ONE).append(ID, new BsonInt32(0))).first();
      return c == null ? 0 : c.getNumber(COUNT).longValue();
    });
  }

  // ---- bulk load

  @Override
  public void addBulkLinks(List<Link> batch) throws StoreException {
    if (batch.isEmpty()) {
      return;
    }
    ready();
    List<BsonDocument> docs = new ArrayList<>(batch.size());
    for (Link l : batch) {
      docs.add(LinkBenchDocuments.linkDocument(l));
    }
    MongoErrors.call(() -> "insertMany of " + docs.size() + " links into " + where(plan.linkTable()),
        () -> links.insertMany(docs, UNORDERED));
  }

  @Override
  public void addBulkCounts(List<LinkCount> batch) throws StoreException {
    if (batch.isEmpty()) {
      return;
    }
    ready();
    List<BsonDocument> docs = new ArrayList<>(batch.size());
    for (LinkCount c : batch) {
      docs.add(LinkBenchDocuments.countDocument(c));
    }
    MongoErrors.call(() -> "insertMany of " + docs.size() + " counts into " + where(plan.countTable()),
        () -> counts.insertMany(docs, UNORDERED));
  }

  @Override
  public site.ycsbx.store.linkbench.GraphTotals totals() {
    ready();
    return new MongoGraphTotals(nodes, links, counts, c -> where(c.getNamespace().getCollectionName()));
  }

  private String where(String collection) {
    return options.databaseOf(collection) + "." + collection;
  }
}
