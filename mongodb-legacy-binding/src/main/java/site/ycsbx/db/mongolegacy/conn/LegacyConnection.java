package site.ycsbx.db.mongolegacy.conn;

import java.util.List;
import java.util.concurrent.TimeUnit;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.PortConnection;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.db.mongolegacy.port.LegacyPort;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoClient;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoClientOptions;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoClientURI;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoCredential;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoException;
import site.ycsbx.shaded.mongo35.com.mongodb.ServerAddress;
import site.ycsbx.shaded.mongo35.com.mongodb.WriteConcern;
import site.ycsbx.shaded.mongo35.com.mongodb.event.ServerListener;
import site.ycsbx.util.Secrets;
import site.ycsbx.util.UserError;

/**
 * One driver-3.5 client shared by every client thread of the JVM (as the mongodb binding shares
 * its 4.7 client), with the run's options and its write concern in that driver's terms. The legacy
 * {@code DB}/{@code DBCollection} API is used throughout: on wire version 0 only
 * {@code DBCollection.insert(List)} sends a batch as one OP_INSERT followed by one getLastError.
 * A client thread may also open a client of one connection of its own ({@link #ownPort}).
 */
public final class LegacyConnection extends PortConnection {
  // driver 3.5 logs through java.util.logging under this name (INFO on every connect, stack traces of
  // refused ones): silenced as the mongodb binding silences its driver; held, or JUL forgets the level
  private static final java.util.logging.Logger DRIVER_LOG = silence("org.mongodb.driver");
  private static LegacyConnection shared;
  private static int users;
  // each client thread's own connection, if it asked for one, and how many times it acquired this
  // one (a verify's binding inside a client thread's): the last release of the thread closes it
  private static final ThreadLocal<Own> OWN = ThreadLocal.withInitial(Own::new);

  private static final class Own {
    int acquired;
    MongoClient client;
  }

  private final WriteConcern writeConcern;
  private final MongoClient client;

  private LegacyConnection(MongoOptions options) {
    super(options);
    this.writeConcern = writeConcern(options.writeConcern());
    this.client = newClient(options, MongoClientOptions.builder());
  }

  /**
   * The shared connection, opened by the first thread. A client the driver cannot create (a bad
   * URL) is a {@link UserError}.
   */
  public static synchronized LegacyConnection acquire(MongoOptions options) {
    if (shared == null) {
      try {
        shared = new LegacyConnection(options);
      } catch (MongoException | IllegalArgumentException e) {
        throw cannotCreate(options, Secrets.maskUrl(String.valueOf(e.getMessage())));
      }
    }
    users++;
    OWN.get().acquired++;
    return shared;
  }

  /**
   * Closes the thread's own connection when the thread lets go of its last acquisition, and the
   * shared client when the last thread does.
   */
  @Override
  public void release() {
    Own own = OWN.get();
    if (--own.acquired <= 0) {
      OWN.remove();
      if (own.client != null) {
        own.client.close();
      }
    }
    synchronized (LegacyConnection.class) {
      if (--users == 0 && shared == this) {
        shared = null;
        client.close();
      }
    }
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

  /** The port to a database of this server by name, writing with the run's write concern. */
  @Override
  public MongoPort port(String name) {
    return new LegacyPort(client.getDB(name), writeConcern, LegacyErrors::describe);
  }

  @Override
  public MongoPort ownPort(String name) {
    Own own = OWN.get();
    if (own.client == null) {
      own.client = ofOneConnection(options());
    }
    return new LegacyPort(own.client.getDB(name), writeConcern, LegacyErrors::describe);
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
    // as MongoClient(MongoClientURI) chooses: one host without a replica set name is a direct connection
    return hosts.size() == 1 && one.getRequiredReplicaSetName() == null
        ? new MongoClient(hosts.get(0), credentials, one) : new MongoClient(hosts, credentials, one);
  }
}
