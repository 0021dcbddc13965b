package site.ycsbx.db.mongodb.conn;

import com.mongodb.client.MongoClient;
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
   * Checks against the server, after it was found usable.
   *
   * @param client a short-timeout client of the preflight: read-only commands only
   */
  default void checkServer(StoreDemand demand, MongoOptions options, MongoClient client) {
  }

  /**
   * {@link #checkServer(StoreDemand, MongoOptions, MongoClient)}, for a family that also records
   * in the fingerprint how it will use this server (e.g. linkbench's transactions).
   */
  default void checkServer(StoreDemand demand, MongoOptions options, MongoClient client, Fingerprint fingerprint) {
    checkServer(demand, options, client);
  }
}
