package site.ycsbx.db.mongodb;

import com.mongodb.MongoException;
import java.util.Properties;
import site.ycsb.DBException;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoErrors;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.MongoSchema;
import site.ycsbx.db.mongodb.port.driver.DriverPort;
import site.ycsbx.db.mongodb.ycsb.CrudClient;
import site.ycsbx.db.mongodb.ycsb.YcsbCrud;
import site.ycsbx.faults.Deadline;
import site.ycsbx.faults.InFlight;
import site.ycsbx.measurements.BatchLedger;
import site.ycsbx.measurements.Schedule;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.Provides;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.YcsbTable;
import site.ycsbx.util.UserError;

/**
 * YCSB's DB for MongoDB through the official synchronous driver, with YCSB's mongodb binding's
 * semantics: one document per record, {@code _id} = the key, each field a binary value; a scan
 * reads {@code _id >= startkey} in key order ({@link YcsbCrud}, over the driver's
 * {@link DriverPort}). All client threads share one MongoClient.
 *
 * <p>With {@value MongoOptions#BATCH_SIZE_PROPERTY} above 1, inserts are buffered per thread and
 * sent with one insertMany: the calls that only append return {@link site.ycsb.Status#BATCHED_OK}, and
 * each batch's round trip is also recorded as one {@value YcsbCrud#INSERT_BATCH} operation, the
 * latency to read for batched loads. The last partial batch is sent in cleanup ({@link CrudClient}). A
 * queued row counts as stored only when its batch is acknowledged: the {@link BatchLedger}
 * hears what became of it.
 *
 * <p>Each client thread is also offered the stores of YCSB-X's workload families, as listed in
 * {@link MongoStores}.
 */
@Provides(stores = MongoStores.class, preflight = MongoPreflight.class)
public class MongoDbClient extends CrudClient<MongoConnection> {
  @Override
  public void init() throws DBException {
    MongoOptions options = open(preflightType(), this::options, MongoConnection::acquire);
    MongoConnection connection = connection();
    MongoSchema schema = connection.schema();
    Properties props = getProperties();
    if (YcsbTable.drop(props) && Preflight.Phase.of(props) == Preflight.Phase.LOAD && StoreDemand.of(props).isNone()) {
      try {
        YcsbCollectionCheck.dropOnce(connection, props);
      } catch (UserError | MongoException e) {
        throw failed(e instanceof UserError ? e.getMessage() : "cannot drop " + YcsbTable.of(props).name()
            + " (" + YcsbTable.DROP_PROPERTY + "=true): " + MongoErrors.describe(e));
      }
    }
    Schedule.configure(getProperties());
    DriverPort port = new DriverPort(connection.database(), MongoErrors::describe);
    YcsbCrud crud = new YcsbCrud(port, options.batchSize(), options.upsert(), table -> {
      try {
        schema.ensureCollection(table);
      } catch (MongoException e) {
        throw port.failure(e);
      }
    });
    new MongoStores().offer(connection);
    Deadline.arm(props);
    serve(crud, InFlight.open());
  }

  /** The options of this run; mongodb-embedded points them at its own server. */
  protected MongoOptions options(Properties props) {
    return MongoOptions.parse(props);
  }

  private Class<? extends Preflight> preflightType() {
    Provides p = getClass().getAnnotation(Provides.class);
    return p == null ? MongoPreflight.class : p.preflight();
  }
}
