package site.ycsbx.db.mongodb.sysbench;

import com.mongodb.MongoException;
import com.mongodb.MongoWriteException;
import com.mongodb.TransactionOptions;
import com.mongodb.client.AggregateIterable;
import com.mongodb.client.ClientSession;
import com.mongodb.client.DistinctIterable;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.result.UpdateResult;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.Document;
import org.bson.conversions.Bson;
import site.ycsbx.db.mongodb.conn.ExistingCollection;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoErrors;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.MongoSchema;
import site.ycsbx.db.mongodb.conn.Transactions;
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
 * concern); otherwise each step stands alone and begin, commit and rollback send nothing.
 *
 * <p>Errors ignored as sysbench ignores deadlocks: a write conflict or another transient
 * transaction error, and a duplicate key of the insert (two threads deleting and inserting one
 * _id, PostgreSQL's unique_violation).
 */
public final class MongoSysbenchStore implements SysbenchStore {
  /**
   * {@code auto}: a multi-document transaction where the server has them (a 4.0+ replica set
   * member, a 4.2+ mongos), each step alone elsewhere; {@code true}: transactions, a server
   * without them is refused; {@code false}: each step alone.
   */
  public static final String TRANSACTIONS_PROPERTY = "sysbench.transactions";
  /** The switch, as sysbench's steps do it in each mode. */
  static final Transactions TRANSACTIONS = new Transactions(TRANSACTIONS_PROPERTY,
      "false: each step alone, no multi-document transaction (as sysbench-mongodb)",
      "multi-document transactions, the steps of one sysbench transaction commit together",
      "each step alone (%s), as sysbench-mongodb");
  /** The settings of sysbench's that this binding reads, listed by its preflight. */
  public static final List<PropertyDef> PROPERTIES = List.of(TRANSACTIONS.def(
      "sysbench: the steps of one OLTP transaction in one multi-document transaction; auto: where the server has"
      + " them (else each step alone, as sysbench-mongodb), true: always (refused elsewhere), false: never"));
  /** Where the size figures come from. */
  static final String SIZE_SOURCE = "collStats storageSize+totalIndexSize";
  static final String NO_SIZE_SOURCE = "not reported by mongo-java-server";

  static final String ID = "_id";
  private static final int DUPLICATE_KEY = 11000;
  private static final int WRITE_CONFLICT = 112;
  private static final InsertManyOptions ORDERED = new InsertManyOptions().ordered(true);
  private static final Bson C_ONLY = new BsonDocument(SysbenchTable.C, new BsonInt32(1)).append(ID, new BsonInt32(0));
  private static final Bson BY_C = new BsonDocument(SysbenchTable.C, new BsonInt32(1));
  private static final Bson INC_K = new BsonDocument("$inc", new BsonDocument(SysbenchTable.K, new BsonInt32(1)));

  private final MongoConnection connection;
  private final MongoOptions options;
  private final SysbenchTransactions shared;
  private final TransactionOptions transactionOptions;
  private final Map<String, MongoCollection<BsonDocument>> collections = new HashMap<>();
  private ClientSession session;

  public MongoSysbenchStore(MongoConnection connection) {
    this.connection = connection;
    this.options = connection.options();
    this.shared = connection.shared(SysbenchTransactions.class, SysbenchTransactions::new);
    // the commit carries the run's write concern; the driver sends none on the writes inside
    this.transactionOptions = TransactionOptions.builder().writeConcern(options.writeConcern()).build();
  }

  @Override
  public long createTable(SysbenchTable table, boolean drop) throws StoreException {
    // sysbench.transactions=true on a server without them is refused before anything is created
    transactional();
    String name = table.name();
    MongoSchema schema = schema(table);
    return MongoErrors.call(() -> "cannot create collection " + where(table), () -> {
      String why = SysbenchShape.unusable(ExistingCollection.of(connection.database(options.databaseOf(name)), name),
          table, drop);
      if (why != null) {
        throw new StoreException(why);
      }
      if (drop) {
        schema.drop(name);
      }
      schema.ensureCollection(name);
      return collection(table).estimatedDocumentCount();
    });
  }

  @Override
  public void loadRows(SysbenchTable table, RowBatch rows) throws StoreException {
    int n = rows.size();
    if (n == 0) {
      return;
    }
    List<BsonDocument> docs = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      docs.add(row(rows.id(i), rows.k(i), rows.c(i), rows.pad(i)));
    }
    MongoErrors.call(() -> "insertMany of " + n + " documents into " + where(table),
        () -> collection(table).insertMany(docs, ORDERED));
  }

  private static BsonDocument row(int id, int k, String c, String pad) {
    return new BsonDocument(ID, new BsonInt32(id)).append(SysbenchTable.K, new BsonInt32(k))
        .append(SysbenchTable.C, new BsonString(c)).append(SysbenchTable.PAD, new BsonString(pad));
  }

  @Override
  public void createSecondaryIndex(SysbenchTable table) throws StoreException {
    MongoErrors.call(() -> "cannot create index " + table.indexName() + " on " + where(table), () -> {
      schema(table).ensureIndex(table.name(), Indexes.ascending(SysbenchTable.K), new IndexOptions().name(table.indexName()));
      return null;
    });
  }

  @Override
  public boolean hasSecondaryIndex(SysbenchTable table) throws StoreException {
    return MongoErrors.call(() -> "listIndexes of " + where(table),
        () -> SysbenchShape.hasIndex(schema(table).indexes(table.name()), table));
  }

  // ---- the transaction

  private boolean transactional() throws StoreException {
    return shared.on(connection);
  }

  @Override
  public boolean begin() throws StoreException {
    if (!transactional()) {
      return false; // each step alone: no BEGIN or COMMIT goes to the server
    }
    rollback();
    MongoErrors.call(() -> "startTransaction", () -> {
      session = connection.startSession();
      session.startTransaction(transactionOptions);
      return null;
    });
    return true;
  }

  @Override
  public void commit() throws StoreException {
    ClientSession s = session;
    if (s == null) {
      return;
    }
    session = null;
    try (s) {
      s.commitTransaction();
    } catch (MongoException e) {
      if (s.hasActiveTransaction()) {
        abort(s);
      }
      throw failure("commitTransaction", e);
    }
  }

  @Override
  public void rollback() {
    ClientSession s = session;
    if (s == null) {
      return;
    }
    session = null;
    try (s) {
      abort(s);
    }
  }

  private static void abort(ClientSession s) {
    try {
      s.abortTransaction();
    } catch (MongoException | IllegalStateException e) {
      // the server ended it already, or the connection is gone: nothing is left to undo
    }
  }

  // ---- reads

  private static Bson equal(ReadKey key, int value) {
    return new BsonDocument(field(key), new BsonInt32(value));
  }

  // sysbench-mongodb's $gte..$lte, or the limit form's $gte (its sort on the key and limit are added where it runs)
  private static BsonDocument filter(KeyRange range) {
    BsonDocument bounds = new BsonDocument("$gte", new BsonInt32(range.from()));
    if (!range.limited()) {
      bounds.append("$lte", new BsonInt32(range.to()));
    }
    return new BsonDocument(field(range.key()), bounds);
  }

  private static BsonDocument byKey(KeyRange range) {
    return new BsonDocument(field(range.key()), new BsonInt32(1));
  }

  private static String field(ReadKey key) {
    return key == ReadKey.ID ? ID : SysbenchTable.K;
  }

  /** The range's documents as an aggregation starts: $match, and in the limit form $sort on the key and $limit. */
  private static List<Bson> rows(KeyRange range) {
    List<Bson> stages = new ArrayList<>(List.of(new BsonDocument("$match", filter(range))));
    if (range.limited()) {
      stages.add(new BsonDocument("$sort", byKey(range)));
      stages.add(new BsonDocument("$limit", new BsonInt32(range.limit())));
    }
    return stages;
  }

  @Override
  public List<String> pointSelect(SysbenchTable table, ReadKey key, int value) throws StoreException {
    return step(table, "point select", () -> strings(find(table, equal(key, value))));
  }

  @Override
  public List<String> simpleRange(SysbenchTable table, KeyRange range) throws StoreException {
    return step(table, "simple range", () -> strings(range(table, range)));
  }

  // the find of a range: in the limit form sorted on the key with limit range_size, as the post's "limit 1000"
  private FindIterable<BsonDocument> range(SysbenchTable table, KeyRange range) {
    FindIterable<BsonDocument> f = find(table, filter(range));
    return range.limited() ? f.sort(byKey(range)).limit(range.limit()) : f;
  }

  @Override
  public long sumRange(SysbenchTable table, KeyRange range) throws StoreException {
    List<Bson> pipeline = rows(range);
    pipeline.add(new BsonDocument("$group", new BsonDocument(ID, BsonNull.VALUE)
        .append("sum", new BsonDocument("$sum", new BsonString("$" + SysbenchTable.K)))));
    return step(table, "sum range", () -> {
      BsonDocument d = aggregate(table, pipeline).first();
      BsonValue sum = d == null ? null : d.get("sum");
      return sum != null && sum.isNumber() ? sum.asNumber().longValue() : 0L;
    });
  }

  @Override
  public List<String> orderRange(SysbenchTable table, KeyRange range) throws StoreException {
    if (!range.limited()) {
      return step(table, "order range", () -> strings(find(table, filter(range)).sort(BY_C)));
    }
    // a find cannot sort by c the rows a sort on the key and a limit chose: an aggregation can
    List<Bson> pipeline = rows(range);
    pipeline.add(new BsonDocument("$project", (BsonDocument) C_ONLY));
    pipeline.add(new BsonDocument("$sort", (BsonDocument) BY_C));
    return step(table, "order range", () -> strings(aggregate(table, pipeline)));
  }

  @Override
  public List<String> distinctRange(SysbenchTable table, KeyRange range) throws StoreException {
    if (range.limited()) {
      // distinct takes no limit: the range's rows grouped by c, sorted as ORDER BY c
      List<Bson> pipeline = rows(range);
      pipeline.add(new BsonDocument("$group", new BsonDocument(ID, new BsonString("$" + SysbenchTable.C))));
      pipeline.add(new BsonDocument("$sort", new BsonDocument(ID, new BsonInt32(1))));
      return step(table, "distinct range", () -> {
        List<String> out = new ArrayList<>();
        for (BsonDocument d : aggregate(table, pipeline)) {
          BsonValue v = d.get(ID);
          if (v != null && v.isString()) {
            out.add(v.asString().getValue());
          }
        }
        return out;
      });
    }
    return step(table, "distinct range", () -> {
      MongoCollection<BsonDocument> c = collection(table);
      Bson filter = filter(range);
      DistinctIterable<BsonValue> d = session == null ? c.distinct(SysbenchTable.C, filter, BsonValue.class)
          : c.distinct(session, SysbenchTable.C, filter, BsonValue.class);
      List<String> out = new ArrayList<>();
      for (BsonValue v : d) {
        if (v.isString()) {
          out.add(v.asString().getValue());
        }
      }
      Collections.sort(out); // distinct's order is the server's; sysbench's statement says ORDER BY c
      return out;
    });
  }

  private AggregateIterable<BsonDocument> aggregate(SysbenchTable table, List<Bson> pipeline) {
    MongoCollection<BsonDocument> c = collection(table);
    return session == null ? c.aggregate(pipeline) : c.aggregate(session, pipeline);
  }

  private FindIterable<BsonDocument> find(SysbenchTable table, Bson filter) {
    MongoCollection<BsonDocument> c = collection(table);
    return (session == null ? c.find(filter) : c.find(session, filter)).projection(C_ONLY);
  }

  private static List<String> strings(com.mongodb.client.MongoIterable<BsonDocument> found) {
    List<String> out = new ArrayList<>();
    try (MongoCursor<BsonDocument> cursor = found.iterator()) {
      while (cursor.hasNext()) {
        BsonValue c = cursor.next().get(SysbenchTable.C);
        out.add(c != null && c.isString() ? c.asString().getValue() : null);
      }
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
    Bson set = new BsonDocument("$set", new BsonDocument(SysbenchTable.C, new BsonString(c)));
    return step(table, "non-index update", () -> update(table, id, set));
  }

  private int update(SysbenchTable table, int id, Bson change) {
    MongoCollection<BsonDocument> c = collection(table);
    Bson filter = equal(ReadKey.ID, id);
    UpdateResult r = session == null ? c.updateOne(filter, change) : c.updateOne(session, filter, change);
    // w:0 tells nothing back: the row is taken as found
    return r.wasAcknowledged() ? (int) r.getMatchedCount() : 1;
  }

  @Override
  public void deleteInsert(SysbenchTable table, int id, int k, String c, String pad) throws StoreException {
    BsonDocument doc = row(id, k, c, pad);
    step(table, "delete+insert", () -> {
      MongoCollection<BsonDocument> coll = collection(table);
      Bson filter = equal(ReadKey.ID, id);
      if (session == null) {
        coll.deleteOne(filter);
        coll.insertOne(doc);
      } else {
        coll.deleteOne(session, filter);
        coll.insertOne(session, doc);
      }
      return null;
    });
  }

  // ---- verify and size

  @Override
  public TableCensus census(SysbenchTable table) throws StoreException {
    return MongoErrors.call(() -> "census of " + where(table), () -> SysbenchShape.census(collection(table),
        SysbenchShape.hasIndex(schema(table).indexes(table.name()), table), table));
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
    if (!connection.reportsSizes()) {
      return new SizeReport(-1, -1, NO_SIZE_SOURCE);
    }
    return MongoErrors.call(() -> "collStats", () -> {
      long data = 0;
      long index = 0;
      for (SysbenchTable t : tables) {
        Document stats = connection.database(options.databaseOf(t.name())).runCommand(new Document("collStats", t.name()));
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
    } catch (StoreException e) {
      return e.getMessage();
    }
    return shared.describe();
  }

  // ---- plumbing

  @FunctionalInterface
  private interface Step<T> {
    T run();
  }

  /** A step of the transaction: the errors sysbench would ignore become {@link IgnoredError}. */
  private <T> T step(SysbenchTable table, String op, Step<T> work) throws StoreException {
    try {
      return work.run();
    } catch (MongoException e) {
      throw failure(where(table) + " " + op, e);
    }
  }

  private static StoreException failure(String what, MongoException e) {
    StoreException mapped = MongoErrors.failure(what, e);
    return ignored(e) ? new IgnoredError(mapped.getMessage()) : mapped;
  }

  static boolean ignored(MongoException e) {
    int code = e instanceof MongoWriteException w ? w.getError().getCode() : e.getCode();
    return code == DUPLICATE_KEY || code == WRITE_CONFLICT
        || e.hasErrorLabel(MongoException.TRANSIENT_TRANSACTION_ERROR_LABEL);
  }

  private String where(SysbenchTable table) {
    return options.databaseOf(table.name()) + "." + table.name();
  }

  private MongoSchema schema(SysbenchTable table) {
    return connection.schema(options.databaseOf(table.name()));
  }

  private MongoCollection<BsonDocument> collection(SysbenchTable table) {
    return collections.computeIfAbsent(table.name(), n -> connection.database(options.databaseOf(n))
        .getCollection(n, BsonDocument.class));
  }
}
