package site.ycsbx.db.mongodb;

import com.mongodb.MongoException;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoErrors;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.MongoSchema;
import site.ycsbx.db.mongodb.port.driver.DriverPort;
import site.ycsbx.db.mongodb.ycsb.YcsbCrud;
import site.ycsbx.faults.Deadline;
import site.ycsbx.faults.InFlight;
import site.ycsbx.measurements.BatchLedger;
import site.ycsbx.measurements.Schedule;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.PreflightOnce;
import site.ycsbx.store.Provides;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.YcsbTable;
import site.ycsbx.util.UserError;

/**
 * YCSB's DB for MongoDB through the official synchronous driver, with YCSB's mongodb binding's
 * semantics: one document per record, {@code _id} = the key, each field a binary value; a scan
 * reads {@code _id >= startkey} in key order ({@link YcsbCrud}, over the driver's
 * {@link DriverPort}). All client threads share one MongoClient.
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
  public static final String INSERT_BATCH = YcsbCrud.INSERT_BATCH;

  private MongoConnection connection;
  private YcsbCrud crud;
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
    MongoSchema schema = connection.schema();
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
    DriverPort port = new DriverPort(connection.database(), MongoErrors::describe);
    crud = new YcsbCrud(port, options.batchSize(), options.upsert(), table -> {
      try {
        schema.ensureCollection(table);
      } catch (MongoException e) {
        throw port.failure(e);
      }
    });
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
      if (crud != null && crud.hasPending()) {
        if (inFlight != null) {
          inFlight.start(null); // not one of YCSB's operations: its rows settle in the BatchLedger
        }
        try {
          crud.flush(); // a failure is recorded as a failed INSERT_BATCH and logged
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
      return crud.read(table, key, fields, result);
    } finally {
      inFlight.end();
    }
  }


  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    inFlight.start("SCAN");
    try {
      return crud.scan(table, startkey, recordcount, fields, result);
    } finally {
      inFlight.end();
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    inFlight.start("UPDATE");
    try {
      return crud.update(table, key, values);
    } finally {
      inFlight.end();
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    inFlight.start("INSERT");
    try {
      return crud.insert(table, key, values);
    } finally {
      inFlight.end();
    }
  }

  @Override
  public Status delete(String table, String key) {
    inFlight.start("DELETE");
    try {
      return crud.delete(table, key);
    } finally {
      inFlight.end();
    }
  }
}
