package site.ycsbx.db.mongodb;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gte;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoClientException;
import com.mongodb.MongoException;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.result.DeleteResult;
import com.mongodb.client.result.UpdateResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.bson.Document;
import org.bson.types.Binary;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoErrors;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.MongoSchema;
import site.ycsbx.faults.Deadline;
import site.ycsbx.faults.InFlight;
import site.ycsbx.faults.Outages;
import site.ycsbx.faults.Reconnect;
import site.ycsbx.measurements.BatchLedger;
import site.ycsbx.measurements.OpTimer;
import site.ycsbx.measurements.Schedule;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.PreflightOnce;
import site.ycsbx.store.Provides;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.YcsbTable;
import site.ycsbx.util.UserError;
import site.ycsbx.verdict.ErrorLog;

/**
 * YCSB's DB for MongoDB through the official synchronous driver, with YCSB's mongodb binding's
 * semantics: one document per record, {@code _id} = the key, each field a binary value; a scan
 * reads {@code _id >= startkey} in key order. All client threads share one MongoClient.
 *
 * <p>With {@value MongoOptions#BATCH_SIZE_PROPERTY} above 1, inserts are buffered per thread and
 * sent with one insertMany: the calls that only append return {@link Status#BATCHED_OK}, and
 * each batch's round trip is also recorded as one {@value #INSERT_BATCH} operation, the
 * latency to read for batched loads. The last partial batch is sent in {@link #cleanup()}. A
 * queued row counts as stored only when its batch is acknowledged: the {@link BatchLedger}
 * hears what became of it.
 *
 * <p>Each client thread is also offered the stores of YCSB-X's workload families, as listed in
 * {@link MongoStores}.
 */
@Provides(stores = MongoStores.class, preflight = MongoPreflight.class)
public class MongoDbClient extends DB {
  /** Operation name under which each batch's round trip is measured. */
  public static final String INSERT_BATCH = "INSERT_BATCH";
  /** YCSB's name for an insert, under which queued rows are settled in the {@link BatchLedger}. */
  private static final String INSERT = "INSERT";

  private static final ReplaceOptions UPSERT = new ReplaceOptions().upsert(true);
  private static final Document BY_KEY = new Document("_id", 1);

  private MongoConnection connection;
  private MongoSchema schema;
  private int batchSize;
  private boolean upsert;
  private final Map<String, MongoCollection<Document>> collections = new HashMap<>();
  private final Set<String> ensured = new HashSet<>();
  private final List<Document> pending = new ArrayList<>();
  private String pendingTable;
  // rows of the pending batch whose insert returned BATCHED_OK (see BatchLedger)
  private int pendingOk;
  private OpTimer batchTimer;
  // what this thread has under way, for maxexecutiontime on a frozen server (see InFlight)
  private InFlight inFlight;

  @Override
  public void init() throws DBException {
    MongoOptions options;
    try {
      PreflightOnce.run(preflightType(), getProperties());
      options = options(getProperties());
    } catch (UserError e) {
      throw new DBException(e.getMessage());
    }
    try {
      connection = MongoConnection.acquire(options);
    } catch (MongoException | IllegalArgumentException e) {
      throw new DBException("cannot create a MongoDB client for " + options.maskedUrl() + ": "
          + MongoOptions.redact(MongoErrors.describe(e), options.url()));
    }
    schema = connection.schema();
    Properties props = getProperties();
    if (YcsbTable.drop(props) && Preflight.Phase.of(props) == Preflight.Phase.LOAD && StoreDemand.of(props).isNone()) {
      try {
        YcsbCollectionCheck.dropOnce(connection, props);
      } catch (UserError | MongoException e) {
        connection.release();
        connection = null;
        throw new DBException(e instanceof UserError ? e.getMessage() : "cannot drop " + YcsbTable.of(props).name()
            + " (" + YcsbTable.DROP_PROPERTY + "=true): " + MongoErrors.describe(e));
      }
    }
    Schedule.configure(getProperties());
    batchSize = options.batchSize();
    upsert = options.upsert();
    if (batchSize > 1) {
      batchTimer = new OpTimer();
    }
    new MongoStores().offer(connection);
    Deadline.arm(props);
    inFlight = InFlight.open();
  }

  /** The options of this run; mongodb-embedded points them at its own server. */
  protected MongoOptions options(Properties props) {
    return MongoOptions.parse(props);
  }

  private Class<? extends Preflight> preflightType() {
    Provides p = getClass().getAnnotation(Provides.class);
    return p == null ? MongoPreflight.class : p.preflight();
  }

  @Override
  public void cleanup() throws DBException {
    try {
      if (!pending.isEmpty()) {
        if (inFlight != null) {
          inFlight.start(null); // not one of YCSB's operations: its rows settle in the BatchLedger
        }
        try {
          flush(); // a failure is recorded as a failed INSERT_BATCH and logged
        } finally {
          if (inFlight != null) {
            inFlight.end();
          }
        }
      }
    } finally {
      StoreRegistry.clear();
      if (connection != null) {
        connection.release();
        connection = null;
      }
      if (inFlight != null) {
        inFlight.close();
      }
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    inFlight.start("READ");
    try {
      return readNow(table, key, fields, result);
    } finally {
      inFlight.end();
    }
  }

  private Status readNow(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Schedule.onOperation();
    try {
      FindIterable<Document> find = collection(table).find(eq("_id", key));
      if (fields != null) {
        find = find.projection(projection(fields));
      }
      Document doc = find.first();
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
    inFlight.start("SCAN");
    try {
      return scanNow(table, startkey, recordcount, fields, result);
    } finally {
      inFlight.end();
    }
  }

  private Status scanNow(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    Schedule.onOperation();
    try (MongoCursor<Document> cursor = scanFrom(table, startkey, recordcount, fields)) {
      if (!cursor.hasNext()) {
        ErrorLog.report("SCAN", "no document at or after the start key in " + table + " (was it loaded?)");
        return Status.NOT_FOUND;
      }
      result.ensureCapacity(recordcount);
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
    inFlight.start("UPDATE");
    try {
      return updateNow(table, key, values);
    } finally {
      inFlight.end();
    }
  }

  private Status updateNow(String table, String key, Map<String, ByteIterator> values) {
    Schedule.onOperation();
    Document fields = new Document();
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      fields.append(e.getKey(), e.getValue().toArray());
    }
    try {
      UpdateResult r = collection(table).updateOne(eq("_id", key), new Document("$set", fields));
      if (r.wasAcknowledged() && r.getMatchedCount() == 0) {
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
    inFlight.start("INSERT");
    try {
      return insertNow(table, key, values);
    } finally {
      inFlight.end();
    }
  }

  private Status insertNow(String table, String key, Map<String, ByteIterator> values) {
    Schedule.onOperation();
    Document doc = new Document("_id", key);
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      doc.append(e.getKey(), e.getValue().toArray());
    }
    if (batchSize == 1) {
      try {
        MongoCollection<Document> c = collectionForWrite(table);
        if (upsert) {
          c.replaceOne(eq("_id", key), doc, UPSERT);
        } else {
          c.insertOne(doc);
        }
        return Status.OK;
      } catch (MongoException e) {
        return failed("INSERT", e);
      }
    }
    if (pendingTable != null && !pendingTable.equals(table) && !pending.isEmpty()) {
      Status earlier = flush();
      if (!earlier.isOk()) {
        // this row is not queued behind a failed batch: it fails here, and YCSB's loader stops
        ErrorLog.report("INSERT", "the batch before this insert failed (see " + INSERT_BATCH + ")");
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
      ErrorLog.report("INSERT", "the batch this insert completed failed (see " + INSERT_BATCH + ")");
    }
    return sent;
  }

  /** Sends the pending inserts in one round trip, timed as one {@value #INSERT_BATCH}. */
  private Status flush() {
    Status status;
    long intended = batchTimer.intendedStartNanos();
    long start = System.nanoTime();
    try {
      MongoCollection<Document> c = collectionForWrite(pendingTable);
      if (upsert) {
        List<ReplaceOneModel<Document>> models = new ArrayList<>(pending.size());
        for (Document d : pending) {
          models.add(new ReplaceOneModel<>(eq("_id", d.get("_id")), d, UPSERT));
        }
        c.bulkWrite(models);
      } else {
        c.insertMany(pending);
      }
      status = Status.OK;
      BatchLedger.stored(INSERT, pendingOk);
    } catch (MongoException e) {
      ErrorLog.report(INSERT_BATCH, "batch of " + pending.size() + " inserts: " + MongoErrors.describe(e));
      status = Status.ERROR;
      Outages.operationFailed();
      // the queued rows come first in the batch (the insert that completes it is last), and an
      // ordered insertMany acknowledges the rows before its first failed write
      int stored = Math.min(pendingOk, acknowledgedPrefix(e));
      BatchLedger.stored(INSERT, stored);
      BatchLedger.failed(INSERT, pendingOk - stored);
    }
    batchTimer.record(INSERT_BATCH, status, intended, start, System.nanoTime());
    pending.clear();
    pendingOk = 0;
    return status;
  }

  // rows an ordered bulk write stored before it stopped: none unless the server said which write
  // failed and acknowledged the rest with the write concern asked for
  private static int acknowledgedPrefix(MongoException e) {
    if (e instanceof MongoBulkWriteException) {
      MongoBulkWriteException b = (MongoBulkWriteException) e;
      if (b.getWriteConcernError() == null && !b.getWriteErrors().isEmpty()) {
        return b.getWriteErrors().get(0).getIndex();
      }
    }
    return 0;
  }

  @Override
  public Status delete(String table, String key) {
    inFlight.start("DELETE");
    try {
      return deleteNow(table, key);
    } finally {
      inFlight.end();
    }
  }

  private Status deleteNow(String table, String key) {
    Schedule.onOperation();
    try {
      DeleteResult r = collection(table).deleteOne(eq("_id", key));
      if (r.wasAcknowledged() && r.getDeletedCount() == 0) {
        ErrorLog.report("DELETE", "no document with this _id in " + table);
        return Status.NOT_FOUND;
      }
      return Status.OK;
    } catch (MongoException e) {
      return failed("DELETE", e);
    }
  }

  private static Status failed(String op, MongoException e) {
    ErrorLog.report(op, MongoErrors.describe(e));
    Outages.operationFailed();
    return Status.ERROR;
  }

  private MongoCollection<Document> collection(String table) {
    if (Outages.hasGivenUp()) {
      // the run ends (see ycsbx.reconnect.giveupseconds): the operations left fail at once
      throw new MongoClientException("no server: the run gave up on it (" + Reconnect.GIVE_UP_PROPERTY + ")");
    }
    MongoCollection<Document> c = collections.get(table);
    if (c == null) {
      c = connection.database().getCollection(table);
      collections.put(table, c);
    }
    return c;
  }

  // the first write creates the collection with mongodb.collectionConfig when it is absent
  private MongoCollection<Document> collectionForWrite(String table) {
    if (ensured.add(table)) {
      try {
        schema.ensureCollection(table);
      } catch (MongoException e) {
        ensured.remove(table);
        throw e;
      }
    }
    return collection(table);
  }

  private MongoCursor<Document> scanFrom(String table, String startkey, int recordcount, Set<String> fields) {
    FindIterable<Document> find = collection(table).find(gte("_id", startkey)).sort(BY_KEY).limit(recordcount);
    if (fields != null) {
      find = find.projection(projection(fields));
    }
    return find.iterator();
  }

  private static Document projection(Set<String> fields) {
    Document p = new Document();
    for (String f : fields) {
      p.append(f, 1);
    }
    return p;
  }

  private static void fill(Document doc, Map<String, ByteIterator> result) {
    for (Map.Entry<String, Object> e : doc.entrySet()) {
      if (e.getKey().equals("_id")) {
        continue;
      }
      Object v = e.getValue();
      if (v instanceof Binary) {
        result.put(e.getKey(), new ByteArrayByteIterator(((Binary) v).getData()));
      } else if (v != null) {
        result.put(e.getKey(), new StringByteIterator(v.toString()));
      }
    }
  }
}
