package site.ycsbx.db.jdbc.conn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.util.UserError;

/** The dialect is chosen from db.url, and adds its driver options without overriding the user's. */
@Tag("fast")
class SqlDialectTest {
  @Test
  void mysqlUrlGetsBatchRewritingAndTheWatchedSocketsThatBoundTheHandshake() {
    SqlDialect d = JdbcOptions.dialectFor("jdbc:mysql://h:3306/ycsb");
    assertInstanceOf(MySqlDialect.class, d);
    assertEquals(SqlDialect.Kind.MYSQL, d.kind());
    // no connectTimeout/socketTimeout: they would leave the sockets non-blocking (HandshakeWatchdog)
    assertEquals("jdbc:mysql://h:3306/ycsb?rewriteBatchedStatements=true&socketFactory=site.ycsbx.db.jdbc.WatchedSocketFactory",
        d.connectionUrl("jdbc:mysql://h:3306/ycsb"));
  }

  @Test
  void mysqlReadsAreBufferedUnlessTheUrlNamesASocketFactory() {
    SqlDialect d = JdbcOptions.dialectFor("jdbc:mysql://h/ycsb");
    assertEquals("reads buffered by YCSB-X's socketFactory (one read a response)",
        d.reads(d.connectionUrl("jdbc:mysql://h/ycsb")));
    String own = d.connectionUrl("jdbc:mysql://h/ycsb?socketFactory=com.mysql.cj.protocol.NamedPipeSocketFactory");
    assertTrue(own.contains("socketFactory=com.mysql.cj.protocol.NamedPipeSocketFactory") && !own.contains("Watched"), own);
    assertEquals("reads through socketFactory=com.mysql.cj.protocol.NamedPipeSocketFactory (db.url's)", d.reads(own));
    // PostgreSQL reads as pgJDBC does: nothing to say
    SqlDialect pg = JdbcOptions.dialectFor("jdbc:postgresql://h/ycsb");
    assertEquals(null, pg.reads(pg.connectionUrl("jdbc:postgresql://h/ycsb")));
  }

  @Test
  void mysqlPreparesOnTheServerUnlessTheUrlSaysOtherwise() {
    SqlDialect d = JdbcOptions.dialectFor("jdbc:mysql://h/ycsb");
    String plain = d.connectionUrl("jdbc:mysql://h/ycsb");
    assertEquals("client-side (Connector/J's default)", d.preparedStatements(plain));
    String server = d.serverStatementsUrl(plain);
    assertEquals(plain + "&useServerPrepStmts=true&cachePrepStmts=true", server);
    assertEquals("server-side (useServerPrepStmts=true&cachePrepStmts=true)", d.preparedStatements(server));
    // the user's word wins; the cache is then the user's business too
    String off = d.serverStatementsUrl(d.connectionUrl("jdbc:mysql://h/ycsb?useServerPrepStmts=false"));
    assertEquals("jdbc:mysql://h/ycsb?useServerPrepStmts=false&rewriteBatchedStatements=true"
        + "&socketFactory=site.ycsbx.db.jdbc.WatchedSocketFactory", off);
    assertEquals("client-side (useServerPrepStmts=false)", d.preparedStatements(off));
    String noCache = d.serverStatementsUrl(d.connectionUrl("jdbc:mysql://h/ycsb?useServerPrepStmts=true&cachePrepStmts=false"));
    assertEquals("server-side (useServerPrepStmts=true&cachePrepStmts=false)", d.preparedStatements(noCache));
    // Connector/J's names are case-sensitive: one it would ignore does not stop YCSB-X's
    assertEquals("server-side (useServerPrepStmts=true&cachePrepStmts=true)",
        d.preparedStatements(d.serverStatementsUrl(d.connectionUrl("jdbc:mysql://h/ycsb?USESERVERPREPSTMTS=false"))));
    // the cache alone named: server-side statements still added, the user's cache setting kept
    assertEquals("jdbc:mysql://h/ycsb?cachePrepStmts=false&rewriteBatchedStatements=true"
        + "&socketFactory=site.ycsbx.db.jdbc.WatchedSocketFactory&useServerPrepStmts=true",
        d.serverStatementsUrl(d.connectionUrl("jdbc:mysql://h/ycsb?cachePrepStmts=false")));
    // PostgreSQL: pgJDBC decides by itself
    SqlDialect pg = JdbcOptions.dialectFor("jdbc:postgresql://h/ycsb");
    assertEquals(pg.connectionUrl("jdbc:postgresql://h/ycsb"), pg.serverStatementsUrl(pg.connectionUrl("jdbc:postgresql://h/ycsb")));
  }

  /** A connection's bound of server-side statements: the driver's cache as the URL names it, never under 250. */
  @Test
  void statementsPerConnectionAreTheDriversCacheAtLeast250() {
    MySqlDialect mysql = (MySqlDialect) JdbcOptions.dialectFor("jdbc:mysql://h/ycsb");
    assertEquals(250, mysql.statementsPerConnection("jdbc:mysql://h/ycsb"));
    assertEquals(250, mysql.statementsPerConnection("jdbc:mysql://h/ycsb?prepStmtCacheSize=25"));
    assertEquals(1000, mysql.statementsPerConnection("jdbc:mysql://h/ycsb?prepStmtCacheSize=1000"));
    // Connector/J reads the name as spelt only; MariaDB Connector/J in any case
    assertEquals(250, mysql.statementsPerConnection("jdbc:mysql://h/ycsb?PREPSTMTCACHESIZE=1000"));
    MySqlDialect mariadb = (MySqlDialect) JdbcOptions.dialectFor("jdbc:mariadb://h/ycsb");
    assertEquals(1000, mariadb.statementsPerConnection("jdbc:mariadb://h/ycsb?PREPSTMTCACHESIZE=1000"));
    assertEquals(250, mariadb.statementsPerConnection("jdbc:mariadb://h/ycsb?prepStmtCacheSize=lots"));
  }

  /** Many sysbench tables keep more statements open than the driver's cache: the tables then decide. */
  @Test
  void manyTablesRaiseTheBoundPastTheDriversCache() {
    MySqlDialect mariadb = (MySqlDialect) JdbcOptions.dialectFor("jdbc:mariadb://h/ycsb");
    assertEquals(250, ServerStatements.perConnection(mariadb, "jdbc:mariadb://h/ycsb", 1));
    assertEquals(250, ServerStatements.perConnection(mariadb, "jdbc:mariadb://h/ycsb", 16));
    assertEquals(14 * 100 + 16, ServerStatements.perConnection(mariadb, "jdbc:mariadb://h/ycsb", 100));
    assertEquals(2000, ServerStatements.perConnection(mariadb, "jdbc:mariadb://h/ycsb?prepStmtCacheSize=2000", 100));
  }

  @Test
  void postgresqlSaysWhenPgjdbcPreparesOnTheServer() {
    SqlDialect d = JdbcOptions.dialectFor("jdbc:postgresql://h/ycsb");
    assertEquals("server-side from use 5 (prepareThreshold=5)",
        d.preparedStatements(d.connectionUrl("jdbc:postgresql://h/ycsb")));
    assertEquals("unnamed, parsed at each execution (prepareThreshold=0 in db.url)",
        d.preparedStatements(d.connectionUrl("jdbc:postgresql://h/ycsb?prepareThreshold=0")));
    assertEquals("server-side from execution 1 (prepareThreshold=1 in db.url)",
        d.preparedStatements(d.connectionUrl("jdbc:postgresql://h/ycsb?prepareThreshold=1")));
  }

  @Test
  void mysqlUrlWithItsOwnSocketFactoryGetsAConnectTimeoutAndAHandshakeTimeout() {
    SqlDialect d = JdbcOptions.dialectFor("jdbc:mysql://h:3306/ycsb");
    String unix = "jdbc:mysql://h/ycsb?socketFactory=org.newsclub.net.mysql.AFUNIXDatabaseSocketFactoryCJ";
    assertEquals(unix + "&rewriteBatchedStatements=true&connectTimeout=5000&socketTimeout=5000", d.connectionUrl(unix));
  }

  @Test
  void optionsTheUserSetAreKept() {
    SqlDialect d = JdbcOptions.dialectFor("jdbc:mysql://h/ycsb");
    assertEquals("jdbc:mysql://h/ycsb?useSSL=false&REWRITEBATCHEDSTATEMENTS=false&connectTimeout=1000&socketTimeout=9000"
        + "&socketFactory=site.ycsbx.db.jdbc.WatchedSocketFactory", d.connectionUrl("jdbc:mysql://h/ycsb?useSSL=false&REWRITEBATCHEDSTATEMENTS=false&connectTimeout=1000&socketTimeout=9000"));
  }

  @Test
  void postgresqlUrlGetsInsertRewritingAndTheWatchedSocketsThatBoundTheHandshake() {
    SqlDialect d = JdbcOptions.dialectFor("jdbc:postgresql://h/ycsb?currentSchema=s");
    assertInstanceOf(PostgresDialect.class, d);
    assertEquals(SqlDialect.Kind.POSTGRESQL, d.kind());
    // no socketTimeout, and no timed connect (pgjdbc's default is 10 s): both leave the socket non-blocking
    assertEquals("jdbc:postgresql://h/ycsb?currentSchema=s&reWriteBatchedInserts=true"
        + "&socketFactory=site.ycsbx.db.jdbc.PgWatchedSocketFactory&connectTimeout=0&sslResponseTimeout=0",
        d.connectionUrl("jdbc:postgresql://h/ycsb?currentSchema=s"));
  }

  @Test
  void postgresqlUrlWithItsOwnSocketFactoryGetsAConnectTimeoutAndAHandshakeTimeoutInSeconds() {
    SqlDialect d = JdbcOptions.dialectFor("jdbc:postgresql://h/ycsb");
    String unix = "jdbc:postgresql://h/ycsb?socketFactory=org.newsclub.net.unix.AFUNIXSocketFactory$FactoryArg"
        + "&socketFactoryArg=/run/postgresql/.s.PGSQL.5432";
    assertEquals(unix + "&reWriteBatchedInserts=true&connectTimeout=5&socketTimeout=5", d.connectionUrl(unix));
  }

  @Test
  void postgresqlUrlWithALoginTimeoutGetsTheDriversTimeouts() {
    // pgjdbc connects on a thread of its own then: the watchdog could not be disarmed
    SqlDialect d = JdbcOptions.dialectFor("jdbc:postgresql://h/ycsb");
    assertEquals("jdbc:postgresql://h/ycsb?loginTimeout=3&reWriteBatchedInserts=true&connectTimeout=5&socketTimeout=5",
        d.connectionUrl("jdbc:postgresql://h/ycsb?loginTimeout=3"));
  }

  @Test
  void postgresqlOptionsTheUserSetAreKept() {
    SqlDialect d = JdbcOptions.dialectFor("jdbc:postgresql://h/ycsb");
    assertEquals("jdbc:postgresql://h/ycsb?connectTimeout=2&socketTimeout=9&reWriteBatchedInserts=true"
        + "&socketFactory=site.ycsbx.db.jdbc.PgWatchedSocketFactory&sslResponseTimeout=0",
        d.connectionUrl("jdbc:postgresql://h/ycsb?connectTimeout=2&socketTimeout=9"));
    assertEquals("jdbc:postgresql://h/ycsb?sslResponseTimeout=3000&reWriteBatchedInserts=true"
        + "&socketFactory=site.ycsbx.db.jdbc.PgWatchedSocketFactory&connectTimeout=0",
        d.connectionUrl("jdbc:postgresql://h/ycsb?sslResponseTimeout=3000"));
  }

  @Test
  void mariadbUrlGetsItsDriversBulkInsertsTheWatchedSocketsAndNoConnectTimeout() {
    SqlDialect d = JdbcOptions.dialectFor("jdbc:mariadb://h/ycsb?user=bob&password=pw");
    assertEquals(SqlDialect.Kind.MYSQL, d.kind());
    String u = d.connectionUrl("jdbc:mariadb://h/ycsb");
    assertEquals("jdbc:mariadb://h/ycsb?useBulkStmtsForInserts=true"
        + "&socketFactory=site.ycsbx.db.jdbc.MariaDbWatchedSocketFactory&connectTimeout=0", u);
    assertEquals("reads buffered by YCSB-X's socketFactory (one read a response)", d.reads(u));
    assertEquals("client-side (MariaDB Connector/J's default)",
        d.preparedStatements(u));
    assertEquals(u + "&useServerPrepStmts=true&cachePrepStmts=true", d.serverStatementsUrl(u));
    // YCSB 0.17's batch API: the URL as given, whose driver bulks INSERT batches by itself
    assertEquals("jdbc:mariadb://h/ycsb?socketFactory=site.ycsbx.db.jdbc.MariaDbWatchedSocketFactory&connectTimeout=0",
        d.connectionUrl("jdbc:mariadb://h/ycsb", false));
  }

  @Test
  void mariadbOptionsTheUserSetAreKept() {
    SqlDialect d = JdbcOptions.dialectFor("jdbc:mariadb://h/ycsb");
    // this driver reads option names in any case (Connector/J only as spelt)
    String off = d.serverStatementsUrl(d.connectionUrl("jdbc:mariadb://h/ycsb?useserverprepstmts=false"));
    assertFalse(off.contains("useServerPrepStmts=true"), off);
    assertEquals("client-side (useServerPrepStmts=false)", d.preparedStatements(off));
    assertEquals("jdbc:mariadb://h/ycsb?connectTimeout=2000&useBulkStmtsForInserts=false"
        + "&socketFactory=site.ycsbx.db.jdbc.MariaDbWatchedSocketFactory",
        d.connectionUrl("jdbc:mariadb://h/ycsb?connectTimeout=2000&useBulkStmtsForInserts=false"));
    // its own factory or a Unix socket (which the driver opens without any factory): the driver's timeouts
    String own = d.connectionUrl("jdbc:mariadb://h/ycsb?socketFactory=x.Y");
    assertEquals("jdbc:mariadb://h/ycsb?socketFactory=x.Y&useBulkStmtsForInserts=true&connectTimeout=5000"
        + "&socketTimeout=5000", own);
    assertEquals("reads through socketFactory=x.Y (db.url's)", d.reads(own));
    assertEquals("jdbc:mariadb://localhost/ycsb?localSocket=/run/mysqld/mysqld.sock&useBulkStmtsForInserts=true"
        + "&connectTimeout=5000&socketTimeout=5000",
        d.connectionUrl("jdbc:mariadb://localhost/ycsb?localSocket=/run/mysqld/mysqld.sock"));
  }

  @Test
  void malformedMariadbUrlIsRefusedNamingThePropertyAndWhatTheDriverSaid() {
    UserError e = assertThrows(UserError.class, () -> JdbcOptions.dialectFor("jdbc:mariadb"));
    assertTrue(e.getMessage().startsWith("db.url=jdbc:mariadb is not a JDBC URL; db.url accepts jdbc:mysql://"),
        e.getMessage());
    e = assertThrows(UserError.class, () -> JdbcOptions.dialectFor("jdbc:mariadb:127.0.0.1/ycsb"));
    assertEquals(UserError.BAD_INPUT, e.exitCode());
    assertTrue(e.getMessage().startsWith("db.url=jdbc:mariadb:127.0.0.1/ycsb is not a URL MariaDB Connector/J reads"
        + " (error parsing url: url parsing error : '//' is not present in the url"), e.getMessage());
    e = assertThrows(UserError.class, () -> JdbcOptions.dialectFor("jdbc:mariadb://h/ycsb?password=Secret-77&connectTimeout=soon"));
    assertTrue(e.getMessage().startsWith("db.url=jdbc:mariadb://h/ycsb?password=*****&connectTimeout=soon is not a URL"
        + " MariaDB Connector/J reads (error parsing url: Optional parameter connectTimeout must be Integer, was 'soon');"
        + " db.url accepts "), e.getMessage());
    assertFalse(e.getMessage().contains("Secret-77"), e.getMessage());
    // MySQL Connector/J reads user:password@host; this driver would take the password for a port, and print it
    e = assertThrows(UserError.class, () -> JdbcOptions.dialectFor("jdbc:mariadb://bob:Secret-77@h/ycsb"));
    assertEquals("db.url=jdbc:mariadb://bob:*****@h/ycsb names a user before the host, which MariaDB Connector/J does"
        + " not read; give it as db.user and db.passwd (or ?user=...&password=... in the URL)", e.getMessage());
  }

  @Test
  void missingUrlNamesTheProperty() {
    UserError e = assertThrows(UserError.class, () -> JdbcOptions.dialectFor(""));
    assertTrue(e.getMessage().startsWith("db.url is not set; db.url accepts jdbc:mysql://"), e.getMessage());
  }
}
