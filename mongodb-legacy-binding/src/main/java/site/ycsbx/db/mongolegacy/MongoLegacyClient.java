package site.ycsbx.db.mongolegacy;

import site.ycsb.DBException;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.ycsb.CrudClient;
import site.ycsbx.db.mongodb.ycsb.YcsbCrud;
import site.ycsbx.db.mongolegacy.conn.LegacyConnection;
import site.ycsbx.db.mongolegacy.port.LegacyPort;
import site.ycsbx.measurements.BatchLedger;
import site.ycsbx.measurements.Schedule;
import site.ycsbx.store.Provides;

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
 * {@link site.ycsb.Status#BATCHED_OK}, each round trip is measured as {@value YcsbCrud#INSERT_BATCH}, and the
 * {@link BatchLedger} hears what became of the queued rows.
 */
@Provides(stores = LegacyStores.class, preflight = LegacyPreflight.class)
public class MongoLegacyClient extends CrudClient<LegacyConnection> {
  @Override
  public void init() throws DBException {
    MongoOptions options = open(LegacyPreflight.class, MongoOptions::parse, LegacyConnection::acquire);
    // no upsert (its preflight refuses mongodb.upsert) and no collection options on these
    // servers: the first write creates a collection; no deadline watches these threads
    serve(new YcsbCrud(connection().port(options.database()), options.batchSize(), false, table -> { }), null);
    Schedule.configure(getProperties());
    new LegacyStores().offer(connection());
  }
}
