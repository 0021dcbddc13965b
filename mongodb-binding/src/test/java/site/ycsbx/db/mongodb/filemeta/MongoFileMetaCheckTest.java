package site.ycsbx.db.mongodb.filemeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.mongodb.MongoPreflight;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.filemeta.FileMetaPlan;
import site.ycsbx.store.filemeta.FileMetaSharding;
import site.ycsbx.store.filemeta.FileMetaSharding.Key;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.util.UserError;

/**
 * The preflight of a sharded filemeta load, in process: what it records in the fingerprint (shards,
 * key, chunk layout, balancer) and what it refuses, reading only; and of a run over more files than
 * the collection holds.
 */
@Tag("server")
class MongoFileMetaCheckTest {
  private static final Set<String> SHARDING_WRITES = Set.of("enableSharding", "shardCollection", "split", "moveChunk",
      "balancerStop", "balancerStart", "create", "createIndexes", "insert", "drop");
  private static TestServer cluster;

  @BeforeAll
  static void start() {
    cluster = TestServer.posingAsShardedCluster("6.0.19", "s0", "s1", "s2");
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  private static FileMetaPlan plan(Key key, int presplit, List<Long> splits, boolean stop, boolean drop) {
    return new FileMetaPlan("files", 1000, drop, new FileMetaSharding(true, key, presplit, splits, stop));
  }

  private static Fingerprint preflight(TestServer on, String database, FileMetaPlan plan) {
    Properties p = new Properties();
    p.setProperty(MongoOptions.URL_PROPERTY, on.url(database));
    Fingerprint fp = new Fingerprint();
    int before = on.commands().size();
    try {
      new MongoPreflight().check(p, Preflight.Phase.LOAD, new StoreDemand(FileMetaStore.class, plan), fp);
    } finally {
      List<String> sent = on.commands().subList(before, on.commands().size()).stream()
          .map(TestServer.Command::name).filter(SHARDING_WRITES::contains).toList();
      assertEquals(List.of(), sent, "the preflight only reads");
    }
    return fp;
  }

  @Test
  void fingerprintHoldsShardsKeyLayoutAndBalancer() {
    Fingerprint fp = preflight(cluster, TestServer.freshDatabase(),
        plan(Key.RANGE, 5, List.of(10L, 20L, 30L, 40L), true, false));
    assertEquals("true", fp.get("filemeta.shard"));
    assertEquals("3 (s0, s1, s2)", fp.get("filemeta.shards"));
    assertEquals("{\"user_id\": 1}", fp.get("filemeta.shardkey"));
    assertEquals("5 chunks split at user_id quantiles, round-robin over 3 shards: [MinKey, 10) s0, [10, 20) s1,"
        + " [20, 30) s2, [30, 40) s0, [40, MaxKey) s1", fp.get("filemeta.presplit"));
    assertEquals("running (balancerStatus mode full); stopped for the load, started after it"
        + " (filemeta.stopbalancer=true)", fp.get("filemeta.balancer"));

    fp = preflight(cluster, TestServer.freshDatabase(), plan(Key.HASHED, 9, List.of(), false, false));
    assertEquals("{\"user_id\": \"hashed\"}", fp.get("filemeta.shardkey"));
    assertEquals("9 initial chunks (shardCollection numInitialChunks), placed by MongoDB", fp.get("filemeta.presplit"));
    assertEquals("running (balancerStatus mode full); left as it is during the load", fp.get("filemeta.balancer"));
  }

  @Test
  void beforeMongoDb34TheBalancerIsUnknownAndCannotBeStopped() {
    // posing as 4.2, which both driver lines reach (driver 5 refuses older servers), without the
    // balancer commands, as a mongos before 3.4 answers
    try (TestServer old = TestServer.posingAsShardedCluster("4.2.25", "s0", "s1")) {
      old.withoutBalancerCommands();
      assertEquals("unknown (balancerStatus needs MongoDB 3.4 or later); left as it is during the load",
          preflight(old, TestServer.freshDatabase(), plan(Key.RANGE, 0, List.of(), false, false)).get("filemeta.balancer"));
      UserError e = assertThrows(UserError.class,
          () -> preflight(old, TestServer.freshDatabase(), plan(Key.RANGE, 0, List.of(), true, false)));
      assertTrue(e.getMessage().startsWith("filemeta.stopbalancer=true cannot stop the balancer of the mongos at"),
          e.getMessage());
      assertTrue(e.getMessage().endsWith(": balancerStatus needs MongoDB 3.4 or later; remove filemeta.stopbalancer"),
          e.getMessage());
    }
  }

  @Test
  void refusals() {
    try (TestServer plain = new TestServer()) {
      UserError e = assertThrows(UserError.class,
          () -> preflight(plain, TestServer.freshDatabase(), plan(Key.RANGE, 0, List.of(), false, false)));
      assertTrue(e.getMessage().startsWith("filemeta.shard=true needs a mongos (the router of a sharded cluster), but"
          + " the server at mongodb://127.0.0.1:"), e.getMessage());
      assertEquals(UserError.BAD_INPUT, e.exitCode());
    }
    String full = TestServer.freshDatabase();
    try (MongoClient c = cluster.client()) {
      c.getDatabase(full).getCollection("files").insertOne(new Document("_id", 1L).append("user_id", 1L));
    }
    UserError e = assertThrows(UserError.class, () -> preflight(cluster, full, plan(Key.RANGE, 0, List.of(), false, false)));
    assertEquals("filemeta.shard=true but " + full + ".files holds 1 documents and is not sharded (sharding it would"
        + " start the load amid chunk migrations); set filemeta.drop=true to drop it first, or load into another"
        + " filemeta.table", e.getMessage());
    assertEquals(UserError.BAD_INPUT, e.exitCode());
    preflight(cluster, full, plan(Key.RANGE, 0, List.of(), false, true)); // dropped first: accepted

    String sharded = TestServer.freshDatabase();
    try (MongoClient c = cluster.client()) {
      c.getDatabase("admin").runCommand(new Document("shardCollection", sharded + ".files")
          .append("key", new Document("user_id", 1.0)));
    }
    e = assertThrows(UserError.class, () -> preflight(cluster, sharded, plan(Key.HASHED, 0, List.of(), false, false)));
    assertEquals("filemeta.shard=true with filemeta.shardkey=hashed asks for shard key {\"user_id\": \"hashed\"} but "
        + sharded + ".files is sharded on {\"user_id\": 1.0}; set filemeta.drop=true to drop it first", e.getMessage());
    e = assertThrows(UserError.class, () -> preflight(cluster, sharded, plan(Key.RANGE, 2, List.of(5L), false, false)));
    assertTrue(e.getMessage().startsWith("filemeta.presplit=2 splits a new collection, but " + sharded + ".files is"
        + " already sharded"), e.getMessage());
    assertEquals("none: " + sharded + ".files is already sharded on {\"user_id\": 1.0} and keeps its chunks",
        preflight(cluster, sharded, plan(Key.RANGE, 0, List.of(), false, false)).get("filemeta.presplit"),
        "the same key (as the shell stores it, 1.0): loaded into as it is");

    e = assertThrows(UserError.class,
        () -> preflight(cluster, TestServer.freshDatabase(), plan(Key.HASHED, 24577, List.of(), false, false)));
    assertEquals("filemeta.presplit=24577 asks for more initial chunks of a hashed key than MongoDB makes on 3 shards;"
        + " filemeta.presplit accepts at most 24576 (8192 a shard) with filemeta.shardkey=hashed", e.getMessage());
    try (TestServer recent = TestServer.posingAsShardedCluster("8.0.4", "s0", "s1")) {
      e = assertThrows(UserError.class,
          () -> preflight(recent, TestServer.freshDatabase(), plan(Key.HASHED, 4, List.of(), false, false)));
      assertEquals("filemeta.presplit=4 with filemeta.shardkey=hashed sets shardCollection's numInitialChunks, which"
          + " MongoDB 8.0 ignores (7.2 and later make one chunk a shard); remove filemeta.presplit or use"
          + " filemeta.shardkey=range", e.getMessage());
      preflight(recent, TestServer.freshDatabase(), plan(Key.HASHED, 0, List.of(), false, false));
    }
  }

  @Test
  void aRunOverMoreFilesThanStoredIsRefused() {
    try (TestServer plain = new TestServer()) {
      String db = TestServer.freshDatabase();
      FileMetaPlan fifty = new FileMetaPlan("files", 1000, false, FileMetaSharding.NONE, 50);
      UserError e = assertThrows(UserError.class, () -> preflight(plain, db, fifty));
      assertEquals("the run assumes filemeta.files=50 files (ids 0 to 49) but collection " + db + ".files, which does"
          + " not exist, holds no file; set filemeta.files=1 (what the load stored), or load 50 files first",
          e.getMessage());
      try (MongoClient c = plain.client()) {
        for (long id = 0; id < 20; id++) {
          c.getDatabase(db).getCollection("files").insertOne(new Document("_id", id).append("user_id", 1L));
        }
      }
      e = assertThrows(UserError.class, () -> preflight(plain, db, fifty));
      assertEquals(UserError.TARGET_UNUSABLE, e.exitCode());
      assertTrue(e.getMessage().startsWith("the run assumes filemeta.files=50 files (ids 0 to 49) but collection " + db
          + ".files holds none with id 49 (largest id 19); set filemeta.files=20 (what the load stored), or load 50"
          + " files first (at mongodb://127.0.0.1:"), e.getMessage());
      preflight(plain, db, new FileMetaPlan("files", 1000, false, FileMetaSharding.NONE, 20));
    }
  }
}
