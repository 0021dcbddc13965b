package site.ycsbx.db.mongodb.filemeta;

import java.util.List;
import java.util.function.Function;
import site.ycsbx.db.mongodb.conn.FamilySide;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.db.mongodb.port.PortException;
import site.ycsbx.store.filemeta.FileMetaSharding;
import site.ycsbx.store.filemeta.ShardCount;

/**
 * What {@link MongoFileMetaStore} needs of its binding besides the port: {@link FamilySide}'s
 * options, ports and schema calls, and whether it shards. As it stands it is the legacy line's
 * (MongoDB 2.4, TokuMX): no sharding (its preflight refuses
 * {@value FileMetaSharding#SHARD_PROPERTY}). The mongodb binding's side
 * ({@link DriverFileMetaSide}) shards through a mongos.
 */
public class FileMetaSide extends FamilySide {
  /** Said when the legacy line is asked to shard. */
  public static final String NO_SHARDING = FileMetaSharding.SHARD_PROPERTY + "=true is not served by mongodb-legacy"
      + " (MongoDB 2.4, TokuMX): shard through a mongos with the mongodb binding (MongoDB 2.6 and later), or remove "
      + FileMetaSharding.SHARD_PROPERTY;

  /** @param ports the port to a database by name, writing with the run's write concern */
  public FileMetaSide(MongoOptions options, Function<String, MongoPort> ports) {
    super(options, ports);
  }

  /** The mongodb binding's side, on the thread's connection. */
  protected FileMetaSide(MongoConnection connection) {
    super(connection);
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
