package site.ycsbx.db.mongodb.filemeta;

import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import java.util.List;
import java.util.function.Function;
import org.bson.Document;
import site.ycsbx.db.mongodb.conn.ExistingCollection;
import site.ycsbx.db.mongodb.conn.MongoErrors;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.MongoStoreCheck;
import site.ycsbx.db.mongodb.conn.ServerKind;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.db.mongodb.port.PortCollection;
import site.ycsbx.db.mongodb.port.PortCursor;
import site.ycsbx.db.mongodb.port.driver.DriverPort;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.filemeta.FileMetaPlan;
import site.ycsbx.store.filemeta.FileMetaSharding;
import site.ycsbx.store.filemeta.FileMetaSharding.Key;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.util.UserError;

/**
 * What a sharded filemeta load needs of MongoDB, checked with reads only before anything is
 * created: a mongos, with shards; a collection that is absent, empty, or already sharded on the
 * same key without a pre-split asked (unless {@value FileMetaStore#DROP_PROPERTY} drops it); a
 * hashed pre-split within MongoDB's limit. Records in the fingerprint the shards, the key, the
 * chunk layout the load starts with and the balancer's state.
 */
public final class MongoFileMetaCheck implements MongoStoreCheck {
  /** MongoDB refuses more initial chunks of a hashed key than this per shard. */
  static final int MAX_INITIAL_CHUNKS_PER_SHARD = 8192;
  static final String SHARDS_KEY = "filemeta.shards";
  static final String BALANCER_KEY = "filemeta.balancer";

  /** mongodb-embedded's server is no mongos: refused before it (and its data folder) exists. */
  @Override
  public void checkOptions(StoreDemand demand, MongoOptions options) {
    if (demand.plan() instanceof FileMetaPlan p && p.sharding().enabled() && options.serverOfItsOwn()) {
      throw new UserError(FileMetaSharding.SHARD_PROPERTY + "=true needs a mongos (the router of a sharded cluster);"
          + " mongodb-embedded runs a server of its own, which is not one; use the mongodb binding with "
          + MongoOptions.URL_PROPERTY + " pointing at a mongos, or remove " + FileMetaSharding.SHARD_PROPERTY);
    }
  }

  /**
   * An existing collection of other documents than the spec's files (a sampled one's fields) is
   * refused: appended to, the results would be wrong; dropped ({@value FileMetaStore#DROP_PROPERTY}),
   * someone's data would be lost.
   */
  private static void checkShape(FileMetaPlan plan, MongoOptions options, Function<String, MongoPort> ports) {
    ExistingCollection c = ExistingCollection.of(ports, options, options.databaseOf(plan.table()), plan.table());
    java.util.Set<String> fields = new java.util.TreeSet<>(FileMetaStore.COLUMNS);
    fields.remove("id");
    // a field the spec's files never have marks someone else's documents
    if (c == null || c.isEmpty() || fields.containsAll(c.fields())) {
      return;
    }
    String spec = "the filemeta spec's files (_id, " + String.join(", ", fields) + ")";
    if (plan.drop()) {
      throw new UserError(FileMetaStore.DROP_PROPERTY + "=true refused, nothing dropped: " + c.describe() + ", not "
          + spec + "; " + FileMetaStore.DROP_PROPERTY + " drops only such a collection: name another "
          + FileMetaStore.TABLE_PROPERTY + ", or drop it yourself");
    }
    throw UserError.target(c.describe() + ", not " + spec + ": name another " + FileMetaStore.TABLE_PROPERTY);
  }

  /** A run over fewer files than it takes as stored: id runFiles-1 looked up, the largest id only to say so. */
  private static void checkStored(FileMetaPlan plan, MongoOptions options, Function<String, MongoPort> ports) {
    if (plan.runFiles() <= 0) {
      return;
    }
    ExistingCollection c = ExistingCollection.of(ports, options, options.databaseOf(plan.table()), plan.table());
    String where = "collection " + options.databaseOf(plan.table()) + "." + plan.table();
    if (c == null) {
      throw UserError.target(plan.tooFewFiles(where + ", which does not exist,", -1));
    }
    MongoPort port = ports.apply(options.databaseOf(plan.table()));
    PortCollection files = port.collection(plan.table());
    if (files.findOne(port.document("_id", plan.runFiles() - 1), null) != null) {
      return;
    }
    long max = -1;
    try (PortCursor last = files.find(port.document(), null, port.document("_id", -1), 1)) {
      if (last.hasNext()) {
        max = ((Number) last.next().get("_id")).longValue();
      }
    }
    throw UserError.target(plan.tooFewFiles(where, max) + " (at " + options.maskedUrl() + ")");
  }

  private static FileMetaPlan plan(StoreDemand demand) {
    return demand.plan() instanceof FileMetaPlan p ? p : FileMetaPlan.defaults(false);
  }

  private static void checkVerified(StoreDemand demand, FileMetaPlan plan, MongoOptions options,
      Function<String, MongoPort> ports) {
    if (demand.verify() && ExistingCollection.of(ports, options, options.databaseOf(plan.table()), plan.table())
        == null) {
      throw StoreDemand.nothingStored("collection " + options.databaseOf(plan.table()) + "." + plan.table() + " at "
          + options.maskedUrl());
    }
  }

  /**
   * The checks of a collection that is not sharded, over the port: both MongoDB bindings run them.
   * The legacy binding, which calls this alone, refuses a sharded load ({@link FileMetaSide#NO_SHARDING}).
   */
  @Override
  public void checkServer(StoreDemand demand, MongoOptions options, Function<String, MongoPort> ports) {
    FileMetaPlan plan = plan(demand);
    if (plan.sharding().enabled()) {
      throw new UserError(FileMetaSide.NO_SHARDING);
    }
    checkVerified(demand, plan, options, ports);
    checkShape(plan, options, ports);
    checkStored(plan, options, ports);
  }

  @Override
  public void checkServer(StoreDemand demand, MongoOptions options, MongoClient client, Fingerprint fp) {
    FileMetaPlan plan = plan(demand);
    FileMetaSharding sharding = plan.sharding();
    fp.put(FileMetaSharding.SHARD_PROPERTY, sharding.enabled());
    if (!sharding.enabled()) {
      checkServer(demand, options, client);
      return;
    }
    Function<String, MongoPort> ports = db -> new DriverPort(client.getDatabase(db), MongoErrors::describe);
    checkVerified(demand, plan, options, ports);
    String url = options.maskedUrl();
    String database = options.databaseOf(plan.table());
    String namespace = database + "." + plan.table();
    ShardedCluster cluster = new ShardedCluster(client::getDatabase);
    try {
      if (!ServerKind.isMongos(client.getDatabase("admin").runCommand(new Document("isMaster", 1)))) {
        throw new UserError(FileMetaSharding.SHARD_PROPERTY + "=true needs a mongos (the router of a sharded cluster),"
            + " but the server at " + url + " is not one (isMaster msg is not " + ServerKind.MONGOS_MSG + "); point "
            + MongoOptions.URL_PROPERTY + " at a mongos or remove " + FileMetaSharding.SHARD_PROPERTY);
      }
      List<String> shards = cluster.shards();
      if (shards.isEmpty()) {
        throw UserError.target("the mongos at " + url + " lists no shards (listShards); add shards before a "
            + FileMetaSharding.SHARD_PROPERTY + "=true load");
      }
      checkPresplit(sharding, shards.size(), client.getDatabase("admin"));
      String layout = plan.drop() ? layout(sharding, shards) : checkExisting(plan, cluster,
          client.getDatabase(database), namespace, shards);
      checkShape(plan, options, ports);
      ShardedCluster.Balancer balancer = cluster.balancer();
      if (sharding.stopBalancer() && balancer.mode() == null) {
        throw UserError.target(FileMetaSharding.STOP_BALANCER_PROPERTY + "=true cannot stop the balancer of the mongos"
            + " at " + url + ": " + balancer.whyUnknown() + "; remove " + FileMetaSharding.STOP_BALANCER_PROPERTY);
      }
      fp.put(SHARDS_KEY, shards.size() + " (" + String.join(", ", shards) + ")");
      fp.put(FileMetaSharding.KEY_PROPERTY, ShardSetup.key(sharding).toJson());
      fp.put(FileMetaSharding.PRESPLIT_PROPERTY, layout);
      fp.put(BALANCER_KEY, balancer.describe() + (!sharding.stopBalancer() ? "; left as it is during the load"
          : balancer.running() ? "; stopped for the load, started after it (" + FileMetaSharding.STOP_BALANCER_PROPERTY
          + "=true)" : "; not running, so left stopped"));
    } catch (MongoException e) {
      throw UserError.target("the mongos at " + url + " did not answer the sharding checks of "
          + FileMetaSharding.SHARD_PROPERTY + "=true: " + MongoErrors.describe(e));
    }
  }

  private static void checkPresplit(FileMetaSharding sharding, int shards, MongoDatabase admin) {
    if (sharding.key() != Key.HASHED || sharding.presplit() == 0) {
      return;
    }
    List<?> version = admin.runCommand(new Document("buildInfo", 1)).getList("versionArray", Object.class);
    int major = ((Number) version.get(0)).intValue();
    int minor = ((Number) version.get(1)).intValue();
    if (major > 7 || major == 7 && minor >= 2) {
      // SERVER-74747: accepted for compatibility, ignored (one chunk a shard)
      throw new UserError(FileMetaSharding.PRESPLIT_PROPERTY + "=" + sharding.presplit() + " with "
          + FileMetaSharding.KEY_PROPERTY + "=hashed sets shardCollection's numInitialChunks, which MongoDB " + major
          + "." + minor + " ignores (7.2 and later make one chunk a shard); remove " + FileMetaSharding.PRESPLIT_PROPERTY
          + " or use " + FileMetaSharding.KEY_PROPERTY + "=range");
    }
    long max = (long) MAX_INITIAL_CHUNKS_PER_SHARD * shards;
    if (sharding.presplit() > max) {
      throw new UserError(FileMetaSharding.PRESPLIT_PROPERTY + "=" + sharding.presplit() + " asks for more initial"
          + " chunks of a hashed key than MongoDB makes on " + shards + " shards; " + FileMetaSharding.PRESPLIT_PROPERTY
          + " accepts at most " + max + " (" + MAX_INITIAL_CHUNKS_PER_SHARD + " a shard) with "
          + FileMetaSharding.KEY_PROPERTY + "=hashed");
    }
  }

  /** Refuses an existing collection sharding would break or ignore; the layout the load starts with. */
  private static String checkExisting(FileMetaPlan plan, ShardedCluster cluster, MongoDatabase db, String namespace,
      List<String> shards) {
    FileMetaSharding sharding = plan.sharding();
    Document key = cluster.shardKey(namespace);
    Document wanted = ShardSetup.key(sharding);
    String drop = "; set " + FileMetaStore.DROP_PROPERTY + "=true to drop it first";
    if (key != null) {
      if (!sameKey(key, wanted)) {
        throw new UserError(FileMetaSharding.SHARD_PROPERTY + "=true with " + FileMetaSharding.KEY_PROPERTY + "="
            + sharding.key() + " asks for shard key " + wanted.toJson() + " but " + namespace + " is sharded on "
            + key.toJson() + drop);
      }
      if (sharding.presplit() > 0) {
        throw new UserError(FileMetaSharding.PRESPLIT_PROPERTY + "=" + sharding.presplit() + " splits a new collection,"
            + " but " + namespace + " is already sharded and its chunks stay as they are" + drop + ", or remove "
            + FileMetaSharding.PRESPLIT_PROPERTY);
      }
      return "none: " + namespace + " is already sharded on " + key.toJson() + " and keeps its chunks";
    }
    long documents = ((Number) db.runCommand(new Document("count", plan.table())).get("n")).longValue();
    if (documents > 0) {
      throw new UserError(FileMetaSharding.SHARD_PROPERTY + "=true but " + namespace + " holds " + documents
          + " documents and is not sharded (sharding it would start the load amid chunk migrations)" + drop
          + ", or load into another " + FileMetaStore.TABLE_PROPERTY);
    }
    return layout(sharding, shards);
  }

  /** Shard keys as stored ({user_id: 1.0} from the shell) and as this binding sends them ({user_id: 1}). */
  static boolean sameKey(Document stored, Document wanted) {
    if (!stored.keySet().equals(wanted.keySet())) {
      return false;
    }
    for (String field : wanted.keySet()) {
      Object a = stored.get(field);
      Object b = wanted.get(field);
      boolean same = a instanceof Number x && b instanceof Number y ? x.doubleValue() == y.doubleValue() : a.equals(b);
      if (!same) {
        return false;
      }
    }
    return true;
  }

  private static String layout(FileMetaSharding sharding, List<String> shards) {
    if (sharding.key() == Key.HASHED) {
      return sharding.presplit() > 0 ? sharding.presplit() + " initial chunks (shardCollection numInitialChunks),"
          + " placed by MongoDB" : "MongoDB's initial chunks of a hashed key";
    }
    if (sharding.splitPoints().isEmpty()) {
      return "none: 1 chunk on the database's primary shard (the balancer moves chunks as they grow)";
    }
    return new ChunkLayout(sharding.splitPoints(), shards).describe()
        + (sharding.splitPoints().size() + 1 < sharding.presplit() ? " (" + sharding.presplit() + " asked: a chunk"
        + " cannot split one user's files)" : "");
  }
}
