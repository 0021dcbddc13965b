package site.ycsbx.db.mongolegacy.conn;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.PortConnection;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.db.mongolegacy.port.LegacyPort;
import site.ycsbx.shaded.mongo35.com.mongodb.DB;
import site.ycsbx.shaded.mongo35.com.mongodb.DBCollection;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoClient;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoClientOptions;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoClientURI;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoCredential;
import site.ycsbx.shaded.mongo35.com.mongodb.ServerAddress;
import site.ycsbx.shaded.mongo35.com.mongodb.WriteConcern;
import site.ycsbx.shaded.mongo35.com.mongodb.event.ServerListener;

/**
 * One driver-3.5 client shared by every client thread of the JVM (as the mongodb binding shares
 * its 4.7 client), with the run's options and its write concern in that driver's terms. The legacy
 * {@code DB}/{@code DBCollection} API is used throughout: on wire version 0 only
 * {@code DBCollection.insert(List)} sends a batch as one OP_INSERT followed by one getLastError.
 * Each client thread holds its own view of it ({@link #acquire}), which may also open a client of
 * one connection of the thread's own ({@link #ownPort}).
 */
public final class LegacyConnection implements PortConnection {
  // driver 3.5 logs through java.util.logging under this name (INFO on every connect, stack traces of
  // refused ones): silenced as the mongodb binding silences its driver; held, or JUL forgets the level
  private static final java.util.logging.Logger DRIVER_LOG = silence("org.mongodb.driver");
  private static LegacyConnection shared;
  private static int users;

  private final MongoOptions options;
  private final WriteConcern writeConcern;
  private final MongoClient client;
  private final DB database;
  // the shared connection this one views (itself when it is that one)
  private final LegacyConnection base;
  private final Map<Class<?>, Object> families;
  // the client thread's own connection, when it asked for one
  private MongoClient own;

  private LegacyConnection(MongoOptions options) {
    this.options = options;
    this.writeConcern = writeConcern(options.writeConcern());
    this.client = newClient(options, MongoClientOptions.builder());
    this.database = client.getDB(options.database());
    this.base = this;
    this.families = new ConcurrentHashMap<>();
  }

  private LegacyConnection(LegacyConnection base) {
    this.options = base.options;
    this.writeConcern = base.writeConcern;
    this.client = base.client;
    this.database = base.database;
    this.base = base;
    this.families = base.families;
  }

  /** A client thread's view of the shared connection, which the first thread opens. */
  public static synchronized LegacyConnection acquire(MongoOptions options) {
    if (shared == null) {
      shared = new LegacyConnection(options);
    }
    users++;
    return new LegacyConnection(shared);
  }

  /** Closes the thread's own connection, if it opened one, and the shared client when the last thread lets go. */
  public void release() {
    if (own != null) {
      own.close();
      own = null;
    }
    synchronized (LegacyConnection.class) {
      if (--users == 0 && shared == base) {
        shared = null;
        client.close();
      }
    }
  }

  /**
   * A client of these options with one connection in its pool, whatever the URL's maxPoolSize:
   * what one thread sends on it goes over that connection (driver 3.x has no requestStart).
   */
  static MongoClient ofOneConnection(MongoOptions options) {
    MongoClientURI uri = new MongoClientURI(options.url());
    MongoClientOptions one = MongoClientOptions.builder(uri.getOptions()).connectionsPerHost(1)
        .minConnectionsPerHost(0).build();
    List<ServerAddress> hosts = uri.getHosts().stream().map(ServerAddress::new).toList();
    List<MongoCredential> credentials = uri.getCredentials() == null ? List.of() : List.of(uri.getCredentials());
    return hosts.size() == 1 ? new MongoClient(hosts.get(0), credentials, one)
        : new MongoClient(hosts, credentials, one);
  }

  /** A client of these options; the preflight's has short timeouts. */
  public static MongoClient newClient(MongoOptions options, MongoClientOptions.Builder settings) {
    return new MongoClient(new MongoClientURI(options.url(), settings));
  }

  /**
   * A preflight's client: gives up on a server that does not answer within the seconds given;
   * {@code monitor} hears why a connection to it failed.
   */
  public static MongoClient shortLived(MongoOptions options, int seconds, ServerListener monitor) {
    int ms = (int) TimeUnit.SECONDS.toMillis(seconds);
    return newClient(options, MongoClientOptions.builder().serverSelectionTimeout(ms).connectTimeout(ms)
        .socketTimeout(ms).addServerListener(monitor));
  }

  private static java.util.logging.Logger silence(String name) {
    java.util.logging.Logger log = java.util.logging.Logger.getLogger(name);
    log.setLevel(java.util.logging.Level.OFF);
    return log;
  }

  /**
   * The mongodb binding's write concern (from mongodb.writeConcern and the URL, read by its own
   * code) as driver 3.5 sends it on getLastError: {@code {w: 1}} for acknowledged,
   * {@code {w: 1, j: true}} for journaled, no getLastError for w:0. j:false is left out: to 2.4
   * it means what no j means.
   */
  public static WriteConcern writeConcern(com.mongodb.WriteConcern wc) {
    Object w = wc.getWObject();
    WriteConcern out = w == null ? WriteConcern.ACKNOWLEDGED
        : w instanceof Integer ? new WriteConcern((Integer) w) : new WriteConcern(w.toString());
    if (Boolean.TRUE.equals(wc.getJournal())) {
      out = out.withJournal(true);
    }
    Integer timeout = wc.getWTimeout(TimeUnit.MILLISECONDS);
    if (timeout != null && timeout > 0) {
      out = out.withWTimeout(timeout, TimeUnit.MILLISECONDS);
    }
    return out;
  }

  @Override
  public MongoOptions options() {
    return options;
  }

  public WriteConcern writeConcern() {
    return writeConcern;
  }

  public DBCollection collection(String name) {
    return database.getCollection(name);
  }

  public DB database() {
    return database;
  }

  /** The port to a database of this server by name, writing with the run's write concern. */
  @Override
  public MongoPort port(String name) {
    return new LegacyPort(client.getDB(name), writeConcern, LegacyErrors::describe);
  }

  @Override
  public MongoPort ownPort(String name) {
    if (own == null) {
      own = ofOneConnection(options);
    }
    return new LegacyPort(own.getDB(name), writeConcern, LegacyErrors::describe);
  }

  @Override
  public <T> T shared(Class<T> type, Supplier<T> create) {
    return type.cast(families.computeIfAbsent(type, k -> create.get()));
  }
}
