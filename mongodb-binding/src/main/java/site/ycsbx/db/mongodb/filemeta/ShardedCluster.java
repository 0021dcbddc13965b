package site.ycsbx.db.mongodb.filemeta;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoDatabase;
import org.bson.Document;

/**
 * What a mongos says about its cluster, read only, by commands every mongos from 3.0 to 8.0
 * answers (balancerStatus from 3.4): the shards, the balancer, how a collection is sharded, a
 * database's primary shard, documents per shard. The preflight and the store's setup both read
 * through it, so they see the cluster the same way.
 */
final class ShardedCluster {
  private static final int COMMAND_NOT_FOUND = 59;

  private final MongoDatabase admin;
  private final MongoDatabase config;

  /** The cluster behind {@code databases}, a mongos' databases by name (its admin and config). */
  ShardedCluster(Function<String, MongoDatabase> databases) {
    this.admin = databases.apply("admin");
    this.config = databases.apply("config");
  }

  /** The balancer: its mode ("full", "off"; null when the server has no balancerStatus, before 3.4). */
  record Balancer(String mode, String whyUnknown) {
    boolean running() {
      return mode != null && !mode.equals("off");
    }

    String describe() {
      return mode == null ? "unknown (" + whyUnknown + ")" : (running() ? "running" : "stopped") + " (balancerStatus mode "
          + mode + ")";
    }
  }

  /** Shard names in the order listShards gives them. */
  List<String> shards() {
    List<String> out = new ArrayList<>();
    for (Object s : admin.runCommand(new Document("listShards", 1)).getList("shards", Object.class)) {
      out.add(((Document) s).get("_id").toString());
    }
    return out;
  }

  Balancer balancer() {
    try {
      return new Balancer(String.valueOf(admin.runCommand(new Document("balancerStatus", 1)).get("mode")), null);
    } catch (MongoCommandException e) {
      if (e.getErrorCode() == COMMAND_NOT_FOUND) {
        return new Balancer(null, "balancerStatus needs MongoDB 3.4 or later");
      }
      throw e;
    }
  }

  /**
   * The shard key of a sharded collection, or null when it is not sharded. MongoDB 8.0 also lists
   * unsharded collections it tracks ({@code unsplittable}); older ones leave dropped entries.
   */
  Document shardKey(String namespace) {
    Document c = config.getCollection("collections").find(new Document("_id", namespace)).first();
    if (c == null || Boolean.TRUE.equals(c.get("dropped")) || Boolean.TRUE.equals(c.get("unsplittable"))) {
      return null;
    }
    return c.get("key", Document.class);
  }

  /** The database's primary shard (it holds every chunk of a newly sharded collection), or null. */
  String primary(String database) {
    Document d = config.getCollection("databases").find(new Document("_id", database)).first();
    return d == null || d.get("primary") == null ? null : d.get("primary").toString();
  }

  /**
   * Documents per shard of a sharded collection, every shard listed (0 when it holds none), from
   * collStats' per-shard counts (MongoDB 3.0 to 8.0); empty when the collection is not sharded.
   */
  static Map<String, Long> documentsPerShard(MongoDatabase database, String collection, List<String> shards) {
    Document stats = database.runCommand(new Document("collStats", collection));
    Map<String, Long> out = new LinkedHashMap<>();
    if (!Boolean.TRUE.equals(stats.get("sharded"))) {
      return out;
    }
    Document per = stats.get("shards", Document.class);
    shards.forEach(s -> out.put(s, 0L));
    per.forEach((shard, s) -> out.put(shard, ((Number) ((Document) s).get("count")).longValue()));
    return out;
  }
}
