package site.ycsbx.db.mongolegacy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongolegacy.conn.LegacyConnection;
import site.ycsbx.db.mongolegacy.conn.LegacyErrors;
import site.ycsbx.measurements.BatchLedger;
import site.ycsbx.measurements.OpTimer;
import site.ycsbx.measurements.Schedule;
import site.ycsbx.shaded.mongo35.com.mongodb.BasicDBObject;
import site.ycsbx.shaded.mongo35.com.mongodb.DBCollection;
import site.ycsbx.shaded.mongo35.com.mongodb.DBCursor;
import site.ycsbx.shaded.mongo35.com.mongodb.DBObject;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoException;
import site.ycsbx.shaded.mongo35.com.mongodb.WriteConcern;
import site.ycsbx.shaded.mongo35.com.mongodb.WriteResult;
import site.ycsbx.store.PreflightOnce;
import site.ycsbx.store.Provides;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.util.Secrets;
import site.ycsbx.util.UserError;
import site.ycsbx.verdict.ErrorLog;

/**
 * YCSB's DB for MongoDB 2.4 and TokuMX, with the mongodb binding's semantics (one document per
 * record, {@code _id} = the key, each field binary; a scan reads {@code _id >= startkey} in key
 * order) over driver 3.5's legacy API, which on wire version 0 writes with OP_INSERT, OP_UPDATE
 * and OP_DELETE, each followed by a getLastError carrying the write concern.
 *
 * <p>With mongodb.batchsize above 1 inserts are queued per thread and sent with one
 * {@code DBCollection.insert(List)}, one OP_INSERT and one getLastError (driver 3.5's insertMany
 * would send one of each per document on this wire version); the queued inserts return
 * {@link Status#BATCHED_OK}, each round trip is measured as {@value #INSERT_BATCH}, and the
 * {@link BatchLedger} hears what became of the queued rows.
 */
@Provides(stores = LegacyStores.class, preflight = LegacyPreflight.class)
public class MongoLegacyClient extends DB {
  /** Operation name under which each batch's round trip is measured, as in the mongodb binding. */
  public static final String INSERT_BATCH = "INSERT_BATCH";
  private static final String INSERT = "INSERT";
  private static final BasicDBObject BY_KEY = new BasicDBObject("_id", 1);

  private LegacyConnection connection;
  private WriteConcern writeConcern;
  private int batchSize;
  private final Map<String, DBCollection> collections = new HashMap<>();
  private final List<DBObject> pending = new ArrayList<>();
  private String pendingTable;
  private int pendingOk;
  private OpTimer batchTimer;

  @Override
  public void init() throws DBException {
    MongoOptions options;
    try {
      PreflightOnce.run(LegacyPreflight.class, getProperties());
      options = MongoOptions.parse(getProperties());
    } catch (UserError e) {
      throw new DBException(e.getMessage());
    }
    try {
      connection = LegacyConnection.acquire(options);
    } catch (MongoException | IllegalArgumentException e) {
      throw new DBException("cannot create a MongoDB client for " + options.maskedUrl() + ": "
          + Secrets.maskUrl(String.valueOf(e.getMessage())));
    }
    writeConcern = connection.writeConcern();
    batchSize = options.batchSize();
    if (batchSize > 1) {
      batchTimer = new OpTimer();
    }
    Schedule.configure(getProperties());
    new LegacyStores().offer(connection);
  }

  @Override
  public void cleanup() throws DBException {
    try {
      if (!pending.isEmpty()) {
        flush(); // a failure is recorded as a failed INSERT_BATCH and logged
      }
    } finally {
      StoreRegistry.clear();
      if (connection != null) {
        connection.release();
        connection = null;
      }
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Schedule.onOperation();
    try {
      DBObject doc = collection(table).findOne(new BasicDBObject("_id", key), projection(fields));
      if (doc == null) {
        ErrorLog.report("READ", "no document with this _id in " + table + " (was it loaded?)");
        return Status.NOT_FOUND;
      }
      fill(doc, result);
      return Status.OK;
    } catch (MongoException e) {
      return failed("READ", e);
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    Schedule.onOperation();
    BasicDBObject from = new BasicDBObject("_id", new BasicDBObject("$gte", startkey));
    try (DBCursor cursor = collection(table).find(from, projection(fields)).sort(BY_KEY).limit(recordcount)) {
      if (!cursor.hasNext()) {
        ErrorLog.report("SCAN", "no document at or after the start key in " + table + " (was it loaded?)");
        return Status.NOT_FOUND;
      }
      while (cursor.hasNext()) {
        HashMap<String, ByteIterator> row = new HashMap<>();
        fill(cursor.next(), row);
        result.add(row);
      }
      return Status.OK;
    } catch (MongoException e) {
      return failed("SCAN", e);
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    Schedule.onOperation();
    try {
      WriteResult r = collection(table).update(new BasicDBObject("_id", key),
          new BasicDBObject("$set", fields(new BasicDBObject(), values)), false, false, writeConcern);
      if (r.wasAcknowledged() && r.getN() == 0) {
        ErrorLog.report("UPDATE", "no document with this _id in " + table + " (was it loaded?)");
        return Status.NOT_FOUND;
      }
      return Status.OK;
    } catch (MongoException e) {
      return failed("UPDATE", e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Schedule.onOperation();
    BasicDBObject doc = fields(new BasicDBObject("_id", key), values);
    if (batchSize == 1) {
      try {
        collection(table).insert(doc, writeConcern);
        return Status.OK;
      } catch (MongoException e) {
        return failed(INSERT, e);
      }
    }
    if (pendingTable != null && !pendingTable.equals(table) && !pending.isEmpty()) {
      Status earlier = flush();
      if (!earlier.isOk()) {
        ErrorLog.report(INSERT, "the batch before this insert failed (see " + INSERT_BATCH + ")");
        return earlier;
      }
    }
    pending.add(doc);
    pendingTable = table;
    if (pending.size() < batchSize) {
      pendingOk++;
      BatchLedger.queued(INSERT);
      return Status.BATCHED_OK;
    }
    Status sent = flush();
    if (!sent.isOk()) {
      ErrorLog.report(INSERT, "the batch this insert completed failed (see " + INSERT_BATCH + ")");
    }
    return sent;
  }

  /** The pending inserts as one OP_INSERT and one getLastError, timed as one {@value #INSERT_BATCH}. */
  private Status flush() {
    Status status;
    long intended = batchTimer.intendedStartNanos();
    long start = System.nanoTime();
    try {
      collection(pendingTable).insert(pending, writeConcern);
      status = Status.OK;
      BatchLedger.stored(INSERT, pendingOk);
    } catch (MongoException e) {
      // getLastError names the error, not how many documents before it were stored: none is counted
      ErrorLog.report(INSERT_BATCH, "batch of " + pending.size() + " inserts: " + LegacyErrors.describe(e));
      status = Status.ERROR;
      BatchLedger.failed(INSERT, pendingOk);
    }
    batchTimer.record(INSERT_BATCH, status, intended, start, System.nanoTime());
    pending.clear();
    pendingOk = 0;
    return status;
  }

  @Override
  public Status delete(String table, String key) {
    Schedule.onOperation();
    try {
      WriteResult r = collection(table).remove(new BasicDBObject("_id", key), writeConcern);
      if (r.wasAcknowledged() && r.getN() == 0) {
        ErrorLog.report("DELETE", "no document with this _id in " + table);
        return Status.NOT_FOUND;
      }
      return Status.OK;
    } catch (MongoException e) {
      return failed("DELETE", e);
    }
  }

  private static Status failed(String op, MongoException e) {
    ErrorLog.report(op, LegacyErrors.describe(e));
    return Status.ERROR;
  }

  private DBCollection collection(String table) {
    return collections.computeIfAbsent(table, connection::collection);
  }

  private static BasicDBObject fields(BasicDBObject fields, Map<String, ByteIterator> values) {
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      fields.append(e.getKey(), e.getValue().toArray());
    }
    return fields;
  }

  private static DBObject projection(Set<String> fields) {
    if (fields == null) {
      return null;
    }
    BasicDBObject p = new BasicDBObject();
    for (String f : fields) {
      p.append(f, 1);
    }
    return p;
  }

  private static void fill(DBObject doc, Map<String, ByteIterator> result) {
    for (String k : doc.keySet()) {
      if (k.equals("_id")) {
        continue;
      }
      Object v = doc.get(k);
      if (v instanceof byte[]) {
        result.put(k, new ByteArrayByteIterator((byte[]) v));
      } else if (v != null) {
        result.put(k, new StringByteIterator(v.toString()));
      }
    }
  }
}
