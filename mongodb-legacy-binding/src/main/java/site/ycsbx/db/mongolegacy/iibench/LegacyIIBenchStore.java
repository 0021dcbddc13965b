package site.ycsbx.db.mongolegacy.iibench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import site.ycsbx.db.mongodb.conn.MongoUrl;
import site.ycsbx.db.mongolegacy.conn.LegacyConnection;
import site.ycsbx.db.mongolegacy.conn.LegacyErrors;
import site.ycsbx.shaded.mongo35.com.mongodb.BasicDBList;
import site.ycsbx.shaded.mongo35.com.mongodb.BasicDBObject;
import site.ycsbx.shaded.mongo35.com.mongodb.CommandResult;
import site.ycsbx.shaded.mongo35.com.mongodb.DBCollection;
import site.ycsbx.shaded.mongo35.com.mongodb.DBCursor;
import site.ycsbx.shaded.mongo35.com.mongodb.DBObject;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoException;
import site.ycsbx.shaded.mongo35.com.mongodb.WriteResult;
import site.ycsbx.shaded.mongo35.org.bson.types.ObjectId;
import site.ycsbx.store.IndexSpec;
import site.ycsbx.store.SizeReport;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.iibench.IIBenchTable;
import site.ycsbx.store.iibench.QueryRow;
import site.ycsbx.store.iibench.QueryStart;
import site.ycsbx.store.iibench.RowBatch;
import site.ycsbx.store.iibench.RowDomain;
import site.ycsbx.store.iibench.StoredRow;

/**
 * The insert benchmark on MongoDB 2.4 and TokuMX, with the mongodb binding's documents (the
 * reference iibench program's: {@code dateandtime} int64 millis, {@code cashregisterid},
 * {@code customerid}, {@code productid} int32, {@code price} double, {@code padding0..} strings,
 * an ObjectId {@code _id} from the driver). A transaction is one {@code DBCollection.insert(List)}:
 * one OP_INSERT and one getLastError with the run's write concern, as the 2014 benchmark's Java
 * client sent it through the 2.x driver. Indexes are built by inserts into {@code system.indexes},
 * which is how driver 3.5 creates them on this wire version.
 */
public final class LegacyIIBenchStore implements IIBenchStore {
  /** Where the size figures come from. */
  static final String SIZE_SOURCE = "collStats storageSize+totalIndexSize";

  private final LegacyConnection connection;
  private final Map<String, DBCollection> collections = new HashMap<>();
  private final List<DBObject> documents = new ArrayList<>();
  private final site.ycsbx.store.iibench.KeyBounds<ObjectId> keys = new site.ycsbx.store.iibench.KeyBounds<>(
      this::keyBounds);

  public LegacyIIBenchStore(LegacyConnection connection) {
    this.connection = connection;
  }

  @Override
  public long prepare(IIBenchTable table, boolean drop) throws StoreException {
    DBCollection c = collection(table);
    return call("cannot prepare collection " + where(table), () -> {
      // 2.4 answers a drop of an absent collection with an error ("ns not found")
      if (drop && c.getDB().collectionExists(c.getName())) {
        c.drop();
      }
      keys.forget(table.name());
      // before creating any: a collection with other indexes would measure another benchmark
      refuseOtherIndexes(c, table);
      for (IndexSpec index : table.secondaryIndexes()) {
        BasicDBObject keys = new BasicDBObject();
        index.columns().forEach(col -> keys.append(col, 1));
        c.createIndex(keys, new BasicDBObject("name", index.name()));
      }
      return c.count();
    });
  }

  private void refuseOtherIndexes(DBCollection c, IIBenchTable table) throws StoreException {
    TreeSet<String> asked = new TreeSet<>();
    table.secondaryIndexes().forEach(i -> asked.add(i.name()));
    TreeSet<String> others = new TreeSet<>();
    for (DBObject index : c.getIndexInfo()) {
      String name = String.valueOf(index.get("name"));
      if (!"_id_".equals(name) && !asked.contains(name)) {
        others.add(name + " " + index.get("key"));
      }
    }
    if (!others.isEmpty()) {
      throw new StoreException(where(table) + " has indexes iibench does not create (" + String.join(", ", others)
          + "): set " + INDEXES_PROPERTY + " to match, or start over with " + DROP_PROPERTY + "=true");
    }
  }

  @Override
  public void insert(IIBenchTable table, RowBatch rows) throws StoreException {
    int n = rows.size();
    if (n == 0) {
      return;
    }
    documents.clear();
    for (int i = 0; i < n; i++) {
      BasicDBObject d = new BasicDBObject(IIBenchTable.DATE_AND_TIME, rows.dateAndTime(i))
          .append(IIBenchTable.CASH_REGISTER_ID, rows.cashRegisterId(i))
          .append(IIBenchTable.CUSTOMER_ID, rows.customerId(i))
          .append(IIBenchTable.PRODUCT_ID, rows.productId(i))
          .append(IIBenchTable.PRICE, rows.price(i));
      for (int f = 0; f < rows.paddingFields(); f++) {
        d.append(IIBenchTable.paddingColumn(f), rows.padding(f, i));
      }
      documents.add(d);
    }
    DBCollection c = collection(table);
    call("insert of " + n + " documents into " + where(table),
        () -> c.insert(documents, connection.writeConcern()));
  }

  @Override
  public List<QueryRow> query(IIBenchTable table, QueryStart start, int limit) throws StoreException {
    BasicDBList clauses = new BasicDBList();
    clauses.add(new BasicDBObject(IIBenchTable.PRICE, new BasicDBObject("$gt", start.price())));
    clauses.add(new BasicDBObject(IIBenchTable.PRICE, start.price())
        .append(IIBenchTable.DATE_AND_TIME, new BasicDBObject("$gt", start.dateAndTime())));
    clauses.add(new BasicDBObject(IIBenchTable.PRICE, start.price()).append(IIBenchTable.DATE_AND_TIME,
        start.dateAndTime()).append(IIBenchTable.CUSTOMER_ID, new BasicDBObject("$gt", start.customerId())));
    BasicDBObject order = new BasicDBObject(IIBenchTable.PRICE, 1).append(IIBenchTable.DATE_AND_TIME, 1)
        .append(IIBenchTable.CUSTOMER_ID, 1);
    BasicDBObject fields = new BasicDBObject(order).append("_id", 0);
    DBCollection c = collection(table);
    return call("query on " + where(table), () -> {
      List<QueryRow> out = new ArrayList<>(Math.min(limit, 1000));
      try (DBCursor cursor = c.find(new BasicDBObject("$or", clauses), fields).sort(order).limit(limit)) {
        while (cursor.hasNext()) {
          DBObject d = cursor.next();
          out.add(new QueryRow(number(d, IIBenchTable.PRICE).doubleValue(),
              number(d, IIBenchTable.DATE_AND_TIME).longValue(), number(d, IIBenchTable.CUSTOMER_ID).intValue()));
        }
      }
      return out;
    });
  }

  /** The oldest documents by _id, found in _id order and removed as one _id range with the run's write concern. */
  @Override
  public long deleteOldest(IIBenchTable table, int rows) throws StoreException {
    if (rows <= 0) {
      return 0;
    }
    DBCollection c = collection(table);
    return call("delete of the " + rows + " oldest documents of " + where(table), () -> {
      Object first = null;
      Object last = null;
      int found = 0;
      try (DBCursor it = c.find(new BasicDBObject(), new BasicDBObject("_id", 1)).sort(new BasicDBObject("_id", 1))
          .limit(rows)) {
        while (it.hasNext()) {
          last = it.next().get("_id");
          first = first == null ? last : first;
          found++;
        }
      }
      if (found == 0) {
        return 0L;
      }
      WriteResult r = c.remove(new BasicDBObject("_id", new BasicDBObject("$gte", first).append("$lte", last)),
          connection.writeConcern());
      // unacknowledged (w:0): the server says nothing; the documents found are the ones asked
      return r.wasAcknowledged() ? (long) r.getN() : (long) found;
    });
  }

  @Override
  public List<QueryRow> queryByKey(IIBenchTable table, double position, int limit) throws StoreException {
    List<ObjectId> bounds = keys.of(table.name());
    if (bounds.isEmpty()) {
      return List.of();
    }
    ObjectId key = new ObjectId(site.ycsbx.store.iibench.KeyBounds.between(bounds.get(0).toByteArray(),
        bounds.get(1).toByteArray(), position));
    BasicDBObject fields = new BasicDBObject(IIBenchTable.PRICE, 1).append(IIBenchTable.DATE_AND_TIME, 1)
        .append(IIBenchTable.CUSTOMER_ID, 1).append("_id", 0);
    DBCollection c = collection(table);
    return call("query by _id on " + where(table), () -> {
      List<QueryRow> out = new ArrayList<>(Math.min(limit, 1000));
      try (DBCursor cursor = c.find(new BasicDBObject("_id", new BasicDBObject("$gte", key)), fields)
          .sort(new BasicDBObject("_id", 1)).limit(limit)) {
        while (cursor.hasNext()) {
          DBObject d = cursor.next();
          out.add(new QueryRow(number(d, IIBenchTable.PRICE).doubleValue(),
              number(d, IIBenchTable.DATE_AND_TIME).longValue(), number(d, IIBenchTable.CUSTOMER_ID).intValue()));
        }
      }
      return out;
    });
  }

  // each end of the _id index; documents of another _id type are not iibench's
  private List<ObjectId> keyBounds(String name) throws StoreException {
    DBCollection c = collections.computeIfAbsent(name, connection::collection);
    return call("_id bounds of " + connection.options().database() + "." + name, () -> {
      List<ObjectId> out = new ArrayList<>(2);
      for (int order : new int[] {1, -1}) {
        try (DBCursor it = c.find(new BasicDBObject(), new BasicDBObject("_id", 1)).sort(new BasicDBObject("_id", order))
            .limit(1)) {
          Object id = it.hasNext() ? it.next().get("_id") : null;
          if (!(id instanceof ObjectId)) {
            return List.<ObjectId>of();
          }
          out.add((ObjectId) id);
        }
      }
      return out;
    });
  }

  private static Number number(DBObject d, String field) {
    Object v = d.get(field);
    if (v instanceof Number) {
      return (Number) v;
    }
    throw new IllegalStateException("a document has no numeric " + field + ": " + d);
  }

  @Override
  public void createIndexes(IIBenchTable table) throws StoreException {
    DBCollection c = collection(table);
    call("cannot create the indexes of collection " + where(table), () -> {
      for (IndexSpec index : table.secondaryIndexes()) {
        BasicDBObject keys = new BasicDBObject();
        index.columns().forEach(col -> keys.append(col, 1));
        c.createIndex(keys, new BasicDBObject("name", index.name()));
      }
      return null;
    });
  }

  @Override
  public long countThroughIndex(IIBenchTable table, IndexSpec index) throws StoreException {
    DBCollection c = collection(table);
    return call("count through " + index.name() + " of " + where(table), () -> {
      BasicDBObject keys = new BasicDBObject();
      BasicDBObject fields = new BasicDBObject("_id", 0);
      for (String col : index.columns()) {
        keys.append(col, 1);
        fields.append(col, 1);
      }
      long n = 0;
      try (DBCursor cursor = c.find(new BasicDBObject(), fields).hint(keys)) {
        while (cursor.hasNext()) {
          cursor.next();
          n++;
        }
      }
      return n;
    });
  }

  /** Every document read (its four generated numbers), tested in the client: 2.4 has no $expr. */
  @Override
  public long countOutside(IIBenchTable table, RowDomain domain) throws StoreException {
    return outside(table, domain, 0, new java.util.ArrayList<>());
  }

  @Override
  public List<StoredRow> firstOutside(IIBenchTable table, RowDomain domain, int limit) throws StoreException {
    List<StoredRow> first = new java.util.ArrayList<>();
    outside(table, domain, limit, first);
    return first;
  }

  /** Counts the documents outside the domain and keeps the first {@code limit}, in _id order, in {@code first}. */
  private long outside(IIBenchTable table, RowDomain domain, int limit, List<StoredRow> first) throws StoreException {
    DBCollection c = collection(table);
    BasicDBObject fields = new BasicDBObject("_id", 1);
    for (String col : List.of(IIBenchTable.CASH_REGISTER_ID, IIBenchTable.CUSTOMER_ID, IIBenchTable.PRODUCT_ID,
        IIBenchTable.PRICE)) {
      fields.append(col, 1);
    }
    return call("values of " + where(table), () -> {
      long n = 0;
      try (DBCursor cursor = c.find(new BasicDBObject(), fields)) {
        if (limit > 0) {
          cursor.sort(new BasicDBObject("_id", 1)); // to name rows in order; a count reads them as they lie
        }
        while (cursor.hasNext()) {
          DBObject d = cursor.next();
          Object price = d.get(IIBenchTable.PRICE);
          double p = price instanceof Number x ? x.doubleValue() : Double.NaN;
          long cr = id(d, IIBenchTable.CASH_REGISTER_ID);
          long cu = id(d, IIBenchTable.CUSTOMER_ID);
          long pr = id(d, IIBenchTable.PRODUCT_ID);
          if (!domain.holds(cr, cu, pr, p)) {
            n++;
            if (first.size() < limit) {
              first.add(new StoredRow(String.valueOf(d.get("_id")), cr, cu, pr, p));
            }
          }
        }
      }
      return n;
    });
  }

  // a field missing or not a number is outside any range
  private static long id(DBObject d, String field) {
    Object v = d.get(field);
    return v instanceof Number n ? n.longValue() : -1;
  }

  @Override
  public long count(IIBenchTable table) throws StoreException {
    DBCollection c = collection(table);
    return call("count of " + where(table), c::count);
  }

  /** storageSize + totalIndexSize from collStats; -1 (n/a) where a figure is missing, or 0 for a non-empty collection. */
  @Override
  public SizeReport size(Collection<IIBenchTable> tables) throws StoreException {
    return call("collStats", () -> {
      long data = 0;
      long index = 0;
      for (IIBenchTable t : tables) {
        CommandResult stats = connection.database().command(new BasicDBObject("collStats", t.name()));
        stats.throwOnError();
        long count = bytes(stats, "count");
        long storage = bytes(stats, "storageSize");
        long indexes = bytes(stats, "totalIndexSize");
        data = storage < 0 || (storage == 0 && count > 0) || data < 0 ? -1 : data + storage;
        index = indexes < 0 || (indexes == 0 && count > 0) || index < 0 ? -1 : index + indexes;
      }
      return new SizeReport(data, index, SIZE_SOURCE);
    });
  }

  private static long bytes(DBObject stats, String field) {
    Object v = stats.get(field);
    return v instanceof Number ? ((Number) v).longValue() : -1;
  }

  @Override
  public Optional<String> indexCaveat() {
    return Optional.empty();
  }

  @Override
  public boolean acknowledgesWrites() {
    return connection.writeConcern().isAcknowledged();
  }

  @Override
  public boolean serverIsLocal() {
    return MongoUrl.isLocal(connection.options().connectionString());
  }

  @Override
  public int serverPort() {
    return MongoUrl.portOf(connection.options().connectionString());
  }

  private String where(IIBenchTable table) {
    return connection.options().database() + "." + table.name();
  }

  private DBCollection collection(IIBenchTable table) {
    return collections.computeIfAbsent(table.name(), connection::collection);
  }

  /** A driver call whose failure becomes a {@link StoreException} saying what was attempted. */
  private interface Call<T> {
    T run() throws StoreException;
  }

  private static <T> T call(String what, Call<T> call) throws StoreException {
    try {
      return call.run();
    } catch (MongoException | IllegalStateException e) {
      throw new StoreException(what + ": " + LegacyErrors.describe(e), e);
    }
  }
}
