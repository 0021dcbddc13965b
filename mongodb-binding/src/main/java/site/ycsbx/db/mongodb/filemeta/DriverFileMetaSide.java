package site.ycsbx.db.mongodb.filemeta;

import java.util.ArrayList;
import java.util.List;
import site.ycsbx.db.mongodb.conn.FamilySide;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.ServerKind;
import site.ycsbx.store.filemeta.FileMetaSharding;
import site.ycsbx.store.filemeta.ShardCount;

/**
 * The mongodb binding's filemeta side (MongoDB 2.6+, the 4.x/5.x driver): the collection and its
 * indexes created through the kit's schema helper ({@link FamilySide}), with the user's
 * storage-engine config strings; sharding through a mongos ({@link ShardSetup}, {@link ShardedCluster}).
 */
final class DriverFileMetaSide extends FileMetaSide {
  private final MongoConnection connection;

  DriverFileMetaSide(MongoConnection connection) {
    super(connection);
    this.connection = connection;
  }

  /** A sharding command that fails is named in the server's message. */
  @Override
  public void shard(String collection, FileMetaSharding sharding) {
    driver(() -> new ShardSetup(connection, options().databaseOf(collection), collection, sharding).run());
  }

  /** From collStats through a mongos; empty on any other server (nothing is sharded there). */
  @Override
  public List<ShardCount> documentsPerShard(String collection) {
    List<ShardCount> out = new ArrayList<>();
    driver(() -> {
      if (ServerKind.isMongos(connection.hello())) {
        ShardedCluster.documentsPerShard(connection.database(options().databaseOf(collection)), collection,
            ShardSetup.shardsOf(connection)).forEach((shard, n) -> out.add(new ShardCount(shard, n)));
      }
    });
    return out;
  }
}
