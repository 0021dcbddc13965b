package site.ycsbx.db.mongodb.conn;

import com.mongodb.MongoException;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import java.util.Map;
import java.util.function.Function;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.db.mongodb.port.PortException;
import site.ycsbx.store.IndexSpec;

/**
 * The base of a family's side (what its store needs of the binding besides the port): the run's
 * options, a port to each database, and the schema calls. On the legacy line (MongoDB 2.4,
 * TokuMX) a collection is created by its first write and indexes as 2.4 builds them, through the
 * port; on the mongodb binding's (a side made of its {@link MongoConnection}) through
 * {@link MongoSchema}, with the user's storage-engine config strings.
 */
public class FamilySide {
  private final MongoOptions options;
  private final Function<String, MongoPort> ports;
  private final MongoConnection connection;

  /**
   * The legacy line's side: {@code ports} gives the port to a database by name, writing with the
   * run's write concern.
   */
  protected FamilySide(MongoOptions options, Function<String, MongoPort> ports) {
    this(options, ports, null);
  }

  /** The mongodb binding's side, on the thread's connection. */
  protected FamilySide(MongoConnection connection) {
    this(connection.options(), connection::port, connection);
  }

  private FamilySide(MongoOptions options, Function<String, MongoPort> ports, MongoConnection connection) {
    this.options = options;
    this.ports = ports;
    this.connection = connection;
  }

  public final MongoOptions options() {
    return options;
  }

  /** The port to the database of {@code collection} ({@value MongoOptions#DATABASE_PER_COLLECTION_PROPERTY}). */
  public final MongoPort portOf(String collection) {
    return ports.apply(options.databaseOf(collection));
  }

  /** The port to the run's database ({@value MongoOptions#URL_PROPERTY}'s), for commands on no collection. */
  public final MongoPort databasePort() {
    return ports.apply(options.database());
  }

  /** Makes the collection exist before its indexes are asked for; on the legacy line its first write creates it. */
  public final void ensureCollection(String collection) {
    if (connection != null) {
      driver(() -> schema(collection).ensureCollection(collection));
    }
  }

  /** Creates the index when absent. */
  public final void ensureIndex(String collection, IndexSpec index) {
    if (connection != null) {
      driver(() -> schema(collection).ensureIndex(collection, Indexes.ascending(index.columns()),
          new IndexOptions().name(index.name())));
      return;
    }
    MongoPort port = portOf(collection);
    Map<String, Object> keys = port.document();
    index.columns().forEach(c -> keys.put(c, 1));
    port.collection(collection).createIndex(keys, index.name());
  }

  /** Drops the collection and its indexes, when it exists. */
  public final void drop(String collection) {
    if (connection != null) {
      driver(() -> schema(collection).drop(collection));
    } else {
      portOf(collection).collection(collection).drop();
    }
  }

  private MongoSchema schema(String collection) {
    return connection.schema(options.databaseOf(collection));
  }

  /** Runs a side's own driver calls, the driver's failures as the port's, so the store reports them alike. */
  protected static void driver(Runnable call) {
    try {
      call.run();
    } catch (MongoException e) {
      throw new PortException(MongoErrors.describe(e), e, false, 0);
    }
  }
}
