package site.ycsbx.db.mongodb;

import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.exception.MongoServerError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The sharding commands of a mongos, acknowledged and kept as state, so that a test can assert
 * what the binding sent and what the cluster would look like after it: named shards (listShards),
 * the balancer (balancerStatus/Stop/Start), enableSharding (the database's primary in
 * config.databases, the first shard), shardCollection (config.collections, one chunk on the
 * primary; a hashed key gets numInitialChunks chunks spread over the shards), split, moveChunk
 * (refused onto the shard that holds the chunk, so a test sees the binding never asks that) and
 * collStats with documents per shard, counted from the stored documents and the chunks. Not MongoDB: no
 * migrations, no orphans; a "hashed" key puts user u in chunk u mod chunks.
 */
final class FakeShards {
  /** The backend's own command handling, for the config documents and counts. */
  interface Backend {
    Document command(String database, String command, Document query);
  }

  private static final long MIN_KEY = Long.MIN_VALUE;
  private final List<String> shards;
  private volatile String balancerMode = "full";
  private final Set<String> failing = ConcurrentHashMap.newKeySet();
  // namespace -> chunk lower bound (MIN_KEY for MinKey) -> shard; for hashed keys chunk number -> shard
  private final Map<String, TreeMap<Long, String>> chunks = new ConcurrentHashMap<>();
  private final Set<String> hashed = ConcurrentHashMap.newKeySet();
  private final Set<String> enabled = ConcurrentHashMap.newKeySet();

  private volatile boolean balancerCommands = true;

  FakeShards(List<String> shards) {
    this.shards = List.copyOf(shards);
  }

  /** Answers balancerStatus/Stop/Start with CommandNotFound, as a mongos before 3.4 does. */
  void withoutBalancerCommands() {
    balancerCommands = false;
  }

  void balancerMode(String mode) {
    balancerMode = mode;
  }

  String balancerMode() {
    return balancerMode;
  }

  /** Every later command of this name fails (e.g. "insert" for a failing load). */
  void fail(String command) {
    failing.add(command.toLowerCase(java.util.Locale.ROOT));
  }

  /** The chunks of a namespace: lower bound (null for MinKey) to shard, in key order. */
  Map<Long, String> chunks(String namespace) {
    Map<Long, String> out = new LinkedHashMap<>();
    chunks.getOrDefault(namespace, new TreeMap<>()).forEach((k, v) -> out.put(k == MIN_KEY ? null : k, v));
    return out;
  }

  /** The reply to a command this fake answers, else null (the backend answers it). */
  Document handle(Backend backend, String database, String command, Document query) {
    String name = command.toLowerCase(java.util.Locale.ROOT);
    if (failing.contains(name)) {
      throw new MongoServerError(8000, "FakeFailure", command + " failed (a test asked for it)");
    }
    if (!balancerCommands && name.startsWith("balancer")) {
      throw new MongoServerError(59, "CommandNotFound", "no such command: '" + command + "'");
    }
    switch (name) {
      case "listshards" -> {
        List<Document> list = new ArrayList<>();
        for (int i = 0; i < shards.size(); i++) {
          list.add(new Document("_id", shards.get(i)).append("host", shards.get(i) + "/h" + i + ":27018").append("state", 1));
        }
        return ok().append("shards", list);
      }
      case "balancerstatus" -> {
        return ok().append("mode", balancerMode).append("inBalancerRound", false).append("numBalancerRounds", 0L);
      }
      case "balancerstop" -> {
        balancerMode = "off";
        return ok();
      }
      case "balancerstart" -> {
        balancerMode = "full";
        return ok();
      }
      case "enablesharding" -> {
        String db = query.get(command).toString();
        if (!enabled.add(db)) {
          // as MongoDB 3.x answers (4.x and later answer ok)
          throw new MongoServerError(23, "AlreadyInitialized", "already enabled");
        }
        backend.command("config", "update", new Document("update", "databases").append("updates", List.of(
            new Document("q", new Document("_id", db)).append("u", new Document("_id", db).append("primary", shards.get(0))
                .append("partitioned", true)).append("upsert", true))));
        return ok();
      }
      case "shardcollection" -> {
        return shardCollection(backend, query.get(command).toString(), (Document) query.get("key"), query);
      }
      case "split" -> {
        TreeMap<Long, String> c = sharded(query.get(command).toString());
        long at = ((Number) ((Document) query.get("middle")).get("user_id")).longValue();
        if (c.containsKey(at)) {
          throw new MongoServerError(2, "BadValue", "split at an existing chunk boundary " + at);
        }
        c.put(at, c.floorEntry(at).getValue());
        return ok();
      }
      case "movechunk" -> {
        TreeMap<Long, String> c = sharded(query.get(command).toString());
        long at = ((Number) ((Document) query.get("find")).get("user_id")).longValue();
        String to = query.get("to").toString();
        Map.Entry<Long, String> chunk = c.floorEntry(at);
        if (!shards.contains(to)) {
          throw new MongoServerError(70, "ShardNotFound", "no shard " + to);
        }
        if (chunk.getValue().equals(to)) {
          throw new MongoServerError(2, "BadValue", "that chunk is already on that shard");
        }
        c.put(chunk.getKey(), to);
        return ok();
      }
      case "drop" -> {
        String ns = database + "." + query.get(command);
        chunks.remove(ns);
        hashed.remove(ns);
        backend.command("config", "delete", new Document("delete", "collections").append("deletes",
            List.of(new Document("q", new Document("_id", ns)).append("limit", 0))));
        return null;
      }
      default -> {
        return null;
      }
    }
  }

  private Document shardCollection(Backend backend, String ns, Document key, Document query) {
    if (chunks.containsKey(ns)) {
      throw new MongoServerError(20, "AlreadyInitialized", "sharding already enabled for collection " + ns);
    }
    TreeMap<Long, String> c = new TreeMap<>();
    if ("hashed".equals(key.get("user_id"))) {
      hashed.add(ns);
      Object n = query.get("numInitialChunks");
      int count = n == null ? 2 * shards.size() : ((Number) n).intValue();
      for (long i = 0; i < count; i++) {
        c.put(i, shards.get((int) (i % shards.size())));
      }
    } else {
      c.put(MIN_KEY, shards.get(0));
    }
    chunks.put(ns, c);
    backend.command("config", "insert", new Document("insert", "collections").append("documents",
        List.of(new Document("_id", ns).append("key", key).append("unique", false))));
    return ok().append("collectionsharded", ns);
  }

  private TreeMap<Long, String> sharded(String ns) {
    TreeMap<Long, String> c = chunks.get(ns);
    if (c == null || hashed.contains(ns)) {
      throw new MongoServerError(2, "BadValue", ns + " is not sharded on a range key");
    }
    return c;
  }

  /** Adds mongos's fields to a collStats reply: sharded, and per shard its documents. */
  void collStats(Backend backend, String database, String collection, Document reply) {
    String ns = database + "." + collection;
    TreeMap<Long, String> c = chunks.get(ns);
    reply.put("sharded", c != null);
    if (c == null) {
      reply.put("primary", shards.get(0));
      return;
    }
    Map<String, Long> per = new LinkedHashMap<>();
    List<Map.Entry<Long, String>> list = new ArrayList<>(c.entrySet());
    for (int i = 0; i < list.size(); i++) {
      Document range = new Document();
      if (hashed.contains(ns)) {
        range.put("$mod", List.of((long) list.size(), list.get(i).getKey()));
      } else {
        if (list.get(i).getKey() != MIN_KEY) {
          range.put("$gte", list.get(i).getKey());
        }
        if (i + 1 < list.size()) {
          range.put("$lt", list.get(i + 1).getKey());
        }
      }
      Document count = new Document("count", collection);
      if (!range.isEmpty()) {
        count.put("query", new Document("user_id", range));
      }
      long n = ((Number) backend.command(database, "count", count).get("n")).longValue();
      per.merge(list.get(i).getValue(), n, Long::sum);
    }
    Document shardsDoc = new Document();
    per.forEach((shard, n) -> shardsDoc.put(shard, new Document("ns", ns).append("count", n)));
    reply.put("shards", shardsDoc);
  }

  private static Document ok() {
    return new Document("ok", 1.0);
  }
}
