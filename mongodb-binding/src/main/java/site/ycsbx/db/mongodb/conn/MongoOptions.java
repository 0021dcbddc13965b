package site.ycsbx.db.mongodb.conn;

import com.mongodb.ConnectionString;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import com.mongodb.connection.ConnectionPoolSettings;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import site.ycsbx.faults.OperationTimeout;
import site.ycsbx.faults.Reconnect;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.Props;
import site.ycsbx.util.Secrets;
import site.ycsbx.util.UserError;

/**
 * The MongoDB binding's options, read and checked in one place so the preflight and every
 * client thread agree. A bad value is a one-line {@link UserError} naming the property.
 */
public final class MongoOptions {
  /** Database used when the URL names none (or admin, as YCSB 0.17: admin is where users log in). */
  public static final String DATABASE_DEFAULT = "ycsb";
  /** Connection string; may hold a password, so it is read through {@link Props#get}. */
  public static final String URL_PROPERTY = "mongodb.url";
  public static final String URL_PROPERTY_DEFAULT = "mongodb://localhost:27017/" + DATABASE_DEFAULT;
  /** The database, when the URL names none; a URL naming another one is refused (YCSB before 0.2's name). */
  public static final String DATABASE_PROPERTY = "mongodb.database";
  private static final String ADMIN_DATABASE = "admin";

  /** Inserts sent per round trip (insertMany); 1 sends each insert on its own. */
  public static final String BATCH_SIZE_PROPERTY = "mongodb.batchsize";
  public static final int BATCH_SIZE_PROPERTY_DEFAULT = 1;
  public static final int BATCH_SIZE_MAX = 100_000;
  /** YCSB 0.17's mongodb binding reads its batch size under this name (its README and mongodb-async: mongodb.batchsize). */
  public static final String YCSB_BATCH_SIZE_PROPERTY = "batchsize";

  /**
   * Where reads go: primary, primary_preferred, secondary, secondary_preferred, nearest (YCSB
   * 0.17's names) or the driver's (primaryPreferred, ...); the URL's readPreference works too.
   */
  public static final String READ_PREFERENCE_PROPERTY = "mongodb.readPreference";
  static final String READ_PREFERENCE_ACCEPTS =
      "primary, primary_preferred, secondary, secondary_preferred or nearest (or the driver's primaryPreferred, ...)";

  /** Most connections the driver's pool opens to a server (the URL's maxPoolSize); unset: the driver's default. */
  public static final String MAX_CONNECTIONS_PROPERTY = "mongodb.maxconnections";
  public static final int MAX_CONNECTIONS_MAX = 100_000;

  /**
   * YCSB 0.17: with the 3.x driver, at most this many times {@value #MAX_CONNECTIONS_PROPERTY}
   * threads could wait for a connection; an operation beyond that failed. The 4.x driver has no
   * such limit, so a run whose threads could exceed it is refused and any other runs as in 0.17.
   */
  public static final String WAIT_QUEUE_MULTIPLIER_PROPERTY = "mongodb.threadsAllowedToBlockForConnectionMultiplier";
  /** YCSB's Client's thread count, to check {@value #WAIT_QUEUE_MULTIPLIER_PROPERTY} against. */
  static final String THREAD_COUNT_PROPERTY = "threadcount";

  /** true: inserts are replaceOne upserts (a re-load overwrites); false: real inserts. */
  public static final String UPSERT_PROPERTY = "mongodb.upsert";
  public static final boolean UPSERT_PROPERTY_DEFAULT = false;

  /** The storage engine the user expects the server to run; empty: not checked. */
  public static final String STORAGE_ENGINE_PROPERTY = "mongodb.storageEngine";

  /** Storage-engine config string for collections the binding creates, e.g. block_compressor=zlib. */
  public static final String COLLECTION_CONFIG_PROPERTY = "mongodb.collectionConfig";
  /** Storage-engine config string for indexes the binding creates, e.g. prefix_compression=false. */
  public static final String INDEX_CONFIG_PROPERTY = "mongodb.indexConfig";

  /**
   * true: each iibench (and linkbench) collection lives in its own database named {@code <database>_<collection>}
   * (e.g. {@code ycsb_purchases_index_3}), the published "10db" method for MongoDB 2.4/2.6 whose
   * lock was per database; the URL's database name is kept as the prefix so runs against
   * different URL databases do not share databases. false: every collection is in the URL's
   * database. YCSB's usertable and the probe collection always stay in the URL's database.
   */
  public static final String DATABASE_PER_COLLECTION_PROPERTY = "mongodb.databasePerCollection";
  public static final boolean DATABASE_PER_COLLECTION_PROPERTY_DEFAULT = false;
  /** MongoDB refuses database names of 64 characters or more. */
  public static final int DATABASE_NAME_MAX = 63;

  /** Every property the binding reads: the mongodb.* ones and YCSB 0.17's {@value #YCSB_BATCH_SIZE_PROPERTY}. */
  public static final List<PropertyDef> PROPERTIES = List.of(
      PropertyDef.of(URL_PROPERTY, URL_PROPERTY_DEFAULT, "mongodb://[user:password@]host[:port][/database][?options]"
          + " or mongodb+srv://...; the password is masked everywhere"),
      new PropertyDef(DATABASE_PROPERTY, "the URL's", "the database when the URL names none (else " + DATABASE_DEFAULT
          + "); a URL naming another is refused"),
      PropertyDef.of(WriteConcernSetting.PROPERTY, WriteConcernSetting.PROPERTY_DEFAULT, "journaled, acknowledged,"
          + " unacknowledged (w:0), majority or a number of nodes; YCSB 0.17's names too"),
      PropertyDef.of(READ_PREFERENCE_PROPERTY, "primary", "where reads go: " + READ_PREFERENCE_ACCEPTS),
      PropertyDef.of(BATCH_SIZE_PROPERTY, BATCH_SIZE_PROPERTY_DEFAULT, "documents per insertMany, 1 to " + BATCH_SIZE_MAX
          + "; each round trip timed as INSERT_BATCH"),
      new PropertyDef(YCSB_BATCH_SIZE_PROPERTY, "none", "YCSB 0.17's name of " + BATCH_SIZE_PROPERTY + ", read as it"
          + " (both, with different values, are refused)"),
      new PropertyDef(MAX_CONNECTIONS_PROPERTY, "the driver's (100)", "most connections the driver's pool opens to a"
          + " server (the URL's maxPoolSize)"),
      PropertyDef.noDefault(WAIT_QUEUE_MULTIPLIER_PROPERTY, "YCSB 0.17's wait-queue limit: a run with more threads than"
          + " connections x (1 + this) is refused"),
      PropertyDef.of(UPSERT_PROPERTY, UPSERT_PROPERTY_DEFAULT, "true: inserts are replaceOne upserts (a load again"
          + " overwrites)"),
      new PropertyDef(STORAGE_ENGINE_PROPERTY, "not checked", "the engine you expect (wiredTiger, inMemory, ...):"
          + " another one, or none reported, stops the run before any write"),
      PropertyDef.noDefault(COLLECTION_CONFIG_PROPERTY, "storage-engine config string of the collections the binding"
          + " creates, e.g. block_compressor=zlib"),
      PropertyDef.noDefault(INDEX_CONFIG_PROPERTY, "storage-engine config string of the indexes the binding creates"),
      PropertyDef.of(DATABASE_PER_COLLECTION_PROPERTY, DATABASE_PER_COLLECTION_PROPERTY_DEFAULT, "iibench and"
          + " linkbench: each collection in its own database <database>_<collection>"));

  private static final String URL_ACCEPTS =
      "mongodb://[user:password@]host[:port][/database][?options] or mongodb+srv://...";

  private final String url;
  private final ConnectionString connectionString;
  private final String database;
  private final WriteConcern writeConcern;
  private final int batchSize;
  private final boolean upsert;
  private final String storageEngine;
  private final String collectionConfig;
  private final String indexConfig;
  private final boolean databasePerCollection;
  private final Properties properties;
  private final ReadPreference readPreference;
  private final String readPreferenceSource;
  private final Integer maxConnections;
  private final String maxConnectionsSource;
  private final String waitQueue;
  private final List<String> notes = new ArrayList<>();

  private final boolean serverOfItsOwn;
  private final Reconnect reconnect;
  private final int opTimeoutSeconds;

  private MongoOptions(Properties props, String url, boolean urlFromUser) {
    this.serverOfItsOwn = !urlFromUser;
    reconnect = Reconnect.of(props);
    opTimeoutSeconds = OperationTimeout.seconds(props);
    // cheap checks first, so a typo is reported before anything is contacted
    batchSize = batchSize(props);
    if (!props.getProperty(YCSB_BATCH_SIZE_PROPERTY, "").isBlank() && props.getProperty(BATCH_SIZE_PROPERTY, "").isBlank()) {
      notes.add(YCSB_BATCH_SIZE_PROPERTY + "=" + batchSize + " (YCSB 0.17's name) read as " + BATCH_SIZE_PROPERTY + "="
          + batchSize);
    }
    upsert = Props.getBoolean(props, UPSERT_PROPERTY, UPSERT_PROPERTY_DEFAULT);
    WriteConcernSetting.validate(props);
    storageEngine = blankToNull(props.getProperty(STORAGE_ENGINE_PROPERTY));
    collectionConfig = blankToNull(props.getProperty(COLLECTION_CONFIG_PROPERTY));
    indexConfig = blankToNull(props.getProperty(INDEX_CONFIG_PROPERTY));
    databasePerCollection = Props.getBoolean(props, DATABASE_PER_COLLECTION_PROPERTY,
        DATABASE_PER_COLLECTION_PROPERTY_DEFAULT);
    Integer maxAsked = props.getProperty(MAX_CONNECTIONS_PROPERTY, "").isBlank() ? null
        : Props.getInt(props, MAX_CONNECTIONS_PROPERTY, 0, 1, MAX_CONNECTIONS_MAX);
    ReadPreference readAsked = readPreference(props.getProperty(READ_PREFERENCE_PROPERTY));
    String dbAsked = blankToNull(props.getProperty(DATABASE_PROPERTY));
    this.url = url;
    connectionString = parseUrl(url);
    database = database(connectionString.getDatabase(), dbAsked, urlFromUser);
    writeConcern = WriteConcernSetting.resolve(props, connectionString);
    properties = new Properties();
    properties.putAll(props);
    String wcNote = WriteConcernSetting.note(props);
    if (wcNote != null) {
      notes.add(wcNote);
    }

    ReadPreference urlRead = connectionString.getReadPreference();
    if (readAsked != null && urlRead != null && !urlRead.getName().equals(readAsked.getName())) {
      throw new UserError("mongodb.url sets readPreference=" + urlRead.getName() + " but " + READ_PREFERENCE_PROPERTY
          + "=" + props.getProperty(READ_PREFERENCE_PROPERTY).trim() + " asks for " + readAsked.getName()
          + "; remove one of them");
    }
    // the URL's may carry tags and maxStalenessSeconds: it wins when the modes agree
    readPreference = urlRead != null ? urlRead : readAsked != null ? readAsked : ReadPreference.primary();
    readPreferenceSource = urlRead != null ? "readPreference in mongodb.url" : readAsked != null ? null : "default";

    Integer urlMax = connectionString.getMaxConnectionPoolSize();
    if (maxAsked != null && urlMax != null && !urlMax.equals(maxAsked)) {
      throw new UserError("mongodb.url sets maxPoolSize=" + urlMax + " but " + MAX_CONNECTIONS_PROPERTY + "="
          + maxAsked + "; remove one of them");
    }
    maxConnections = urlMax != null ? urlMax : maxAsked;
    maxConnectionsSource = urlMax != null ? "maxPoolSize in mongodb.url" : maxAsked != null ? null : "driver default";
    waitQueue = waitQueue(props, maxConnections());
  }

  private static int batchSize(Properties props) {
    boolean ours = !props.getProperty(BATCH_SIZE_PROPERTY, "").isBlank();
    boolean ycsbs = !props.getProperty(YCSB_BATCH_SIZE_PROPERTY, "").isBlank();
    if (!ycsbs) {
      return Props.getInt(props, BATCH_SIZE_PROPERTY, BATCH_SIZE_PROPERTY_DEFAULT, 1, BATCH_SIZE_MAX);
    }
    int old = Props.getInt(props, YCSB_BATCH_SIZE_PROPERTY, BATCH_SIZE_PROPERTY_DEFAULT, 1, BATCH_SIZE_MAX);
    if (ours) {
      int v = Props.getInt(props, BATCH_SIZE_PROPERTY, BATCH_SIZE_PROPERTY_DEFAULT, 1, BATCH_SIZE_MAX);
      if (v != old) {
        throw new UserError(YCSB_BATCH_SIZE_PROPERTY + "=" + old + " (YCSB 0.17's name for " + BATCH_SIZE_PROPERTY
            + ") and " + BATCH_SIZE_PROPERTY + "=" + v + " disagree; remove one of them");
      }
    }
    return old;
  }

  /** The run's database: the URL's, else mongodb.database, else ycsb; admin is only for logging in. */
  private String database(String fromUrl, String asked, boolean urlFromUser) {
    if (!urlFromUser || fromUrl == null || fromUrl.isEmpty()) {
      return asked != null ? asked : DATABASE_DEFAULT;
    }
    if (fromUrl.equals(ADMIN_DATABASE)) {
      String db = asked != null ? asked : DATABASE_DEFAULT;
      notes.add(URL_PROPERTY + " names database " + ADMIN_DATABASE + ", where users log in: as YCSB 0.17 does, "
          + "the data goes to database " + db + (asked != null ? " (" + DATABASE_PROPERTY + ")" : ""));
      return db;
    }
    if (asked != null && !asked.equals(fromUrl)) {
      throw new UserError(URL_PROPERTY + " names database " + fromUrl + " but " + DATABASE_PROPERTY + "=" + asked
          + "; remove one of them");
    }
    return fromUrl;
  }

  private static ReadPreference readPreference(String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    String v = value.trim();
    // YCSB 0.17's snake_case names, then the driver's own (case-insensitive)
    String camel = v.toLowerCase(Locale.ROOT).replace("_preferred", "Preferred");
    try {
      return ReadPreference.valueOf(camel);
    } catch (IllegalArgumentException e) {
      throw new UserError(READ_PREFERENCE_PROPERTY + "=" + value + " is not accepted; " + READ_PREFERENCE_PROPERTY
          + " accepts " + READ_PREFERENCE_ACCEPTS);
    }
  }

  /**
   * YCSB 0.17's wait-queue limit against this run's threads: null when not set; a refusal when
   * threads beyond connections x (1 + multiplier) would have failed their operations in 0.17.
   */
  private String waitQueue(Properties props, int connections) {
    if (props.getProperty(WAIT_QUEUE_MULTIPLIER_PROPERTY, "").isBlank()) {
      return null;
    }
    int multiplier = Props.getInt(props, WAIT_QUEUE_MULTIPLIER_PROPERTY, 5, 0, MAX_CONNECTIONS_MAX);
    int threads = Props.getInt(props, THREAD_COUNT_PROPERTY, 1, 1, Integer.MAX_VALUE);
    long waiting = (long) multiplier * connections;
    if (threads > connections + waiting) {
      throw new UserError(WAIT_QUEUE_MULTIPLIER_PROPERTY + "=" + multiplier + " with " + connections
          + " connections lets " + waiting + " threads wait for a connection, but this run has " + threads
          + " threads: YCSB 0.17's driver failed the operations of the other " + (threads - connections - waiting)
          + " (wait queue full), and the driver here has no such limit; raise " + WAIT_QUEUE_MULTIPLIER_PROPERTY
          + " or " + MAX_CONNECTIONS_PROPERTY + ", or run fewer threads");
    }
    notes.add(WAIT_QUEUE_MULTIPLIER_PROPERTY + "=" + multiplier + " (YCSB 0.17's option): up to " + waiting
        + " threads may wait for one of " + connections + " connections, more than this run's " + threads
        + " threads, so no operation fails for it (the driver here has no such limit)");
    return multiplier + " (up to " + waiting + " waiting threads; never reached by " + threads + " threads)";
  }

  /** How long the run waits for a server that went away before it gives up. */
  public Reconnect reconnect() {
    return reconnect;
  }

  /** {@value OperationTimeout#PROPERTY} in seconds; 0: none. */
  public int opTimeoutSeconds() {
    return opTimeoutSeconds;
  }

  /** Whether the binding runs its own server (mongodb-embedded) rather than the user's URL. */
  public boolean serverOfItsOwn() {
    return serverOfItsOwn;
  }

  /** The options of a run, with {@value #URL_PROPERTY} from the properties. */
  public static MongoOptions parse(Properties props) {
    return new MongoOptions(props, Props.get(props, URL_PROPERTY, URL_PROPERTY_DEFAULT), true);
  }

  /**
   * The options of a run against a server the binding chose itself (mongodb-embedded): the URL's
   * database is only the default for {@value #DATABASE_PROPERTY}.
   */
  public static MongoOptions parse(Properties props, String url) {
    return new MongoOptions(props, url, false);
  }

  private static ConnectionString parseUrl(String url) {
    try {
      return new ConnectionString(url.trim());
    } catch (IllegalArgumentException e) {
      // the driver's reason helps inside a mongodb:// URL (a bad option); for anything else it repeats URL_ACCEPTS
      boolean mongoScheme = url.trim().startsWith("mongodb://") || url.trim().startsWith("mongodb+srv://");
      String why = !mongoScheme || e.getMessage() == null ? "" : " (" + redact(e.getMessage(), url) + ")";
      throw new UserError(URL_PROPERTY + "=" + mask(url) + " is not a valid MongoDB connection string"
          + why + "; " + URL_PROPERTY + " accepts " + URL_ACCEPTS);
    }
  }

  /** Text that may quote the URL, with its password masked. */
  public static String redact(String text, String url) {
    String out = Secrets.maskUrl(text);
    String password = passwordOf(url);
    // a very short password would also match inside ordinary words of the message
    if (password != null && password.length() >= 4) {
      out = out.replace(password, Secrets.MASK);
    }
    return out;
  }

  /**
   * The URL with its password masked, also when the password holds an unencoded '@' (which
   * the driver refuses, so such a URL only ever appears in an error message).
   */
  public static String mask(String url) {
    int scheme = url.indexOf("://");
    int query = url.indexOf('?');
    int at = url.lastIndexOf('@', query < 0 ? url.length() : query);
    if (scheme >= 0 && at > scheme) {
      String userInfo = url.substring(scheme + 3, at);
      int colon = userInfo.indexOf(':');
      if (colon >= 0) {
        url = url.substring(0, scheme + 3) + userInfo.substring(0, colon) + ":" + Secrets.MASK + url.substring(at);
      }
    }
    return Secrets.maskUrl(url);
  }

  private static String passwordOf(String url) {
    int scheme = url.indexOf("://");
    int query = url.indexOf('?');
    int at = url.lastIndexOf('@', query < 0 ? url.length() : query);
    if (scheme < 0 || at <= scheme) {
      return null;
    }
    String userInfo = url.substring(scheme + 3, at);
    int colon = userInfo.indexOf(':');
    return colon < 0 ? null : userInfo.substring(colon + 1);
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s.trim();
  }

  /**
   * A copy of the run's properties, for a family's own binding settings (read and checked next
   * to the family's store, e.g. linkbench.transactions). May hold the password: never print it.
   */
  public Properties properties() {
    Properties copy = new Properties();
    copy.putAll(properties);
    return copy;
  }

  /** The real URL (with its password): never print it, use {@link #maskedUrl()}. */
  public String url() {
    return url;
  }

  public String maskedUrl() {
    return mask(url);
  }

  public ConnectionString connectionString() {
    return connectionString;
  }

  public String database() {
    return database;
  }

  public WriteConcern writeConcern() {
    return writeConcern;
  }

  public int batchSize() {
    return batchSize;
  }

  public boolean upsert() {
    return upsert;
  }

  /** The engine the user expects, or null when not asked. */
  public String storageEngine() {
    return storageEngine;
  }

  /** Config string for new collections, or null. */
  public String collectionConfig() {
    return collectionConfig;
  }

  /** Config string for new indexes, or null. */
  public String indexConfig() {
    return indexConfig;
  }

  public boolean databasePerCollection() {
    return databasePerCollection;
  }

  /** Where reads go (the property's, the URL's, or primary). */
  public ReadPreference readPreference() {
    return readPreference;
  }

  /** The pool size asked by the property or the URL, or null for the driver's default. */
  public Integer maxConnectionsAsked() {
    return maxConnections;
  }

  /** The most connections the driver opens to a server. */
  public int maxConnections() {
    return maxConnections != null ? maxConnections : ConnectionPoolSettings.builder().build().getMaxSize();
  }

  /**
   * Lines saying how YCSB's names and values of other versions were read, e.g.
   * {@code batchsize=100 (YCSB 0.17's name) read as mongodb.batchsize=100}; the preflight prints them once.
   */
  public List<String> notes() {
    return Collections.unmodifiableList(notes);
  }

  /** The fingerprint's entries for the options YCSB 0.17 also had under other names or as URL options. */
  public void putYcsbOptions(java.util.function.BiConsumer<String, Object> put) {
    put.accept(READ_PREFERENCE_PROPERTY, readPreference.getName()
        + (readPreferenceSource == null ? "" : " (" + readPreferenceSource + ")"));
    put.accept(MAX_CONNECTIONS_PROPERTY, maxConnections()
        + (maxConnectionsSource == null ? "" : " (" + maxConnectionsSource + ")"));
    if (waitQueue != null) {
      put.accept(WAIT_QUEUE_MULTIPLIER_PROPERTY, waitQueue);
    }
  }

  /** The database an iibench or linkbench collection lives in (see {@value #DATABASE_PER_COLLECTION_PROPERTY}). */
  public String databaseOf(String collection) {
    return databasePerCollection ? database + "_" + collection : database;
  }
}
