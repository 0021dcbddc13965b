package site.ycsbx.store.filemeta;

import java.util.List;

/**
 * How a load shards the files collection on {@code user_id} (MongoDB through a mongos; the spec's
 * cluster was sharded so, as the main query is per user). Built by the workload from its
 * properties; the split points come from the workload's own generator, so a binding splits where
 * the data will fall without knowing how the data are made.
 *
 * @param enabled {@value #SHARD_PROPERTY}
 * @param key {@value #KEY_PROPERTY}
 * @param presplit {@value #PRESPLIT_PROPERTY}: chunks asked for, 0 for none
 * @param splitPoints range keys: the user_ids to split at, ascending, each above 0 and distinct
 *     (fewer than presplit-1 when one user holds more than a chunk's share); empty for hashed keys
 * @param stopBalancer {@value #STOP_BALANCER_PROPERTY}
 */
public record FileMetaSharding(boolean enabled, Key key, int presplit, List<Long> splitPoints, boolean stopBalancer) {
  public static final String SHARD_PROPERTY = "filemeta.shard";
  public static final String KEY_PROPERTY = "filemeta.shardkey";
  public static final String PRESPLIT_PROPERTY = "filemeta.presplit";
  public static final String STOP_BALANCER_PROPERTY = "filemeta.stopbalancer";
  /** The shard key field. */
  public static final String FIELD = "user_id";
  /** Not sharded. */
  public static final FileMetaSharding NONE = new FileMetaSharding(false, Key.RANGE, 0, List.of(), false);

  /** The shard key's kind: ranges of user_id, or its hash. */
  public enum Key {
    RANGE, HASHED;

    @Override
    public String toString() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  public FileMetaSharding {
    splitPoints = List.copyOf(splitPoints);
  }

  /** Chunks the load starts with: split points + 1 for a range key, presplit for a hashed one, else 1. */
  public int chunks() {
    return key == Key.HASHED ? Math.max(1, presplit) : splitPoints.size() + 1;
  }
}
