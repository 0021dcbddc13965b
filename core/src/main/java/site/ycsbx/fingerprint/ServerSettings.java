package site.ycsbx.fingerprint;

import java.util.Locale;
import java.util.Map;

/**
 * The server's own settings in the fingerprint, as the binding read them from the server (never
 * assumed from what the client asked): {@code server.read.<name>} with the server's own name of
 * the setting, and one normalized entry for the engine's data cache ({@value #CACHE_MB}, with the
 * setting it comes from in {@value #CACHE_SOURCE}) so that data can be held against cache whatever
 * the engine calls it (buffer pool, block cache, WiredTiger cache, shared_buffers).
 */
public final class ServerSettings {
  /** Every setting read from the server is recorded under this prefix. */
  public static final String PREFIX = "server.read.";
  /** The engine's data cache in MB (a number), or why it is not known. */
  public static final String CACHE_MB = "server.cache_mb";
  /** Which setting {@value #CACHE_MB} was read from, with its value as the server gives it ({@code shared_buffers=128MB}). */
  public static final String CACHE_SOURCE = "server.cache_source";
  /** The value of a setting the account's role may not read: the run goes on without it. */
  public static final String NOT_READABLE_ROLE = "not readable (role)";
  /** The value of a setting this server version does not report. */
  public static final String NOT_REPORTED = "not reported by this server version";

  private ServerSettings() {
  }

  /** Records one setting as read. */
  public static void put(Fingerprint fp, String name, Object value) {
    fp.put(PREFIX + name, value == null ? NOT_REPORTED : value);
  }

  /** Records the engine's data cache, from the setting {@code source}; {@code bytes} < 0: not known, {@code why}. */
  public static void putCache(Fingerprint fp, long bytes, String source, String why) {
    if (bytes < 0) {
      fp.put(CACHE_MB, why);
    } else {
      fp.put(CACHE_MB, String.format(Locale.ROOT, "%.1f", bytes / 1048576.0));
    }
    fp.put(CACHE_SOURCE, source);
  }

  /** The data cache in bytes from a fingerprint's entries; -1 when it records none. */
  public static long cacheBytes(Map<String, String> fingerprint) {
    String v = fingerprint.get(CACHE_MB);
    if (v == null) {
      return -1;
    }
    try {
      return Math.round(Double.parseDouble(v.trim()) * 1048576.0);
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
