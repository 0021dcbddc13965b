package site.ycsbx.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.nulldb.NullDb;

/** The data size against the cache as the end of every run prints and exports it. */
@Tag("fast")
class CacheFitTest {
  private static final long MB = 1L << 20;
  private static final long GB = 1L << 30;

  @Test
  void dataLargerThanTheCacheIsIoBound() {
    CacheFit f = new CacheFit(new SizeReport(Math.round(30.2 * GB), 8 * GB, "pg_table_size + pg_indexes_size"), 8 * GB,
        "shared_buffers");
    assertEquals("data 38.2 GB, cache 8.0 GB: 4.8x the cache (IO-bound)", f.line());
    assertEquals("IO-bound", CacheFit.side(f.ratio()));
    Map<String, Double> h = f.figures();
    assertEquals(38.2 * 1024, h.get("db_size_mb"), 0.1);
    assertEquals(8192.0, h.get("cache_mb"));
    assertEquals(38.2 / 8, h.get("db_cache_x"), 0.001);
  }

  @Test
  void dataSmallerThanTheCacheFits() {
    CacheFit f = new CacheFit(new SizeReport(120 * MB, 30 * MB, "collStats storageSize+totalIndexSize"), 8 * GB, "x");
    assertEquals("data 150.0 MB, cache 8.0 GB: fits in cache (0.02x)", f.line());
    assertEquals("fits in cache", CacheFit.side(f.ratio()));
  }

  /** Rows still in memtables are data, shown apart: never a size of 0, and no size on storage exported for them. */
  @Test
  void memtablesAreReportedApartNeverAsZero() {
    CacheFit f = new CacheFit(new SizeReport(0, 0, 63 * MB, "RocksDB SST bytes"), 512 * MB, "rocksdb_block_cache_size");
    assertEquals("data 0 B on storage + 63.0 MB still in memtables, cache 512.0 MB: fits in cache (0.12x)", f.line());
    assertFalse(f.figures().containsKey("db_size_mb"), f.figures().toString());
    assertEquals(63.0, f.figures().get("mem_mb"));
  }

  @Test
  void unknownsSayWhy() {
    CacheFit f = new CacheFit(new SizeReport(-1, -1, "not reported by mongo-java-server"), -1, "not readable (role)");
    assertEquals("data n/a (not reported by mongo-java-server), cache not readable (role)", f.line());
    assertTrue(Double.isNaN(f.ratio()));
    assertEquals(Map.of(), f.figures());
  }

  /** The null binding stores nothing: 0 bytes, said as such, no cache. */
  @Test
  void theNullBindingStoresNothing() {
    SizeReport r = new NullDb.Check().storedSize(new Properties(), List.of("usertable"));
    assertEquals(0, r.totalBytes());
    assertEquals("nothing stored (null binding)", r.source());
  }

  @Test
  void yourTablesAreYcsbsOrTheFamilysPlans() {
    Properties p = new Properties();
    p.setProperty("table", "mytable");
    assertEquals(List.of("mytable"), StoreDemand.NONE.tables(p));
    assertEquals(List.of("node", "link", "count"), new StoreDemand(Object.class,
        new site.ycsbx.store.linkbench.LinkBenchPlan("node", "link", "count", false)).tables(p));
    assertEquals(List.of(), new StoreDemand(Object.class, "a plan naming no table").tables(p));
  }
}
