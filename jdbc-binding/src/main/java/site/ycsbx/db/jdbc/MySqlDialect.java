package site.ycsbx.db.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import site.ycsbx.fingerprint.Fingerprint;

/** MySQL and MariaDB through MySQL Connector/J. */
final class MySqlDialect implements SqlDialect {
  /** Settings that decide what a commit guarantees; RocksDB's only when the table is RocksDB. */
  private static final List<String> DURABILITY = List.of("innodb_flush_log_at_trx_commit", "innodb_doublewrite",
      "log_bin", "sync_binlog");
  private static final String ROCKSDB_DURABILITY = "rocksdb_flush_log_at_trx_commit";

  @Override
  public String family() {
    return "MySQL/MariaDB";
  }

  @Override
  public String connectionUrl(String url) {
    // without it Connector/J sends a batch as one INSERT per row, one round trip each
    String u = JdbcUrls.withOption(url, "rewriteBatchedStatements", "true");
    return JdbcUrls.withOption(u, "connectTimeout", String.valueOf(Connector.CONNECT_TIMEOUT_SECONDS * 1000));
  }

  @Override
  public boolean hasEngines() {
    return true;
  }

  /**
   * YCSB keys are ASCII ("user" and digits). A utf8mb4 VARCHAR(255) key takes 1020 bytes, over
   * MyRocks' 767-byte key limit; latin1 takes 255 on every engine (InnoDB, RocksDB, Aria,
   * MyISAM). The binary collation compares bytes, as YCSB's scans expect, and is one MyRocks'
   * strict collation check accepts for indexed columns.
   */
  @Override
  public String keyType() {
    return "VARCHAR(255) CHARACTER SET latin1 COLLATE latin1_bin";
  }

  @Override
  public String fieldType() {
    return "TEXT";
  }

  @Override
  public String createTable(String table, String columnsDdl, String engine) {
    return "CREATE TABLE IF NOT EXISTS " + table + " (" + columnsDdl + ")" + (engine == null ? "" : " ENGINE=" + engine);
  }

  @Override
  public String upsertProbe() {
    // VALUES(v) works on MariaDB and MySQL; MySQL 8's row alias syntax does not exist in MariaDB
    return "INSERT INTO " + site.ycsbx.store.ProbeStore.TABLE + " (k, v) VALUES (?, ?) ON DUPLICATE KEY UPDATE v = VALUES(v)";
  }

  @Override
  public String scan(String table, String keyColumn, String columns) {
    return "SELECT " + columns + " FROM " + table + " WHERE " + keyColumn + " >= ? ORDER BY " + keyColumn + " LIMIT ?";
  }

  @Override
  public String product(Connection c) throws SQLException {
    // Connector/J calls every server "MySQL"; MariaDB says who it is in its version string
    return version(c).contains("MariaDB") ? "MariaDB" : "MySQL";
  }

  @Override
  public String version(Connection c) throws SQLException {
    return queryString(c, "SELECT VERSION()");
  }

  @Override
  public List<String> availableEngines(Connection c) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW ENGINES")) {
      while (rs.next()) {
        String support = rs.getString("Support");
        if ("YES".equalsIgnoreCase(support) || "DEFAULT".equalsIgnoreCase(support)) {
          out.add(rs.getString("Engine"));
        }
      }
    }
    return out;
  }

  @Override
  public String defaultEngine(Connection c) throws SQLException {
    return queryString(c, "SELECT @@default_storage_engine");
  }

  @Override
  public Optional<String> tableEngine(Connection c, String table) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(
        "SELECT ENGINE FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?")) {
      ps.setString(1, table);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? Optional.of(String.valueOf(rs.getString(1))) : Optional.empty();
      }
    }
  }

  @Override
  public Set<String> columns(Connection c, String table) throws SQLException {
    Set<String> out = new TreeSet<>();
    try (PreparedStatement ps = c.prepareStatement(
        "SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?")) {
      ps.setString(1, table);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getString(1).toLowerCase(Locale.ROOT));
        }
      }
    }
    return out;
  }

  @Override
  public String location(Connection c) throws SQLException {
    return "database " + queryString(c, "SELECT DATABASE()");
  }

  @Override
  public void putDurability(Connection c, String engine, Fingerprint fp) throws SQLException {
    List<String> names = new ArrayList<>(DURABILITY);
    if ("rocksdb".equalsIgnoreCase(engine)) {
      names.add(ROCKSDB_DURABILITY);
    }
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
    for (String n : names) {
      fp.put("durability." + n, values.getOrDefault(n, "n/a (not reported by the server)"));
    }
  }

  private static String queryString(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return rs.next() ? rs.getString(1) : null;
    }
  }
}
