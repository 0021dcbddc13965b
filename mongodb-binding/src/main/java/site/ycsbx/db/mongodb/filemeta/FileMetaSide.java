package site.ycsbx.db.mongodb.filemeta;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.db.mongodb.port.PortException;
import site.ycsbx.store.IndexSpec;
import site.ycsbx.store.filemeta.FileMetaSharding;
import site.ycsbx.store.filemeta.ShardCount;

/**
 * What {@link MongoFileMetaStore} needs of its binding besides the port: the run's options, a
 * port to each database, and what differs between the driver lines. As it stands it is the
 * legacy line's (MongoDB 2.4, TokuMX): the collection created by its first write, indexes as 2.4
 * builds them, no sharding (its preflight refuses {@value FileMetaSharding#SHARD_PROPERTY}). The
 * mongodb binding's side ({@link DriverFileMetaSide}) overrides the schema calls and shards
 * through a mongos.
 */
public class FileMetaSide {
  /** Said when the legacy line is asked to shard. */
  public static final String NO_SHARDING = FileMetaSharding.SHARD_PROPERTY + "=true is not served by mongodb-legacy"
      + " (MongoDB 2.4, TokuMX): shard through a mongos with the mongodb binding (MongoDB 2.6 and later), or remove "
      + FileMetaSharding.SHARD_PROPERTY;

  private final MongoOptions options;
  private final Function<String, MongoPort> ports;

  /** @param ports the port to a database by name, writing with the run's write concern */
  public FileMetaSide(MongoOptions options, Function<String, MongoPort> ports) {
    this.options = options;
    this.ports = ports;
  }

  public final MongoOptions options() {
    return options;
  }

  /** The port to the database of {@code collection}. */
  public final MongoPort portOf(String collection) {
    return ports.apply(options.databaseOf(collection));
  }

  /** Makes the collection exist before its indexes are asked for; here its first write creates it. */
  public void ensureCollection(String collection) {
  }

  /** Creates the index when absent. */
  public void ensureIndex(String collection, IndexSpec index) {
    MongoPort port = portOf(collection);
    Map<String, Object> keys = port.document();
    index.columns().forEach(c -> keys.put(c, 1));
    port.collection(collection).createIndex(keys, index.name());
  }

  /** Drops the collection and its indexes, when it exists. */
  public void drop(String collection) {
    portOf(collection).collection(collection).drop();
  }

  /** Shards the new collection; here refused (the preflight refused it first). */
  public void shard(String collection, FileMetaSharding sharding) {
    throw new PortException(NO_SHARDING);
  }

  /** The collection's documents per shard through a mongos; empty here, where nothing is sharded. */
  public List<ShardCount> documentsPerShard(String collection) {
    return List.of();
  }
}
