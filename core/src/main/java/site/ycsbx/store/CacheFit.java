package site.ycsbx.store;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The run's data held against the engine's data cache: whether the run could read from memory
 * (fits in cache) or had to go to storage (IO-bound), the difference that decides most published
 * comparisons ("1M vs 10M documents, 8 GB cache"). Data still in RocksDB memtables counts as
 * data (it is in memory) but is shown apart from what is on storage, never as 0.
 *
 * @param size the tables' size at the end of the load or run
 * @param cacheBytes the engine's data cache; -1 when not known
 * @param cacheWhy why the cache is not known (the fingerprint's value), or its source
 */
public record CacheFit(SizeReport size, long cacheBytes, String cacheWhy) {
  /** Above this many times the cache the run is IO-bound. */
  public static final double IO_BOUND = 1.0;
  /** More than this share of the data in memtables: the size on storage is not the tables' (as iibench's rounds say). */
  static final double IN_MEMORY_SHARE = 0.1;

  /** Bytes of data: on storage plus unflushed memtables; -1 when storage is not known. */
  public long dataBytes() {
    long storage = size.totalBytes();
    if (storage < 0) {
      return -1;
    }
    return storage + Math.max(0, size.memtableBytes());
  }

  /** Data over cache; NaN when either is not known. */
  public double ratio() {
    long data = dataBytes();
    return data < 0 || cacheBytes <= 0 ? Double.NaN : (double) data / cacheBytes;
  }

  /** "IO-bound", "fits in cache", or null when the ratio is not known. */
  public static String side(double ratio) {
    return Double.isNaN(ratio) ? null : ratio > IO_BOUND ? "IO-bound" : "fits in cache";
  }

  /** {@code data 38.2 GB, cache 8.0 GB: 4.8x the cache (IO-bound)}, with memtables and unknowns said. */
  public String line() {
    StringBuilder sb = new StringBuilder("data ");
    long storage = size.totalBytes();
    if (storage < 0) {
      sb.append("n/a (").append(size.source()).append(')');
    } else {
      sb.append(human(storage));
      if (size.memtableBytes() > 0) {
        sb.append(" on storage + ").append(human(size.memtableBytes())).append(" still in memtables");
      }
    }
    sb.append(", cache ");
    sb.append(cacheBytes > 0 ? human(cacheBytes) : cacheWhy);
    double r = ratio();
    if (!Double.isNaN(r)) {
      sb.append(r > IO_BOUND ? String.format(Locale.ROOT, ": %.1fx the cache (IO-bound)", r)
          : String.format(Locale.ROOT, ": fits in cache (%.2fx)", r));
    }
    return sb.toString();
  }

  /**
   * The figures for the export's [HEADLINE] rows: {@code db_size_mb} (left out while more than a
   * tenth of the data is in memtables, as iibench does), {@code mem_mb}, {@code cache_mb},
   * {@code db_cache_x}.
   */
  public Map<String, Double> figures() {
    Map<String, Double> out = new LinkedHashMap<>();
    long storage = size.totalBytes();
    long mem = size.memtableBytes();
    if (storage >= 0 && !(mem > 0 && mem > IN_MEMORY_SHARE * storage)) {
      out.put("db_size_mb", storage / 1048576.0);
    }
    if (mem > 0) {
      out.put("mem_mb", mem / 1048576.0);
    }
    if (cacheBytes > 0) {
      out.put("cache_mb", cacheBytes / 1048576.0);
    }
    if (!Double.isNaN(ratio())) {
      out.put("db_cache_x", ratio());
    }
    return out;
  }

  /** 512 B, 63.0 MB, 38.2 GB (binary units, one decimal). */
  public static String human(long bytes) {
    String[] units = {"B", "KB", "MB", "GB", "TB", "PB"};
    double v = bytes;
    int u = 0;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return u == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", v, units[u]);
  }
}
