package site.ycsbx.db.mongodb.ycsb;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.db.mongodb.port.PortCollection;
import site.ycsbx.db.mongodb.port.PortCursor;
import site.ycsbx.db.mongodb.port.PortException;
import site.ycsbx.faults.Outages;
import site.ycsbx.faults.Reconnect;
import site.ycsbx.measurements.BatchLedger;
import site.ycsbx.measurements.OpTimer;
import site.ycsbx.measurements.Schedule;
import site.ycsbx.verdict.ErrorLog;

/**
 * YCSB's CRUD for one client thread over the {@link MongoPort}, as the mongodb binding has always
 * done it: one document per record, {@code _id} = the key, each field a binary value; a scan
 * reads {@code _id >= startkey} in key order. The mongodb and mongodb-legacy bindings' DB classes
 * delegate to it.
 *
 * <p>With a batch size above 1, inserts are queued and sent with one
 * {@link PortCollection#insertMany} (or {@link PortCollection#upsertMany}): the calls that only
 * append return {@link Status#BATCHED_OK}, and each batch's round trip is also recorded as one
 * {@value #INSERT_BATCH} operation, the latency to read for batched loads. The DB sends the last
 * partial batch with {@link #flush()} in its cleanup. A queued row counts as stored only when its
 * batch is acknowledged: the {@link BatchLedger} hears what became of it.
 */
public final class YcsbCrud {
  /** Operation name under which each batch's round trip is measured. */
  public static final String INSERT_BATCH = "INSERT_BATCH";
  /** YCSB's name for an insert, under which queued rows are settled in the {@link BatchLedger}. */
  private static final String INSERT = "INSERT";

  /** What a binding does before its first write to a collection (mongodb: create it with mongodb.collectionConfig). */
  @FunctionalInterface
  public interface FirstWrite {
    void prepare(String collection) throws PortException;
  }

  private final MongoPort port;
  private final int batchSize;
  private final boolean upsert;
  private final FirstWrite firstWrite;
  private final Map<String, Object> byKey;
  private final Map<String, PortCollection> collections = new HashMap<>();
  private final Set<String> ensured = new HashSet<>();
  private final List<Map<String, Object>> pending = new ArrayList<>();
  private String pendingTable;
  // rows of the pending batch whose insert returned BATCHED_OK (see BatchLedger)
  private int pendingOk;
  private final OpTimer batchTimer;

  /**
   * A thread's CRUD over {@code port}: {@code batchSize} rows per insert round trip, each insert
   * an upsert by {@code _id} when {@code upsert}.
   */
  public YcsbCrud(MongoPort port, int batchSize, boolean upsert, FirstWrite firstWrite) {
    this.port = port;
    this.batchSize = batchSize;
    this.upsert = upsert;
    this.firstWrite = firstWrite;
    this.byKey = port.document("_id", 1);
    this.batchTimer = batchSize > 1 ? new OpTimer() : null;
  }

  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Schedule.onOperation();
    try {
      Map<String, Object> doc = collection(table).findOne(port.document("_id", key), projection(fields));
      if (doc == null) {
        ErrorLog.report("READ", "no document with this _id in " + table + " (was it loaded?)");
        return Status.NOT_FOUND;
      }
      fill(doc, result);
      return Status.OK;
    } catch (PortException e) {
      return failed("READ", e);
    }
  }

  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    Schedule.onOperation();
    Map<String, Object> from = port.document("_id", port.document("$gte", startkey));
    try (PortCursor cursor = collection(table).find(from, projection(fields), byKey, recordcount)) {
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
    } catch (PortException e) {
      return failed("SCAN", e);
    }
  }

  public Status update(String table, String key, Map<String, ByteIterator> values) {
    Schedule.onOperation();
    Map<String, Object> fields = fields(port.document(), values);
    try {
      long matched = collection(table).updateOne(port.document("_id", key), port.document("$set", fields));
      if (matched == 0) {
        ErrorLog.report("UPDATE", "no document with this _id in " + table + " (was it loaded?)");
        return Status.NOT_FOUND;
      }
      return Status.OK;
    } catch (PortException e) {
      return failed("UPDATE", e);
    }
  }

  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Schedule.onOperation();
    Map<String, Object> doc = fields(port.document("_id", key), values);
    if (batchSize == 1) {
      try {
        send(table, doc);
        return Status.OK;
      } catch (PortException e) {
        return failed(INSERT, e);
      }
    }
    if (pendingTable != null && !pendingTable.equals(table) && !pending.isEmpty()) {
      Status earlier = flush();
      if (!earlier.isOk()) {
        // this row is not queued behind a failed batch: it fails here, and YCSB's loader stops
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

  /** Whether inserts are queued, for the DB's cleanup to {@link #flush()}. */
  public boolean hasPending() {
    return !pending.isEmpty();
  }

  /** Sends the pending inserts in one round trip, timed as one {@value #INSERT_BATCH}. */
  public Status flush() {
    Status status;
    long intended = batchTimer.intendedStartNanos();
    long start = System.nanoTime();
    try {
      send(pendingTable, null);
      status = Status.OK;
      BatchLedger.stored(INSERT, pendingOk);
    } catch (PortException e) {
      ErrorLog.report(INSERT_BATCH, "batch of " + pending.size() + " inserts: " + e.getMessage());
      status = Status.ERROR;
      Outages.operationFailed();
      // the queued rows come first in the batch (the insert that completes it is last)
      int stored = Math.min(pendingOk, e.storedBefore());
      BatchLedger.stored(INSERT, stored);
      BatchLedger.failed(INSERT, pendingOk - stored);
    }
    batchTimer.record(INSERT_BATCH, status, intended, start, System.nanoTime());
    pending.clear();
    pendingOk = 0;
    return status;
  }

  public Status delete(String table, String key) {
    Schedule.onOperation();
    try {
      long deleted = collection(table).deleteOne(port.document("_id", key));
      if (deleted == 0) {
        ErrorLog.report("DELETE", "no document with this _id in " + table);
        return Status.NOT_FOUND;
      }
      return Status.OK;
    } catch (PortException e) {
      return failed("DELETE", e);
    }
  }

  /** Writes {@code doc}, or the pending batch when it is null: inserted, or upserted by {@code _id}. */
  private void send(String table, Map<String, Object> doc) {
    PortCollection c = collectionForWrite(table);
    if (doc == null && upsert) {
      c.upsertMany(pending);
    } else if (doc == null) {
      c.insertMany(pending);
    } else if (upsert) {
      c.upsertOne(doc);
    } else {
      c.insertOne(doc);
    }
  }

  private static Status failed(String op, PortException e) {
    ErrorLog.report(op, e.getMessage());
    Outages.operationFailed();
    return Status.ERROR;
  }

  private PortCollection collection(String table) {
    if (Outages.hasGivenUp()) {
      // the run ends (see ycsbx.reconnect.giveupseconds): the operations left fail at once
      throw new PortException("no server: the run gave up on it (" + Reconnect.GIVE_UP_PROPERTY + ")");
    }
    PortCollection c = collections.get(table);
    if (c == null) {
      c = port.collection(table);
      collections.put(table, c);
    }
    return c;
  }

  // the first write to a collection runs the binding's FirstWrite (again after a failure)
  private PortCollection collectionForWrite(String table) {
    if (ensured.add(table)) {
      try {
        firstWrite.prepare(table);
      } catch (PortException e) {
        ensured.remove(table);
        throw e;
      }
    }
    return collection(table);
  }

  private Map<String, Object> projection(Set<String> fields) {
    if (fields == null) {
      return null;
    }
    Map<String, Object> p = port.document();
    for (String f : fields) {
      p.put(f, 1);
    }
    return p;
  }

  private static Map<String, Object> fields(Map<String, Object> doc, Map<String, ByteIterator> values) {
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      doc.put(e.getKey(), e.getValue().toArray());
    }
    return doc;
  }

  private static void fill(Map<String, Object> doc, Map<String, ByteIterator> result) {
    for (Map.Entry<String, Object> e : doc.entrySet()) {
      if (e.getKey().equals("_id")) {
        continue;
      }
      Object v = e.getValue();
      if (v instanceof byte[]) {
        result.put(e.getKey(), new ByteArrayByteIterator((byte[]) v));
      } else if (v != null) {
        result.put(e.getKey(), new StringByteIterator(v.toString()));
      }
    }
  }
}
