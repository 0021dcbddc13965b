package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.IndexSpec;
import site.ycsbx.store.SizeReport;

/**
 * What differs between SQL servers, so that the client, the stores and the preflight hold no
 * product-specific SQL: how the server describes itself (product, engines, durability,
 * catalog, sizes), URL options, the DDL every workload family needs, and YCSB's table. A
 * family's own SQL (column types, queries, upserts) lives in its package, chosen by
 * {@link #kind()}. Table and column names passed in are checked identifiers, used unquoted.
 * {@link JdbcOptions#dialectFor} picks the dialect of a URL.
 */
public interface SqlDialect {
  /** The servers a family writes its SQL for. */
  enum Kind {
    /** MySQL and MariaDB. */
    MYSQL("MySQL/MariaDB"),
    POSTGRESQL("PostgreSQL");

    private final String family;

    Kind(String family) {
      this.family = family;
    }
  }

  /** What db.url accepts, for error messages. */
  String ACCEPTED_URLS = "jdbc:mysql://host:port/database (MySQL, MariaDB; MySQL Connector/J), "
      + "jdbc:mariadb://host:port/database (MariaDB, MySQL; MariaDB Connector/J) or "
      + "jdbc:postgresql://host:port/database (PostgreSQL)";

  /** Which server's SQL a workload family speaks here. */
  Kind kind();

  /** The family of servers, for messages: "MySQL/MariaDB", "PostgreSQL". */
  default String family() {
    return kind().family;
  }

  /**
   * The URL the driver gets: the user's, plus batch rewriting (one round trip per batch) and a
   * connect timeout, each only when the user did not set it.
   */
  default String connectionUrl(String url) {
    return connectionUrl(url, true);
  }

  /**
   * The URL the driver gets: the user's, plus a connect timeout and, when {@code rewriteBatches},
   * {@link #batchRewriteOption()}=true, each only when the user did not set it.
   */
  String connectionUrl(String url, boolean rewriteBatches);

  /**
   * {@link #connectionUrl}'s URL with server-side prepared statements, unless the URL says where
   * to prepare; used when they fit in the server's limit ({@link ServerStatements}).
   */
  default String serverStatementsUrl(String connectionUrl) {
    return connectionUrl;
  }

  /**
   * Where the statements of a connection to {@code connectionUrl} ({@link #connectionUrl}'s) are
   * prepared, and which URL option decided it, for the fingerprint.
   */
  String preparedStatements(String connectionUrl);

  /**
   * How a connection to {@code connectionUrl} reads the server's answers, when the binding
   * changes it (the fingerprint's {@code jdbc.driver}, after the driver's name and version); null
   * when it is the driver's own way.
   */
  default String reads(String connectionUrl) {
    return null;
  }

  /** The driver's URL option that turns a batch of single-row INSERTs into multi-row INSERTs. */
  String batchRewriteOption();

  /** Whether the driver sends an INSERT batch in one round trip when the URL does not say (MariaDB Connector/J). */
  default boolean batchesByDefault() {
    return false;
  }

  /** Whether tables have a per-table storage engine (ENGINE=). */
  boolean hasEngines();

  /** SQL type of the YCSB key column. */
  String keyType();

  /** SQL type of a YCSB field column. */
  default String fieldType() {
    return "TEXT";
  }

  /**
   * CREATE TABLE IF NOT EXISTS, with the engine when not null; here without one, for servers
   * that have no per-table engine ({@link #hasEngines()}).
   */
  default String createTable(String table, String columnsDdl, String engine) {
    return "CREATE TABLE IF NOT EXISTS " + table + " (" + columnsDdl + ")";
  }

  /** Rows with key >= ?, in key order, at most ? of them. */
  default String scan(String table, String keyColumn, String columns) {
    return "SELECT " + columns + " FROM " + table + " WHERE " + keyColumn + " >= ? ORDER BY " + keyColumn + " LIMIT ?";
  }

  /** Server product (MariaDB, MySQL, PostgreSQL). */
  String product(Connection c) throws SQLException;

  /** Server version as the server reports it. */
  String version(Connection c) throws SQLException;

  /** Engines the server can create tables with, as the server spells them; empty if none. */
  List<String> availableEngines(Connection c) throws SQLException;

  /** The engine a table gets when none is named. */
  String defaultEngine(Connection c) throws SQLException;

  /** The engine of an existing table (as the server spells it), empty when the table is absent. */
  Optional<String> tableEngine(Connection c, String table) throws SQLException;

  /** Column names of a table, lower case. */
  Set<String> columns(Connection c, String table) throws SQLException;

  /** Where tables go, for messages: "database ycsb", "schema public of database ycsb". */
  String location(Connection c) throws SQLException;

  /** Adds the settings that decide what a commit costs and guarantees. */
  void putDurability(Connection c, String engine, Fingerprint fp) throws SQLException;

  /**
   * Adds the server's cache, page, log and checkpoint settings as read ({@code server.read.*}) and
   * the engine's data cache ({@code server.cache_mb}); a setting the account may not read is
   * recorded as such, never a refusal.
   */
  void putServerSettings(Connection c, String engine, Fingerprint fp);

  /**
   * Statements creating a table and its secondary indexes, to run in order (in one transaction
   * where DDL is transactional).
   *
   * @param columnsDdl column definitions, primary key included
   * @param engine the engine asked for, or null
   */
  List<String> createTableWithIndexes(String table, String columnsDdl, List<IndexSpec> indexes, String engine);

  /** The name a secondary index of the table gets on this server. */
  String indexName(String table, String index);

  /** The table's indexes other than its primary key: name to columns in order (lower case). */
  Map<String, List<String>> secondaryIndexes(Connection c, String table) throws SQLException;

  /** The table's primary key columns in order (lower case); empty when it has none. */
  List<String> primaryKey(Connection c, String table) throws SQLException;

  /** Largest statement the server accepts, in bytes. */
  long maxStatementBytes(Connection c) throws SQLException;

  /** What sets {@link #maxStatementBytes}, for messages: "max_allowed_packet", "message limit". */
  String maxStatementLimit();

  /** Data and index bytes of existing tables as the server reports them, naming where they come from. */
  SizeReport tableSizes(Connection c, List<String> tables) throws SQLException;

  /**
   * Writes out what the tables' engine holds in memory and {@link #tableSizes} would not count
   * (MyRocks' memtables); the statement it ran, or null when their engine keeps nothing aside.
   */
  default String flushForSize(Connection c, List<String> tables) throws SQLException {
    return null;
  }
}
