package site.ycsbx.db.jdbc.conn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.jdbc.MainOutput;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.util.UserError;

/**
 * The README's iibench load on a fresh server: db.url names a database the server lacks. A load
 * creates it (and says so); a run does not; a URL with no database or another failure is left to
 * the preflight's own message.
 */
@Tag("process")
class MissingDatabaseTest {
  private static final String MARIADB = "jdbc:mysql://" + TestDatabase.MARIADB_HOST + ":" + TestDatabase.MARIADB_PORT;
  private static final String POSTGRES = "jdbc:postgresql://" + TestDatabase.PG_HOST + ":" + TestDatabase.PG_PORT;

  private static String freshName() {
    return "ycsbx_t_" + Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
  }

  private static List<String> options(String url) {
    return List.of("-p", "db.url=" + url, "-p", "db.user=" + TestDatabase.USER, "-p", "db.passwd="
        + TestDatabase.PASSWORD);
  }

  @Test
  void aMariaDbLoadCreatesTheDatabaseItNamesAndLoadsIntoIt() throws SQLException {
    String name = freshName();
    try {
      Result r = MainOutput.main("load", "iibench", options(MARIADB + "/" + name));
      assertEquals(0, r.exitCode(), r.all());
      assertTrue(r.stdout().contains("[YCSB-X] created database " + name + " (named in db.url, missing on the server at "
          + MARIADB + "/" + name), r.stdout());
      assertEquals(200L, count(MARIADB + "/" + name, "SELECT COUNT(*) FROM purchases_index"));
      // the second load finds it and says nothing about creating it
      Result again = MainOutput.main("load", "iibench", options(MARIADB + "/" + name));
      assertEquals(0, again.exitCode(), again.all());
      assertFalse(again.stdout().contains("created database"), again.stdout());
    } finally {
      execute(MARIADB + "/", "DROP DATABASE IF EXISTS " + name);
    }
  }

  /** Through MariaDB Connector/J (jdbc:mariadb://), on MyRocks: the same, one JVM. */
  @Test
  void aLoadThroughMariaDbsDriverCreatesTheDatabaseAndLoadsIntoRocksDb() throws SQLException {
    String name = freshName();
    String url = "jdbc:mariadb://" + TestDatabase.MARIADB_HOST + ":" + TestDatabase.MARIADB_PORT + "/" + name;
    try {
      List<String> o = new java.util.ArrayList<>(options(url));
      o.addAll(List.of("-p", "jdbc.engine=RocksDB"));
      Result r = MainOutput.main("load", "iibench", o);
      assertEquals(0, r.exitCode(), r.all());
      assertTrue(r.stdout().contains("[YCSB-X] created database " + name + " (named in db.url, missing on the server at "
          + url), r.stdout());
      assertTrue(r.stdout().contains("MariaDB Connector/J 3.5.3; reads buffered by YCSB-X's socketFactory"), r.stdout());
      assertEquals(200L, count(MARIADB + "/" + name, "SELECT COUNT(*) FROM purchases_index"));
      assertEquals(1L, count(MARIADB + "/" + name, "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '"
          + name + "' AND TABLE_NAME = 'purchases_index' AND ENGINE = 'ROCKSDB'"));
    } finally {
      execute(MARIADB + "/", "DROP DATABASE IF EXISTS " + name);
    }
  }

  @Test
  void aRunDoesNotCreateTheDatabase() throws SQLException {
    String name = freshName();
    try {
      Result r = MainOutput.main("run", "workloada", options(MARIADB + "/" + name));
      MainOutput.assertOneLineError(r, UserError.TARGET_UNUSABLE, "Unknown database");
      assertEquals(0L, count(MARIADB + "/",
          "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '" + name + "'"));
    } finally {
      execute(MARIADB + "/", "DROP DATABASE IF EXISTS " + name);
    }
  }

  @Test
  void aPostgresLoadCreatesTheDatabaseItNames() throws SQLException {
    String name = freshName();
    try {
      Result r = MainOutput.main("load", "workloada", options(POSTGRES + "/" + name));
      assertEquals(0, r.exitCode(), r.all());
      assertTrue(r.stdout().contains("[YCSB-X] created database " + name), r.stdout());
      assertEquals(200L, count(POSTGRES + "/" + name, "SELECT COUNT(*) FROM usertable"));
    } finally {
      execute(POSTGRES + "/" + TestDatabase.PG_DATABASE, "DROP DATABASE IF EXISTS " + name);
    }
  }

  @Test
  void badInputCreatesNoDatabase() throws SQLException {
    String name = freshName();
    Result r = MainOutput.main("load", "workloada", List.of("-p", "db.url=" + MARIADB + "/" + name, "-p",
        "db.user=" + TestDatabase.USER, "-p", "db.passwd=" + TestDatabase.PASSWORD, "-p", "fieldlength=-1"));
    MainOutput.assertOneLineError(r, UserError.BAD_INPUT, "fieldlength=-1");
    assertEquals(0L, count(MARIADB + "/",
        "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '" + name + "'"));
  }

  @Test
  void urlsItCreatesFrom() {
    assertEquals(List.of("jdbc:mysql://h:1", "db1", "?x=1"),
        List.of(MissingDatabase.split("jdbc:mysql://h:1/db1?x=1").orElseThrow()));
    assertEquals(List.of("jdbc:postgresql://u:p@h", "bench", ""),
        List.of(MissingDatabase.split("jdbc:postgresql://u:p@h/bench").orElseThrow()));
    assertTrue(MissingDatabase.split("jdbc:mysql://h:1/").isEmpty(), "no database named");
    assertTrue(MissingDatabase.split("jdbc:mysql://h:1/no-such;name").isEmpty(), "not a plain name");
    assertTrue(MissingDatabase.split("jdbc:sqlserver://h;databaseName=x").isEmpty(), "another driver");
  }

  private static long count(String url, String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(url, TestDatabase.USER, TestDatabase.PASSWORD);
        PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static void execute(String url, String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(url, TestDatabase.USER, TestDatabase.PASSWORD);
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }
}
