package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.measurements.Measurements;
import site.ycsbx.db.jdbc.conn.Connector;
import site.ycsbx.db.jdbc.conn.JdbcOptions;
import site.ycsbx.db.jdbc.conn.SqlDialect;
import site.ycsbx.db.jdbc.conn.Tables;
import site.ycsbx.db.jdbc.conn.UserTable;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.PrintedFingerprint;
import site.ycsbx.util.UserError;

/**
 * YCSB 0.17's JDBC property files run unchanged: db.driver, db.url, db.user, db.passwd,
 * db.batchsize, jdbc.fetchsize, jdbc.autocommit and jdbc.batchupdateapi are read with 0.17's
 * meaning, through bin/ycsb's Main and YCSB's stock Client with our DB class; what the server saw
 * is asserted (statements counted by a statement-level trigger on PostgreSQL and by a Connector/J
 * interceptor on MariaDB, rows visible to another connection before the final commit).
 */
@Tag("process")
class Ycsb017PropertiesTest {
  private static JdbcOptions parse(String url, String... kv) {
    Properties p = new Properties();
    p.setProperty(JdbcOptions.URL_PROPERTY, url);
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return JdbcOptions.parse(p);
  }

  private static final String MYSQL = "jdbc:mysql://h:3306/ycsb";
  private static final String PG = "jdbc:postgresql://h/ycsb";

  // ---- options, no server

  @Test
  void everyPropertyYcsb017ReadsIsKnown() {
    for (String name : List.of("db.driver", "db.url", "db.user", "db.passwd", "db.batchsize", "jdbc.fetchsize",
        "jdbc.autocommit", "jdbc.batchupdateapi")) {
      assertTrue(JdbcOptions.KNOWN.contains(name), name);
    }
  }

  @Test
  void batchUpdateApiTrueLeavesBatchRewritingToTheUrl() {
    JdbcOptions o = parse(MYSQL, "db.batchsize", "100", "jdbc.batchupdateapi", "true");
    assertEquals(100, o.batchSize());
    // no rewriteBatchedStatements; the server-side statements YCSB-X asks for where no preflight said otherwise
    assertEquals("jdbc:mysql://h:3306/ycsb?socketFactory=site.ycsbx.db.jdbc.WatchedSocketFactory"
        + "&useServerPrepStmts=true&cachePrepStmts=true", o.connectionUrl());
    assertEquals(List.of("jdbc.batchupdateapi=true (YCSB 0.17's option): a load sends db.batchsize=100 rows per "
        + "executeBatch() as the driver does by db.url (one INSERT per row: YCSB-X adds no "
        + "rewriteBatchedStatements=true)"), o.notes());
    JdbcOptions pg = parse(PG + "?reWriteBatchedInserts=true", "db.batchsize", "10", "jdbc.batchupdateapi", "true");
    assertEquals("jdbc:postgresql://h/ycsb?reWriteBatchedInserts=true&socketFactory=site.ycsbx.db.jdbc.PgWatchedSocketFactory&connectTimeout=0&sslResponseTimeout=0", pg.connectionUrl());
    assertEquals(List.of("jdbc.batchupdateapi=true (YCSB 0.17's option): a load sends db.batchsize=10 rows per "
        + "executeBatch() as the driver does by db.url (reWriteBatchedInserts set there)"), pg.notes());
    // unset: YCSB-X's batched INSERT, rewritten into one multi-row INSERT
    JdbcOptions ours = parse(MYSQL, "db.batchsize", "100");
    assertEquals("jdbc:mysql://h:3306/ycsb?rewriteBatchedStatements=true&socketFactory=site.ycsbx.db.jdbc.WatchedSocketFactory"
        + "&useServerPrepStmts=true&cachePrepStmts=true", ours.connectionUrl());
    assertEquals(List.of(), ours.notes());
  }

  @Test
  void batchUpdateApiTrueNeedsABatchSize() {
    UserError e = assertThrows(UserError.class, () -> parse(MYSQL, "jdbc.batchupdateapi", "true"));
    assertEquals("jdbc.batchupdateapi=true needs db.batchsize (rows per executeBatch): without it YCSB 0.17 held"
        + " every row of the load in one batch until the end; set db.batchsize to a whole number >= 1", e.getMessage());
  }

  @Test
  void batchUpdateApiFalseCommitsEveryBatchsizeRowsWithoutAutocommit() {
    JdbcOptions o = parse(MYSQL, "db.batchsize", "100", "jdbc.batchupdateapi", "false", "jdbc.autocommit", "false");
    assertEquals(1, o.batchSize());
    assertEquals(100, o.commitEvery());
    assertEquals(List.of("jdbc.batchupdateapi=false (YCSB 0.17's option) with db.batchsize=100 and"
        + " jdbc.autocommit=false: a load sends one INSERT per row and commits every 100 rows"), o.notes());
    assertEquals("false (one INSERT per row, a commit every 100 rows)", o.describeBatchUpdateApi());
    assertEquals(1, parse(MYSQL, "jdbc.batchupdateapi", "false").commitEvery());
  }

  @Test
  void batchUpdateApiFalseWithAutocommitRefusesABatchSizeThatWouldDoNothing() {
    UserError e = assertThrows(UserError.class,
        () -> parse(MYSQL, "db.batchsize", "100", "jdbc.batchupdateapi", "false"));
    assertEquals("db.batchsize=100 does nothing with jdbc.batchupdateapi=false and jdbc.autocommit=true (YCSB 0.17"
        + " ignored it); remove jdbc.batchupdateapi=false to send 100 rows per batched INSERT, set"
        + " jdbc.autocommit=false to commit every 100 rows, or remove db.batchsize", e.getMessage());
  }

  @Test
  void zeroAndNegativeBatchSizesAreYcsb017sNoBatching() {
    for (String v : List.of("0", "-1")) {
      JdbcOptions o = parse(MYSQL, "db.batchsize", v);
      assertEquals(1, o.batchSize());
      assertEquals(List.of("db.batchsize=" + v + " (YCSB 0.17: no batching) read as db.batchsize=1"), o.notes());
    }
  }

  @Test
  void negativeFetchSizeIsTheDriversDefaultAsInYcsb017() {
    assertEquals(0, parse(MYSQL, "jdbc.fetchsize", "-1").fetchSize());
    assertEquals(50, parse(MYSQL, "jdbc.fetchsize", "50").fetchSize());
    UserError e = assertThrows(UserError.class, () -> parse(MYSQL, "jdbc.fetchsize", "many"));
    assertEquals("jdbc.fetchsize=many is not a whole number; jdbc.fetchsize accepts a whole number >= 0", e.getMessage());
  }

  @Test
  void shardedUrlsAreRefusedNotHalfUsed() {
    UserError e = assertThrows(UserError.class, () -> parse(MYSQL + ";jdbc:mysql://h2:3306/ycsb"));
    assertEquals("db.url holds 2 URLs separated by ';' (YCSB 0.17's sharding of keys across servers), which YCSB-X"
        + " does not do; give one URL", e.getMessage());
  }

  // ---- on a server, in process

  private static Map<String, ByteIterator> row(int i) {
    Map<String, ByteIterator> r = new HashMap<>();
    for (int f = 0; f < 3; f++) {
      r.put("field" + f, new StringByteIterator("v" + i + "." + f));
    }
    return r;
  }

  private static JdbcClient client(Properties p) throws Exception {
    p.setProperty("fieldcount", "3");
    p.setProperty("dotransactions", "false");
    Measurements.setProperties(p);
    JdbcClient client = new JdbcClient();
    client.setProperties(p);
    client.init();
    return client;
  }

  @Test
  void batchUpdateApiTrueSendsEachBatchThroughExecuteBatchOneInsertPerRow() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      Properties p = db.properties();
      p.setProperty("db.url", db.url() + "?queryInterceptors=" + InsertCounter.class.getName());
      p.setProperty("db.batchsize", "100");
      p.setProperty("jdbc.batchupdateapi", "true");
      JdbcClient client = client(p);
      InsertCounter.INSERTS.set(0);
      Map<Status, Integer> statuses = new HashMap<>();
      for (int i = 0; i < 250; i++) {
        statuses.merge(client.insert("usertable", "user" + i, row(i)), 1, Integer::sum);
        if (i == 98) {
          assertEquals(0, InsertCounter.INSERTS.get(), "a batch is sent when it is full");
        }
      }
      assertEquals(Map.of(Status.OK, 2, Status.BATCHED_OK, 248), statuses);
      // as YCSB 0.17 without rewriteBatchedStatements in db.url: Connector/J sends one INSERT per row
      assertEquals(200, InsertCounter.INSERTS.get());
      assertEquals(200, db.rows("usertable"));
      client.cleanup();
      assertEquals(250, InsertCounter.INSERTS.get());
      assertEquals(250, db.rows("usertable"));
    }
  }

  @Test
  void batchUpdateApiFalseInsertsEachRowAndCommitsEveryBatchsizeRows() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      Properties p = db.properties();
      p.setProperty("db.url", db.url() + "?queryInterceptors=" + InsertCounter.class.getName());
      p.setProperty("db.batchsize", "10");
      p.setProperty("jdbc.batchupdateapi", "false");
      p.setProperty("jdbc.autocommit", "false");
      JdbcClient client = client(p);
      InsertCounter.INSERTS.set(0);
      for (int i = 0; i < 25; i++) {
        // a row counts as stored (OK) when its transaction commits: the others are queued in it
        assertEquals((i + 1) % 10 == 0 ? Status.OK : Status.BATCHED_OK, client.insert("usertable", "user" + i, row(i)));
        assertEquals(i + 1, InsertCounter.INSERTS.get(), "one INSERT per row");
        // another connection sees only committed rows: a commit every 10
        assertEquals((i + 1) / 10 * 10, db.rows("usertable"), "rows committed after " + (i + 1) + " inserts");
      }
      client.cleanup();
      assertEquals(25, db.rows("usertable"));
    }
  }

  // ---- both paths, in a subprocess

  /** {@code load} through bin/ycsb's Main or YCSB's stock Client, 1 thread, workloadc. */
  private static Result load(boolean stockClient, TestDatabase db, String... props) {
    List<String> args = new ArrayList<>(stockClient ? List.of("-load", "-db", JdbcClient.class.getName())
        : List.of("load", "jdbc"));
    args.addAll(List.of("-P", JavaProcess.workload("workloadc")));
    args.addAll(db.options());
    for (String p : props) {
      args.add("-p");
      args.add(p);
    }
    return JavaProcess.run(stockClient ? "site.ycsb.Client" : "site.ycsbx.tools.Main", args.toArray(new String[0]));
  }

  /**
   * YCSB's table created as the binding creates it, with a statement-level trigger counting the
   * INSERT statements PostgreSQL executes on it.
   */
  private static void countInsertStatements(TestDatabase db) throws Exception {
    SqlDialect d = JdbcOptions.dialectFor(db.url());
    List<String> fields = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      fields.add("field" + i);
    }
    try (Connection c = db.connect()) {
      Tables.ensure(c, d, "usertable", UserTable.columnsDdl(d, fields), null);
    }
    db.execute("CREATE TABLE insert_statements (n INT NOT NULL)", "INSERT INTO insert_statements VALUES (0)",
        "CREATE FUNCTION count_insert_statement() RETURNS trigger LANGUAGE plpgsql AS"
            + " $$ BEGIN UPDATE " + db.name + ".insert_statements SET n = n + 1; RETURN NULL; END $$",
        "CREATE TRIGGER usertable_insert_statements AFTER INSERT ON usertable FOR EACH STATEMENT"
            + " EXECUTE PROCEDURE count_insert_statement()");
  }

  private static long insertStatements(TestDatabase db) throws Exception {
    try (Connection c = db.connect(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT n FROM insert_statements")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** {@code key} has {@code value} in the fingerprint the run printed (read back as compare and sweep read it). */
  private static void assertFingerprint(String stdout, String key, String value) {
    assertEquals(value, PrintedFingerprint.of(stdout).get(key), key + " in:\n" + stdout);
  }

  private static long lines(String out, String line) {
    return out.lines().filter(line::equals).count();
  }

  @ParameterizedTest(name = "stock Client: {0}")
  @ValueSource(booleans = {false, true})
  void batchUpdateApiTrueOnPostgresqlExecutesOneInsertPerRowOnBothPaths(boolean stockClient) throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.POSTGRESQL)) {
      countInsertStatements(db);
      Result r = load(stockClient, db, "recordcount=100", "db.batchsize=50", "jdbc.batchupdateapi=true");
      assertEquals(0, r.exitCode(), r.all());
      assertEquals(100, db.rows("usertable"));
      assertEquals(100, insertStatements(db));
      assertEquals(1, lines(r.stdout(), "[YCSB-X] jdbc.batchupdateapi=true (YCSB 0.17's option): a load sends "
          + "db.batchsize=50 rows per executeBatch() as the driver does by db.url (one INSERT per row: YCSB-X adds no "
          + "reWriteBatchedInserts=true)"), r.stdout());
      assertFingerprint(r.stdout(), "jdbc.batchupdateapi",
          "true (db.batchsize rows per executeBatch, sent as db.url's reWriteBatchedInserts says)");
      assertFalse(r.stdout().contains("reWriteBatchedInserts=true&"), r.stdout());
      assertTrue(r.stdout().contains("[INSERT_BATCH], Operations, 2\n"), r.stdout());
    }
  }

  @ParameterizedTest(name = "stock Client: {0}")
  @ValueSource(booleans = {false, true})
  void withoutBatchUpdateApiABatchIsRewrittenIntoMultiRowInsertsOnBothPaths(boolean stockClient) throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.POSTGRESQL)) {
      countInsertStatements(db);
      Result r = load(stockClient, db, "recordcount=100", "db.batchsize=50");
      assertEquals(0, r.exitCode(), r.all());
      assertEquals(100, db.rows("usertable"));
      // pgjdbc splits a rewritten batch of 50 into multi-row INSERTs of 32, 16 and 2
      long statements = insertStatements(db);
      assertTrue(statements >= 2 && statements <= 6, "INSERT statements: " + statements);
      assertFingerprint(r.stdout(), "jdbc.batchupdateapi",
          "not set (db.batchsize rows per executeBatch, sent as one multi-row INSERT)");
      assertFalse(r.stdout().contains("[YCSB-X]"), r.stdout());
    }
  }

  @ParameterizedTest(name = "stock Client: {0}")
  @ValueSource(booleans = {false, true})
  void batchUpdateApiFalseLoadsRowByRowWithCommitsEveryBatchsizeOnBothPaths(boolean stockClient) throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      Result r = load(stockClient, db, "recordcount=25", "db.batchsize=10", "jdbc.batchupdateapi=false",
          "jdbc.autocommit=false");
      assertEquals(0, r.exitCode(), r.all());
      assertEquals(25, db.rows("usertable"));
      // the insert that commits returns OK, the ones before it in its transaction BATCHED_OK
      assertTrue(r.stdout().contains("[INSERT], Return=OK, 2\n"), r.stdout());
      assertTrue(r.stdout().contains("[INSERT], Return=BATCHED_OK, 23\n"), r.stdout());
      assertFalse(r.stdout().contains("INSERT_BATCH"), r.stdout());
      assertEquals(1, lines(r.stdout(), "[YCSB-X] jdbc.batchupdateapi=false (YCSB 0.17's option) with db.batchsize=10"
          + " and jdbc.autocommit=false: a load sends one INSERT per row and commits every 10 rows"), r.stdout());
      assertFingerprint(r.stdout(), "db.batchsize", "10 (rows per commit, one INSERT each)");
    }
  }

  @ParameterizedTest(name = "stock Client: {0}")
  @ValueSource(booleans = {false, true})
  void aBatchSizeThatWouldDoNothingIsRefusedOnBothPaths(boolean stockClient) throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      Result r = load(stockClient, db, "recordcount=25", "db.batchsize=10", "jdbc.batchupdateapi=false");
      String line = "db.batchsize=10 does nothing with jdbc.batchupdateapi=false and jdbc.autocommit=true";
      if (stockClient) {
        assertTrue(r.all().contains(line), r.all());
      } else {
        MainOutput.assertOneLineError(r, UserError.BAD_INPUT, "ycsb: " + line);
      }
      assertEquals(List.of(), db.tables());
    }
  }
}
