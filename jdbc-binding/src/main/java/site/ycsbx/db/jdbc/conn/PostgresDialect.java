package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.IndexSpec;
import site.ycsbx.store.SizeReport;

/** PostgreSQL through the PostgreSQL JDBC driver. */
final class PostgresDialect extends CatalogDialect {
  /** Settings that decide what a commit costs and guarantees (wal_level: how much each one writes). */
  private static final List<String> DURABILITY = List.of("synchronous_commit", "fsync", "full_page_writes", "wal_level");
  /**
   * pg_catalog. The engine is the table access method (heap unless an extension changed it);
   * to_regclass resolves a table's name as an unquoted identifier through the search_path.
   */
  private static final Sql CATALOG = new Sql("SHOW server_version", "SHOW default_table_access_method",
      "SELECT coalesce(a.amname, 'heap') FROM pg_class t"
          + " LEFT JOIN pg_am a ON a.oid = t.relam WHERE t.oid = to_regclass(?)",
      "SELECT attname FROM pg_attribute WHERE attrelid = to_regclass(?) AND attnum > 0 AND NOT attisdropped",
      "SELECT a.attname FROM pg_index x"
          + " CROSS JOIN LATERAL unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)"
          + " JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum"
          + " WHERE x.indrelid = to_regclass(?) AND x.indisprimary ORDER BY k.ord");

  PostgresDialect() {
    super(CATALOG);
  }

  @Override
  public Kind kind() {
    return Kind.POSTGRESQL;
  }

  @Override
  public String connectionUrl(String url, boolean rewriteBatches) {
    // turns a batch of single-row INSERTs into multi-row INSERTs
    String u = rewriteBatches ? JdbcUrls.withOption(url, batchRewriteOption(), "true") : url;
    // with a loginTimeout pgjdbc connects on a thread of its own, where Connector could not disarm
    // the watchdog: the driver's timeouts then
    if (!JdbcUrls.has(u, "socketFactory") && !JdbcUrls.has(u, "loginTimeout")) {
      // bounds the connect and the startup exchange without a timeout on the socket, which would
      // leave every later read non-blocking (see HandshakeWatchdog). pgjdbc's own connectTimeout
      // defaults to 10 s and a timed connect makes the socket non-blocking too: 0 unless the user set it
      u = JdbcUrls.withOption(u, "socketFactory", WatchedSockets.POSTGRES_FACTORY);
      u = JdbcUrls.withOption(u, "connectTimeout", "0");
      // pgjdbc 42.7 reads the answer to its SSL request with a 5 s timeout by default, which leaves
      // the socket non-blocking: a read that finds nothing and a poll before each response
      // (BlockingSocketsTest); the watchdog bounds that wait too
      return JdbcUrls.withOption(u, "sslResponseTimeout", "0");
    }
    // the user's socket factory (a Unix socket) or login timeout: the driver's timeouts then.
    u = JdbcUrls.withOption(u, "connectTimeout", String.valueOf(HandshakeWatchdog.CONNECT_TIMEOUT_SECONDS));
    // connectTimeout covers only the TCP connect: a frozen server would hang the startup exchange
    return JdbcUrls.withOption(u, "socketTimeout", String.valueOf(HandshakeWatchdog.CONNECT_TIMEOUT_SECONDS));
  }

  @Override
  public String batchRewriteOption() {
    return "reWriteBatchedInserts";
  }

  /** pgJDBC names a statement on the server from its prepareThreshold-th execution on (5 by default; 0: never). */
  @Override
  public String preparedStatements(String connectionUrl) {
    String threshold = JdbcUrls.value(connectionUrl, "prepareThreshold");
    if (threshold == null) {
      return "server-side from use 5 (prepareThreshold=5)";
    }
    return ("0".equals(threshold.strip()) ? "unnamed, parsed at each execution" : "server-side from execution "
        + threshold.strip()) + " (prepareThreshold=" + threshold + " in db.url)";
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
  public String product(Connection c) {
    return "PostgreSQL";
  }

  @Override
  public List<String> availableEngines(Connection c) {
    return List.of();
  }

  @Override
  public String location(Connection c) throws SQLException {
    return "schema " + CatalogQueries.value(c, "SELECT coalesce(current_schema(), '(none: no schema of the search_path exists)')") + " of database " + CatalogQueries.value(c, "SELECT current_database()");
  }

  @Override
  public void putDurability(Connection c, String engine, Fingerprint fp) throws SQLException {
    for (String n : DURABILITY) {
      fp.put("durability." + n, CatalogQueries.value(c, "SHOW " + n));
    }
  }

  @Override
  public void putServerSettings(Connection c, String engine, Fingerprint fp) {
    PostgresSettings.put(c, fp);
  }

  /** CREATE INDEX is separate in PostgreSQL; the caller runs the statements in one transaction. */
  @Override
  public List<String> createTableWithIndexes(String table, String columnsDdl, List<IndexSpec> indexes, String engine) {
    List<String> out = new ArrayList<>();
    out.add(createTable(table, columnsDdl, engine));
    for (IndexSpec i : indexes) {
      out.add("CREATE INDEX IF NOT EXISTS " + indexName(table, i.name()) + " ON " + table + " ("
          + String.join(", ", i.columns()) + ")");
    }
    return out;
  }

  /**
   * Index names are per schema in PostgreSQL, and tables share a schema: the table's name,
   * then the reference programs' name (purchases_index_pdc).
   */
  @Override
  public String indexName(String table, String index) {
    return table + "_" + index;
  }

  @Override
  public Map<String, List<String>> secondaryIndexes(Connection c, String table) throws SQLException {
    Map<String, List<String>> out = new TreeMap<>();
    CatalogQueries.forEachRow(c, "SELECT i.relname, a.attname FROM pg_index x"
        + " JOIN pg_class i ON i.oid = x.indexrelid"
        + " CROSS JOIN LATERAL unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)"
        + " JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum"
        + " WHERE x.indrelid = to_regclass(?) AND NOT x.indisprimary ORDER BY i.relname, k.ord", table,
        rs -> out.computeIfAbsent(rs.getString(1), k -> new ArrayList<>()).add(rs.getString(2).toLowerCase(Locale.ROOT)));
    return out;
  }

  /** The protocol's message limit (1 GB). */
  @Override
  public long maxStatementBytes(Connection c) {
    return (1L << 30) - 1;
  }

  @Override
  public String maxStatementLimit() {
    return "message limit";
  }

  /** Exact file sizes: heap with TOAST, free space and visibility maps; all indexes. */
  @Override
  public SizeReport tableSizes(Connection c, List<String> tables) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT coalesce(sum(pg_table_size(r)), 0),"
        + " coalesce(sum(pg_indexes_size(r)), 0) FROM (SELECT to_regclass(t) AS r FROM unnest(?::text[]) AS t) x"
        + " WHERE r IS NOT NULL")) {
      ps.setArray(1, c.createArrayOf("text", tables.toArray()));
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return new SizeReport(rs.getLong(1), rs.getLong(2), "pg_table_size + pg_indexes_size");
      }
    }
  }
}
