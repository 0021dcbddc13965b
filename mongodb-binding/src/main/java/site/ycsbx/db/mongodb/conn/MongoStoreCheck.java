package site.ycsbx.db.mongodb.conn;

import com.mongodb.client.MongoClient;
import java.util.function.Function;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.db.mongodb.port.driver.DriverPort;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.util.UserError;

/**
 * What a workload family checks before any thread starts, registered in the binding's catalog (MongoStores) for
 * its store interface: the preflights run it for the store the workload takes, so they never
 * need to know a workload. A refusal is a {@link UserError} naming the property that fixes it.
 */
public interface MongoStoreCheck {
  /** For families with nothing to check. */
  MongoStoreCheck NONE = new MongoStoreCheck() {
  };

  /**
   * Checks that need only the options; runs before any server is contacted (for
   * mongodb-embedded, before its server and data folder exist), so bad input creates nothing.
   */
  default void checkOptions(StoreDemand demand, MongoOptions options) {
  }

  /**
   * Checks against the server, after it was found usable; unless a family overrides it, its
   * checks over the port ({@link #checkServer(StoreDemand, MongoOptions, Function)}) on this client.
   *
   * @param client a short-timeout client of the preflight: read-only commands only
   */
  default void checkServer(StoreDemand demand, MongoOptions options, MongoClient client) {
    checkServer(demand, options, db -> new DriverPort(client.getDatabase(db), MongoErrors::describe));
  }

  /**
   * Checks against the server through the driver port, so that a family checks alike on both
   * driver lines: the legacy binding's preflight calls this one.
   *
   * @param ports the port to a database by name, on a short-timeout client of the preflight: read-only commands only
   */
  default void checkServer(StoreDemand demand, MongoOptions options, Function<String, MongoPort> ports) {
  }

  /**
   * {@link #checkServer(StoreDemand, MongoOptions, Function)}, for a family that also records in
   * the fingerprint how it will use this server on a line without sessions (sysbench's TokuMX
   * transactions): what the legacy binding's preflight calls.
   */
  default void checkServer(StoreDemand demand, MongoOptions options, Function<String, MongoPort> ports,
      Fingerprint fingerprint) {
    checkServer(demand, options, ports);
  }

  /**
   * {@link #checkServer(StoreDemand, MongoOptions, MongoClient)}, for a family that also records
   * in the fingerprint how it will use this server (e.g. linkbench's transactions).
   */
  default void checkServer(StoreDemand demand, MongoOptions options, MongoClient client, Fingerprint fingerprint) {
    checkServer(demand, options, client);
  }
}
