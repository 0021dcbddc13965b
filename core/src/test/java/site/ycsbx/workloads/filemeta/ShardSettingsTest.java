package site.ycsbx.workloads.filemeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.store.filemeta.FileMetaSharding;
import site.ycsbx.store.filemeta.ShardCount;
import site.ycsbx.util.UserError;

/** filemeta's sharding settings: the split points where the data fall, refusals, the per-shard table. */
@Tag("fast")
class ShardSettingsTest {
  private static Properties load(String... kv) {
    Properties p = new Properties();
    p.setProperty("dotransactions", "false");
    p.setProperty("recordcount", "1000");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static FileMetaSharding sharding(Properties p) {
    return new FileMetaSettings(p).plan().sharding();
  }

  @Test
  void uniformOwnersSplitAtEqualUserRanges() {
    FileMetaSharding s = sharding(load("filemeta.users", "90", "filemeta.filesperuser", "uniform",
        "filemeta.shard", "true", "filemeta.presplit", "3"));
    assertEquals(new FileMetaSharding(true, FileMetaSharding.Key.RANGE, 3, List.of(30L, 60L), false), s);
    assertEquals(3, s.chunks());
  }

  @Test
  void zipfianSplitPointsAreQuantilesOfTheGeneratedFiles() {
    int chunks = 8;
    Properties p = load("filemeta.users", "5000", "filemeta.seed", "11", "filemeta.shard", "true",
        "filemeta.presplit", String.valueOf(chunks));
    FileMetaSettings settings = new FileMetaSettings(p);
    List<Long> splits = settings.plan().sharding().splitPoints();
    assertEquals(chunks - 1, splits.size(), splits.toString());
    FileGenerator g = settings.generator();
    int files = 200_000;
    long[] below = new long[splits.size()];
    long[] atOrBelow = new long[splits.size()];
    for (long id = 0; id < files; id++) {
      long user = g.userOf(id);
      for (int k = 0; k < splits.size(); k++) {
        below[k] += user < splits.get(k) ? 1 : 0;
        atOrBelow[k] += user <= splits.get(k) ? 1 : 0;
      }
    }
    for (int k = 0; k < splits.size(); k++) {
      double q = (k + 1.0) / chunks;
      // the quantile: at most q of the files below it, at least q up to it (sampling noise aside)
      assertTrue((double) below[k] / files <= q + 0.005 && (double) atOrBelow[k] / files >= q - 0.005,
          "split " + splits.get(k) + " for quantile " + q + ": " + below[k] + " below, " + atOrBelow[k] + " up to it");
    }
  }

  @Test
  void aUserHoldingMoreThanAChunkLeavesFewerDistinctSplitsAndNoneAtZero() {
    // user 0 of 1000 zipfian (0.99) owns about 13% of the files: the first quantiles of 20 fall on it
    FileMetaSharding s = sharding(load("filemeta.users", "1000", "filemeta.shard", "true", "filemeta.presplit", "20"));
    List<Long> splits = s.splitPoints();
    assertTrue(splits.size() < 19 && splits.get(0) > 0, splits.toString());
    for (int i = 1; i < splits.size(); i++) {
      assertTrue(splits.get(i) > splits.get(i - 1), splits.toString());
    }
    assertEquals(splits.size() + 1, s.chunks());
  }

  @Test
  void hashedKeysAskForInitialChunksInsteadOfSplits() {
    FileMetaSharding s = sharding(load("filemeta.shard", "true", "filemeta.shardkey", "hashed", "filemeta.presplit", "12",
        "filemeta.stopbalancer", "true"));
    assertEquals(new FileMetaSharding(true, FileMetaSharding.Key.HASHED, 12, List.of(), true), s);
    assertEquals(12, s.chunks());
    assertEquals(FileMetaSharding.NONE, sharding(load()));
  }

  @Test
  void refusals() {
    String[][] cases = {
        {"filemeta.presplit=4", "filemeta.presplit=4 needs filemeta.shard=true (a load into a sharded MongoDB"
            + " collection through a mongos); set filemeta.shard=true or remove filemeta.presplit"},
        {"filemeta.stopbalancer=true", "filemeta.stopbalancer=true needs filemeta.shard=true"},
        {"filemeta.shardkey=hashed", "filemeta.shardkey=hashed needs filemeta.shard=true"},
        {"filemeta.shard=true filemeta.shardkey=ranged", "filemeta.shardkey=ranged is not accepted; filemeta.shardkey"
            + " accepts range or hashed"},
        {"filemeta.shard=true filemeta.presplit=1", "filemeta.presplit=1 is not accepted; filemeta.presplit accepts 0"
            + " (no pre-split) or 2 to 10000 chunks (at most one a user: filemeta.users=10000)"},
        {"filemeta.shard=true filemeta.presplit=10001", "filemeta.presplit=10001 is not accepted"},
    };
    for (String[] c : cases) {
      Properties p = load();
      for (String kv : c[0].split(" ")) {
        p.setProperty(kv.split("=")[0], kv.split("=")[1]);
      }
      UserError e = assertThrows(UserError.class, () -> new FileMetaSettings(p), c[0]);
      assertTrue(e.getMessage().startsWith(c[1]), e.getMessage());
    }
    Properties run = load("filemeta.shard", "true");
    run.setProperty("dotransactions", "true");
    assertEquals("filemeta.shard=true shards the collection a load creates; a run uses the collection as the load left"
        + " it, so set it with bin/ycsb load", assertThrows(UserError.class, () -> new FileMetaSettings(run)).getMessage());
  }

  @Test
  void tableOfDocumentsPerShardWarnsWhenOneHoldsMoreThanHalf() {
    assertEquals(List.of(
        "[FILEMETA] documents per shard of files (3 shards, 1000 documents):",
        "[FILEMETA]   shard     documents   share",
        "[FILEMETA]   shard0          850   85.0%",
        "[FILEMETA]   shard1          100   10.0%",
        "[FILEMETA]   shard2           50    5.0%",
        "[FILEMETA] WARNING: shard0 holds 85.0% of the documents of 3 shards; the load went mostly to one shard"
            + " (filemeta.presplit spreads chunks before the load)"),
        ShardTable.lines("files", List.of(new ShardCount("shard0", 850), new ShardCount("shard1", 100),
            new ShardCount("shard2", 50))));
    List<String> even = ShardTable.lines("files", List.of(new ShardCount("a", 500), new ShardCount("b", 500)));
    assertEquals(4, even.size(), even.toString());
    assertEquals(List.of(), ShardTable.lines("files", List.of()));
    assertEquals(3, ShardTable.lines("files", List.of(new ShardCount("only", 7))).size(), "one shard: no warning");
  }
}
