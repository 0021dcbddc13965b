package site.ycsbx.db.mongodb;

import com.mongodb.ConnectionString;
import com.mongodb.WriteConcern;
import java.util.Properties;
import java.util.Set;
import site.ycsbx.util.Props;
import site.ycsbx.util.Secrets;
import site.ycsbx.util.UserError;

/**
 * The MongoDB binding's options, read and checked in one place so the preflight and every
 * client thread agree. A bad value is a one-line {@link UserError} naming the property.
 */
public final class MongoOptions {
  /** Connection string; may hold a password, so it is read through {@link Props#get}. */
  public static final String URL_PROPERTY = "mongodb.url";
  public static final String URL_PROPERTY_DEFAULT = "mongodb://localhost:27017/ycsb";
  /** Database used when the URL names none. */
  public static final String DATABASE_DEFAULT = "ycsb";

  /** Inserts sent per round trip (insertMany); 1 sends each insert on its own. */
  public static final String BATCH_SIZE_PROPERTY = "mongodb.batchsize";
  public static final int BATCH_SIZE_PROPERTY_DEFAULT = 1;
  public static final int BATCH_SIZE_MAX = 100_000;

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

  /** Every mongodb.* property the binding reads. */
  public static final Set<String> PROPERTIES = Set.of(URL_PROPERTY, WriteConcernSetting.PROPERTY,
      BATCH_SIZE_PROPERTY, UPSERT_PROPERTY, STORAGE_ENGINE_PROPERTY, COLLECTION_CONFIG_PROPERTY,
      INDEX_CONFIG_PROPERTY, DATABASE_PER_COLLECTION_PROPERTY);

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

  private MongoOptions(Properties props, String url) {
    // cheap checks first, so a typo is reported before anything is contacted
    batchSize = Props.getInt(props, BATCH_SIZE_PROPERTY, BATCH_SIZE_PROPERTY_DEFAULT, 1, BATCH_SIZE_MAX);
    upsert = Props.getBoolean(props, UPSERT_PROPERTY, UPSERT_PROPERTY_DEFAULT);
    WriteConcernSetting.validate(props);
    storageEngine = blankToNull(props.getProperty(STORAGE_ENGINE_PROPERTY));
    collectionConfig = blankToNull(props.getProperty(COLLECTION_CONFIG_PROPERTY));
    indexConfig = blankToNull(props.getProperty(INDEX_CONFIG_PROPERTY));
    databasePerCollection = Props.getBoolean(props, DATABASE_PER_COLLECTION_PROPERTY,
        DATABASE_PER_COLLECTION_PROPERTY_DEFAULT);
    this.url = url;
    connectionString = parseUrl(url);
    String db = connectionString.getDatabase();
    database = db == null || db.isEmpty() ? DATABASE_DEFAULT : db;
    writeConcern = WriteConcernSetting.resolve(props, connectionString);
    properties = new Properties();
    properties.putAll(props);
  }

  /** The options of a run, with {@value #URL_PROPERTY} from the properties. */
  public static MongoOptions parse(Properties props) {
    return new MongoOptions(props, Props.get(props, URL_PROPERTY, URL_PROPERTY_DEFAULT));
  }

  /** The options of a run against a server the binding chose itself (mongodb-embedded). */
  public static MongoOptions parse(Properties props, String url) {
    return new MongoOptions(props, url);
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
  static String redact(String text, String url) {
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
  static String mask(String url) {
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

  /** The database an iibench or linkbench collection lives in (see {@value #DATABASE_PER_COLLECTION_PROPERTY}). */
  public String databaseOf(String collection) {
    return databasePerCollection ? database + "_" + collection : database;
  }
}
