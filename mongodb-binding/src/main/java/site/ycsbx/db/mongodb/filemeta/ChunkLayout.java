package site.ycsbx.db.mongodb.filemeta;

import java.util.ArrayList;
import java.util.List;
import site.ycsbx.store.filemeta.FileMetaSharding;

/**
 * Where a pre-split range-sharded load puts its chunks: chunk i covers user_ids from split i-1
 * (MinKey for the first) to split i (MaxKey for the last) and goes to shard i mod n of the shards
 * listShards gave, so neighbouring users (zipfian owners are hot at the low ids) land on
 * different shards.
 */
record ChunkLayout(List<Long> splits, List<String> shards) {
  /** Chunks described in a fingerprint; the rest are counted. */
  private static final int SHOWN = 8;

  int chunks() {
    return splits.size() + 1;
  }

  String shardOf(int chunk) {
    return shards.get(chunk % shards.size());
  }

  /** A user_id inside the chunk (its lower bound; 0, the lowest user, for the first), for moveChunk's find. */
  long member(int chunk) {
    return chunk == 0 ? 0 : splits.get(chunk - 1);
  }

  String describe() {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < Math.min(chunks(), SHOWN); i++) {
      parts.add("[" + (i == 0 ? "MinKey" : splits.get(i - 1)) + ", " + (i == splits.size() ? "MaxKey" : splits.get(i))
          + ") " + shardOf(i));
    }
    return chunks() + " chunks split at " + FileMetaSharding.FIELD + " quantiles, round-robin over " + shards.size()
        + " shards: " + String.join(", ", parts) + (chunks() > SHOWN ? ", ... (" + (chunks() - SHOWN) + " more)" : "");
  }
}
