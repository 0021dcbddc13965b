package site.ycsbx.db.mongodb.filemeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import de.bwaldvogel.mongo.bson.Document;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.mongodb.MongoDbClient;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.db.mongodb.TestServer.Command;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.filemeta.FileMetaPlan;
import site.ycsbx.store.filemeta.FileMetaSharding;
import site.ycsbx.store.filemeta.FileMetaSharding.Key;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.store.filemeta.FileRow;
import site.ycsbx.store.filemeta.ShardCount;

/**
 * The sharding a filemeta load asks of a mongos, on a test server posing as one over three shards
 * (it records and acknowledges the commands and keeps the chunks they make): the exact commands,
 * their order and arguments, all before the first insert; round-robin moves that never move a
 * chunk onto the primary that holds it; the balancer stopped and started again after the load,
 * after a failing one, and at once when the setup fails; documents per shard from collStats.
 */
@Tag("server")
class MongoFileMetaShardWireTest {
  private static final List<String> SHARDS = List.of("shardA", "shardB", "shardC");
  /** What the binding sends for sharding and the load; the driver's monitoring and session commands aside. */
  private static final Set<String> WATCHED = Set.of("balancerStatus", "balancerStop", "balancerStart",
      "enableSharding", "shardCollection", "listShards", "split", "moveChunk", "insert", "collStats", "find");
  private final List<TestServer> servers = new ArrayList<>();
  private final List<MongoDbClient> clients = new ArrayList<>();

  @AfterEach
  void cleanup() throws Exception {
    for (MongoDbClient c : clients) {
      c.cleanup();
    }
    servers.forEach(TestServer::close);
  }

  private TestServer cluster() {
    TestServer s = TestServer.posingAsShardedCluster("7.0.14", SHARDS.toArray(new String[0]));
    servers.add(s);
    return s;
  }

  private MongoDbClient binding(TestServer on, String database) throws Exception {
    MongoDbClient db = on.binding(database);
    StoreRegistry.clear();
    db.init();
    clients.add(db);
    return db;
  }

  private static FileMetaPlan plan(Key key, int presplit, List<Long> splits, boolean stopBalancer) {
    return new FileMetaPlan("files", 100, false, new FileMetaSharding(true, key, presplit, splits, stopBalancer));
  }

  private static List<FileRow> files(int n, int users) {
    List<FileRow> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(new FileRow(i, "/f/" + i + "/" + "p".repeat(30), i, i % 33, false, 1000, 900, i % users));
    }
    return out;
  }

  /** The watched commands as "name body" with the driver's own fields ($db, lsid, ...) left out. */
  private static List<String> watched(TestServer s) {
    List<String> out = new ArrayList<>();
    for (Command c : s.commands()) {
      if (WATCHED.contains(c.name())) {
        Document body = new Document();
        c.body().forEach((k, v) -> {
          if (!k.startsWith("$") && !Set.of("lsid", "txnNumber", "documents", "ordered", "writeConcern").contains(k)) {
            body.put(k, v);
          }
        });
        out.add(c.database() + " " + body);
      }
    }
    return out;
  }

  private static String cmd(String database, Document body) {
    return database + " " + body;
  }

  @Test
  void presplitRangeLoadSendsTheCommandsInOrderBeforeTheFirstInsertAndRestoresTheBalancer() throws Exception {
    TestServer s = cluster();
    String database = TestServer.freshDatabase();
    String ns = database + ".files";
    MongoDbClient db = binding(s, database);
    FileMetaStore store = StoreRegistry.take(FileMetaStore.class);
    store.prepare(plan(Key.RANGE, 4, List.of(25L, 50L, 75L), true));
    store.insertFiles(files(1000, 100));
    assertEquals("off", s.balancerMode(), "stopped during the load");
    List<ShardCount> perShard = store.documentsPerShard();
    db.cleanup();
    clients.remove(db);

    List<String> expected = List.of(
        cmd("admin", new Document("balancerStatus", 1)),
        cmd("admin", new Document("balancerStop", 1)),
        cmd("config", new Document("find", "collections").append("filter", new Document("_id", ns)).append("limit", 1).append("singleBatch", true)),
        cmd("admin", new Document("enableSharding", database)),
        cmd("admin", new Document("shardCollection", ns).append("key", new Document("user_id", 1))),
        cmd("admin", new Document("listShards", 1)),
        cmd("config", new Document("find", "databases").append("filter", new Document("_id", database)).append("limit", 1).append("singleBatch", true)),
        cmd("admin", new Document("split", ns).append("middle", new Document("user_id", 25L))),
        cmd("admin", new Document("split", ns).append("middle", new Document("user_id", 50L))),
        cmd("admin", new Document("split", ns).append("middle", new Document("user_id", 75L))),
        // chunk 0 and 3 belong to shardA, the primary, which holds every chunk after the splits
        cmd("admin", new Document("moveChunk", ns).append("find", new Document("user_id", 25L)).append("to", "shardB")),
        cmd("admin", new Document("moveChunk", ns).append("find", new Document("user_id", 50L)).append("to", "shardC")),
        cmd(database, new Document("insert", "files")),
        cmd("admin", new Document("listShards", 1)),
        cmd(database, new Document("collStats", "files")),
        cmd("admin", new Document("balancerStart", 1)));
    assertEquals(expected, watched(s).stream().filter(c -> !c.startsWith(database + " {\"find\"")).toList());
    for (Command c : s.commands()) {
      if (c.name().equals("split") || c.name().equals("moveChunk")) {
        Document at = (Document) c.body().get(c.name().equals("split") ? "middle" : "find");
        assertEquals(Long.class, at.get("user_id").getClass(), "user_id as stored, int64: " + c.body());
      }
    }
    Map<Long, String> chunks = new LinkedHashMap<>();
    chunks.put(null, "shardA");
    chunks.put(25L, "shardB");
    chunks.put(50L, "shardC");
    chunks.put(75L, "shardA");
    assertEquals(chunks, s.chunks(ns));
    assertEquals("full", s.balancerMode(), "started again after the load");
    // users 0..99 own 10 files each: 25 users on B, 25 on C, 50 on A
    assertEquals(List.of(new ShardCount("shardA", 500), new ShardCount("shardB", 250), new ShardCount("shardC", 250)),
        perShard);
  }

  @Test
  void theBalancerIsStartedAgainAfterAFailingLoad() throws Exception {
    TestServer s = cluster();
    String database = TestServer.freshDatabase();
    MongoDbClient db = binding(s, database);
    FileMetaStore store = StoreRegistry.take(FileMetaStore.class);
    store.prepare(plan(Key.RANGE, 0, List.of(), true));
    s.failCommand("insert");
    assertThrows(StoreException.class, () -> store.insertFiles(files(10, 5)));
    assertEquals("off", s.balancerMode());
    db.cleanup();
    clients.remove(db);
    List<String> names = s.commands().stream().map(Command::name).filter(WATCHED::contains).toList();
    assertEquals("full", s.balancerMode());
    assertEquals(names.lastIndexOf("insert") + 1, names.indexOf("balancerStart"), names.toString());
    assertEquals(List.of("balancerStatus", "balancerStop", "find", "enableSharding", "shardCollection"),
        names.subList(0, 5), "no presplit: no split or move");
  }

  @Test
  void aFailingSetupStartsTheBalancerAtOnceAndInsertsNothing() throws Exception {
    TestServer s = cluster();
    String database = TestServer.freshDatabase();
    binding(s, database);
    FileMetaStore store = StoreRegistry.take(FileMetaStore.class);
    s.failCommand("moveChunk");
    StoreException e = assertThrows(StoreException.class,
        () -> store.prepare(plan(Key.RANGE, 3, List.of(10L, 20L), true)));
    assertTrue(e.getMessage().contains("moveChunk failed"), e.getMessage());
    List<String> names = s.commands().stream().map(Command::name).filter(WATCHED::contains).toList();
    assertEquals("balancerStart", names.get(names.size() - 1), names.toString());
    assertEquals(1, names.stream().filter("balancerStart"::equals).count());
    assertTrue(!names.contains("insert"), names.toString());
    assertEquals("full", s.balancerMode());
  }

  @Test
  void droppedAndLoadedAgainInADatabaseWithShardingEnabled() throws Exception {
    TestServer s = cluster();
    String database = TestServer.freshDatabase();
    String ns = database + ".files";
    binding(s, database);
    FileMetaStore store = StoreRegistry.take(FileMetaStore.class);
    store.prepare(plan(Key.RANGE, 2, List.of(40L), false));
    store.insertFiles(files(100, 100));
    FileMetaPlan again = new FileMetaPlan("files", 100, true,
        new FileMetaSharding(true, Key.RANGE, 3, List.of(20L, 70L), false));
    store.prepare(again); // enableSharding answers AlreadyInitialized (as 3.x does): not a failure
    Map<Long, String> chunks = new LinkedHashMap<>();
    chunks.put(null, "shardA");
    chunks.put(20L, "shardB");
    chunks.put(70L, "shardC");
    assertEquals(chunks, s.chunks(ns), "the new layout only");
    assertEquals(2, s.commands().stream().filter(c -> c.name().equals("enableSharding")).count());
  }

  @Test
  void aBalancerThatWasOffIsNeitherStoppedNorStarted() throws Exception {
    TestServer s = cluster();
    s.balancerMode("off");
    String database = TestServer.freshDatabase();
    MongoDbClient db = binding(s, database);
    FileMetaStore store = StoreRegistry.take(FileMetaStore.class);
    store.prepare(plan(Key.RANGE, 0, List.of(), true));
    store.insertFiles(files(10, 5));
    db.cleanup();
    clients.remove(db);
    List<String> names = s.commands().stream().map(Command::name).toList();
    assertTrue(names.contains("balancerStatus") && !names.contains("balancerStop") && !names.contains("balancerStart"),
        names.toString());
    assertEquals("off", s.balancerMode());
  }

  @Test
  void hashedKeyAsksForInitialChunksAndSplitsNothing() throws Exception {
    TestServer s = cluster();
    String database = TestServer.freshDatabase();
    String ns = database + ".files";
    binding(s, database);
    FileMetaStore store = StoreRegistry.take(FileMetaStore.class);
    store.prepare(plan(Key.HASHED, 6, List.of(), false));
    store.insertFiles(files(600, 60));
    List<String> w = watched(s).stream().filter(c -> !c.startsWith(database + " {\"find\"")).toList();
    assertEquals(List.of(
        cmd("config", new Document("find", "collections").append("filter", new Document("_id", ns)).append("limit", 1).append("singleBatch", true)),
        cmd("admin", new Document("enableSharding", database)),
        cmd("admin", new Document("shardCollection", ns).append("key", new Document("user_id", "hashed"))
            .append("numInitialChunks", 6)),
        cmd(database, new Document("insert", "files"))), w);
    Map<String, Long> perShard = new HashMap<>();
    store.documentsPerShard().forEach(c -> perShard.put(c.shard(), c.documents()));
    assertEquals(Map.of("shardA", 200L, "shardB", 200L, "shardC", 200L), perShard);
  }

  @Test
  void notShardedMeansNoShardingCommandAndNoDistribution() throws Exception {
    TestServer s = cluster();
    String database = TestServer.freshDatabase();
    binding(s, database);
    FileMetaStore store = StoreRegistry.take(FileMetaStore.class);
    store.prepare(FileMetaPlan.defaults(false));
    store.insertFiles(files(10, 5));
    assertEquals(List.of(), store.documentsPerShard(), "an unsharded collection on a mongos");
    List<String> names = s.commands().stream().map(Command::name).toList();
    for (String n : List.of("balancerStatus", "enableSharding", "shardCollection", "split", "moveChunk")) {
      assertTrue(!names.contains(n), n + " in " + names);
    }
    try (TestServer plain = new TestServer()) {
      MongoDbClient db = plain.binding(TestServer.freshDatabase());
      StoreRegistry.clear();
      db.init();
      try {
        FileMetaStore p = StoreRegistry.take(FileMetaStore.class);
        p.prepare(FileMetaPlan.defaults(false));
        assertEquals(List.of(), p.documentsPerShard(), "not a mongos: not asked");
      } finally {
        db.cleanup();
      }
      assertTrue(plain.commands().stream().noneMatch(c -> c.name().equals("collStats")));
    }
  }
}
