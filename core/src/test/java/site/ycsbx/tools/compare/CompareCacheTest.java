package site.ycsbx.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** compare on the server's settings as read and on where each side's data sat against its cache. */
@Tag("fast")
class CompareCacheTest {
  private static Side side(String label, double ratio, String line) {
    Side s = Side.ofFingerprint(label, Map.of("ycsbx.version", "0.1"));
    s.dataToCache = ratio;
    s.dataSize = line;
    return s;
  }

  /** The TokuMXse post's "1M vs 10M documents, 8 GB cache": one side in memory, the other not. */
  @Test
  void sidesOnDifferentSidesOfTheirCachesAreFlagged() {
    Side a = side("1m", 0.3, "data 2.4 GB, cache 8.0 GB: fits in cache (0.30x)");
    Side b = side("10m", 3.0, "data 24.0 GB, cache 8.0 GB: 3.0x the cache (IO-bound)");
    assertEquals("WARNING: 10m was IO-bound and 1m fitted in its cache, so a difference below may be the cache's, not"
        + " the setup's: 1m: data 2.4 GB, cache 8.0 GB: fits in cache (0.30x); 10m: data 24.0 GB, cache 8.0 GB: 3.0x"
        + " the cache (IO-bound)", Comparability.cacheLine(a, b));
  }

  @Test
  void sidesOnTheSameSideAreNotFlagged() {
    assertEquals("data against cache: both fit in cache (a: x; b: y)",
        Comparability.cacheLine(side("a", 0.2, "x"), side("b", 0.9, "y")));
    assertEquals("data against cache: both IO-bound (a: x; b: y)",
        Comparability.cacheLine(side("a", 1.5, "x"), side("b", 12, "y")));
    assertEquals("data against cache: a: x; b: not measured", Comparability.cacheLine(side("a", 0.2, "x"),
        side("b", Double.NaN, null)));
    assertNull(Comparability.cacheLine(side("a", Double.NaN, null), side("b", Double.NaN, null)));
  }

  private static Map<String, String> innodb(String bufferPool, String cacheMb) {
    Map<String, String> fp = new LinkedHashMap<>();
    fp.put("ycsbx.version", "0.1");
    fp.put("storage.engine", "InnoDB");
    fp.put("server.read.innodb_flush_method", "O_DIRECT");
    fp.put("server.cache_mb", cacheMb);
    fp.put("server.cache_source", "innodb_buffer_pool_size=" + bufferPool);
    return fp;
  }

  /** A setting read from the server is a dimension; the cache's setting and its MB are one, counted once. */
  @Test
  void aServerSettingIsADimensionAndTheCacheRestatesIt() {
    assertEquals("fingerprints: identical (the same setup measured twice)", Comparability.fingerprintLine(
        Side.ofFingerprint("a", innodb("134217728", "128.0")), Side.ofFingerprint("b", innodb("134217728", "128.0"))));
    assertEquals("fingerprints differ in one dimension: server.cache_mb: 128.0 vs 8192.0, server.cache_source:"
        + " innodb_buffer_pool_size=134217728 vs innodb_buffer_pool_size=8589934592", Comparability.fingerprintLine(Side.ofFingerprint("a",
        innodb("134217728", "128.0")), Side.ofFingerprint("b", innodb("8589934592", "8192.0"))));
    Map<String, String> fsync = innodb("134217728", "128.0");
    fsync.put("server.read.innodb_flush_method", "fsync");
    assertEquals("fingerprints differ in one dimension: server.read.innodb_flush_method: O_DIRECT vs fsync",
        Comparability.fingerprintLine(Side.ofFingerprint("a", innodb("134217728", "128.0")), Side.ofFingerprint("b", fsync)));
  }

  /** InnoDB against MyRocks: each engine's own settings follow from the engine; the caches are a second dimension. */
  @Test
  void anotherEnginesSettingsFollowFromTheEngine() {
    Map<String, String> rocks = new LinkedHashMap<>();
    rocks.put("ycsbx.version", "0.1");
    rocks.put("storage.engine", "ROCKSDB");
    rocks.put("server.read.rocksdb_filter_policy", "none");
    rocks.put("server.cache_mb", "512.0");
    rocks.put("server.cache_source", "rocksdb_block_cache_size=536870912");
    assertEquals("WARNING: the fingerprints differ in 2 dimensions, so a difference below cannot be put down to one of"
        + " them: storage.engine: InnoDB vs ROCKSDB; server.cache_mb: 128.0 vs 512.0, server.cache_source:"
        + " innodb_buffer_pool_size=134217728 vs rocksdb_block_cache_size=536870912", Comparability.fingerprintLine(
        Side.ofFingerprint("a", innodb("134217728", "128.0")), Side.ofFingerprint("b", rocks)));
  }

  /** A run folder's result.json carries where its data sat against the cache: compare reads it from there. */
  @Test
  void runFoldersSayWhereTheirDataSat(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
    java.nio.file.Path dir = java.nio.file.Files.createDirectories(tmp.resolve("big"));
    java.nio.file.Files.writeString(dir.resolve("result.json"), "{\"format\": \"ycsbx-run/1\", \"phase\": \"run\","
        + " \"client\": {\"index\": 0, \"count\": 1}, \"fingerprint\": {\"ycsbx.version\": \"0.1\", \"threads\": \"4\"},"
        + " \"overall\": {\"runtime_ms\": 1000, \"operations\": 10, \"throughput\": 10.0}, \"operations\": {},"
        + " \"data_size\": {\"data_to_cache\": 4.8, \"side\": \"IO-bound\","
        + " \"line\": \"data 38.2 GB, cache 8.0 GB: 4.8x the cache (IO-bound)\"}}");
    Side big = Side.load(dir, "big");
    assertEquals(4.8, big.dataToCache);
    assertEquals("WARNING: big was IO-bound and small fitted in its cache, so a difference below may be the cache's,"
        + " not the setup's: small: x; big: data 38.2 GB, cache 8.0 GB: 4.8x the cache (IO-bound)",
        Comparability.cacheLine(side("small", 0.5, "x"), big));
  }
}
