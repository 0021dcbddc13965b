package site.ycsbx.measurements;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.fingerprint.ServerSettings;
import site.ycsbx.store.CacheFit;
import site.ycsbx.store.SizeReport;

/**
 * The run's data size on storage at the end of every load and run, held against the engine's data
 * cache from the fingerprint ({@link ServerSettings#CACHE_MB}): measured once when the export
 * starts (every client thread has finished by then), printed as a {@code [SIZE]} line, exported as
 * [HEADLINE] rows and written into result.json. The launcher says how to measure
 * ({@link #measureAtEnd}) before YCSB's Client starts; without it (YCSB's own launcher) nothing is
 * measured.
 */
public final class DataSize {
  public static final String LINE_PREFIX = "[SIZE] ";
  private static volatile Supplier<SizeReport> probe;
  private static volatile List<String> tables = List.of();
  private static volatile CacheFit measured;

  private DataSize() {
  }

  /** The tables of the run and how the binding measures them, on a connection of its own. */
  public static synchronized void measureAtEnd(List<String> runTables, Supplier<SizeReport> binding) {
    tables = List.copyOf(runTables);
    probe = binding;
    measured = null;
  }

  /** Forgets the run's probe (tests run several commands in one JVM). */
  public static synchronized void forget() {
    probe = null;
    measured = null;
    tables = List.of();
  }

  /**
   * The size against the cache, measured on the first call; null when nothing says how to measure.
   * {@code whyNot}: the reason not to reach the server now (an interrupted run), said as the source.
   */
  public static synchronized CacheFit measure(String whyNot) {
    if (measured != null || probe == null) {
      return measured;
    }
    SizeReport size;
    if (whyNot != null) {
      size = new SizeReport(-1, -1, whyNot);
    } else if (tables.isEmpty()) {
      size = new SizeReport(-1, -1, "the workload names no table");
    } else {
      try {
        size = probe.get();
      } catch (RuntimeException e) {
        // a server gone at the end of the run: the run's figures stand, the size is said missing
        size = new SizeReport(-1, -1, "not measured: " + e.getMessage());
      }
    }
    measured = fit(size, Fingerprint.current().entries());
    return measured;
  }

  /** The size against the cache the fingerprint records. */
  static CacheFit fit(SizeReport size, Map<String, String> fingerprint) {
    long cache = ServerSettings.cacheBytes(fingerprint);
    return new CacheFit(size, cache, cache > 0 ? fingerprint.get(ServerSettings.CACHE_SOURCE)
        : fingerprint.getOrDefault(ServerSettings.CACHE_MB, "not read by this binding"));
  }

  /** {@code [SIZE] usertable: data 38.2 GB, cache 8.0 GB: 4.8x the cache (IO-bound)}. */
  public static String line(CacheFit fit) {
    return LINE_PREFIX + (tables.isEmpty() ? "" : String.join(", ", tables) + ": ") + fit.line()
        + (fit.size().totalBytes() >= 0 ? " (source: " + fit.size().source() + ")" : "");
  }

  /** result.json's {@code data_size}: the figures in bytes (-1: not known), the source, the ratio and the line. */
  static Map<String, Object> json(CacheFit fit) {
    Map<String, Object> out = new java.util.LinkedHashMap<>();
    out.put("tables", String.join(",", tables));
    out.put("data_bytes", fit.size().dataBytes());
    out.put("index_bytes", fit.size().indexBytes());
    out.put("storage_bytes", fit.size().totalBytes());
    out.put("memtable_bytes", fit.size().memtableBytes());
    out.put("source", fit.size().source());
    out.put("cache_bytes", fit.cacheBytes());
    double r = fit.ratio();
    if (!Double.isNaN(r)) {
      out.put("data_to_cache", r);
      out.put("side", CacheFit.side(r));
    }
    out.put("line", fit.line());
    return out;
  }
}
