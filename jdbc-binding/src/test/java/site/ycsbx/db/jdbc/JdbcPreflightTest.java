package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mysql.cj.jdbc.ServerPreparedStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsbx.db.jdbc.conn.Connector;
import site.ycsbx.db.jdbc.conn.JdbcOptions;
import site.ycsbx.db.jdbc.conn.ReadBufferedSocket;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.fingerprint.ServerSettings;
import site.ycsbx.store.Preflight.Phase;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.probe.ProbeWorkload;

/** The preflight, in process: what it learns about each server, what it refuses, and that it writes nothing. */
@Tag("server")
class JdbcPreflightTest {
  private final Fingerprint fp = Fingerprint.current();

  /**
   * The fingerprint is one per JVM: an earlier RocksDB preflight (a test here, or the first
   * JdbcClient.init of a store contract) leaves this key in it.
   */
  @BeforeEach
  void forgetRocksDbDurability() {
    fp.put("durability.rocksdb_flush_log_at_trx_commit", null);
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Target.class)
  void loadFillsTheFingerprintAndCreatesNothing(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      Properties p = db.properties();
      p.setProperty("db.batchsize", "50");
      p.setProperty("db.url", db.url() + (target.mariadb() ? "?" : "&") + "password=" + TestDatabase.PASSWORD);
      new JdbcPreflight().check(p, Phase.LOAD, StoreDemand.NONE, fp);
      assertEquals(target.mariadb() ? "MariaDB" : "PostgreSQL", fp.get("server.product"));
      assertEquals(target.expectedEngine(), fp.get("storage.engine"));
      List<String> durability = target.mariadb()
          ? List.of("innodb_flush_log_at_trx_commit", "sync_binlog", "innodb_doublewrite")
          : List.of("synchronous_commit", "fsync", "wal_level");
      for (String d : durability) {
        assertTrue(reported(d), d);
      }
      assertEquals(target == TestDatabase.Target.MARIADB_ROCKSDB, reported("rocksdb_flush_log_at_trx_commit"));
      assertEquals(db.url() + (target.mariadb() ? "?" : "&") + "password=*****"
          + (target.mariadb() ? "&rewriteBatchedStatements=true&socketFactory=site.ycsbx.db.jdbc.WatchedSocketFactory"
          + "&useServerPrepStmts=true&cachePrepStmts=true" : "&reWriteBatchedInserts=true&socketFactory=site.ycsbx.db.jdbc.PgWatchedSocketFactory&connectTimeout=0&sslResponseTimeout=0"),
          fp.get("db.url"));
      assertEquals("50", fp.get("db.batchsize"));
      assertEquals("true", fp.get("jdbc.autocommit"));
      if (target.mariadb()) {
        assertTrue(fp.get("jdbc.prepared").startsWith("server-side (useServerPrepStmts=true&cachePrepStmts=true: YCSB-X's"
            + " default, threadcount=1 x 2 connections x 250 statements = 500 fit in max_prepared_stmt_count="),
            fp.get("jdbc.prepared"));
      } else {
        assertEquals("server-side from use 5 (prepareThreshold=5)", fp.get("jdbc.prepared"));
      }
      assertEquals(List.of(), db.tables());
      serverSettingsAreTheServers(db, target);
    }
  }

  /** Each setting the fingerprint holds as read is what the server says, and the cache is normalized to MB. */
  private void serverSettingsAreTheServers(TestDatabase db, TestDatabase.Target target) throws Exception {
    List<String> names = switch (target) {
      case MARIADB_INNODB -> List.of("innodb_buffer_pool_size", "innodb_page_size", "innodb_log_file_size",
          "innodb_flush_method");
      case MARIADB_ROCKSDB -> List.of("rocksdb_block_cache_size");
      case POSTGRESQL -> List.of("shared_buffers", "checkpoint_timeout", "max_wal_size", "checkpoint_completion_target");
    };
    String cacheSetting = names.get(0);
    try (java.sql.Connection c = db.connect(); java.sql.Statement s = c.createStatement()) {
      try (java.sql.ResultSet rs = s.executeQuery(target.mariadb() ? "SELECT @@" + cacheSetting : "SHOW " + cacheSetting)) {
        rs.next();
        // the cache's setting is said once, with its value, beside the normalized MB
        assertEquals(cacheSetting + "=" + rs.getString(1), fp.get(ServerSettings.CACHE_SOURCE));
      }
      for (String n : names.subList(1, names.size())) {
        try (java.sql.ResultSet rs = s.executeQuery(target.mariadb() ? "SELECT @@" + n : "SHOW " + n)) {
          rs.next();
          assertEquals(rs.getString(1), fp.get(ServerSettings.PREFIX + n), n);
        }
      }
      try (java.sql.ResultSet rs = s.executeQuery(target.mariadb() ? "SELECT @@" + cacheSetting
          : "SELECT pg_size_bytes(current_setting('shared_buffers'))")) {
        rs.next();
        assertEquals(String.format(java.util.Locale.ROOT, "%.1f", rs.getLong(1) / 1048576.0), fp.get(ServerSettings.CACHE_MB));
        assertEquals(rs.getLong(1), ServerSettings.cacheBytes(fp.entries()));
      }
      if (target == TestDatabase.Target.MARIADB_ROCKSDB) {
        try (java.sql.ResultSet rs = s.executeQuery("SELECT VALUE FROM information_schema.ROCKSDB_CF_OPTIONS"
            + " WHERE CF_NAME = 'default' AND OPTION_TYPE = 'COMPRESSION_TYPE'")) {
          rs.next();
          assertTrue(fp.get(ServerSettings.PREFIX + "rocksdb_compression_per_level").startsWith(rs.getString(1)),
              fp.get(ServerSettings.PREFIX + "rocksdb_compression_per_level"));
        }
        // the test server sets no filter policy: MyRocks shows nullptr
        assertEquals("none", fp.get(ServerSettings.PREFIX + "rocksdb_filter_policy"));
      }
    }
  }

  /** YCSB's usertable at the end of a load: its bytes on storage, or its rows still in memtables (never 0). */
  @ParameterizedTest
  @EnumSource(TestDatabase.Target.class)
  void usertableIsSizedAtTheEnd(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      db.execute("CREATE TABLE usertable (YCSB_KEY VARCHAR(64) PRIMARY KEY, field0 TEXT)"
          + (target.mariadb() ? " ENGINE=" + target.expectedEngine() : ""));
      StringBuilder insert = new StringBuilder("INSERT INTO usertable VALUES ");
      for (int i = 0; i < 500; i++) {
        insert.append(i == 0 ? "" : ", ").append("('user").append(i).append("', '").append("x".repeat(200)).append("')");
      }
      db.execute(insert.toString());
      site.ycsbx.store.SizeReport r = new JdbcPreflight().storedSize(db.properties(), List.of("usertable"));
      assertTrue(r.totalBytes() > 0 || r.memtableBytes() > 0, r.toString());
      assertEquals(target == TestDatabase.Target.MARIADB_ROCKSDB, r.memtableBytes() >= 0, r.toString());
    }
  }

  private boolean reported(String durabilitySetting) {
    String v = fp.get("durability." + durabilitySetting);
    return v != null && !v.startsWith("n/a");
  }

  @ParameterizedTest
  @EnumSource(value = TestDatabase.Target.class, names = {"MARIADB_INNODB", "POSTGRESQL"})
  void runWithoutTheTableIsRefused(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      UserError e = assertThrows(UserError.class,
          () -> new JdbcPreflight().check(db.properties(), Phase.RUN, StoreDemand.NONE, fp));
      assertEquals(UserError.TARGET_UNUSABLE, e.exitCode());
      String where = target.mariadb() ? "database " + db.name : "schema " + db.name + " of database " + TestDatabase.PG_DATABASE;
      assertEquals("table usertable does not exist in " + where + " at " + db.url()
          + "; run bin/ycsb load with the same properties first", e.getMessage());
    }
  }

  @Test
  void runWithATableOfFewerFieldsIsRefused() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      db.execute("CREATE TABLE usertable (YCSB_KEY VARCHAR(255) PRIMARY KEY, FIELD0 TEXT, FIELD1 TEXT)");
      UserError e = assertThrows(UserError.class,
          () -> new JdbcPreflight().check(db.properties(), Phase.RUN, StoreDemand.NONE, fp));
      assertEquals("table usertable in database " + db.name + " has no column field2, field3, field4, field5, field6,"
          + " field7, field8, field9 (fieldcount=10); load it with the same fieldcount or use another table", e.getMessage());
    }
  }

  @Test
  void theProbeIsCheckedOnItsOwnTableNotOnYcsbs() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_ROCKSDB)) {
      Properties p = db.properties();
      p.setProperty("db", JdbcClient.class.getName());
      p.setProperty("workload", ProbeWorkload.class.getName());
      new JdbcPreflight().check(p, Phase.RUN, StoreDemand.of(p), fp);
      assertEquals("ycsbx_probe in database " + db.name, fp.get("jdbc.table"));
      assertEquals("ROCKSDB", fp.get("storage.engine"));
      assertEquals("1", fp.get("db.batchsize"));
      assertEquals(List.of(), db.tables());
    }
  }

  /**
   * MariaDB: a load's and a run's connections prepare on the server unless db.url says otherwise
   * (or they would not fit: ServerStatementsOnMariaDbTest); the fingerprint names the side that ran (the driver's own class of statement says
   * where it went). Connector/J ignores an option spelt in another case: so does YCSB-X.
   */
  @ParameterizedTest
  @CsvSource({"false, '', true", "false, '?useServerPrepStmts=false', false",
      "false, '?useServerPrepStmts=true&cachePrepStmts=false', true", "false, '?useserverprepstmts=false', true",
      "true, '', true", "true, '?useServerPrepStmts=false', false", "true, '?useServerPrepStmts=true', true"})
  void mariadbStatementsArePreparedWhereTheFingerprintSays(boolean run, String urlOption, boolean onServer) throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      Properties p = db.properties();
      p.setProperty("db.url", db.url() + urlOption);
      p.setProperty("dotransactions", String.valueOf(run));
      new JdbcPreflight().check(p, Phase.LOAD, StoreDemand.NONE, fp);
      assertEquals(onServer, fp.get("jdbc.prepared").startsWith("server-side ("), fp.get("jdbc.prepared"));
      try (Connection c = Connector.open(JdbcOptions.parse(p), Map.of());
          PreparedStatement ps = c.prepareStatement("SELECT ?")) {
        assertEquals(onServer, ps.isWrapperFor(ServerPreparedStatement.class), "the driver's statement: " + ps.getClass());
        ps.setString(1, "x");
        try (ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next());
          assertEquals("x", rs.getString(1));
        }
      }
    }
  }

  /**
   * MariaDB: the fingerprint names the driver and how it reads, through YCSB-X's buffered socket
   * unless db.url names a socket factory of its own; either way a result larger than the buffer
   * (16 KiB) and the small ones after it arrive whole.
   */
  @ParameterizedTest
  @CsvSource({"'', true", "'?socketFactory=com.mysql.cj.protocol.StandardSocketFactory', false"})
  void theFingerprintSaysHowTheDriverReads(String urlOption, boolean buffered) throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      Properties p = db.properties();
      p.setProperty("db.url", db.url() + urlOption);
      new JdbcPreflight().check(p, Phase.LOAD, StoreDemand.NONE, fp);
      String driver = fp.get("jdbc.driver");
      assertTrue(driver.startsWith("MySQL Connector/J mysql-connector-j-"), driver);
      assertEquals(buffered, driver.endsWith("; reads buffered by YCSB-X's socketFactory (one read a response)"), driver);
      assertEquals(!buffered, driver.endsWith("; reads through socketFactory=com.mysql.cj.protocol.StandardSocketFactory"
          + " (db.url's)"), driver);
      try (Connection c = Connector.open(JdbcOptions.parse(p), Map.of());
          PreparedStatement big = c.prepareStatement("SELECT REPEAT('x', ?)");
          PreparedStatement small = c.prepareStatement("SELECT ?")) {
        for (int n : new int[] {40_000, ReadBufferedSocket.BUFFER_BYTES - 5, 3}) {
          big.setInt(1, n);
          try (ResultSet rs = big.executeQuery()) {
            assertTrue(rs.next());
            assertEquals("x".repeat(n), rs.getString(1));
          }
          for (int i = 0; i < 3; i++) {
            small.setInt(1, i);
            try (ResultSet rs = small.executeQuery()) {
              assertTrue(rs.next());
              assertEquals(i, rs.getInt(1));
            }
          }
        }
      }
    } finally {
      fp.put("jdbc.driver", null);
    }
  }
}
