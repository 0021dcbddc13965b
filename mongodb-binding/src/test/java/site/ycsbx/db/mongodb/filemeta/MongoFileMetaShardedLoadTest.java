package site.ycsbx.db.mongodb.filemeta;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mongodb.client.MongoClient;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.mongodb.MongoDbClient;
import site.ycsbx.db.mongodb.MongoUnderTest;
import site.ycsbx.db.mongodb.ServerChoice;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.filemeta.FileMetaPlan;
import site.ycsbx.store.filemeta.FileMetaSharding;
import site.ycsbx.store.filemeta.FileMetaSharding.Key;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.store.filemeta.FileRow;
import site.ycsbx.store.filemeta.ShardCount;

/**
 * A presplit filemeta load through a mongos, judged by what the cluster holds afterwards (not by
 * the commands, which {@link MongoFileMetaShardWireTest} checks): every file stored, spread over
 * as many shards as there are chunks or shards, and the balancer as it was. On the in-process
 * server posing as a mongos over three shards, or on the mongos {@link ServerChoice} names (any
 * number of shards): the same assertions hold for both.
 */
@Tag("server")
class MongoFileMetaShardedLoadTest {
  private static MongoUnderTest mongos;

  @BeforeAll
  static void start() {
    mongos = ServerChoice.mongos(() -> TestServer.posingAsShardedCluster("7.0.14", "shardA", "shardB", "shardC"));
  }

  @AfterAll
  static void stop() {
    mongos.close();
  }

  private static String balancerMode(MongoClient c) {
    return c.getDatabase("admin").runCommand(new Document("balancerStatus", 1)).getString("mode");
  }

  @Test
  void aPresplitLoadStoresEveryFileOnTheShardsAndLeavesTheBalancerAsItWas() throws Exception {
    String database = TestServer.freshDatabase();
    String before;
    int shards;
    try (MongoClient c = mongos.client()) {
      before = balancerMode(c);
      shards = c.getDatabase("admin").runCommand(new Document("listShards", 1)).getList("shards", Document.class).size();
    }
    MongoDbClient db = mongos.binding(database);
    StoreRegistry.clear();
    db.init();
    List<ShardCount> perShard;
    try {
      FileMetaStore store = StoreRegistry.take(FileMetaStore.class);
      // four chunks at the quartiles of 100 users who own 10 files each
      store.prepare(new FileMetaPlan("files", 100, false,
          new FileMetaSharding(true, Key.RANGE, 4, List.of(25L, 50L, 75L), true)));
      List<FileRow> files = new ArrayList<>();
      for (int i = 0; i < 1000; i++) {
        files.add(new FileRow(i, "/f/" + i, i, i % 33, false, 1000, 900, i % 100));
      }
      store.insertFiles(files);
      perShard = store.documentsPerShard();
    } finally {
      db.cleanup();
    }

    assertEquals(1000, mongos.count(database, "files"));
    assertEquals(1000, perShard.stream().mapToLong(ShardCount::documents).sum(), perShard.toString());
    assertEquals(Math.min(4, shards), perShard.stream().filter(s -> s.documents() > 0).count(),
        "each chunk moved round-robin to its own shard: " + perShard);
    try (MongoClient c = mongos.client()) {
      assertEquals(before, balancerMode(c), "the balancer is started again only when it ran before");
    }
  }
}
