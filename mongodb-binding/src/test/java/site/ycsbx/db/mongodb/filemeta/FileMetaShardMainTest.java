package site.ycsbx.db.mongodb.filemeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.model.Filters;
import de.bwaldvogel.mongo.bson.Document;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.db.mongodb.TestServer.Command;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.PrintedFingerprint;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/**
 * {@code bin/ycsb load mongodb -P workloads/filemeta -p filemeta.shard=true ...} in a fresh JVM
 * against a test server posing as a mongos over three shards: the sharding commands as the
 * server received them, before the first insert, with the split points at the quantiles of the
 * generated owners; the balancer back after the load, also a failing one; the per-shard table and
 * its warning; the refusals (one line, exit 2, nothing created or sent; in this JVM, as nothing runs).
 */
@Tag("process")
class FileMetaShardMainTest {
  private static final Set<String> CHANGING = Set.of("create", "createIndexes", "insert", "update", "drop",
      "enableSharding", "shardCollection", "split", "moveChunk", "balancerStop", "balancerStart");
  private static TestServer cluster;

  @BeforeAll
  static void start() {
    cluster = TestServer.posingAsShardedCluster("5.0.30", "shard0", "shard1", "shard2");
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  private static Result load(TestServer on, String database, String... props) {
    return JavaProcess.run(Main.class.getName(), args(on, database, props));
  }

  private static String[] args(TestServer on, String database, String... props) {
    List<String> args = new ArrayList<>(List.of("load", "mongodb", "-P", JavaProcess.workload("filemeta"),
        "-p", "mongodb.url=" + on.url(database), "-p", "recordcount=900", "-p", "filemeta.users=90",
        "-p", "filemeta.filesperuser=uniform", "-p", "filemeta.batchsize=100", "-threads", "2"));
    for (String p : props) {
      args.add("-p");
      args.add(p);
    }
    return args.toArray(new String[0]);
  }

  private static List<Command> since(TestServer on, int from) {
    List<Command> all = on.commands();
    return all.subList(from, all.size());
  }

  private static long count(TestServer on, String database, int fromUser, int toUser) {
    try (MongoClient c = on.client()) {
      return c.getDatabase(database).getCollection("files").countDocuments(
          Filters.and(Filters.gte("user_id", (long) fromUser), Filters.lt("user_id", (long) toUser)));
    }
  }

  @Test
  void presplitLoadSplitsAtTheOwnerQuantilesMovesRoundRobinBeforeTheFirstInsertAndRestoresTheBalancer() {
    String db = TestServer.freshDatabase();
    String ns = db + ".files";
    int from = cluster.commands().size();
    Result r = load(cluster, db, "filemeta.shard=true", "filemeta.presplit=3", "filemeta.stopbalancer=true",
        "filemeta.verify=true");
    assertEquals(0, r.exitCode(), r.all());

    List<Command> sent = since(cluster, from);
    List<String> sharding = new ArrayList<>();
    int firstInsert = -1;
    int lastInsert = -1;
    int lastSharding = -1;
    for (int i = 0; i < sent.size(); i++) {
      Command c = sent.get(i);
      Document b = c.body();
      switch (c.name()) {
        case "insert" -> {
          firstInsert = firstInsert < 0 ? i : firstInsert;
          lastInsert = i;
        }
        case "balancerStop", "enableSharding", "shardCollection" -> {
          sharding.add(c.name() + " " + b.get(c.name()) + (b.containsKey("key") ? " " + b.get("key") : ""));
          lastSharding = i;
        }
        case "split" -> {
          sharding.add("split " + ((Document) b.get("middle")).get("user_id").getClass().getSimpleName() + " "
              + ((Document) b.get("middle")).get("user_id"));
          lastSharding = i;
        }
        case "moveChunk" -> {
          sharding.add("moveChunk " + ((Document) b.get("find")).get("user_id") + " to " + b.get("to"));
          lastSharding = i;
        }
        default -> {
        }
      }
    }
    // users 0..89 own files uniformly: the 1/3 and 2/3 quantiles are users 30 and 60
    assertEquals(List.of("balancerStop 1", "enableSharding " + db, "shardCollection " + ns + " {\"user_id\" : 1}",
        "split Long 30", "split Long 60", "moveChunk 30 to shard1", "moveChunk 60 to shard2"), sharding);
    assertTrue(lastSharding < firstInsert, "all sharding before the first insert");
    int start = sent.stream().map(Command::name).toList().indexOf("balancerStart");
    assertTrue(start > lastInsert, "balancer started after the last insert: " + start + " > " + lastInsert);
    assertEquals("full", cluster.balancerMode());
    Map<Long, String> chunks = new LinkedHashMap<>();
    chunks.put(null, "shard0");
    chunks.put(30L, "shard1");
    chunks.put(60L, "shard2");
    assertEquals(chunks, cluster.chunks(ns));

    String out = r.stdout();
    assertFingerprint(out, "filemeta.shards", "3 (shard0, shard1, shard2)");
    assertFingerprint(out, "filemeta.presplit", "3 chunks split at user_id quantiles, round-robin"
        + " over 3 shards: [MinKey, 30) shard0, [30, 60) shard1, [60, MaxKey) shard2");
    assertFingerprint(out, "filemeta.balancer", "running (balancerStatus mode full); stopped for"
        + " the load, started after it (filemeta.stopbalancer=true)");
    assertTrue(out.contains("[FILEMETA] balancer started again (filemeta.stopbalancer=true stopped it for the load)"),
        out);
    long a = count(cluster, db, 0, 30);
    long b = count(cluster, db, 30, 60);
    long c = count(cluster, db, 60, 90);
    assertEquals(900, a + b + c);
    assertTrue(out.contains(String.format(java.util.Locale.ROOT, "[FILEMETA]   shard0 %12d %6.1f%%", a, a / 9.0)), out);
    assertTrue(out.contains(String.format(java.util.Locale.ROOT, "[FILEMETA]   shard1 %12d %6.1f%%", b, b / 9.0)), out);
    assertTrue(out.contains(String.format(java.util.Locale.ROOT, "[FILEMETA]   shard2 %12d %6.1f%%", c, c / 9.0)), out);
    assertFalse(out.contains("WARNING"), out);
    assertTrue(out.contains("[FILEMETA-VERIFY] files per user of all 90 users and deleted files on all 33 servers"
        + " against the generator (seed 0): OK"), out);
  }

  @Test
  void withoutPresplitEveryFileLandsOnOneShardAndTheLoadSaysSo() {
    String db = TestServer.freshDatabase();
    Result r = load(cluster, db, "filemeta.shard=true", "filemeta.shardkey=range");
    assertEquals(0, r.exitCode(), r.all());
    String out = r.stdout();
    assertTrue(out.contains("[FILEMETA] documents per shard of files (3 shards, 900 documents):"), out);
    assertTrue(out.contains("[FILEMETA]   shard0          900  100.0%"), out);
    assertTrue(out.contains("[FILEMETA]   shard1            0    0.0%"), out);
    assertTrue(out.contains("[FILEMETA] WARNING: shard0 holds 100.0% of the documents of 3 shards"), out);
    assertFingerprint(out, "filemeta.balancer", "running (balancerStatus mode full); left as it is"
        + " during the load");
  }

  @Test
  void aFailingLoadStillStartsTheBalancerAgain() {
    try (TestServer failing = TestServer.posingAsShardedCluster("4.4.29", "a", "b")) {
      failing.failCommand("insert");
      String db = TestServer.freshDatabase();
      Result r = load(failing, db, "filemeta.shard=true", "filemeta.stopbalancer=true");
      assertTrue(r.stdout().contains("9 batches failed"), r.all());
      List<String> names = failing.commands().stream().map(Command::name).toList();
      assertTrue(names.indexOf("balancerStop") < names.indexOf("insert"), names.toString());
      assertTrue(names.lastIndexOf("insert") < names.indexOf("balancerStart"), names.toString());
      assertEquals("full", failing.balancerMode());
    }
  }

  /** A fingerprint line as printed: the key, padding, then the value. */
  /** {@code key} has {@code value} in the fingerprint the run printed (read back as compare and sweep read it). */
  private static void assertFingerprint(String out, String key, String value) {
    assertEquals(value, PrintedFingerprint.of(out).get(key), key + " in:\n" + out);
  }

  private static void assertRefused(TestServer on, String database, String expected, String... props) {
    Set<String> databases = on.databaseNames();
    int from = on.commands().size();
    // refused before the run starts: bin/ycsb's Main in this JVM
    Result r = InProcessMain.run(args(on, database, props));
    assertEquals(2, r.exitCode(), r.all());
    assertEquals(List.of("ycsb: " + expected), r.stderrLines());
    assertFalse(r.all().contains("Exception"), r.all());
    assertEquals(databases, on.databaseNames(), "nothing created");
    assertEquals(List.of(), since(on, from).stream().map(Command::name).filter(CHANGING::contains).toList());
  }

  @Test
  void embeddedIsRefusedBeforeItsServerAndFolderExist(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    Result r = JavaProcess.run(dir, 60, Main.class.getName(), "load", "mongodb-embedded", "-P",
        JavaProcess.workload("filemeta"), "-p", "recordcount=100", "-p", "filemeta.shard=true");
    assertEquals(2, r.exitCode(), r.all());
    assertEquals(List.of("ycsb: filemeta.shard=true needs a mongos (the router of a sharded cluster); mongodb-embedded"
        + " runs a server of its own, which is not one; use the mongodb binding with mongodb.url pointing at a mongos,"
        + " or remove filemeta.shard"), r.stderrLines());
    assertFalse(java.nio.file.Files.exists(dir.resolve("ycsbx-data")), "the embedded data folder was created");
  }

  @Test
  void refusedInOneLineBeforeAnythingIsCreated() {
    try (TestServer plain = new TestServer()) {
      String db = TestServer.freshDatabase();
      assertRefused(plain, db, "filemeta.shard=true needs a mongos (the router of a sharded cluster), but the server at "
          + plain.url(db) + " is not one (isMaster msg is not isdbgrid); point mongodb.url at a mongos or remove"
          + " filemeta.shard", "filemeta.shard=true");
    }
    assertRefused(cluster, TestServer.freshDatabase(), "filemeta.presplit=4 needs filemeta.shard=true (a load into a"
        + " sharded MongoDB collection through a mongos); set filemeta.shard=true or remove filemeta.presplit",
        "filemeta.presplit=4");
    assertRefused(cluster, TestServer.freshDatabase(), "filemeta.shardkey=hash is not accepted; filemeta.shardkey"
        + " accepts range or hashed", "filemeta.shard=true", "filemeta.shardkey=hash");
    String full = TestServer.freshDatabase();
    try (MongoClient c = cluster.client()) {
      c.getDatabase(full).getCollection("files").insertOne(new org.bson.Document("_id", 7L).append("user_id", 3L));
    }
    assertRefused(cluster, full, "filemeta.shard=true but " + full + ".files holds 1 documents and is not sharded"
        + " (sharding it would start the load amid chunk migrations); set filemeta.drop=true to drop it first, or load"
        + " into another filemeta.table", "filemeta.shard=true");
  }
}
