package site.ycsbx.db.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.ProbeStore;

/** PostgreSQL through the PostgreSQL JDBC driver. */
final class PostgresDialect implements SqlDialect {
  /** Settings that decide what a commit costs and guarantees. */
  private static final List<String> DURABILITY = List.of("synchronous_commit", "fsync", "full_page_writes");

  @Override
  public String family() {
    return "PostgreSQL";
  }

  @Override
  public String connectionUrl(String url) {
    // turns a batch of single-row INSERTs into multi-row INSERTs
    String u = JdbcUrls.withOption(url, "reWriteBatchedInserts", "true");
    return JdbcUrls.withOption(u, "connectTimeout", String.valueOf(Connector.CONNECT_TIMEOUT_SECONDS));
  }

  @Override
  public boolean hasEngines() {
    return false;
  }

  /** The "C" collation orders keys by bytes, as YCSB's scans (and MySQL's latin1_bin) do. */
  @Override
  public String keyType() {
    return "VARCHAR(255) COLLATE \"C\"";
  }

  @Override
  public String fieldType() {
    return "TEXT";
  }

  @Override
  public String createTable(String table, String columnsDdl, String engine) {
    return "CREATE TABLE IF NOT EXISTS " + table + " (" + columnsDdl + ")";
  }

  @Override
  public String upsertProbe() {
    return "INSERT INTO " + ProbeStore.TABLE + " (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = EXCLUDED.v";
  }

  @Override
  public String scan(String table, String keyColumn, String columns) {
    return "SELECT " + columns + " FROM " + table + " WHERE " + keyColumn + " >= ? ORDER BY " + keyColumn + " LIMIT ?";
  }

  @Override
  public String product(Connection c) {
    return "PostgreSQL";
  }

  @Override
  public String version(Connection c) throws SQLException {
    return queryString(c, "SHOW server_version");
  }

  @Override
  public List<String> availableEngines(Connection c) {
    return List.of();
  }

  /** The table access method new tables get (heap unless an extension changed it). */
  @Override
  public String defaultEngine(Connection c) throws SQLException {
    return queryString(c, "SHOW default_table_access_method");
  }

  @Override
  public Optional<String> tableEngine(Connection c, String table) throws SQLException {
    // to_regclass resolves the name as an unquoted identifier through the search_path
    try (PreparedStatement ps = c.prepareStatement("SELECT coalesce(a.amname, 'heap') FROM pg_class t"
        + " LEFT JOIN pg_am a ON a.oid = t.relam WHERE t.oid = to_regclass(?)")) {
      ps.setString(1, table);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
      }
    }
  }

  @Override
  public Set<String> columns(Connection c, String table) throws SQLException {
    Set<String> out = new TreeSet<>();
    try (PreparedStatement ps = c.prepareStatement(
        "SELECT attname FROM pg_attribute WHERE attrelid = to_regclass(?) AND attnum > 0 AND NOT attisdropped")) {
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
    return "schema " + queryString(c, "SELECT coalesce(current_schema(), '(none: no schema of the search_path exists)')") + " of database " + queryString(c, "SELECT current_database()");
  }

  @Override
  public void putDurability(Connection c, String engine, Fingerprint fp) throws SQLException {
    for (String n : DURABILITY) {
      fp.put("durability." + n, queryString(c, "SHOW " + n));
    }
  }

  private static String queryString(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return rs.next() ? rs.getString(1) : null;
    }
  }
}
