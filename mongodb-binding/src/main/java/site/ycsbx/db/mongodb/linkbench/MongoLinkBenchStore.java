package site.ycsbx.db.mongodb.linkbench;

import com.mongodb.MongoException;
import com.mongodb.MongoWriteException;
import com.mongodb.TransactionOptions;
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
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;
import site.ycsbx.db.mongodb.MongoConnection;
import site.ycsbx.db.mongodb.MongoErrors;
import site.ycsbx.db.mongodb.MongoOptions;
import site.ycsbx.db.mongodb.MongoSchema;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.linkbench.Link;
import site.ycsbx.store.linkbench.LinkBenchPlan;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.linkbench.LinkCount;
import site.ycsbx.store.linkbench.Node;

/**
 * LinkBench's graph on MongoDB, with the documents and indexes of LinkBench's MongoDB port:
 * <ul>
 * <li>node: {@code _id} = id (int64), {@code type} (int32), {@code version} (int64),
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
 * {@value #TRANSACTIONS_PROPERTY} (see {@link Transactions}) both writes are one multi-document
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
  public static final String TRANSACTIONS_PROPERTY_DEFAULT = "auto";

  static final String ID = "_id";
  static final String TYPE = "type";
  static final String VERSION = "version";
  static final String TIME = "time";
  static final String DATA = "data";
  static final String ID1 = "id1";
  static final String ID2 = "id2";
  static final String LINK_TYPE = "link_type";
  static final String VISIBILITY = "visibility";
  static final String COUNT_ID = "id";
  static final String COUNT = "count";
  /**
   * The node collection's id counter: a document whose string {@code _id} no node id (int64)
   * can equal, holding in {@code last} the highest id handed out or loaded. addNode takes the
   * next id with one findAndModify {@code $inc}: ids stay unique and are never reused, also after
   * the newest node is deleted (as SQL's AUTO_INCREMENT, LinkBench's source of new ids), which
   * max(_id)+1 could not promise; it is one atomic round trip however many threads add nodes. A
   * collection without the counter gets it at its highest stored id (addNodes raises it with
   * {@code $max}).
   */
  static final String NODE_COUNTER = "linkbench.lastid";
  static final String COUNTER_LAST = "last";

  static final String LINK_UNIQUE_INDEX = "link_type_1_id1_1_id2_1";
  static final String LINK_RANGE_INDEX = "id1_1_link_type_1_visibility_1_time_1_id2_1_version_1_data_1";
  static final String COUNT_UNIQUE_INDEX = "id_1_link_type_1";

  private static final int DUPLICATE_KEY = 11000;
  // concurrent upserts of one absent key: all but one fail with a duplicate key and are retried
  private static final int ATTEMPTS = 5;
  private static final BsonInt32 ONE = new BsonInt32(1);
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
        Transactions mode = Transactions.of(options.properties());
        if (mode == Transactions.FALSE) {
          transactions = false;
        } else {
          String why = Transactions.whyNot(connection.hello(), options.writeConcern());
          if (why != null && mode == Transactions.TRUE) {
            throw new StoreException(Transactions.refusal(why, options.maskedUrl()));
          }
          transactions = why == null;
        }
      }
      return transactions;
    }
  }

  /** A link or node write, in a session when in a transaction (null otherwise). */
  @FunctionalInterface
  private interface Write<T> {
    T apply(ClientSession session);
  }

  private final MongoConnection connection;
  private final MongoOptions options;
  private final Shared shared;
  private final TransactionOptions transactionOptions;
  private LinkBenchPlan plan;
  private MongoCollection<BsonDocument> nodes;
  private MongoCollection<BsonDocument> counter;
  private MongoCollection<BsonDocument> links;
  private MongoCollection<BsonDocument> counts;

  public MongoLinkBenchStore(MongoConnection connection) {
    this.connection = connection;
    this.options = connection.options();
    this.shared = connection.shared(Shared.class, Shared::new);
    // the commit carries the run's write concern; the driver sends none on writes inside
    this.transactionOptions = TransactionOptions.builder().writeConcern(options.writeConcern()).build();
  }

  @Override
  public void prepare(LinkBenchPlan plan) throws StoreException {
    // linkbench.transactions=true on a server without them is refused before anything is created
    transactions();
    List<String> names = List.of(plan.nodeTable(), plan.linkTable(), plan.countTable());
    try {
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
    } catch (MongoException e) {
      throw new StoreException("cannot prepare collections " + String.join(", ", names) + " in "
          + options.databaseOf(plan.linkTable()) + ": " + MongoErrors.describe(e), e);
    }
    use(plan);
    shared.prepared = plan;
  }

  private MongoSchema schema(String collection) {
    return connection.schema(options.databaseOf(collection));
  }

  private static BsonDocument keys(String... fields) {
    BsonDocument d = new BsonDocument();
    for (String f : fields) {
      d.append(f, ONE);
    }
    return d;
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

  private boolean transactions() throws StoreException {
    try {
      return shared.transactions(connection);
    } catch (site.ycsbx.util.UserError e) {
      throw new StoreException(e.getMessage());
    } catch (MongoException e) {
      throw new StoreException("isMaster: " + MongoErrors.describe(e), e);
    }
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
    try {
      nodes.insertMany(docs, UNORDERED);
      raiseCounter(max);
    } catch (MongoException e) {
      throw new StoreException("insertMany of " + docs.size() + " nodes into " + where(plan.nodeTable()) + ": "
          + MongoErrors.describe(e), e);
    }
  }

  @Override
  public long addNode(Node node) throws StoreException {
    ready();
    try {
      for (int attempt = 1; ; attempt++) {
        long id = nextNodeId();
        try {
          nodes.insertOne(nodeDocument(node.withId(id)));
          return id;
        } catch (MongoException e) {
          if (!isDuplicateKey(e) || attempt >= ATTEMPTS) {
            throw e;
          }
          // a node stored since without this store (no counter update): continue above the highest id
          raiseCounter(highestNodeId());
        }
      }
    } catch (MongoException e) {
      throw new StoreException("add node to " + where(plan.nodeTable()) + ": " + MongoErrors.describe(e), e);
    }
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
    retrying(null, () -> counter.updateOne(new BsonDocument(ID, new BsonString(NODE_COUNTER)),
        new BsonDocument("$max", new BsonDocument(COUNTER_LAST, new BsonInt64(atLeast))), UPSERT));
  }

  @Override
  public Node getNode(int type, long id) throws StoreException {
    ready();
    try {
      BsonDocument d = nodes.find(nodeKey(type, id)).first();
      return d == null ? null : new Node(d.getNumber(ID).longValue(), d.getNumber(TYPE).intValue(),
          d.getNumber(VERSION).longValue(), d.getNumber(TIME).intValue(), d.getBinary(DATA).getData());
    } catch (MongoException e) {
      throw new StoreException("get node " + id + " from " + where(plan.nodeTable()) + ": " + MongoErrors.describe(e), e);
    }
  }

  @Override
  public boolean updateNode(Node node) throws StoreException {
    ready();
    try {
      UpdateResult r = nodes.updateOne(nodeKey(node.type(), node.id()), new BsonDocument("$set",
          new BsonDocument(VERSION, new BsonInt64(node.version())).append(TIME, new BsonInt32(node.time()))
              .append(DATA, new BsonBinary(node.data()))));
      return !r.wasAcknowledged() || r.getMatchedCount() > 0;
    } catch (MongoException e) {
      throw new StoreException("update node " + node.id() + " in " + where(plan.nodeTable()) + ": "
          + MongoErrors.describe(e), e);
    }
  }

  @Override
  public boolean deleteNode(int type, long id) throws StoreException {
    ready();
    try {
      DeleteResult r = nodes.deleteOne(nodeKey(type, id));
      return !r.wasAcknowledged() || r.getDeletedCount() > 0;
    } catch (MongoException e) {
      throw new StoreException("delete node " + id + " from " + where(plan.nodeTable()) + ": "
          + MongoErrors.describe(e), e);
    }
  }

  private static BsonDocument nodeKey(int type, long id) {
    return new BsonDocument(ID, new BsonInt64(id)).append(TYPE, new BsonInt32(type));
  }

  private static BsonDocument nodeDocument(Node n) {
    return new BsonDocument(ID, new BsonInt64(n.id())).append(TYPE, new BsonInt32(n.type()))
        .append(VERSION, new BsonInt64(n.version())).append(TIME, new BsonInt32(n.time()))
        .append(DATA, new BsonBinary(n.data()));
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
    return write("write link (" + link.id1() + ", " + link.linkType() + ", " + link.id2() + ")", s -> {
      BsonDocument old = retrying(s, () -> s == null ? links.findOneAndUpdate(key, set, UPSERT_RETURN_OLD)
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
    return write((expunge ? "expunge" : "hide") + " link (" + id1 + ", " + linkType + ", " + id2 + ")", s -> {
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
    BsonDocument key = new BsonDocument(COUNT_ID, new BsonInt64(id1)).append(LINK_TYPE, new BsonInt64(linkType));
    BsonDocument inc = new BsonDocument("$inc", new BsonDocument(COUNT, new BsonInt64(delta)).append(VERSION, new BsonInt64(1)))
        .append("$set", new BsonDocument(TIME, new BsonInt64(time)));
    retrying(s, () -> s == null ? counts.updateOne(key, inc, UPSERT) : counts.updateOne(s, key, inc, UPSERT));
  }

  /**
   * Runs a link write and its count change: in one transaction when this connection uses them
   * (the whole transaction is retried after a duplicate key of a concurrent upsert; the driver's
   * withTransaction retries transient errors such as write conflicts), else as they come.
   */
  private <T> T write(String what, Write<T> body) throws StoreException {
    boolean inTransaction = transactions();
    for (int attempt = 1; ; attempt++) {
      try {
        if (!inTransaction) {
          return body.apply(null);
        }
        try (ClientSession session = connection.startSession()) {
          return session.withTransaction(() -> body.apply(session), transactionOptions);
        }
      } catch (MongoException e) {
        if (!(inTransaction && isDuplicateKey(e) && attempt < ATTEMPTS)) {
          throw new StoreException(what + " in " + where(plan.linkTable()) + ": " + MongoErrors.describe(e), e);
        }
      }
    }
  }

  /**
   * A single-document write, retried when an upsert lost the race to insert the same key;
   * inside a transaction (session not null) the whole transaction is retried instead.
   */
  private static <T> T retrying(ClientSession session, java.util.function.Supplier<T> command) {
    for (int attempt = 1; ; attempt++) {
      try {
        return command.get();
      } catch (MongoException e) {
        if (session != null || !isDuplicateKey(e) || attempt >= ATTEMPTS) {
          throw e;
        }
      }
    }
  }

  private static boolean isDuplicateKey(MongoException e) {
    return e.getCode() == DUPLICATE_KEY
        || e instanceof MongoWriteException w && w.getError().getCode() == DUPLICATE_KEY;
  }

  private static boolean visible(BsonDocument link) {
    if (link == null) {
      return false;
    }
    BsonValue v = link.get(VISIBILITY);
    return v != null && v.isNumber() && v.asNumber().intValue() == 1;
  }

  private static BsonDocument linkKey(long id1, long linkType, long id2) {
    return new BsonDocument(LINK_TYPE, new BsonInt64(linkType)).append(ID1, new BsonInt64(id1))
        .append(ID2, new BsonInt64(id2));
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
    return links(filter, null, 0, Integer.MAX_VALUE, "multiget links of (" + id1 + ", " + linkType + ")");
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
    return links(filter, NEWEST_FIRST, offset, limit, "link list of (" + id1 + ", " + linkType + ")");
  }

  /** The links of a find: sorted when {@code sort} is not null, at most {@code limit} (MAX_VALUE: all). */
  private List<Link> links(BsonDocument filter, BsonDocument sort, int skip, int limit, String what)
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
    try (MongoCursor<BsonDocument> c = find.iterator()) {
      while (c.hasNext()) {
        BsonDocument d = c.next();
        out.add(new Link(d.getNumber(ID1).longValue(), d.getNumber(LINK_TYPE).longValue(), d.getNumber(ID2).longValue(),
            visible(d), d.getBinary(DATA).getData(), d.getNumber(VERSION).intValue(), d.getNumber(TIME).longValue()));
      }
    } catch (MongoException e) {
      throw new StoreException(what + " from " + where(plan.linkTable()) + ": " + MongoErrors.describe(e), e);
    }
    return out;
  }

  @Override
  public long countLinks(long id1, long linkType) throws StoreException {
    ready();
    try {
      BsonDocument c = counts.find(new BsonDocument(COUNT_ID, new BsonInt64(id1)).append(LINK_TYPE, new BsonInt64(linkType)))
          .projection(new BsonDocument(COUNT, ONE).append(ID, new BsonInt32(0))).first();
      return c == null ? 0 : c.getNumber(COUNT).longValue();
    } catch (MongoException e) {
      throw new StoreException("count of (" + id1 + ", " + linkType + ") from " + where(plan.countTable()) + ": "
          + MongoErrors.describe(e), e);
    }
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
      docs.add(linkKey(l.id1(), l.linkType(), l.id2()).append(VISIBILITY, new BsonInt32(l.visible() ? 1 : 0))
          .append(DATA, new BsonBinary(l.data())).append(TIME, new BsonInt64(l.time()))
          .append(VERSION, new BsonInt32(l.version())));
    }
    try {
      links.insertMany(docs, UNORDERED);
    } catch (MongoException e) {
      throw new StoreException("insertMany of " + docs.size() + " links into " + where(plan.linkTable()) + ": "
          + MongoErrors.describe(e), e);
    }
  }

  @Override
  public void addBulkCounts(List<LinkCount> batch) throws StoreException {
    if (batch.isEmpty()) {
      return;
    }
    ready();
    List<BsonDocument> docs = new ArrayList<>(batch.size());
    for (LinkCount c : batch) {
      docs.add(new BsonDocument(COUNT_ID, new BsonInt64(c.id1())).append(LINK_TYPE, new BsonInt64(c.linkType()))
          .append(COUNT, new BsonInt64(c.count())).append(TIME, new BsonInt64(c.time()))
          .append(VERSION, new BsonInt64(c.version())));
    }
    try {
      counts.insertMany(docs, UNORDERED);
    } catch (MongoException e) {
      throw new StoreException("insertMany of " + docs.size() + " counts into " + where(plan.countTable()) + ": "
          + MongoErrors.describe(e), e);
    }
  }

  private String where(String collection) {
    return options.databaseOf(collection) + "." + collection;
  }
}
