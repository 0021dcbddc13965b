package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.fingerprint.ServerSettings;

/**
 * The MySQL/MariaDB settings that decide whether a run is in memory or IO-bound, read from the
 * server ({@code SHOW VARIABLES}, MyRocks' {@code ROCKSDB_CF_OPTIONS}). The durability settings
 * (flush_log_at_trx_commit, doublewrite, binlog) stay where {@link MySqlDialect#putDurability}
 * puts them; these sit beside them.
 */
final class MySqlSettings {
  static final List<String> INNODB = List.of("innodb_buffer_pool_size", "innodb_page_size", "innodb_log_file_size",
      "innodb_flush_method");
  static final List<String> ROCKSDB = List.of("rocksdb_block_cache_size");
  /** The column family MyRocks puts a table in unless its index comment names another. */
  static final String DEFAULT_CF = "default";

  private MySqlSettings() {
  }

  static void put(Connection c, String engine, Fingerprint fp) {
    boolean rocks = "rocksdb".equalsIgnoreCase(engine);
    List<String> names = rocks ? ROCKSDB : INNODB;
    Map<String, String> values = Map.of();
    boolean readable = true;
    try {
      values = variables(c, names);
    } catch (SQLException e) {
      readable = false;
    }
    String cacheName = rocks ? "rocksdb_block_cache_size" : "innodb_buffer_pool_size";
    for (String n : names) {
      if (!n.equals(cacheName)) { // the cache's own entry says it (server.cache_source)
        ServerSettings.put(fp, n, readable ? values.get(n) : ServerSettings.NOT_READABLE_ROLE);
      }
    }
    if (!"innodb".equalsIgnoreCase(engine) && !rocks) {
      // MyISAM, Aria, ...: their own caches; the buffer pool still holds nothing of the table
      ServerSettings.putCache(fp, -1, "none for engine " + engine, "not known for engine " + engine);
    } else {
      long bytes = parse(values.get(cacheName));
      String value = !readable ? ServerSettings.NOT_READABLE_ROLE : values.getOrDefault(cacheName, ServerSettings.NOT_REPORTED);
      ServerSettings.putCache(fp, bytes, cacheName + "=" + value, !readable ? ServerSettings.NOT_READABLE_ROLE
          : ServerSettings.NOT_REPORTED);
    }
    if (rocks) {
      putColumnFamily(c, fp);
    }
  }

  /** Compression per level and the bloom filter of the default column family, as MyRocks applies them. */
  private static void putColumnFamily(Connection c, Fingerprint fp) {
    Map<String, String> options = new LinkedHashMap<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT OPTION_TYPE, VALUE"
        + " FROM information_schema.ROCKSDB_CF_OPTIONS WHERE CF_NAME = '" + DEFAULT_CF + "' AND OPTION_TYPE IN"
        + " ('COMPRESSION_TYPE', 'COMPRESSION_PER_LEVEL', 'BOTTOMMOST_COMPRESSION', 'TABLE_FACTORY::FILTER_POLICY')")) {
      while (rs.next()) {
        options.put(rs.getString(1), rs.getString(2));
      }
    } catch (SQLException e) {
      ServerSettings.put(fp, "rocksdb_compression_per_level", ServerSettings.NOT_READABLE_ROLE);
      ServerSettings.put(fp, "rocksdb_filter_policy", ServerSettings.NOT_READABLE_ROLE);
      return;
    }
    ServerSettings.put(fp, "rocksdb_compression_per_level", compression(options));
    ServerSettings.put(fp, "rocksdb_filter_policy", bloom(options.get("TABLE_FACTORY::FILTER_POLICY")));
  }

  /**
   * "kNoCompression:kLZ4Compression:..." when set per level; otherwise the one compression every
   * level gets (RocksDB leaves compression_per_level empty, shown as NUL by MyRocks).
   */
  static String compression(Map<String, String> options) {
    String perLevel = options.get("COMPRESSION_PER_LEVEL");
    String bottom = options.get("BOTTOMMOST_COMPRESSION");
    String bottommost = bottom == null || bottom.equals("kDisableCompressionOption") ? "" : "; bottommost " + bottom;
    if (perLevel != null && !perLevel.isBlank() && !perLevel.equals("NUL")) {
      return perLevel + bottommost;
    }
    String all = options.get("COMPRESSION_TYPE");
    return all == null ? ServerSettings.NOT_REPORTED : all + " at every level" + bottommost;
  }

  /** "rocksdb.BuiltinBloomFilter" or the like; "none" where MyRocks reports no filter (nullptr). */
  static String bloom(String policy) {
    if (policy == null) {
      return ServerSettings.NOT_REPORTED;
    }
    return policy.isBlank() || policy.equals("nullptr") ? "none" : policy;
  }

  /** The server's values of the variables {@code names}, keyed by lower-case name (absent when unknown). */
  static Map<String, String> variables(Connection c, List<String> names) throws SQLException {
    Map<String, String> values = new LinkedHashMap<>();
    StringBuilder in = new StringBuilder();
    for (String n : names) {
      in.append(in.length() == 0 ? "'" : ", '").append(n).append('\'');
    }
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW VARIABLES WHERE Variable_name IN (" + in + ")")) {
      while (rs.next()) {
        values.put(rs.getString(1).toLowerCase(Locale.ROOT), rs.getString(2));
      }
    }
    return values;
  }

  private static long parse(String v) {
    try {
      return v == null ? -1 : Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
