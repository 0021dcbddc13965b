package site.ycsbx.db.mongodb.linkbench;

import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.COUNT;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.COUNTER_LAST;
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
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.VERSION;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.VISIBILITY;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.doc;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.indexName;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.keys;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.linkKey;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.nodeDocument;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.nodeKey;
import static site.ycsbx.db.mongodb.linkbench.LinkBenchDocuments.visible;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import site.ycsbx.db.mongodb.conn.BulkInsert;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoErrors;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.Transactions;
import site.ycsbx.db.mongodb.port.PortCollection;
import site.ycsbx.db.mongodb.port.PortCursor;
import site.ycsbx.db.mongodb.port.PortException;
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
 * <p>Written once over the MongoDB port: {@link LinkBenchSide} says what differs between the
 * driver lines (transactions only on the 4.x/5.x line, {@link DriverLinkBenchSide}).
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

  private static final Map<String, Object> NO_ID = doc(ID, 0);
  private static final Map<String, Object> VISIBILITY_ONLY = doc(VISIBILITY, ONE, ID, 0);
  private static final Map<String, Object> HIDE = doc("$set", doc(VISIBILITY, 0));
  private static final Map<String, Object> NEWEST_FIRST = doc(TIME, -1, ID2, -1);
  private static final Map<String, Object> BY_ID_DESCENDING = doc(ID, -1);
  // numeric _ids only: the counter's string _id is outside these bounds
  private static final Map<String, Object> NUMERIC_IDS = doc(ID, doc("$gte", Long.MIN_VALUE, "$lte", Long.MAX_VALUE));

  /** What the stores of one connection share: the plan the preparing thread used, the mode. */
  public static final class Shared {
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

  private final LinkBenchSide side;
  private final LinkWrites writes;
  private LinkBenchPlan plan;
  private PortCollection nodes;
  private PortCollection counter;

  /** The mongodb binding's store, on the thread's shared connection. */
  public MongoLinkBenchStore(MongoConnection connection) {
    this(new DriverLinkBenchSide(connection));
  }

  /** The store on {@code side}'s driver line. */
  public MongoLinkBenchStore(LinkBenchSide side) {
    this.side = side;
    this.writes = new LinkWrites(side);
  }

  @Override
  public void prepare(LinkBenchPlan plan) throws StoreException {
    // linkbench.transactions=true on a server without them is refused before anything is created
    writes.transactions();
    List<String> names = List.of(plan.nodeTable(), plan.linkTable(), plan.countTable());
    MongoErrors.call(() -> "cannot prepare collections " + String.join(", ", names) + " in "
        + side.options().databaseOf(plan.linkTable()), () -> {
          if (plan.drop()) {
            for (String n : names) {
              side.drop(n);
            }
          }
          for (String n : names) {
            side.ensureCollection(n);
          }
          side.ensureIndex(plan.linkTable(), keys(LINK_UNIQUE_INDEX), indexName(LINK_UNIQUE_INDEX), true);
          side.ensureIndex(plan.linkTable(), keys(LINK_RANGE_INDEX), indexName(LINK_RANGE_INDEX), false);
          side.ensureIndex(plan.countTable(), keys(COUNT_UNIQUE_INDEX), indexName(COUNT_UNIQUE_INDEX), true);
          return null;
        });
    use(plan);
    side.shared().prepared = plan;
  }

  private void use(LinkBenchPlan p) {
    plan = p;
    nodes = collection(p.nodeTable());
    counter = side.acknowledgedPortOf(p.nodeTable()).collection(p.nodeTable());
  }

  private PortCollection collection(String name) {
    return side.portOf(name).collection(name);
  }

  /**
   * The collections of a thread that did not prepare (only the workload's first thread does):
   * the plan its connection was prepared with, else the run's plan, else LinkBench's names.
   */
  private void ready() {
    if (plan != null) {
      return;
    }
    LinkBenchPlan p = side.shared().prepared;
    if (p == null) {
      StoreDemand demand = StoreDemand.of(side.options().properties());
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
    List<Map<String, Object>> docs = new ArrayList<>(batch.size());
    long max = Long.MIN_VALUE;
    for (Node n : batch) {
      docs.add(nodeDocument(n));
      max = Math.max(max, n.id());
    }
    long highest = max;
    MongoErrors.call(() -> "insertMany of " + docs.size() + " nodes into " + where(plan.nodeTable()), () -> {
      nodes.insertMany(docs, false);
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
        } catch (PortException e) {
          if (!e.duplicateKey() || attempt >= LinkWrites.ATTEMPTS) {
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
    Map<String, Object> key = doc(ID, NODE_COUNTER);
    Map<String, Object> inc = doc("$inc", doc(COUNTER_LAST, 1L));
    Map<String, Object> c = counter.findOneAndUpdate(key, inc, null, false, true);
    if (c == null) {
      // nodes stored without this store (or none): the counter starts at the highest stored id
      raiseCounter(highestNodeId());
      c = counter.findOneAndUpdate(key, inc, null, false, true);
    }
    return LinkBenchDocuments.longOf(c, COUNTER_LAST);
  }

  private long highestNodeId() {
    try (PortCursor c = nodes.find(NUMERIC_IDS, doc(ID, ONE), BY_ID_DESCENDING, 1)) {
      return c.hasNext() ? LinkBenchDocuments.longOf(c.next(), ID) : 0;
    }
  }

  private void raiseCounter(long atLeast) {
    LinkWrites.retrying(false, () -> {
      counter.upsertUpdate(doc(ID, NODE_COUNTER), doc("$max", doc(COUNTER_LAST, atLeast)));
      return null;
    });
  }

  @Override
  public Node getNode(int type, long id) throws StoreException {
    ready();
    return MongoErrors.call(() -> "get node " + id + " from " + where(plan.nodeTable()), () -> {
      Map<String, Object> d = nodes.findOne(nodeKey(type, id), null);
      return d == null ? null : LinkBenchDocuments.node(d);
    });
  }

  @Override
  public boolean updateNode(Node node) throws StoreException {
    ready();
    return MongoErrors.call(() -> "update node " + node.id() + " in " + where(plan.nodeTable()), () -> {
      long matched = nodes.updateOne(nodeKey(node.type(), node.id()), doc("$set",
          doc(VERSION, node.version(), TIME, node.time(), DATA, node.data())));
      return matched != 0;
    });
  }

  @Override
  public boolean deleteNode(int type, long id) throws StoreException {
    ready();
    return MongoErrors.call(() -> "delete node " + id + " from " + where(plan.nodeTable()),
        () -> nodes.deleteOne(nodeKey(type, id)) != 0);
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
    Map<String, Object> key = linkKey(link.id1(), link.linkType(), link.id2());
    Map<String, Object> set = doc("$set", doc(VISIBILITY, link.visible() ? 1 : 0, DATA, link.data(), TIME, link.time(),
        VERSION, link.version()));
    return writes.write(inLinks(() -> "write link (" + link.id1() + ", " + link.linkType() + ", " + link.id2() + ")"),
        (in, tx) -> {
          Map<String, Object> old = LinkWrites.retrying(tx,
              () -> in.apply(plan.linkTable()).findOneAndUpdate(key, set, VISIBILITY_ONLY, true, false));
          int delta = (link.visible() ? 1 : 0) - (visible(old) ? 1 : 0);
          if (delta != 0) {
            count(in, tx, link.id1(), link.linkType(), delta, link.time());
          }
          return old == null;
        });
  }

  @Override
  public boolean deleteLink(long id1, long linkType, long id2, boolean expunge) throws StoreException {
    ready();
    Map<String, Object> key = linkKey(id1, linkType, id2);
    return writes.write(inLinks(() -> (expunge ? "expunge" : "hide") + " link (" + id1 + ", " + linkType + ", " + id2 + ")"),
        (in, tx) -> {
          PortCollection links = in.apply(plan.linkTable());
          Map<String, Object> old = expunge ? links.findOneAndDelete(key, VISIBILITY_ONLY)
              : links.findOneAndUpdate(key, HIDE, VISIBILITY_ONLY, false, false);
          if (old == null) {
            return false;
          }
          if (visible(old)) {
            count(in, tx, id1, linkType, -1, System.currentTimeMillis());
          }
          return true;
        });
  }

  /** {@code $inc} of the count of (id1, link_type), created when absent. */
  private void count(Function<String, PortCollection> in, boolean tx, long id1, long linkType, int delta, long time) {
    Map<String, Object> key = LinkBenchDocuments.countKey(id1, linkType);
    Map<String, Object> inc = doc("$inc", doc(COUNT, (long) delta, VERSION, 1L), "$set", doc(TIME, time));
    LinkWrites.retrying(tx, () -> {
      in.apply(plan.countTable()).upsertUpdate(key, inc);
      return null;
    });
  }

  /** "what in db.linktable", built only when a write fails. */
  private Supplier<String> inLinks(Supplier<String> what) {
    return () -> what.get() + " in " + where(plan.linkTable());
  }

  @Override
  public List<Link> getLinks(long id1, long linkType, long[] id2s) throws StoreException {
    ready();
    List<Long> in = new ArrayList<>(id2s.length);
    for (long id2 : id2s) {
      in.add(id2);
    }
    Map<String, Object> filter = doc(ID1, id1, LINK_TYPE, linkType, ID2, doc("$in", in));
    return links(filter, null, 0, 0, () -> "multiget links of (" + id1 + ", " + linkType + ")");
  }

  @Override
  public List<Link> getLinkList(long id1, long linkType, long minTime, long maxTime, int offset, int limit)
      throws StoreException {
    if (limit <= 0) {
      return List.of();
    }
    ready();
    Map<String, Object> filter = doc(ID1, id1, LINK_TYPE, linkType, VISIBILITY, ONE, TIME,
        doc("$gte", minTime, "$lte", maxTime));
    return links(filter, NEWEST_FIRST, offset, limit == Integer.MAX_VALUE ? 0 : limit,
        () -> "link list of (" + id1 + ", " + linkType + ")");
  }

  /** The links of a find: sorted when {@code sort} is not null, at most {@code limit} (0: all). */
  private List<Link> links(Map<String, Object> filter, Map<String, Object> sort, int skip, int limit,
      Supplier<String> what) throws StoreException {
    List<Link> out = new ArrayList<>();
    return MongoErrors.call(() -> what.get() + " from " + where(plan.linkTable()), () -> {
      try (PortCursor c = collection(plan.linkTable()).find(filter, NO_ID, sort, Math.max(skip, 0), limit)) {
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
      Map<String, Object> c = collection(plan.countTable()).findOne(LinkBenchDocuments.countKey(id1, linkType),
          doc(COUNT, ONE, ID, 0));
      return c == null ? 0 : LinkBenchDocuments.longOf(c, COUNT);
    });
  }

  // ---- bulk load

  @Override
  public void addBulkLinks(List<Link> batch) throws StoreException {
    bulk(batch, LinkBenchPlan::linkTable, LinkBenchDocuments::linkDocument, "links");
  }

  @Override
  public void addBulkCounts(List<LinkCount> batch) throws StoreException {
    bulk(batch, LinkBenchPlan::countTable, LinkBenchDocuments::countDocument, "counts");
  }

  /** A bulk load's batch into the plan's {@code table}, in one unordered insertMany. */
  private <T> void bulk(List<T> batch, Function<LinkBenchPlan, String> table, Function<T, Map<String, Object>> document,
      String what) throws StoreException {
    if (!batch.isEmpty()) {
      ready();
      String name = table.apply(plan);
      BulkInsert.unordered(collection(name), batch, document, what, () -> " into " + where(name));
    }
  }

  @Override
  public site.ycsbx.store.linkbench.GraphTotals totals() {
    ready();
    return new MongoGraphTotals(nodes, collection(plan.linkTable()), collection(plan.countTable()),
        List.of(where(plan.nodeTable()), where(plan.linkTable()), where(plan.countTable())));
  }

  private String where(String collection) {
    return side.options().databaseOf(collection) + "." + collection;
  }
}
