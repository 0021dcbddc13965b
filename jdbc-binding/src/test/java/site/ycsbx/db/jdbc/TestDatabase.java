package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import site.ycsb.measurements.Measurements;
import site.ycsbx.db.jdbc.conn.Connector;
import site.ycsbx.db.jdbc.conn.Tables;

/**
 * A database (MariaDB) or schema (PostgreSQL) of its own for one test, on a real server,
 * dropped by {@link #close()}. A missing server fails the test: nothing is skipped.
 *
 * <p>Connection settings, each overridable by an environment variable:
 * <ul>
 * <li>{@code YCSBX_TEST_USER} / {@code YCSBX_TEST_PASSWORD}: the account on both servers
 * (default ycsbx / ycsbx, as scripts/setup-servers.sh creates them)</li>
 * <li>{@code YCSBX_MARIADB_HOST} / {@code YCSBX_MARIADB_PORT}: default 127.0.0.1 / 3306</li>
 * <li>{@code YCSBX_PG_HOST} / {@code YCSBX_PG_PORT} / {@code YCSBX_PG_DATABASE}: default
 * 127.0.0.1 / 5432 / postgres (the test schema is created in that database)</li>
 * </ul>
 */
public final class TestDatabase implements AutoCloseable {
  public static final String USER = env("YCSBX_TEST_USER", "ycsbx");
  // set but empty: an account without a password (root@127.0.0.1 on a fresh MariaDB)
  public static final String PASSWORD = System.getenv("YCSBX_TEST_PASSWORD") != null
      ? System.getenv("YCSBX_TEST_PASSWORD") : "ycsbx";
  public static final String MARIADB_HOST = env("YCSBX_MARIADB_HOST", "127.0.0.1");
  public static final String MARIADB_PORT = env("YCSBX_MARIADB_PORT", "3306");
  public static final String PG_HOST = env("YCSBX_PG_HOST", "127.0.0.1");
  public static final String PG_PORT = env("YCSBX_PG_PORT", "5432");
  public static final String PG_DATABASE = env("YCSBX_PG_DATABASE", "postgres");

  /** The servers and engines every JDBC test runs on. */
  public enum Target {
    MARIADB_INNODB("InnoDB"), MARIADB_ROCKSDB("ROCKSDB"), POSTGRESQL(null);

    /** The jdbc.engine the tests ask for (as information_schema spells it); null on PostgreSQL. */
    public final String engine;

    Target(String engine) {
      this.engine = engine;
    }

    public boolean mariadb() {
      return this != POSTGRESQL;
    }

    /** The engine information_schema / pg_am reports for tables of this target. */
    public String expectedEngine() {
      return engine == null ? "heap" : engine;
    }
  }

  public final Target target;
  public final String name;
  /** db.url's scheme on MariaDB: "mysql" (MySQL Connector/J) or "mariadb" (MariaDB Connector/J). */
  public final String scheme;

  private TestDatabase(Target target, String scheme) {
    this.target = target;
    this.scheme = scheme;
    this.name = "ycsbx_t_" + Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
  }

  /** Creates an empty database (MariaDB) or schema (PostgreSQL) with a unique name. */
  public static TestDatabase create(Target target) {
    return create(target, "mysql");
  }

  /** {@link #create(Target)}, its db.url on MariaDB of the scheme given ("mysql", "mariadb"): the driver it selects. */
  public static TestDatabase create(Target target, String scheme) {
    TestDatabase db = new TestDatabase(target, scheme);
    try (Connection c = db.serverConnection(); Statement s = c.createStatement()) {
      s.execute(target.mariadb() ? "CREATE DATABASE " + db.name : "CREATE SCHEMA " + db.name);
    } catch (SQLException e) {
      throw new AssertionError("cannot create test " + (target.mariadb() ? "database " : "schema ") + db.name
          + " on " + target + " (is the server running? scripts/setup-servers.sh starts it): " + e.getMessage(), e);
    }
    return db;
  }

  /** db.url of this database, without credentials. */
  public String url() {
    return target.mariadb() ? "jdbc:" + scheme + "://" + MARIADB_HOST + ":" + MARIADB_PORT + "/" + name
        : "jdbc:postgresql://" + PG_HOST + ":" + PG_PORT + "/" + PG_DATABASE + "?currentSchema=" + name;
  }

  /** -p options for db.url, db.user, db.passwd and (MariaDB) jdbc.engine. */
  public List<String> options() {
    List<String> o = new ArrayList<>(List.of("-p", "db.url=" + url(), "-p", "db.user=" + USER, "-p", "db.passwd=" + PASSWORD));
    if (target.engine != null) {
      o.add("-p");
      o.add("jdbc.engine=" + target.engine);
    }
    return o;
  }

  /** The same options as properties, for in-process use. */
  public Properties properties() {
    Properties p = new Properties();
    List<String> o = options();
    for (int i = 1; i < o.size(); i += 2) {
      String kv = o.get(i);
      p.setProperty(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
    }
    return p;
  }

  /**
   * YCSB's binding on this database, its properties set as YCSB's Client sets them for a load:
   * the first init() in this JVM runs the preflight, which a load passes with no table yet.
   */
  public JdbcClient client() {
    Properties p = properties();
    p.setProperty("dotransactions", "false");
    Measurements.setProperties(p);
    JdbcClient client = new JdbcClient();
    client.setProperties(p);
    return client;
  }

  /** A connection to this database/schema. */
  public Connection connect() throws SQLException {
    return DriverManager.getConnection(url(), USER, PASSWORD);
  }

  /** Tables in this database/schema. */
  public List<String> tables() throws SQLException {
    String sql = target.mariadb()
        ? "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME"
        : "SELECT table_name FROM information_schema.tables WHERE table_schema = ? ORDER BY table_name";
    List<String> out = new ArrayList<>();
    try (Connection c = connect(); PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, name);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getString(1));
        }
      }
    }
    return out;
  }

  /** The engine of a table: information_schema.TABLES.ENGINE on MariaDB, the access method on PostgreSQL. */
  public Optional<String> engine(String table) throws SQLException {
    String sql = target.mariadb()
        ? "SELECT ENGINE FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?"
        : "SELECT a.amname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
            + " JOIN pg_am a ON a.oid = c.relam WHERE n.nspname = ? AND c.relname = ?";
    try (Connection c = connect(); PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, name);
      ps.setString(2, table);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
      }
    }
  }

  /**
   * The secondary indexes of a table as the catalog lists them: index name to its columns in
   * order. MariaDB: information_schema.STATISTICS. PostgreSQL: pg_index with pg_get_indexdef for
   * each key column; index names there are table_index (names are per schema), mapped back.
   */
  public Map<String, List<String>> secondaryIndexes(String table) throws SQLException {
    Map<String, List<String>> out = new TreeMap<>();
    String sql = target.mariadb()
        ? "SELECT INDEX_NAME, COLUMN_NAME FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?"
            + " AND INDEX_NAME <> 'PRIMARY' ORDER BY INDEX_NAME, SEQ_IN_INDEX"
        : "SELECT c.relname, pg_get_indexdef(x.indexrelid, k, true) FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid"
            + " JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace"
            + " CROSS JOIN generate_series(1, x.indnatts) AS k"
            + " WHERE n.nspname = ? AND t.relname = ? AND NOT x.indisprimary ORDER BY c.relname, k";
    try (Connection c = connect(); PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, name);
      ps.setString(2, table);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          String index = rs.getString(1);
          if (!target.mariadb()) {
            assertTrue(index.startsWith(table + "_"), index);
            index = index.substring(table.length() + 1);
          }
          out.computeIfAbsent(index, k -> new ArrayList<>()).add(rs.getString(2));
        }
      }
    }
    return out;
  }

  /** Rows in a table. */
  public long rows(String table) throws SQLException {
    try (Connection c = connect(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** Runs statements on this database/schema. */
  public void execute(String... sql) throws SQLException {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      for (String q : sql) {
        s.execute(q);
      }
    }
  }

  /** A connection to the server, outside this database (to create and drop it). */
  public Connection serverConnection() throws SQLException {
    String url = target.mariadb() ? "jdbc:mysql://" + MARIADB_HOST + ":" + MARIADB_PORT + "/"
        : "jdbc:postgresql://" + PG_HOST + ":" + PG_PORT + "/" + PG_DATABASE;
    return DriverManager.getConnection(url, USER, PASSWORD);
  }

  @Override
  public void close() throws SQLException {
    try (Connection c = serverConnection(); Statement s = c.createStatement()) {
      s.execute(target.mariadb() ? "DROP DATABASE IF EXISTS " + name : "DROP SCHEMA IF EXISTS " + name + " CASCADE");
    }
  }

  private static String env(String name, String def) {
    String v = System.getenv(name);
    return v == null || v.isBlank() ? def : v;
  }
}
