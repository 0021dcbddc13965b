package site.ycsbx.db.mongodb;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import com.mongodb.connection.ServerDescription;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import site.ycsbx.db.mongodb.conn.BeforeCommands;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoErrors;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.MongoServerSettings;
import site.ycsbx.db.mongodb.conn.MongoServerWork;
import site.ycsbx.db.mongodb.conn.MongoSizes;
import site.ycsbx.db.mongodb.conn.MongoStoreCheck;
import site.ycsbx.db.mongodb.conn.MongoUrl;
import site.ycsbx.db.mongodb.conn.ServerKind;
import site.ycsbx.db.mongodb.conn.StorageEngineCheck;
import site.ycsbx.db.mongodb.conn.WriteConcernSetting;
import site.ycsbx.faults.ServerAway;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.ServerAddress;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.UserError;

/**
 * Checks the MongoDB binding's options, then the server: reachable within
 * {@value #TIMEOUT_SECONDS} s, able to log in, running the storage engine the user expects. Fills
 * the fingerprint from buildInfo and serverStatus, then runs the check {@link MongoStores}
 * registers for the store the workload takes. Runs only read-only commands: it creates and
 * writes nothing.
 */
public class MongoPreflight implements Preflight {
  /** How long the check waits for a server (selection, connect, reads). */
  public static final int TIMEOUT_SECONDS = 5;
  /** {@value BeforeCommands#PROPERTY}'s commands, read by {@link #check} before anything runs. */
  private List<Document> before = List.of();
  /** Where else a load of YCSB's records could go (the embedded binding: another folder). */
  private final String elsewhere;

  public MongoPreflight() {
    this("another database (" + MongoOptions.URL_PROPERTY + ")");
  }

  /** @param elsewhere where else a load could go, e.g. another data folder of a server the binding runs */
  protected MongoPreflight(String elsewhere) {
    this.elsewhere = elsewhere;
  }

  @Override
  public Set<String> propertyPrefixes() {
    return Set.of("mongodb.");
  }

  /**
   * Every property the binding reads: its mongodb.* options and the families' own settings,
   * which sit under the family's prefix (declared by the family in {@link MongoStores}, read and
   * checked next to its store).
   */
  static final List<PropertyDef> PROPERTIES = concat(concat(MongoOptions.PROPERTIES, new MongoStores().properties()),
      List.of(site.ycsbx.store.YcsbTable.DROP, BeforeCommands.DEF));

  static List<PropertyDef> concat(List<PropertyDef> a, List<PropertyDef> b) {
    List<PropertyDef> out = new java.util.ArrayList<>(a);
    out.addAll(b);
    return List.copyOf(out);
  }

  @Override
  public List<PropertyDef> properties() {
    return PROPERTIES;
  }

  @Override
  public site.ycsbx.store.SizeReport storedSize(Properties props, List<String> tables) {
    return MongoSizes.of(MongoOptions.parse(props), tables);
  }

  /** From mongodb.url: its first host and port, local when every host it names is this machine. */
  @Override
  public ServerAddress serverAddress(Properties props) {
    return MongoUrl.serverAddress(MongoOptions.parse(props).connectionString());
  }

  @Override
  public void check(Properties props, Phase phase, StoreDemand demand, Fingerprint fingerprint) {
    readBefore(props);
    MongoOptions options = MongoOptions.parse(props);
    MongoStoreCheck family = familyCheck(demand);
    family.checkOptions(demand, options);
    printNotes(options);
    inspect(options, demand, family, fingerprint);
  }

  /** Reads {@value BeforeCommands#PROPERTY}: bad JSON is refused before the server is contacted. */
  protected void readBefore(Properties props) {
    before = BeforeCommands.of(props);
  }

  /** Says once, before the fingerprint, how YCSB's names of other versions were read. */
  protected static void printNotes(MongoOptions options) {
    for (String note : options.notes()) {
      System.out.println(NOTE_PREFIX + note);
    }
  }

  /** The check {@link MongoStores} registers for the store the workload takes; YCSB's table's for YCSB's workloads. */
  MongoStoreCheck familyCheck(StoreDemand demand) {
    if (demand.isNone()) {
      return new YcsbCollectionCheck(elsewhere);
    }
    return new MongoStores().check(demand).orElse(MongoStoreCheck.NONE);
  }

  /**
   * Contacts the server and fills the fingerprint, then runs the family's server check; a
   * {@link UserError} when the server is unusable.
   */
  protected void inspect(MongoOptions options, StoreDemand demand, MongoStoreCheck family, Fingerprint fp) {
    String url = options.maskedUrl();
    try (MongoClient client = MongoConnection.newClient(options, b -> b
        .applyToClusterSettings(s -> s.serverSelectionTimeout(TIMEOUT_SECONDS, TimeUnit.SECONDS))
        .applyToSocketSettings(s -> s.connectTimeout(TIMEOUT_SECONDS, TimeUnit.SECONDS)
            .readTimeout(TIMEOUT_SECONDS, TimeUnit.SECONDS)))) {
      MongoDatabase db = client.getDatabase(options.database());
      Document build;
      try {
        build = db.runCommand(new Document("buildInfo", 1));
      } catch (MongoTimeoutException e) {
        throw new ServerAway("cannot reach MongoDB at " + url + " (" + MongoOptions.URL_PROPERTY + ") within "
            + TIMEOUT_SECONDS + " s: " + MongoOptions.redact(whyUnreachable(client), options.url()));
      } catch (MongoSecurityException e) {
        throw UserError.target("cannot log in to MongoDB at " + url + " (" + MongoOptions.URL_PROPERTY + "): "
            + MongoOptions.redact(MongoErrors.describe(e.getCause() == null ? e : e.getCause()), options.url()));
      } catch (MongoException e) {
        throw UserError.target("MongoDB at " + url + " (" + MongoOptions.URL_PROPERTY + ") did not answer buildInfo: "
            + MongoOptions.redact(MongoErrors.describe(e), options.url()));
      }
      // the server is reachable: the user's settings first, so that what follows reads them back
      BeforeCommands.run(before, client, options, fp);
      Document status = null;
      String whyNoStatus = null;
      MongoServerSettings.Reply statusReply = null;
      try {
        status = db.runCommand(new Document("serverStatus", 1));
      } catch (MongoCommandException e) {
        // e.g. not authorized without the clusterMonitor role: the engine is then unknown
        whyNoStatus = "serverStatus failed: " + MongoErrors.describe(e);
        statusReply = MongoServerSettings.Reply.missing(e.getErrorCode() == 13
            ? site.ycsbx.fingerprint.ServerSettings.NOT_READABLE_ROLE : whyNoStatus);
      }
      String product = ServerKind.product(build, status);
      Object version = build.get("version");
      String engine = StorageEngineCheck.reported(status);
      String engineShown = engine;
      if (engine == null && !product.equals(ServerKind.EMULATOR) && StorageEngineCheck.beforeEngines(build)) {
        engine = StorageEngineCheck.MMAPV1;
        engineShown = engine + " (implied by version " + version + ")";
      }
      StorageEngineCheck.verify(options.storageEngine(), engine, whyNoStatus, url);

      fp.put("server.product", product);
      fp.put("server.version", version == null ? "not reported"
          : product.equals(ServerKind.EMULATOR) ? version + " (MongoDB version emulated by mongo-java-server)" : version);
      fp.put("storage.engine", engineShown != null ? engineShown
          : StorageEngineCheck.NOT_REPORTED + (whyNoStatus == null ? "" : " (" + whyNoStatus + ")"));
      Boolean persistent = StorageEngineCheck.persistent(status);
      if (persistent != null) {
        fp.put("storage.persistent", persistent);
      }
      putOptions(options, fp);
      MongoServerSettings.put(client.getDatabase("admin"), status != null ? MongoServerSettings.Reply.of(status)
          : statusReply, engine, fp);
      try {
        family.checkServer(demand, options, client, fp);
      } catch (MongoException e) {
        // one line, not a trace (and no JVM kept alive by an embedded server's threads)
        throw UserError.target("MongoDB at " + url + " (" + MongoOptions.URL_PROPERTY + ") failed a read-only check of"
            + " the existing collections: " + MongoOptions.redact(MongoErrors.describe(e), options.url()));
      }
      MongoServerWork.offer(options, status, whyNoStatus);
    }
  }

  /** The binding's options and effective durability settings. */
  protected static void putOptions(MongoOptions options, Fingerprint fp) {
    fp.put("write.concern", WriteConcernSetting.describe(options.writeConcern()));
    fp.put("journal", WriteConcernSetting.describeJournal(options.writeConcern()));
    fp.put(MongoOptions.URL_PROPERTY, options.maskedUrl());
    fp.put(MongoOptions.DATABASE_PROPERTY, options.database());
    fp.put(MongoOptions.BATCH_SIZE_PROPERTY, options.batchSize());
    fp.put(MongoOptions.UPSERT_PROPERTY, options.upsert());
    fp.put(MongoOptions.STORAGE_ENGINE_PROPERTY, options.storageEngine() == null ? "not checked" : options.storageEngine());
    fp.put(MongoOptions.COLLECTION_CONFIG_PROPERTY, options.collectionConfig() == null ? "none" : options.collectionConfig());
    fp.put(MongoOptions.INDEX_CONFIG_PROPERTY, options.indexConfig() == null ? "none" : options.indexConfig());
    fp.put(MongoOptions.DATABASE_PER_COLLECTION_PROPERTY, options.databasePerCollection());
    options.putYcsbOptions(fp::put);
    fp.put("mongodb.driver", "mongodb-driver-sync " + BuildVersions.driver());
  }

  // the cause the driver's monitor saw ("Connection refused"), without its cluster dump
  private static String whyUnreachable(MongoClient client) {
    for (ServerDescription d : client.getClusterDescription().getServerDescriptions()) {
      Throwable t = d.getException();
      if (t != null) {
        return d.getAddress() + ": " + MongoErrors.describe(t);
      }
    }
    return "no server answered";
  }
}
