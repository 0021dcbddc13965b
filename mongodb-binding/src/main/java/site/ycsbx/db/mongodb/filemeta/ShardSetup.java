package site.ycsbx.db.mongodb.filemeta;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.client.MongoDatabase;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.bson.Document;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoErrors;
import site.ycsbx.store.filemeta.FileMetaSharding;
import site.ycsbx.store.filemeta.FileMetaSharding.Key;

/**
 * Shards the files collection through a mongos before the first insert, in this order:
 * balancerStatus, balancerStop (with {@value FileMetaSharding#STOP_BALANCER_PROPERTY} when it
 * runs), enableSharding, shardCollection (a hashed key with numInitialChunks for a pre-split),
 * then for a pre-split range key listShards, the database's primary shard, a split at each split
 * point and a moveChunk of each chunk that {@link ChunkLayout} puts elsewhere than on the
 * primary (which holds them all after the splits). A balancer it stopped is started again when
 * the connection's last client thread ends (the load finished, failed or was stopped), or at once
 * when the setup fails. The preflight checked the collection, so an already sharded one is kept.
 */
final class ShardSetup {
  private static final int ALREADY_INITIALIZED = 23;
  private final MongoConnection connection;
  private final MongoDatabase admin;
  private final ShardedCluster cluster;
  private final String database;
  private final String namespace;
  private final FileMetaSharding sharding;
  private final AtomicBoolean balancerStopped = new AtomicBoolean();

  ShardSetup(MongoConnection connection, String database, String collection, FileMetaSharding sharding) {
    this.connection = connection;
    this.admin = connection.database("admin");
    this.cluster = new ShardedCluster(connection::database);
    this.database = database;
    this.namespace = database + "." + collection;
    this.sharding = sharding;
  }

  /** The shard key document: {user_id: 1} or {user_id: "hashed"}. */
  static Document key(FileMetaSharding sharding) {
    return new Document(FileMetaSharding.FIELD, sharding.key() == Key.HASHED ? "hashed" : (Object) 1);
  }

  void run() {
    if (sharding.stopBalancer() && cluster.balancer().running()) {
      admin.runCommand(new Document("balancerStop", 1));
      balancerStopped.set(true);
      connection.onRelease(this::startBalancer);
    }
    try {
      if (cluster.shardKey(namespace) != null) {
        return;
      }
      enableSharding();
      Document shard = new Document("shardCollection", namespace).append("key", key(sharding));
      if (sharding.key() == Key.HASHED && sharding.presplit() > 0) {
        shard.append("numInitialChunks", sharding.presplit());
      }
      admin.runCommand(shard);
      if (!sharding.splitPoints().isEmpty()) {
        presplit();
      }
    } catch (RuntimeException e) {
      // the load will not run: the balancer must not stay stopped until the JVM ends
      startBalancer();
      throw e;
    }
  }

  // MongoDB before 4.x answers AlreadyInitialized for a database that has sharding enabled (a
  // second collection, or this one dropped and loaded again); later versions answer ok
  private void enableSharding() {
    try {
      admin.runCommand(new Document("enableSharding", database));
    } catch (MongoCommandException e) {
      if (e.getErrorCode() != ALREADY_INITIALIZED) {
        throw e;
      }
    }
  }

  private void presplit() {
    ChunkLayout layout = new ChunkLayout(sharding.splitPoints(), cluster.shards());
    String primary = cluster.primary(database);
    for (long at : sharding.splitPoints()) {
      admin.runCommand(new Document("split", namespace).append("middle", new Document(FileMetaSharding.FIELD, at)));
    }
    for (int i = 0; i < layout.chunks(); i++) {
      String to = layout.shardOf(i);
      if (!to.equals(primary)) {
        admin.runCommand(new Document("moveChunk", namespace)
            .append("find", new Document(FileMetaSharding.FIELD, layout.member(i))).append("to", to));
      }
    }
  }

  /** Starts the balancer this setup stopped, once; says so, or how to do it by hand. */
  private void startBalancer() {
    if (!balancerStopped.getAndSet(false)) {
      return;
    }
    try {
      admin.runCommand(new Document("balancerStart", 1));
      System.out.println("[FILEMETA] balancer started again (" + FileMetaSharding.STOP_BALANCER_PROPERTY
          + "=true stopped it for the load)");
    } catch (MongoException e) {
      System.out.println("[FILEMETA] WARNING: the balancer stopped for the load could not be started again ("
          + MongoErrors.describe(e) + "); start it with sh.startBalancer()");
    }
  }

  static List<String> shardsOf(MongoConnection connection) {
    return new ShardedCluster(connection::database).shards();
  }
}
