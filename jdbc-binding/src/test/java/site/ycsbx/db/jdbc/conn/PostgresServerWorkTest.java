package site.ycsbx.db.jdbc.conn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.Statement;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.store.ServerWork;

/**
 * PostgreSQL's counters for telling others' work apart: rows written in this run's schema are
 * this run's (TOAST included), rows written in another schema of the same database are others',
 * and a source whose connection died reads nothing rather than a wrong figure. Other tests write
 * to the same server meanwhile: the cluster's figures are asserted as lower bounds, and this run's
 * with the slack of their catalog writes (counted as this run's).
 */
@Tag("server")
class PostgresServerWorkTest {
  private static final long CATALOG_SLACK = 1000;

  @AfterEach
  void forget() {
    ServerWork.reset();
    SentRows.reset();
  }

  /**
   * This run's statements (a {@link ReopeningConnection}, as every store's: single-row inserts, a
   * rewritten batch whose counts the driver does not give, updates that turn HOT, a rolled-back
   * insert, a duplicate key) against what the server says its table gained; then {@code neighbour}
   * on a connection of its own, into the very same table. What the source tells at its close.
   */
  private static long[] tablesAgainstSent(TestDatabase mine, String neighbour) throws Exception {
    try (Connection c = mine.connect(); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE usertable (id INT PRIMARY KEY, v TEXT) WITH (fillfactor = 50)");
    }
    JdbcOptions o = JdbcOptions.parse(mine.properties());
    PostgresServerWork.offer(o);
    ServerWork.Source source = ServerWork.open();
    source.wholeServer();
    try (Connection c = ReopeningConnection.open(o, Map.of("reWriteBatchedInserts", "true"))) {
      try (java.sql.PreparedStatement ps = c.prepareStatement("INSERT INTO usertable VALUES (?, 'x')")) {
        for (int i = 1; i <= 1500; i++) {
          ps.setInt(1, i);
          ps.addBatch();
        }
        assertEquals(1500, ps.executeBatch().length);
        ps.setInt(1, 1);
        assertThrows(java.sql.SQLException.class, ps::executeUpdate, "a duplicate key");
      }
      try (Statement s = c.createStatement()) {
        assertEquals(1000, s.executeUpdate("UPDATE usertable SET v = 'y' WHERE id <= 1000"));
        assertEquals(200, s.executeUpdate("DELETE FROM usertable WHERE id > 1300"));
        c.setAutoCommit(false);
        assertEquals(500, s.executeUpdate("INSERT INTO usertable SELECT g, 'z' FROM generate_series(5001, 5500) g"));
        c.rollback();
        c.setAutoCommit(true);
      }
    }
    if (neighbour != null) {
      try (Connection c = mine.connect(); Statement s = c.createStatement()) {
        s.executeUpdate(neighbour);
      }
    }
    // the end of the run: read again while the table still gains (its backends report within a second)
    Thread.sleep(1200);
    source.wholeServer();
    source.close();
    return ServerWork.tables().get(ServerWork.WRITTEN);
  }

  @Test
  void aRunAloneSentWhatItsTablesGained() throws Exception {
    try (TestDatabase mine = TestDatabase.create(TestDatabase.Target.POSTGRESQL)) {
      long[] v = tablesAgainstSent(mine, null);
      // 1500 inserted (the batch's entries counted as one row each), 1 dead row of the duplicate, 1000
      // updated, 200 deleted, 500 inserted and rolled back: the server's and the client's alike
      assertEquals(3201, v[1], "sent");
      assertEquals(3201, v[0], "the server's count for the run's table");
    }
  }

  @Test
  void anotherClientWritingIntoTheRunsOwnTableIsSeen() throws Exception {
    try (TestDatabase mine = TestDatabase.create(TestDatabase.Target.POSTGRESQL)) {
      long[] v = tablesAgainstSent(mine, "INSERT INTO usertable SELECT g, 'n' FROM generate_series(10001, 12000) g");
      assertEquals(3201, v[1], "sent");
      assertEquals(3201 + 2000, v[0], "the server's count for the run's table, the neighbour's rows in it");
    }
  }

  private static Map<Long, long[]> pollUntil(Connection c, Predicate<Map<Long, long[]>> done) throws Exception {
    // a backend reports its counters at most once a second, and at its exit
    long until = System.currentTimeMillis() + 20_000;
    Map<Long, long[]> now = PostgresServerWork.read(c);
    while (!done.test(now) && System.currentTimeMillis() < until) {
      Thread.sleep(200);
      now = PostgresServerWork.read(c);
    }
    return now;
  }

  @Test
  void rowsInThisRunsSchemaAreItsOwnAndAnotherSchemasAreOthers() throws Exception {
    try (TestDatabase mine = TestDatabase.create(TestDatabase.Target.POSTGRESQL);
        TestDatabase other = TestDatabase.create(TestDatabase.Target.POSTGRESQL);
        Connection sampler = mine.connect()) {
      try (Connection c = mine.connect(); Statement s = c.createStatement()) {
        s.execute("CREATE TABLE t (id INT PRIMARY KEY, v TEXT)");
      }
      try (Connection c = other.connect(); Statement s = c.createStatement()) {
        s.execute("CREATE TABLE n (id INT PRIMARY KEY, v TEXT)");
      }
      Map<Long, long[]> start = PostgresServerWork.read(sampler);
      try (Connection c = mine.connect(); Statement s = c.createStatement()) {
        assertEquals(3000, s.executeUpdate("INSERT INTO t SELECT g, 'x' FROM generate_series(1, 3000) g"));
        assertEquals(1000, s.executeUpdate("UPDATE t SET v = 'y' WHERE id <= 1000"));
      }
      try (Connection c = other.connect(); Statement s = c.createStatement()) {
        assertEquals(5000, s.executeUpdate("INSERT INTO n SELECT g, 'x' FROM generate_series(1, 5000) g"));
      }
      Map<Long, long[]> end = pollUntil(sampler, m -> PostgresServerWork.own(start, m).get(ServerWork.WRITTEN) >= 4000
          && m.get(0L)[0] - start.get(0L)[0] >= 9000);
      long own = PostgresServerWork.own(start, end).get(ServerWork.WRITTEN);
      long cluster = end.get(0L)[0] - start.get(0L)[0];
      assertTrue(own >= 4000 && own < 4000 + CATALOG_SLACK, "this run's rows written " + own);
      assertTrue(cluster - own >= 5000, "the cluster's " + cluster + ", this run's " + own);
      assertTrue(PostgresServerWork.own(start, end).get(ServerWork.READ) >= 1000, "the update read its 1000 rows");
    }
  }

  @Test
  void valuesStoredInToastCountAsThisRunsRows() throws Exception {
    try (TestDatabase mine = TestDatabase.create(TestDatabase.Target.POSTGRESQL);
        Connection sampler = mine.connect()) {
      try (Connection c = mine.connect(); Statement s = c.createStatement()) {
        s.execute("CREATE TABLE big (id INT PRIMARY KEY, v TEXT)");
        s.execute("ALTER TABLE big ALTER COLUMN v SET STORAGE EXTERNAL"); // out of line, uncompressed
      }
      Map<Long, long[]> start = PostgresServerWork.read(sampler);
      try (Connection c = mine.connect(); Statement s = c.createStatement()) {
        // 10 values of 40 kB each: about 20 TOAST chunks apiece
        assertEquals(10, s.executeUpdate("INSERT INTO big SELECT g, repeat('abcdefgh', 5000) FROM generate_series(1, 10) g"));
      }
      Map<Long, long[]> end = pollUntil(sampler, m -> PostgresServerWork.own(start, m).get(ServerWork.WRITTEN) >= 150);
      long own = PostgresServerWork.own(start, end).get(ServerWork.WRITTEN);
      assertTrue(own >= 150 && own < 150 + CATALOG_SLACK + 100, "10 rows and their TOAST chunks, got " + own);
    }
  }

  @Test
  void theOfferedSourceReportsThisRunsShareAtItsClose() throws Exception {
    try (TestDatabase mine = TestDatabase.create(TestDatabase.Target.POSTGRESQL)) {
      PostgresServerWork.offer(JdbcOptions.parse(mine.properties()));
      ServerWork.Source source = ServerWork.open();
      assertNotNull(source, "offered on a PostgreSQL db.url");
      assertTrue(source.describe().startsWith("PostgreSQL pg_stat_database"), source.describe());
      Map<String, Long> start = source.wholeServer();
      try (Connection c = mine.connect(); Statement s = c.createStatement()) {
        s.execute("CREATE TABLE t (id INT PRIMARY KEY)");
        s.executeUpdate("INSERT INTO t SELECT g FROM generate_series(1, 2000) g");
      }
      long until = System.currentTimeMillis() + 20_000;
      Map<String, Long> end = source.wholeServer();
      while (end.get(ServerWork.WRITTEN) - start.get(ServerWork.WRITTEN) < 2000 && System.currentTimeMillis() < until) {
        Thread.sleep(200);
        end = source.wholeServer();
      }
      source.close();
      long own = ServerWork.own().get(ServerWork.WRITTEN);
      assertTrue(own >= 2000 && own < 2000 + CATALOG_SLACK, "this run's rows written " + own);
    }
  }

  @Test
  void aSourceWhoseConnectionDiedReadsNothing() throws Exception {
    try (TestDatabase mine = TestDatabase.create(TestDatabase.Target.POSTGRESQL)) {
      Connection c = mine.connect();
      PostgresServerWork source = new PostgresServerWork(c);
      assertEquals(2, source.wholeServer().size());
      try (Connection other = mine.connect(); Statement s = other.createStatement();
          java.sql.ResultSet pid = c.createStatement().executeQuery("SELECT pg_backend_pid()")) {
        pid.next();
        s.execute("SELECT pg_terminate_backend(" + pid.getInt(1) + ")");
      }
      assertEquals(Map.of(), source.wholeServer(), "not measured, rather than a wrong figure");
      source.close();
      assertEquals(Map.of(), ServerWork.own(), "a source that read nothing at the end reports no share of its own");
    }
  }

  @Test
  void mariaDbUrlsGetNoPostgresSource() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      PostgresServerWork.offer(JdbcOptions.parse(db.properties()));
      assertEquals(null, ServerWork.open());
    }
  }
}
