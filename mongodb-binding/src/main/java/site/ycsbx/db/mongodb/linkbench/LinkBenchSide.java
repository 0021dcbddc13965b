package site.ycsbx.db.mongodb.linkbench;

import java.util.Map;
import java.util.function.Function;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.Transactions;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.store.StoreException;

/**
 * What {@link MongoLinkBenchStore} needs of its binding besides the port: the run's options, a
 * port to each database of the server, and what differs between the driver lines. As it stands it
 * is the legacy line's (MongoDB 2.4, TokuMX): no sessions, so no transactions ({@code
 * linkbench.transactions=true} is refused, auto means none); collections created by their first
 * write, indexes as 2.4 builds them. The mongodb binding's side ({@link DriverLinkBenchSide})
 * adds transactions where the server has them and the schema helper's collection options.
 */
public class LinkBenchSide {
  /** Said when linkbench.transactions=true is asked of a line without sessions. */
  static final String NO_SESSIONS = MongoLinkBenchStore.TRANSACTIONS.noSessions();

  private final MongoOptions options;
  private final Function<String, MongoPort> ports;
  private final MongoLinkBenchStore.Shared shared;

  /**
   * @param ports the port to a database by name, writing with the run's write concern
   * @param shared what the stores of one connection share
   */
  public LinkBenchSide(MongoOptions options, Function<String, MongoPort> ports, MongoLinkBenchStore.Shared shared) {
    this.options = options;
    this.ports = ports;
    this.shared = shared;
  }

  public final MongoOptions options() {
    return options;
  }

  final MongoLinkBenchStore.Shared shared() {
    return shared;
  }

  /** The port to the database of {@code collection} ({@value MongoOptions#DATABASE_PER_COLLECTION_PROPERTY}). */
  public final MongoPort portOf(String collection) {
    return ports.apply(options.databaseOf(collection));
  }

  /** The port whose writes of {@code collection} are acknowledged, for the node counter's next id; here findAndModify answers anyway. */
  public MongoPort acknowledgedPortOf(String collection) {
    return portOf(collection);
  }

  /** Whether link writes run in transactions; a setting this line cannot serve is refused. */
  public boolean transactions() throws StoreException {
    if (MongoLinkBenchStore.TRANSACTIONS.of(options.properties()) == Transactions.Mode.TRUE) {
      throw new StoreException(NO_SESSIONS);
    }
    return false;
  }

  /**
   * Runs {@code body} in one multi-document transaction, its writes through the ports it is
   * given; only called when {@link #transactions()} is true, which it never is here.
   */
  public <T> T inTransaction(Function<Function<String, MongoPort>, T> body) {
    throw new UnsupportedOperationException("no transactions on this driver line");
  }

  /** Makes the collection exist before its indexes are asked for; here its first write creates it. */
  public void ensureCollection(String collection) {
  }

  /** Creates the index of {@code keys} when absent, unique or not. */
  public void ensureIndex(String collection, Map<String, Object> keys, String name, boolean unique) {
    portOf(collection).collection(collection).createIndex(keys, name, unique);
  }

  /** Drops the collection and its indexes, when it exists. */
  public void drop(String collection) {
    portOf(collection).collection(collection).drop();
  }
}
