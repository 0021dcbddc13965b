package site.ycsbx.workloads.filemeta;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import site.ycsbx.store.filemeta.ShardCount;

/**
 * Documents per shard after a load, as printed lines: a table (shard, documents, share) and a
 * warning when one shard of several holds more than half: the source's cluster ended with 85%
 * of its data on one shard while the balancer moved nothing, and a user must see it happen.
 */
final class ShardTable {
  /** A shard above this share of the documents of a cluster of two or more is reported. */
  static final double LOPSIDED = 0.5;
  static final String PREFIX = "[FILEMETA] ";

  private ShardTable() {
  }

  static List<String> lines(String table, List<ShardCount> shards) {
    List<String> out = new ArrayList<>();
    if (shards.isEmpty()) {
      return out;
    }
    long total = shards.stream().mapToLong(ShardCount::documents).sum();
    int width = Math.max(5, shards.stream().mapToInt(s -> s.shard().length()).max().orElse(5));
    out.add(PREFIX + "documents per shard of " + table + " (" + shards.size() + " shards, " + total + " documents):");
    out.add(PREFIX + String.format(Locale.ROOT, "  %-" + width + "s %12s %7s", "shard", "documents", "share"));
    ShardCount largest = shards.get(0);
    for (ShardCount s : shards) {
      out.add(PREFIX + String.format(Locale.ROOT, "  %-" + width + "s %12d %6.1f%%", s.shard(), s.documents(),
          share(s, total) * 100));
      if (s.documents() > largest.documents()) {
        largest = s;
      }
    }
    if (shards.size() > 1 && share(largest, total) > LOPSIDED) {
      out.add(PREFIX + String.format(Locale.ROOT, "WARNING: %s holds %.1f%% of the documents of %d shards; the load"
          + " went mostly to one shard (filemeta.presplit spreads chunks before the load)", largest.shard(),
          share(largest, total) * 100, shards.size()));
    }
    return out;
  }

  private static double share(ShardCount s, long total) {
    return total == 0 ? 0 : (double) s.documents() / total;
  }
}
