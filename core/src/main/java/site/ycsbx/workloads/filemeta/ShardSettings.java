package site.ycsbx.workloads.filemeta;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import site.ycsbx.store.filemeta.FileMetaSharding;
import site.ycsbx.store.filemeta.FileMetaSharding.Key;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;

/**
 * The sharding properties of a filemeta load ({@value FileMetaSharding#SHARD_PROPERTY} and the
 * three that refine it), checked, and the split points of {@value FileMetaSharding#PRESPLIT_PROPERTY}
 * computed from the load's own files-per-user distribution.
 */
final class ShardSettings {
  static final String SHARD = FileMetaSharding.SHARD_PROPERTY;
  static final String KEY = FileMetaSharding.KEY_PROPERTY;
  static final String PRESPLIT = FileMetaSharding.PRESPLIT_PROPERTY;
  static final String STOP_BALANCER = FileMetaSharding.STOP_BALANCER_PROPERTY;
  static final boolean SHARD_DEFAULT = false;
  static final String KEY_DEFAULT = "range";
  static final int PRESPLIT_DEFAULT = 0;
  static final boolean STOP_BALANCER_DEFAULT = false;
  /** A bound on split and moveChunk commands sent before the load. */
  static final int PRESPLIT_MAX = 100_000;

  private ShardSettings() {
  }

  /** The sharding a load asks for; a {@link UserError} for settings that make no sense. */
  static FileMetaSharding read(Properties p, boolean load, long users, java.util.function.Supplier<FileGenerator> data) {
    boolean shard = Props.getBoolean(p, SHARD, SHARD_DEFAULT);
    String keyText = p.getProperty(KEY, KEY_DEFAULT).trim();
    Key key;
    try {
      key = Key.valueOf(keyText.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new UserError(KEY + "=" + keyText + " is not accepted; " + KEY + " accepts range or hashed");
    }
    int presplit = Props.getInt(p, PRESPLIT, PRESPLIT_DEFAULT, 0, PRESPLIT_MAX);
    boolean stopBalancer = Props.getBoolean(p, STOP_BALANCER, STOP_BALANCER_DEFAULT);
    if (!shard) {
      // each of them only refines a sharded load: alone it would be silently ignored
      String alone = presplit > 0 ? PRESPLIT : stopBalancer ? STOP_BALANCER : p.getProperty(KEY) != null ? KEY : null;
      if (alone != null) {
        throw new UserError(alone + "=" + p.getProperty(alone).trim() + " needs " + SHARD + "=true (a load into a"
            + " sharded MongoDB collection through a mongos); set " + SHARD + "=true or remove " + alone);
      }
      return FileMetaSharding.NONE;
    }
    if (!load) {
      throw new UserError(SHARD + "=true shards the collection a load creates; a run uses the collection as the load"
          + " left it, so set it with bin/ycsb load");
    }
    if (presplit == 1 || presplit > users) {
      throw new UserError(PRESPLIT + "=" + presplit + " is not accepted; " + PRESPLIT + " accepts 0 (no pre-split) or"
          + " 2 to " + Math.min(users, PRESPLIT_MAX) + " chunks (at most one a user: " + FileMetaSettings.USERS + "="
          + users + ")");
    }
    List<Long> splits = key == Key.RANGE && presplit > 0 ? splitPoints(data.get(), presplit) : List.of();
    return new FileMetaSharding(true, key, presplit, splits, stopBalancer);
  }

  /**
   * The user_ids that cut the load's files into {@code chunks} equal parts: the k/chunks
   * quantiles of the files-per-user distribution (owner(u) grows with the draw u, so owner(k/n)
   * is the quantile itself, exact for any number of files). A split at s starts a chunk at user s;
   * repeated quantiles (one user holding more than a chunk's share) and 0 (the lowest user, which
   * would leave an empty first chunk) are left out, so there may be fewer chunks than asked.
   */
  static List<Long> splitPoints(FileGenerator data, int chunks) {
    List<Long> out = new ArrayList<>();
    for (int k = 1; k < chunks; k++) {
      long s = data.owner((double) k / chunks);
      if (s > 0 && (out.isEmpty() || s > out.get(out.size() - 1))) {
        out.add(s);
      }
    }
    return out;
  }
}
