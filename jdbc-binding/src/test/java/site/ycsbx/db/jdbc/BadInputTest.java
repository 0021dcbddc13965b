package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsbx.db.jdbc.MainOutput.assertOneLineError;
import static site.ycsbx.db.jdbc.MainOutput.refused;

import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.util.UserError;

/**
 * Bad options through bin/ycsb's Java side, in-process: one line naming the property and what it accepts,
 * the exit code, and nothing created (the test database stays empty) or dropped.
 */
@Tag("server")
class BadInputTest {
  // the binding's options are checked the same way whatever the workload; the probe's table
  // (ycsbx_probe) is the one an engine mismatch is checked against
  private static final String WORKLOAD = "probe";
  private TestDatabase db;

  @BeforeEach
  void createDatabase() {
    db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB);
  }

  @AfterEach
  void dropDatabase() throws Exception {
    db.close();
  }

  private List<String> options(String... more) {
    List<String> o = new ArrayList<>(List.of("-p", "db.url=" + db.url(), "-p", "db.user=" + TestDatabase.USER,
        "-p", "db.passwd=" + TestDatabase.PASSWORD));
    o.addAll(List.of(more));
    return o;
  }

  private void assertNothingCreated() throws Exception {
    assertEquals(List.of(), db.tables(), "tables in " + db.name);
  }

  @Test
  void unknownEngineNamesTheEnginesAvailable() throws Exception {
    Result r = refused("load", WORKLOAD, options("-p", "jdbc.engine=InnoDBB"));
    assertOneLineError(r, UserError.BAD_INPUT, "jdbc.engine=InnoDBB is not an engine of MariaDB",
        "engines available: ", "InnoDB", "ROCKSDB", "Aria", "MyISAM");
    assertNothingCreated();
  }

  @Test
  void misspeltEngineIsRefusedBeforeTheMissingDatabaseIsCreated() throws Exception {
    String missing = db.name + "_new";
    List<String> o = options("-p", "jdbc.engine=Rockdb");
    o.set(1, "db.url=" + db.url() + "_new");
    try {
      assertOneLineError(refused("load", WORKLOAD, o), UserError.BAD_INPUT,
          "jdbc.engine=Rockdb is not an engine of MariaDB", "engines available: ", "ROCKSDB");
      try (Connection c = db.serverConnection(); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '"
              + missing + "'")) {
        rs.next();
        assertEquals(0, rs.getInt(1), "database " + missing + " created");
      }
    } finally {
      try (Connection c = db.serverConnection(); Statement s = c.createStatement()) {
        s.execute("DROP DATABASE IF EXISTS " + missing);
      }
    }
  }

  @Test
  void zeroBatchSizeWithTheBatchApiIsRefused() throws Exception {
    // without jdbc.batchupdateapi=true, 0 is YCSB 0.17's "no batching" (Ycsb017PropertiesTest)
    assertOneLineError(refused("load", WORKLOAD, options("-p", "db.batchsize=0", "-p", "jdbc.batchupdateapi=true")),
        UserError.BAD_INPUT, "db.batchsize=0 with jdbc.batchupdateapi=true would hold every row of the load in one "
            + "batch until the end, as YCSB 0.17 did; db.batchsize accepts a whole number >= 1 there");
    assertNothingCreated();
  }

  @Test
  void nonNumericBatchSizeIsRefused() throws Exception {
    assertOneLineError(refused("load", WORKLOAD, options("-p", "db.batchsize=abc")), UserError.BAD_INPUT,
        "db.batchsize=abc is not a whole number; db.batchsize accepts a whole number >= 1");
    assertNothingCreated();
  }

  @Test
  void urlThatIsNotAUrlIsRefused() throws Exception {
    List<String> o = options();
    o.set(1, "db.url=not-a-url");
    assertOneLineError(refused("load", WORKLOAD, o), UserError.BAD_INPUT,
        "db.url=not-a-url is not a JDBC URL; db.url accepts jdbc:mysql://host:port/database");
    assertNothingCreated();
  }

  @Test
  void urlOfAnotherDatabaseIsRefused() throws Exception {
    List<String> o = options();
    o.set(1, "db.url=jdbc:oracle:thin:@127.0.0.1:1521/XE");
    assertOneLineError(refused("load", WORKLOAD, o), UserError.BAD_INPUT,
        "db.url=jdbc:oracle:thin:@127.0.0.1:1521/XE is for 'oracle', which YCSB-X has no SQL dialect for");
    assertNothingCreated();
  }

  @Test
  void nonBooleanAutocommitIsRefused() throws Exception {
    assertOneLineError(refused("load", WORKLOAD, options("-p", "jdbc.autocommit=sometimes")), UserError.BAD_INPUT,
        "jdbc.autocommit=sometimes is not a boolean; jdbc.autocommit accepts true or false");
    assertNothingCreated();
  }

  @Test
  void closedPortFailsWithinTenSecondsWithoutThePassword() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    String url = "jdbc:mysql://" + TestDatabase.USER + ":Unreachable-Secret-9431@127.0.0.1:" + port + "/" + db.name;
    List<String> o = options();
    o.set(1, "db.url=" + url);
    Result r = refused("load", WORKLOAD, o);
    assertOneLineError(r, UserError.TARGET_UNUSABLE,
        "cannot reach jdbc:mysql://" + TestDatabase.USER + ":*****@127.0.0.1:" + port + "/" + db.name);
    assertFalse(r.all().contains("Unreachable-Secret-9431"), r.all());
    assertTrue(r.millis() < 10_000, "took " + r.millis() + " ms");
    assertNothingCreated();
  }

  @Test
  void existingTableWithAnotherEngineIsRefusedAndKept() throws Exception {
    db.execute("CREATE TABLE ycsbx_probe (k BIGINT PRIMARY KEY, v BIGINT NOT NULL) ENGINE=InnoDB",
        "INSERT INTO ycsbx_probe VALUES (1, 7)");
    Result r = refused("load", WORKLOAD, options("-p", "jdbc.engine=RocksDB"));
    assertOneLineError(r, UserError.TARGET_UNUSABLE,
        "table ycsbx_probe exists with engine InnoDB, not ROCKSDB as jdbc.engine asks", "set jdbc.engine=InnoDB");
    assertEquals(List.of("ycsbx_probe"), db.tables());
    assertEquals("InnoDB", db.engine("ycsbx_probe").orElseThrow());
    assertEquals(1, db.rows("ycsbx_probe"));
  }

  @Test
  void misspeltPropertyIsRefusedWithASuggestion() throws Exception {
    assertOneLineError(refused("load", WORKLOAD, options("-p", "jdbc.engin=InnoDB")), UserError.BAD_INPUT,
        "unknown property jdbc.engin (did you mean jdbc.engine?); jdbc.* properties: jdbc.autocommit, "
            + "jdbc.batchupdateapi, jdbc.before, jdbc.engine, jdbc.fetchsize");
    assertNothingCreated();
  }

  @Test
  void engineOnPostgresqlIsRefused() throws Exception {
    try (TestDatabase pg = TestDatabase.create(TestDatabase.Target.POSTGRESQL)) {
      Result r = refused("load", WORKLOAD, List.of("-p", "db.url=" + pg.url(), "-p", "db.user=" + TestDatabase.USER,
          "-p", "db.passwd=" + TestDatabase.PASSWORD, "-p", "jdbc.engine=InnoDB"));
      assertOneLineError(r, UserError.BAD_INPUT, "jdbc.engine=InnoDB names a MySQL/MariaDB storage engine",
          "PostgreSQL URL, whose tables have no ENGINE option; remove jdbc.engine");
      assertEquals(List.of(), pg.tables());
    }
  }

  @Test
  void aRunPastTheLoadedKeysIsRefused() throws Exception {
    StringBuilder fields = new StringBuilder();
    for (int i = 0; i < 10; i++) {
      fields.append(", FIELD").append(i).append(" TEXT");
    }
    java.util.Properties p = new java.util.Properties();
    p.setProperty("recordcount", "200");
    site.ycsbx.store.YcsbTable t = site.ycsbx.store.YcsbTable.of(p);
    db.execute("CREATE TABLE usertable (YCSB_KEY VARCHAR(255) PRIMARY KEY" + fields + ")",
        "INSERT INTO usertable (YCSB_KEY) VALUES ('" + t.key(0) + "')");
    // MainOutput runs with recordcount=200: keys 0 to 199, of which the table holds key 0 alone
    assertOneLineError(refused("run", "workloada", options()), UserError.TARGET_UNUSABLE,
        "the run reads keys 0 to 199 (recordcount=200) but table usertable holds no record " + t.key(199)
            + " (key 199); give the run the recordcount its load had, or load 200 records first");
  }
}
