package site.ycsbx.db.mongodb.sysbench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import site.ycsbx.db.mongodb.conn.ExistingCollection;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoErrors;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.Transactions;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.db.mongodb.port.PortCollection;
import site.ycsbx.db.mongodb.port.PortCursor;
import site.ycsbx.db.mongodb.port.PortException;
import site.ycsbx.store.IndexSpec;
import site.ycsbx.store.SizeReport;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.sysbench.IgnoredError;
import site.ycsbx.store.sysbench.KeyRange;
import site.ycsbx.store.sysbench.ReadKey;
import site.ycsbx.store.sysbench.RowAudit;
import site.ycsbx.store.sysbench.RowBatch;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.store.sysbench.SysbenchTable;
import site.ycsbx.store.sysbench.TableCensus;
import site.ycsbx.util.PropertyDef;

/**
 * sysbench's OLTP transaction on MongoDB as sysbench-mongodb ran it: collections {@code sbtestN}
 * of {@code {_id, k, c, pad}} (int32 _id and k) with index {@code k_N} on k built after the rows;
 * a point select is a find by _id projecting c, the sum range an aggregate $match + $group $sum
 * k, the order range a find sorted by c, the distinct range distinct("c") sorted as sysbench's
 * ORDER BY c; updates $inc k and $set c; the delete+insert a deleteOne then an insertOne of the
 * same _id. Ranges filter $gte..$lte as sysbench-mongodb did, or in the limit form
 * ({@link KeyRange#first}) $gte with a sort on the key and a limit: a find for the simple range,
 * an aggregation ($match, $sort, $limit, then $group or $sort by c) for the others. With {@value #TRANSACTIONS_PROPERTY} on a server that has them the steps between
 * begin and commit share one multi-document transaction (committed with the run's write
 * concern); on TokuMX ({@code tokumx}, mongodb-legacy) they run between beginTransaction and
 * commitTransaction on the thread's one connection; otherwise each step stands alone and begin,
 * commit and rollback send nothing.
 *
 * <p>Errors ignored as sysbench ignores deadlocks: a write conflict or another transient
 * transaction error, and a duplicate key of the insert (two threads deleting and inserting one
 * _id, PostgreSQL's unique_violation).
 *
 * <p>Written once over the MongoDB port: {@link SysbenchSide} says what differs between the driver
 * lines (4.0+'s transactions on the 4.x/5.x line, {@link DriverSysbenchSide}; TokuMX's on the
 * legacy line).
 */
public final class MongoSysbenchStore implements SysbenchStore {
  /**
   * {@code auto}: a multi-document transaction where the server has them (a 4.0+ replica set
   * member, a 4.2+ mongos), each step alone elsewhere; {@code true}: transactions, a server
   * without them is refused; {@code false}: each step alone; {@code tokumx}: TokuMX's
   * beginTransaction/commitTransaction (mongodb-legacy only).
   */
  public static final String TRANSACTIONS_PROPERTY = "sysbench.transactions";
  /** The switch, as sysbench's steps do it in each mode. */
  static final Transactions TRANSACTIONS = new Transactions(TRANSACTIONS_PROPERTY,
      "false: each step alone, no multi-document transaction (as sysbench-mongodb)",
      "multi-document transactions, the steps of one sysbench transaction commit together",
      "each step alone (%s), as sysbench-mongodb").withTokuMX("each sysbench transaction between TokuMX's"
      + " beginTransaction and commitTransaction on the client thread's one connection, as sysbench-mongodb on TokuMX");
  /** Said when tokumx is asked of the mongodb binding. */
  static final String NO_TOKUMX = TRANSACTIONS.noTokuMX();
  /** The settings of sysbench's that this binding reads, listed by its preflight. */
  public static final List<PropertyDef> PROPERTIES = List.of(TRANSACTIONS.def(
      "sysbench: the steps of one OLTP transaction in one multi-document transaction; auto: where the server has"
      + " them (else each step alone, as sysbench-mongodb), true: always (refused elsewhere), false: never;"
      + " tokumx: TokuMX's beginTransaction/commitTransaction (mongodb-legacy only)"));
  /** Where the size figures come from. */
  static final String SIZE_SOURCE = "collStats storageSize+totalIndexSize";
  static final String NO_SIZE_SOURCE = "not reported by mongo-java-server";

  static final String ID = "_id";

  private final SysbenchSide side;
  private final MongoOptions options;
  private final Map<String, PortCollection> collections = new HashMap<>();
  // the open transaction's collections; null outside one
  private Function<String, PortCollection> inTransaction;

  public MongoSysbenchStore(MongoConnection connection) {
    this(new DriverSysbenchSide(connection));
  }

  /** The store on {@code side}'s driver line. */
  public MongoSysbenchStore(SysbenchSide side) {
    this.side = side;
    this.options = side.options();
  }

  @Override
  public long createTable(SysbenchTable table, boolean drop) throws StoreException {
    // a transaction mode this server or line cannot run is refused before anything is created
    transactional();
    String name = table.name();
    return MongoErrors.call(() -> "cannot create collection " + where(table), () -> {
      String why = SysbenchShape.unusable(ExistingCollection.of(side.portOf(name), options.databaseOf(name), name),
          table, drop);
      if (why != null) {
        throw new StoreException(why);
      }
      if (drop) {
        side.drop(name);
      }
      side.ensureCollection(name);
      return collection(table).estimatedCount();
    });
  }

  @Override
  public void loadRows(SysbenchTable table, RowBatch rows) throws StoreException {
    int n = rows.size();
    if (n == 0) {
      return;
    }
    MongoPort port = side.portOf(table.name());
    List<Map<String, Object>> docs = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      docs.add(row(port, rows.id(i), rows.k(i), rows.c(i), rows.pad(i)));
    }
    MongoErrors.call(() -> "insertMany of " + n + " documents into " + where(table), () -> {
      collection(table).insertMany(docs, true);
      return null;
    });
  }

  private static Map<String, Object> row(MongoPort port, int id, int k, String c, String pad) {
    Map<String, Object> d = port.document(ID, id);
    d.put(SysbenchTable.K, k);
    d.put(SysbenchTable.C, c);
    d.put(SysbenchTable.PAD, pad);
    return d;
  }

  @Override
  public void createSecondaryIndex(SysbenchTable table) throws StoreException {
    MongoErrors.call(() -> "cannot create index " + table.indexName() + " on " + where(table), () -> {
      side.ensureIndex(table.name(), new IndexSpec(table.indexName(), List.of(SysbenchTable.K)));
      return null;
    });
  }

  @Override
  public boolean hasSecondaryIndex(SysbenchTable table) throws StoreException {
    return MongoErrors.call(() -> "listIndexes of " + where(table),
        () -> SysbenchShape.hasIndex(collection(table).listIndexes(), table));
  }

  // ---- the transaction

  private boolean transactional() throws StoreException {
    return side.transactional();
  }

  @Override
  public boolean begin() throws StoreException {
    if (!transactional()) {
      return false; // each step alone: no BEGIN or COMMIT goes to the server
    }
    rollback();
    inTransaction = call("startTransaction", side::begin);
    return true;
  }

  @Override
  public void commit() throws StoreException {
    if (inTransaction == null) {
      return;
    }
    inTransaction = null;
    call("commitTransaction", () -> {
      side.commit();
      return null;
    });
  }

  @Override
  public void rollback() {
    if (inTransaction != null) {
      inTransaction = null;
      side.rollback();
    }
  }

  // ---- reads

  private static Map<String, Object> doc(String key, Object value) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put(key, value);
    return d;
  }

  private static Map<String, Object> doc(String key, Object value, String key2, Object value2) {
    Map<String, Object> d = doc(key, value);
    d.put(key2, value2);
    return d;
  }

  private static final Map<String, Object> C_ONLY = Collections.unmodifiableMap(doc(SysbenchTable.C, 1, ID, 0));
  private static final Map<String, Object> BY_C = Collections.unmodifiableMap(doc(SysbenchTable.C, 1));
  private static final Map<String, Object> INC_K = Collections.unmodifiableMap(doc("$inc", doc(SysbenchTable.K, 1)));

  private static Map<String, Object> equal(ReadKey key, int value) {
    return doc(field(key), value);
  }

  // sysbench-mongodb's $gte..$lte, or the limit form's $gte (its sort on the key and limit are added where it runs)
  private static Map<String, Object> filter(KeyRange range) {
    Map<String, Object> bounds = doc("$gte", range.from());
    if (!range.limited()) {
      bounds.put("$lte", range.to());
    }
    return doc(field(range.key()), bounds);
  }

  private static Map<String, Object> byKey(KeyRange range) {
    return doc(field(range.key()), 1);
  }

  private static String field(ReadKey key) {
    return key == ReadKey.ID ? ID : SysbenchTable.K;
  }

  /** The range's documents as an aggregation starts: $match, and in the limit form $sort on the key and $limit. */
  private static List<Map<String, Object>> rows(KeyRange range) {
    List<Map<String, Object>> stages = new ArrayList<>(List.of(doc("$match", filter(range))));
    if (range.limited()) {
      stages.add(doc("$sort", byKey(range)));
      stages.add(doc("$limit", range.limit()));
    }
    return stages;
  }

  @Override
  public List<String> pointSelect(SysbenchTable table, ReadKey key, int value) throws StoreException {
    return step(table, "point select", () -> strings(find(table, equal(key, value), null, 0)));
  }

  @Override
  public List<String> simpleRange(SysbenchTable table, KeyRange range) throws StoreException {
    // in the limit form sorted on the key with limit range_size, as the post's "limit 1000"
    return step(table, "simple range", () -> strings(range.limited()
        ? find(table, filter(range), byKey(range), range.limit()) : find(table, filter(range), null, 0)));
  }

  @Override
  public long sumRange(SysbenchTable table, KeyRange range) throws StoreException {
    List<Map<String, Object>> pipeline = rows(range);
    pipeline.add(doc("$group", doc(ID, null, "sum", doc("$sum", "$" + SysbenchTable.K))));
    return step(table, "sum range", () -> {
      List<Map<String, Object>> out = current(table).aggregate(pipeline, null);
      Object sum = out.isEmpty() ? null : out.get(0).get("sum");
      return sum instanceof Number n ? n.longValue() : 0L;
    });
  }

  @Override
  public List<String> orderRange(SysbenchTable table, KeyRange range) throws StoreException {
    if (!range.limited()) {
      return step(table, "order range", () -> strings(find(table, filter(range), BY_C, 0)));
    }
    // a find cannot sort by c the rows a sort on the key and a limit chose: an aggregation can
    List<Map<String, Object>> pipeline = rows(range);
    pipeline.add(doc("$project", C_ONLY));
    pipeline.add(doc("$sort", BY_C));
    return step(table, "order range", () -> strings(current(table).aggregate(pipeline, null)));
  }

  @Override
  public List<String> distinctRange(SysbenchTable table, KeyRange range) throws StoreException {
    if (range.limited()) {
      // distinct takes no limit: the range's rows grouped by c, sorted as ORDER BY c
      List<Map<String, Object>> pipeline = rows(range);
      pipeline.add(doc("$group", doc(ID, "$" + SysbenchTable.C)));
      pipeline.add(doc("$sort", doc(ID, 1)));
      return step(table, "distinct range", () -> {
        List<String> out = new ArrayList<>();
        for (Map<String, Object> d : current(table).aggregate(pipeline, null)) {
          if (d.get(ID) instanceof String v) {
            out.add(v);
          }
        }
        return out;
      });
    }
    return step(table, "distinct range", () -> {
      List<String> out = new ArrayList<>();
      for (Object v : current(table).distinct(SysbenchTable.C, filter(range))) {
        if (v instanceof String c) {
          out.add(c);
        }
      }
      Collections.sort(out); // distinct's order is the server's; sysbench's statement says ORDER BY c
      return out;
    });
  }

  private List<Map<String, Object>> find(SysbenchTable table, Map<String, Object> filter, Map<String, Object> sort,
      int limit) {
    List<Map<String, Object>> out = new ArrayList<>();
    try (PortCursor c = current(table).find(filter, C_ONLY, sort, limit)) {
      c.forEachRemaining(out::add);
    }
    return out;
  }

  private static List<String> strings(List<Map<String, Object>> found) {
    List<String> out = new ArrayList<>(found.size());
    for (Map<String, Object> d : found) {
      out.add(d.get(SysbenchTable.C) instanceof String c ? c : null);
    }
    return out;
  }

  // ---- writes

  @Override
  public int indexUpdate(SysbenchTable table, int id) throws StoreException {
    return step(table, "index update", () -> update(table, id, INC_K));
  }

  @Override
  public int nonIndexUpdate(SysbenchTable table, int id, String c) throws StoreException {
    Map<String, Object> set = doc("$set", doc(SysbenchTable.C, c));
    return step(table, "non-index update", () -> update(table, id, set));
  }

  private int update(SysbenchTable table, int id, Map<String, Object> change) {
    long matched = current(table).updateOne(equal(ReadKey.ID, id), change);
    // w:0 tells nothing back: the row is taken as found
    return matched < 0 ? 1 : (int) matched;
  }

  @Override
  public void deleteInsert(SysbenchTable table, int id, int k, String c, String pad) throws StoreException {
    Map<String, Object> doc = row(side.portOf(table.name()), id, k, c, pad);
    step(table, "delete+insert", () -> {
      PortCollection coll = current(table);
      coll.deleteOne(equal(ReadKey.ID, id));
      coll.insertOne(doc);
      return null;
    });
  }

  // ---- verify and size

  @Override
  public TableCensus census(SysbenchTable table) throws StoreException {
    return MongoErrors.call(() -> "census of " + where(table), () -> SysbenchShape.census(collection(table),
        SysbenchShape.hasIndex(collection(table).listIndexes(), table), table));
  }

  @Override
  public RowAudit audit(SysbenchTable table, int tableSize, int limit) throws StoreException {
    return MongoErrors.call(() -> "audit of " + where(table), () -> MongoSysbenchAudit.of(collection(table), tableSize,
        limit));
  }

  /**
   * storageSize + totalIndexSize from collStats, summed; n/a where the server reports no bytes
   * (mongo-java-server).
   */
  @Override
  public SizeReport size(Collection<SysbenchTable> tables) throws StoreException {
    if (!side.reportsSizes()) {
      return new SizeReport(-1, -1, NO_SIZE_SOURCE);
    }
    return MongoErrors.call(() -> "collStats", () -> {
      long data = 0;
      long index = 0;
      for (SysbenchTable t : tables) {
        MongoPort port = side.portOf(t.name());
        Map<String, Object> stats = port.command(port.document("collStats", t.name()));
        long storage = stats.get("storageSize") instanceof Number n ? n.longValue() : -1;
        long indexes = stats.get("totalIndexSize") instanceof Number n ? n.longValue() : -1;
        data = storage < 0 || data < 0 ? -1 : data + storage;
        index = indexes < 0 || index < 0 ? -1 : index + indexes;
      }
      return new SizeReport(data, index, SIZE_SOURCE);
    });
  }

  @Override
  public String transactions() {
    try {
      transactional();
      return side.describe();
    } catch (StoreException e) {
      return e.getMessage();
    }
  }

  // ---- plumbing

  @FunctionalInterface
  private interface Step<T> {
    T run();
  }

  /** A step of the transaction: the errors sysbench would ignore become {@link IgnoredError}. */
  private <T> T step(SysbenchTable table, String op, Step<T> work) throws StoreException {
    return call(where(table) + " " + op, work);
  }

  private <T> T call(String what, Step<T> work) throws StoreException {
    try {
      return work.run();
    } catch (PortException e) {
      String line = what + ": " + e.getMessage();
      throw side.ignored(e) ? new IgnoredError(line) : new StoreException(line, e.getCause());
    }
  }

  private String where(SysbenchTable table) {
    return options.databaseOf(table.name()) + "." + table.name();
  }

  /** The table's collection as the next step uses it: the open transaction's, else the store's own. */
  private PortCollection current(SysbenchTable table) {
    return inTransaction == null ? collection(table) : inTransaction.apply(table.name());
  }

  private PortCollection collection(SysbenchTable table) {
    return collections.computeIfAbsent(table.name(), n -> side.portOf(n).collection(n));
  }
}
