package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.IndexSpec;
import site.ycsbx.store.SizeReport;

/** MySQL and MariaDB through MySQL Connector/J (jdbc:mysql://); {@link MariaDbDialect} for jdbc:mariadb://. */
public class MySqlDialect extends CatalogDialect {
  /** Settings that decide what a commit guarantees; RocksDB's only when the table is RocksDB. */
  private static final List<String> DURABILITY = List.of("innodb_flush_log_at_trx_commit", "innodb_doublewrite",
      "log_bin", "sync_binlog");
  private static final String ROCKSDB_DURABILITY = "rocksdb_flush_log_at_trx_commit";
  /** information_schema, scoped to the connection's database. */
  private static final Sql CATALOG = new Sql("SELECT VERSION()", "SELECT @@default_storage_engine",
      "SELECT ENGINE FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?",
      "SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?",
      "SELECT COLUMN_NAME FROM information_schema.STATISTICS"
          + " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND INDEX_NAME = 'PRIMARY' ORDER BY SEQ_IN_INDEX");

  public MySqlDialect() {
    super(CATALOG);
  }

  @Override
  public Kind kind() {
    return Kind.MYSQL;
  }

  /**
   * Both drivers prepare on the client by default: each execution sends the statement as text,
   * built and escaped anew, and reads text results. Server-side statements send the parameters and
   * read the rows in binary: measured on a pinned MariaDB (bench/README.md), about half the
   * client's CPU per row of a multi-row INSERT, sysbench-point 1.13-1.25x the transactions a
   * second at 0.80-0.87x the server's CPU a transaction, workloadc 1.28x the operations a second
   * (MariaDB Connector/J). So loads and runs ask for them, unless db.url names the option, and
   * only when the run's connections fit in the server's max_prepared_stmt_count
   * ({@link ServerStatements}). The cache keeps the statements the driver prepares itself (a
   * rewritten batch) from a prepare and a close per call.
   */
  static final String SERVER_PREPARE = "useServerPrepStmts";
  static final String CACHE_PREPARED = "cachePrepStmts";
  /** The driver's option for the statements each connection keeps prepared after their close. */
  static final String CACHE_SIZE = "prepStmtCacheSize";
  /**
   * Statements one connection may hold prepared on the server, unless the URL's driver cache is
   * larger: MariaDB Connector/J's default cache size, which also covers what the stores keep open
   * at the scales measured (YCSB's core a few a table and field set, sysbench about 10 a table:
   * 160 at 16 tables, LinkBench at most 48 a connection, iibench at most 8 inserts and its queries).
   */
  static final int STATEMENTS_PER_CONNECTION = 250;

  @Override
  public String connectionUrl(String url, boolean rewriteBatches) {
    // without it Connector/J sends a batch as one INSERT per row, one round trip each
    String u = rewriteBatches ? JdbcUrls.withOption(url, batchRewriteOption(), "true") : url;
    if (!JdbcUrls.has(u, "socketFactory")) {
      // bounds the connect and the handshake without a socket timeout, which would leave every
      // later read of the connection in non-blocking mode (see HandshakeWatchdog)
      return JdbcUrls.withOption(u, "socketFactory", WatchedSockets.MYSQL_FACTORY);
    }
    // the user's socket factory (a Unix socket, a named pipe): the driver's timeouts then.
    // connectTimeout covers only the TCP connect: a frozen server would hang the handshake
    u = JdbcUrls.withOption(u, "connectTimeout", String.valueOf(HandshakeWatchdog.CONNECT_TIMEOUT_SECONDS * 1000));
    return JdbcUrls.withOption(u, "socketTimeout", String.valueOf(HandshakeWatchdog.CONNECT_TIMEOUT_SECONDS * 1000));
  }

  @Override
  public String batchRewriteOption() {
    return "rewriteBatchedStatements";
  }

  @Override
  public String serverStatementsUrl(String connectionUrl) {
    // spelt exactly: Connector/J's option names are case-sensitive, and one it ignores must not stop ours
    String u = connectionUrl;
    if (option(u, SERVER_PREPARE) == null) {
      u = u + (u.indexOf('?') < 0 ? "?" : "&") + SERVER_PREPARE + "=true";
      if (option(u, CACHE_PREPARED) == null) {
        u = u + "&" + CACHE_PREPARED + "=true";
      }
    }
    return u;
  }

  @Override
  public String preparedStatements(String connectionUrl) {
    String server = option(connectionUrl, SERVER_PREPARE);
    String cache = option(connectionUrl, CACHE_PREPARED);
    if (server == null) {
      return "client-side (" + driverName() + "'s default)";
    }
    String options = SERVER_PREPARE + "=" + server + (cache == null ? "" : "&" + CACHE_PREPARED + "=" + cache);
    return ("true".equalsIgnoreCase(server) ? "server-side (" : "client-side (") + options + ")";
  }

  /** {@link #STATEMENTS_PER_CONNECTION}, or the URL's {@value #CACHE_SIZE} when larger. */
  int statementsPerConnection(String url) {
    String cache = option(url, CACHE_SIZE);
    try {
      return cache == null ? STATEMENTS_PER_CONNECTION : Math.max(STATEMENTS_PER_CONNECTION, Integer.parseInt(cache.trim()));
    } catch (NumberFormatException e) {
      return STATEMENTS_PER_CONNECTION; // the driver refuses the URL when it connects
    }
  }

  /** The value the driver reads for a URL option: Connector/J's names are case-sensitive. */
  String option(String url, String name) {
    return JdbcUrls.value(url, name);
  }

  /** The driver a URL of this dialect selects, for the fingerprint's words. */
  String driverName() {
    return "Connector/J";
  }

  /** The socket factory the binding names in this dialect's URLs. */
  String watchedSocketFactory() {
    return WatchedSockets.MYSQL_FACTORY;
  }

  @Override
  public String reads(String connectionUrl) {
    String factory = option(connectionUrl, "socketFactory");
    return watchedSocketFactory().equals(factory)
        ? "reads buffered by YCSB-X's socketFactory (one read a response)"
        : "reads through socketFactory=" + factory + " (db.url's)";
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
  public String createTable(String table, String columnsDdl, String engine) {
    return super.createTable(table, columnsDdl, engine) + (engine == null ? "" : " ENGINE=" + engine);
  }

  @Override
  public String product(Connection c) throws SQLException {
    // Connector/J calls every server "MySQL"; MariaDB says who it is in its version string
    return version(c).contains("MariaDB") ? "MariaDB" : "MySQL";
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
  public String location(Connection c) throws SQLException {
    return "database " + CatalogQueries.value(c, "SELECT DATABASE()");
  }

  @Override
  public void putDurability(Connection c, String engine, Fingerprint fp) throws SQLException {
    List<String> names = new ArrayList<>(DURABILITY);
    if ("rocksdb".equalsIgnoreCase(engine)) {
      names.add(ROCKSDB_DURABILITY);
    }
    Map<String, String> values = MySqlSettings.variables(c, names);
    for (String n : names) {
      fp.put("durability." + n, values.getOrDefault(n, "n/a (not reported by the server)"));
    }
  }

  @Override
  public void putServerSettings(Connection c, String engine, Fingerprint fp) {
    MySqlSettings.put(c, engine, fp);
  }

  @Override
  public List<String> createTableWithIndexes(String table, String columnsDdl, List<IndexSpec> indexes, String engine) {
    StringBuilder ddl = new StringBuilder(columnsDdl);
    for (IndexSpec i : indexes) {
      ddl.append(", INDEX ").append(indexName(table, i.name())).append(" (").append(String.join(", ", i.columns()))
          .append(')');
    }
    return List.of(createTable(table, ddl.toString(), engine));
  }

  /** Index names are per table: the reference programs' names as they are. */
  @Override
  public String indexName(String table, String index) {
    return index;
  }

  @Override
  public Map<String, List<String>> secondaryIndexes(Connection c, String table) throws SQLException {
    Map<String, List<String>> out = new TreeMap<>();
    // SHOW INDEX lists each index's columns in order
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW INDEX FROM " + table)) {
      while (rs.next()) {
        String name = rs.getString("Key_name");
        if (!"PRIMARY".equals(name)) {
          out.computeIfAbsent(name, k -> new ArrayList<>()).add(rs.getString("Column_name").toLowerCase(Locale.ROOT));
        }
      }
    }
    return out;
  }

  @Override
  public long maxStatementBytes(Connection c) throws SQLException {
    return Long.parseLong(CatalogQueries.value(c, "SELECT @@max_allowed_packet"));
  }

  @Override
  public String maxStatementLimit() {
    return "max_allowed_packet";
  }

  /**
   * Per table, the freshest figure the engine gives without a write or a lock:
   * <ul>
   * <li>InnoDB: the bytes allocated to the table's .ibd file (information_schema
   * INNODB_SYS_TABLESPACES, MySQL 8: INNODB_TABLESPACES), data and indexes together.
   * information_schema.TABLES' DATA_LENGTH and INDEX_LENGTH come from the statistics, which
   * InnoDB recomputes only after 10% of the table changed (seen here: 48 KB after 80000 rows);
   * ANALYZE TABLE would refresh them but blocks the inserters.</li>
   * <li>RocksDB: DATA_LENGTH + INDEX_LENGTH of information_schema.TABLES, which MyRocks takes
   * from its SST files (compressed, exact once flushed), plus the memtables not yet flushed
   * (ROCKSDB_CFSTATS CUR_SIZE_ALL_MEM_TABLES of the tables' column families, which every table
   * of the family shares). Without the memtables a load smaller than the write buffer reports
   * 0 bytes; their size is what the write-ahead log holds on disk until the flush.</li>
   * <li>other engines: DATA_LENGTH + INDEX_LENGTH.</li>
   * </ul>
   * When a catalog is not readable (e.g. the PROCESS privilege is missing), DATA_LENGTH +
   * INDEX_LENGTH stand in, and the source says so.
   */
  /** MyRocks: flushes every column family's memtables (SUPER or the like); other engines: nothing. */
  @Override
  public String flushForSize(Connection c, List<String> tables) throws SQLException {
    for (String t : tables) {
      if (tableEngine(c, t).filter(e -> e.equalsIgnoreCase("ROCKSDB")).isPresent()) {
        String flush = "SET GLOBAL rocksdb_force_flush_memtable_now=1";
        try (Statement s = c.createStatement()) {
          s.execute(flush);
        }
        return flush;
      }
    }
    return null;
  }

  @Override
  public SizeReport tableSizes(Connection c, List<String> tables) throws SQLException {
    Map<String, String> engines = new LinkedHashMap<>();
    Map<String, long[]> lengths = new HashMap<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT TABLE_NAME, ENGINE, DATA_LENGTH, INDEX_LENGTH"
        + " FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (" + CatalogQueries.marks(tables.size()) + ")")) {
      CatalogQueries.bind(ps, tables, 1);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          engines.put(rs.getString(1), String.valueOf(rs.getString(2)).toLowerCase(Locale.ROOT));
          lengths.put(rs.getString(1), new long[] {rs.getLong(3), rs.getLong(4)});
        }
      }
    }
    List<String> innodb = new ArrayList<>();
    List<String> rocksdb = new ArrayList<>();
    for (Map.Entry<String, String> e : engines.entrySet()) {
      if (e.getValue().equals("innodb")) {
        innodb.add(e.getKey());
      } else if (e.getValue().equals("rocksdb")) {
        rocksdb.add(e.getKey());
      }
    }
    Map<String, Long> files = innodb.isEmpty() ? Map.of() : innodbFileBytes(c, innodb);
    Map<String, long[]> sst = rocksdb.isEmpty() ? Map.of() : RocksDbSizes.sstBytes(c, rocksdb);
    long data = 0;
    long index = 0;
    Set<String> sources = new LinkedHashSet<>();
    for (Map.Entry<String, long[]> e : lengths.entrySet()) {
      Long file = files.get(e.getKey());
      long[] onStorage = sst.get(e.getKey());
      if (file != null) {
        data += file;
        sources.add("InnoDB tablespace files allocated (information_schema.INNODB_SYS_TABLESPACES)");
      } else if (onStorage != null) {
        data += onStorage[0];
        index += onStorage[1];
        sources.add(RocksDbSizes.SST_SOURCE);
      } else if (rocksdb.contains(e.getKey())) {
        // information_schema.TABLES adds an estimate of the memtable to RocksDB's DATA_LENGTH
        // (rocksdb_force_compute_memtable_stats): not a figure of what is on storage
        return new SizeReport(-1, -1, RocksDbSizes.memtableBytes(c, rocksdb),
            "RocksDB SST figures not readable (information_schema.ROCKSDB_SST_PROPS needs the PROCESS privilege)");
      } else {
        data += e.getValue()[0];
        index += e.getValue()[1];
        sources.add("information_schema.TABLES");
      }
    }
    long memtables = -1;
    if (!rocksdb.isEmpty()) {
      memtables = RocksDbSizes.memtableBytes(c, rocksdb);
      sources.add(memtables >= 0 ? RocksDbSizes.MEMTABLE_SOURCE : "unflushed memtables not readable");
    }
    return new SizeReport(data, index, memtables,
        sources.isEmpty() ? "information_schema.TABLES (no table)" : String.join(" + ", sources));
  }

  /** Bytes allocated to each table's tablespace file; tables whose file is not found are left out. */
  private static Map<String, Long> innodbFileBytes(Connection c, List<String> tables) {
    String database;
    try {
      database = CatalogQueries.value(c, "SELECT DATABASE()");
    } catch (SQLException e) {
      return Map.of();
    }
    List<String> names = new ArrayList<>();
    for (String t : tables) {
      names.add(database + "/" + t);
    }
    // MariaDB and MySQL 5.7 name the view INNODB_SYS_TABLESPACES; MySQL 8 INNODB_TABLESPACES
    for (String view : List.of("INNODB_SYS_TABLESPACES", "INNODB_TABLESPACES")) {
      try (PreparedStatement ps = c.prepareStatement("SELECT NAME, ALLOCATED_SIZE FROM information_schema." + view
          + " WHERE NAME IN (" + CatalogQueries.marks(names.size()) + ")")) {
        CatalogQueries.bind(ps, names, 1);
        Map<String, Long> out = new HashMap<>();
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            out.put(rs.getString(1).substring(database.length() + 1), rs.getLong(2));
          }
        }
        return out;
      } catch (SQLException e) {
        // not this server's view, or no PROCESS privilege: try the next, then fall back
      }
    }
    return Collections.emptyMap();
  }
}
