package site.ycsbx.db.mongodb.conn;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.WriteConcern;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.mongodb.event.CommandListener;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.bson.Document;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.db.mongodb.port.driver.DriverPort;
import site.ycsbx.faults.OperationTimeout;
import site.ycsbx.util.UserError;

/**
 * The one MongoClient a JVM uses for a URL and write concern, shared by every client thread
 * (the driver's client is thread-safe and pools connections) and closed when the last thread
 * that acquired it releases it.
 */
public final class MongoConnection extends PortConnection {
  /** How long an operation waits for a usable server during a run. */
  static final long RUN_SERVER_SELECTION_TIMEOUT_MILLIS = 2000;
  /** How long opening a connection to a server may take during a run. */
  static final int RUN_CONNECT_TIMEOUT_MILLIS = 2000;
  private static final Map<String, MongoConnection> OPEN = new HashMap<>();

  /**
   * Tests observe the commands the driver sends through this listener; null in real runs. Set
   * only by tests in this package.
   */
  static volatile CommandListener testListener;

  private final String key;
  private final MongoClient client;
  private final MongoDatabase database;
  private final MongoSchema schema;
  private final Map<String, MongoSchema> schemas = new ConcurrentHashMap<>();
  private volatile Boolean reportsSizes;
  private volatile Document hello;
  private final java.util.List<Runnable> onRelease = new java.util.concurrent.CopyOnWriteArrayList<>();
  private final MongoOutageWatch watch;
  private int references;

  private MongoConnection(String key, MongoOptions options) {
    super(options);
    this.key = key;
    this.watch = new MongoOutageWatch(options.reconnect().link(options.maskedUrl()));
    this.client = newClient(options, b -> runTimeouts(b, options));
    this.database = client.getDatabase(options.database()).withWriteConcern(options.writeConcern());
    this.schema = new MongoSchema(client.getDatabase(options.database()).withWriteConcern(schemaWriteConcern(options)),
        options);
    schemas.put(options.database(), schema);
  }

  /**
   * The shared connection for these options; release it in cleanup(). A client the driver cannot
   * create (a bad URL option) is a {@link UserError}.
   */
  public static synchronized MongoConnection acquire(MongoOptions options) {
    try {
      String key = options.url() + "|" + WriteConcernSetting.describe(options.writeConcern()) + "|"
          + options.readPreference() + "|" + options.maxConnections() + "|" + options.database();
      MongoConnection c = OPEN.computeIfAbsent(key, k -> new MongoConnection(k, options));
      c.references++;
      return c;
    } catch (MongoException | IllegalArgumentException e) {
      throw cannotCreate(options, MongoOptions.redact(MongoErrors.describe(e), options.url()));
    }
  }

  /** Closes the client when no thread uses it any more. */
  @Override
  public void release() {
    synchronized (MongoConnection.class) {
      if (--references == 0) {
        OPEN.remove(key);
        try {
          onRelease.forEach(Runnable::run);
        } finally {
          client.close();
          watch.close();
        }
      }
    }
  }

  /**
   * Runs {@code undo} on this client just before it closes, when the last client thread released
   * it: the end of the phase however it ended (e.g. starting a balancer stopped for a load).
   */
  public void onRelease(Runnable undo) {
    onRelease.add(undo);
  }

  /**
   * A run's client: a server that went away makes an operation fail after
   * {@value #RUN_SERVER_SELECTION_TIMEOUT_MILLIS} ms (the driver's default is 30 s), not hang;
   * with {@value OperationTimeout#PROPERTY} an operation's reads give up after that long. A
   * timeout the URL sets (serverSelectionTimeoutMS, connectTimeoutMS, socketTimeoutMS) wins.
   */
  private void runTimeouts(MongoClientSettings.Builder b, MongoOptions o) {
    ConnectionString url = o.connectionString();
    if (url.getServerSelectionTimeout() == null) {
      b.applyToClusterSettings(c -> c.serverSelectionTimeout(RUN_SERVER_SELECTION_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS));
    }
    b.applyToClusterSettings(c -> c.addClusterListener(watch));
    if (url.getConnectTimeout() == null) {
      b.applyToSocketSettings(s -> s.connectTimeout(RUN_CONNECT_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS));
    }
    if (url.getSocketTimeout() == null && o.opTimeoutSeconds() > 0) {
      b.applyToSocketSettings(s -> s.readTimeout(o.opTimeoutSeconds(), TimeUnit.SECONDS));
    }
  }

  /** A new client for the options; {@code tweak} adjusts settings (e.g. short timeouts). */
  public static MongoClient newClient(MongoOptions options, Consumer<MongoClientSettings.Builder> tweak) {
    return MongoClients.create(settings(options, tweak));
  }

  /** The driver settings of a client for the options: the URL's, then the binding's options. */
  public static MongoClientSettings settings(MongoOptions options, Consumer<MongoClientSettings.Builder> tweak) {
    MongoClientSettings.Builder b = MongoClientSettings.builder()
        .applyConnectionString(options.connectionString())
        .writeConcern(options.writeConcern())
        .readPreference(options.readPreference());
    Integer max = options.maxConnectionsAsked();
    if (max != null) {
      b.applyToConnectionPoolSettings(p -> p.maxSize(max).minSize(Math.min(p.build().getMinSize(), max)));
    }
    // what this run sends, for telling it apart from what others made the server do
    b.addCommandListener(SentWork.LISTENER);
    CommandListener l = testListener;
    if (l != null) {
      b.addCommandListener(l);
    }
    tweak.accept(b);
    return b.build();
  }

  // collections and indexes must exist before the first write, even when writes are w:0
  private static WriteConcern schemaWriteConcern(MongoOptions options) {
    WriteConcern wc = options.writeConcern();
    return Integer.valueOf(0).equals(wc.getWObject()) ? WriteConcern.W1 : wc;
  }

  /** The run's database, with the run's write concern. */
  public MongoDatabase database() {
    return database;
  }

  /** The schema helper of the run's database. */
  public MongoSchema schema() {
    return schema;
  }

  /** A database of this server by name, with the run's write concern. */
  public MongoDatabase database(String name) {
    MongoOptions options = options();
    return name.equals(options.database()) ? database : client.getDatabase(name).withWriteConcern(options.writeConcern());
  }

  /** The driver port to a database of this server by name, with the run's write concern. */
  @Override
  public MongoPort port(String name) {
    return new DriverPort(database(name), MongoErrors::describe);
  }

  /** The schema helper of a database by name (acknowledged writes, the user's config strings). */
  public MongoSchema schema(String name) {
    return schemas.computeIfAbsent(name,
        n -> new MongoSchema(client.getDatabase(n).withWriteConcern(schemaWriteConcern(options())), options()));
  }

  /**
   * The server's isMaster reply (setName, msg, maxWireVersion, logicalSessionTimeoutMinutes):
   * what the server is (standalone, replica set member, mongos) and which features it has.
   * Asked once per connection; isMaster, as every server from 2.6 to 8.0 answers it.
   */
  public Document hello() {
    Document h = hello;
    if (h == null) {
      h = client.getDatabase("admin").runCommand(new Document("isMaster", 1));
      hello = h;
    }
    return h;
  }

  /**
   * A new client session (no round trip: the driver pools server sessions); close it after use.
   * For multi-document transactions, which need a 4.0+ replica set or a 4.2+ mongos.
   */
  public ClientSession startSession() {
    return client.startSession();
  }

  /**
   * Whether collStats sizes are bytes: false on mongo-java-server (serverStatus.process "java"),
   * whose storageSize is 0 and index sizes are entry counts. Asked once per connection.
   */
  public boolean reportsSizes() {
    return !isEmulator();
  }

  /**
   * Whether the server is mongo-java-server (serverStatus.process "java"): it reports no byte
   * sizes and keeps no non-unique index. Asked once per connection.
   */
  public boolean isEmulator() {
    Boolean r = reportsSizes;
    if (r == null) {
      Document status = null;
      try {
        status = database.runCommand(new Document("serverStatus", 1));
      } catch (MongoException e) {
        // not authorized for serverStatus: a real server (mongo-java-server has no access control)
      }
      r = !ServerKind.isEmulator(status);
      reportsSizes = r;
    }
    return !r;
  }
}
