package site.ycsbx.db.mongodb.filemeta;

import com.mongodb.MongoException;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import java.util.ArrayList;
import java.util.List;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoErrors;
import site.ycsbx.db.mongodb.conn.MongoSchema;
import site.ycsbx.db.mongodb.port.PortException;
import site.ycsbx.store.IndexSpec;
import site.ycsbx.store.filemeta.FileMetaSharding;
import site.ycsbx.store.filemeta.ShardCount;

/**
 * The mongodb binding's filemeta side (MongoDB 2.6+, the 4.x/5.x driver): the collection and its
 * indexes created through {@link MongoSchema}, with the user's storage-engine config strings;
 * sharding through a mongos ({@link ShardSetup}, {@link ShardedCluster}).
 */
final class DriverFileMetaSide extends FileMetaSide {
  private final MongoConnection connection;

  DriverFileMetaSide(MongoConnection connection) {
    super(connection.options(), connection::port);
    this.connection = connection;
  }

  private MongoSchema schema(String collection) {
    return connection.schema(options().databaseOf(collection));
  }

  @Override
  public void ensureCollection(String collection) {
    run(() -> schema(collection).ensureCollection(collection));
  }

  @Override
  public void ensureIndex(String collection, IndexSpec index) {
    run(() -> schema(collection).ensureIndex(collection, Indexes.ascending(index.columns()),
        new IndexOptions().name(index.name())));
  }

  @Override
  public void drop(String collection) {
    run(() -> schema(collection).drop(collection));
  }

  /** A sharding command that fails is named in the server's message. */
  @Override
  public void shard(String collection, FileMetaSharding sharding) {
    run(() -> new ShardSetup(connection, options().databaseOf(collection), collection, sharding).run());
  }

  /** From collStats through a mongos; empty on any other server (nothing is sharded there). */
  @Override
  public List<ShardCount> documentsPerShard(String collection) {
    List<ShardCount> out = new ArrayList<>();
    run(() -> {
      if (ShardedCluster.isMongos(connection.hello())) {
        ShardedCluster.documentsPerShard(connection.database(options().databaseOf(collection)), collection,
            ShardSetup.shardsOf(connection)).forEach((shard, n) -> out.add(new ShardCount(shard, n)));
      }
    });
    return out;
  }

  // the driver's failures as the port's, so the store reports them alike
  private static void run(Runnable call) {
    try {
      call.run();
    } catch (MongoException e) {
      throw new PortException(MongoErrors.describe(e), e, false, 0);
    }
  }
}
