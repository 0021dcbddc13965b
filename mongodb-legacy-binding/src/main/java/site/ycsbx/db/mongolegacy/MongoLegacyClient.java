package site.ycsbx.db.mongolegacy;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongolegacy.conn.LegacyConnection;
import site.ycsbx.db.mongolegacy.conn.LegacyErrors;
import site.ycsbx.db.mongodb.ycsb.YcsbCrud;
import site.ycsbx.db.mongolegacy.port.LegacyPort;
import site.ycsbx.measurements.BatchLedger;
import site.ycsbx.measurements.Schedule;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoException;
import site.ycsbx.store.PreflightOnce;
import site.ycsbx.store.Provides;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.util.Secrets;
import site.ycsbx.util.UserError;

/**
 * YCSB's DB for MongoDB 2.4 and TokuMX, with the mongodb binding's semantics (one document per
 * record, {@code _id} = the key, each field binary; a scan reads {@code _id >= startkey} in key
 * order; {@link YcsbCrud}, as the mongodb binding's) over driver 3.5's legacy API
 * ({@link LegacyPort}), which on wire version 0 writes with OP_INSERT, OP_UPDATE and OP_DELETE,
 * each followed by a getLastError carrying the write concern.
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
  public static final String INSERT_BATCH = YcsbCrud.INSERT_BATCH;

  private LegacyConnection connection;
  private YcsbCrud crud;

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
    // no upsert (its preflight refuses mongodb.upsert) and no collection options on these
    // servers: the first write creates a collection
    crud = new YcsbCrud(new LegacyPort(connection.database(), connection.writeConcern(), LegacyErrors::describe),
        options.batchSize(), false, table -> { });
    Schedule.configure(getProperties());
    new LegacyStores().offer(connection);
  }

  @Override
  public void cleanup() throws DBException {
    try {
      if (crud != null && crud.hasPending()) {
        crud.flush(); // a failure is recorded as a failed INSERT_BATCH and logged
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
    return crud.read(table, key, fields, result);
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return crud.scan(table, startkey, recordcount, fields, result);
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return crud.update(table, key, values);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return crud.insert(table, key, values);
  }

  @Override
  public Status delete(String table, String key) {
    return crud.delete(table, key);
  }
}
