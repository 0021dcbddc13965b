package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsbx.db.jdbc.MainOutput.assertOneLineError;
import static site.ycsbx.db.jdbc.MainOutput.refused;

import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.mariadb.jdbc.ServerPreparedStatement;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsbx.db.jdbc.conn.Connector;
import site.ycsbx.db.jdbc.conn.HandshakeWatchdog;
import site.ycsbx.db.jdbc.conn.JdbcOptions;
import site.ycsbx.db.jdbc.conn.ReadBufferedSocket;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight.Phase;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.util.UserError;

/**
 * db.url jdbc:mariadb:// on MariaDB (InnoDB), in process: MariaDB Connector/J with YCSB-X's
 * options (the fingerprint says which driver, how it reads, where it prepares), a load's batch
 * sent as one bulk INSERT, a connection the server killed re-opened, a server that never answers
 * given up on by the watchdog, and a URL the driver cannot read refused as bad input. The
 * families' stores through it: the OnMariaDbInnoDbThroughMariaDbDriver contracts.
 */
@Tag("server")
class MariaDbDriverTest {
  private final Fingerprint fp = Fingerprint.current();

  @Test
  void theFingerprintNamesMariaDbConnectorJAndThatLoadsAndRunsPrepareOnTheServer() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB, "mariadb")) {
      for (boolean run : new boolean[] {false, true}) {
        Properties p = db.properties();
        p.setProperty("dotransactions", String.valueOf(run));
        p.setProperty("db.batchsize", "50");
        new JdbcPreflight().check(p, Phase.LOAD, StoreDemand.NONE, fp);
        assertEquals("MariaDB", fp.get("server.product"));
        assertEquals("MariaDB Connector/J 3.5.3; reads buffered by YCSB-X's socketFactory (one read a response)",
            fp.get("jdbc.driver"));
        assertEquals(db.url() + "?useBulkStmtsForInserts=true&socketFactory=site.ycsbx.db.jdbc.MariaDbWatchedSocketFactory"
            + "&connectTimeout=0&useServerPrepStmts=true&cachePrepStmts=true", fp.get("db.url"));
        assertTrue(fp.get("jdbc.prepared").startsWith("server-side (useServerPrepStmts=true&cachePrepStmts=true:"
            + " YCSB-X's default, threadcount=1 x 2 connections x 250 statements = 500 fit in max_prepared_stmt_count="),
            fp.get("jdbc.prepared"));
        assertEquals("not set (db.batchsize rows per executeBatch, sent as one bulk INSERT (COM_STMT_BULK_EXECUTE))",
            fp.get("jdbc.batchupdateapi"));
        try (Connection c = Connector.open(JdbcOptions.parse(p), Map.of());
            PreparedStatement big = c.prepareStatement("SELECT REPEAT('x', ?)")) {
          assertTrue(big.isWrapperFor(ServerPreparedStatement.class), big.getClass().getName());
          // larger than the socket's buffer, then smaller: each arrives whole
          for (int n : new int[] {40_000, ReadBufferedSocket.BUFFER_BYTES - 5, 3}) {
            big.setInt(1, n);
            try (ResultSet rs = big.executeQuery()) {
              assertTrue(rs.next());
              assertEquals("x".repeat(n), rs.getString(1));
            }
          }
        }
      }
    } finally {
      fp.put("jdbc.driver", null);
    }
  }

  /** A load's batch of YCSB inserts reaches the server as one statement (the server's own count), all rows stored. */
  @Test
  void aLoadBatchIsOneBulkStatement() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB, "mariadb")) {
      Properties p = db.properties();
      p.setProperty("fieldcount", "1");
      p.setProperty("db.batchsize", "100");
      p.setProperty("dotransactions", "false");
      JdbcClient c = CorePhase.started(p);
      try {
        long before = sessionInserts(c);
        for (int i = 0; i < 100; i++) {
          Status s = c.insert("usertable", "user" + (1000 + i), Map.of("field0", new StringByteIterator("v" + i)));
          assertEquals(i < 99 ? Status.BATCHED_OK : Status.OK, s, "insert " + i);
        }
        // Com_insert counts statements: one bulk INSERT (COM_STMT_BULK_EXECUTE), not 100 INSERTs
        assertEquals(1, sessionInserts(c) - before);
      } finally {
        c.cleanup();
      }
      assertEquals(100, db.rows("usertable"));
    }
  }

  private static long sessionInserts(JdbcClient c) throws Exception {
    try (Statement s = c.connection().createStatement();
        ResultSet rs = s.executeQuery("SHOW SESSION STATUS LIKE 'Com_insert'")) {
      rs.next();
      return rs.getLong(2);
    }
  }

  @Test
  void aConnectionTheServerKilledIsReopenedAndTheRunGoesOn() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB, "mariadb")) {
      Properties p = db.properties();
      p.setProperty("fieldcount", "1");
      p.setProperty("dotransactions", "false");
      p.setProperty("ycsbx.reconnect.backoffms", "10");
      JdbcClient c = CorePhase.started(p);
      try {
        assertEquals(Status.OK, c.insert("usertable", "user1", Map.of("field0", new StringByteIterator("a"))));
        assertEquals(Status.OK, c.read("usertable", "user1", null, new HashMap<>()));
        List<Long> killed = connectionsTo(db);
        assertFalse(killed.isEmpty());
        try (Connection k = db.serverConnection(); Statement s = k.createStatement()) {
          for (long id : killed) {
            s.execute("KILL CONNECTION " + id);
          }
        }
        List<Status> after = new ArrayList<>();
        site.ycsbx.testing.StdErr.captured(() -> {
          for (int i = 0; i < 3 && !after.contains(Status.OK); i++) {
            after.add(c.read("usertable", "user1", null, new HashMap<>()));
          }
        });
        // the call that met the killed connection fails; the next re-opens
        assertEquals(List.of(Status.ERROR, Status.OK), after);
        assertTrue(connectionsTo(db).stream().noneMatch(killed::contains), "a new connection: " + connectionsTo(db));
      } finally {
        c.cleanup();
      }
    }
  }

  private static List<Long> connectionsTo(TestDatabase db) throws Exception {
    List<Long> ids = new ArrayList<>();
    try (Connection c = db.serverConnection(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT ID FROM information_schema.PROCESSLIST WHERE DB = '" + db.name
            + "' AND ID <> CONNECTION_ID()")) {
      while (rs.next()) {
        ids.add(rs.getLong(1));
      }
    }
    return ids;
  }

  /** The kernel completes the TCP handshake; nothing ever answers: the watchdog ends the attempt. */
  @Test
  void aServerThatNeverAnswersFailsWithinTheHandshakeTimeout() throws Exception {
    try (ServerSocket silent = new ServerSocket(0)) {
      Properties p = new Properties();
      p.setProperty("db.url", "jdbc:mariadb://127.0.0.1:" + silent.getLocalPort() + "/ycsb");
      JdbcOptions o = JdbcOptions.parse(p);
      long start = System.nanoTime();
      UserError e = assertThrows(UserError.class, () -> Connector.open(o));
      long millis = (System.nanoTime() - start) / 1_000_000;
      assertEquals(UserError.TARGET_UNUSABLE, e.exitCode());
      assertEquals("cannot reach jdbc:mariadb://127.0.0.1:" + silent.getLocalPort() + "/ycsb: no answer within 5 s",
          e.getMessage());
      assertTrue(millis >= HandshakeWatchdog.CONNECT_TIMEOUT_SECONDS * 1000L - 200 && millis < 9_000, millis + " ms");
    }
  }

  /**
   * At the deadline a call still waiting is ended by closing its socket, at once, even when the
   * server takes no new connection: a proxy passes the first connection to the server and leaves
   * later ones unanswered, as a frozen server would (the driver's own abort would open one to send
   * KILL and wait the 5 s handshake bound).
   */
  @Test
  void atTheDeadlineACallIsEndedAtOnceEvenWhenTheServerTakesNoNewConnection() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB, "mariadb");
        ServerSocket proxy = new ServerSocket(0)) {
      Thread accept = new Thread(() -> passFirstConnection(proxy), "mariadbdrv-proxy");
      accept.setDaemon(true);
      accept.start();
      Properties p = db.properties();
      p.setProperty("db.url", "jdbc:mariadb://127.0.0.1:" + proxy.getLocalPort() + "/" + db.name);
      Connection c = Connector.open(JdbcOptions.parse(p), Map.of());
      java.util.concurrent.CompletableFuture<Long> ended = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
        try (Statement s = c.createStatement()) {
          s.executeQuery("SELECT SLEEP(10)");
          return -1L;
        } catch (java.sql.SQLException e) {
          return System.nanoTime();
        }
      });
      Thread.sleep(500);
      long start = System.nanoTime();
      Connector.abort(c);
      long endedAt = ended.get(5, java.util.concurrent.TimeUnit.SECONDS);
      assertTrue(endedAt > 0, "the call returned normally");
      assertTrue(endedAt - start < 1_000_000_000L, (endedAt - start) / 1_000_000 + " ms");
      assertTrue(c.isClosed());
    }
  }

  /** Pipes the first connection to the server; accepts later ones and never answers them. */
  private static void passFirstConnection(ServerSocket proxy) {
    List<java.net.Socket> silent = new ArrayList<>();
    try {
      java.net.Socket client = proxy.accept();
      java.net.Socket server = new java.net.Socket(TestDatabase.MARIADB_HOST, Integer.parseInt(TestDatabase.MARIADB_PORT));
      pump(client, server);
      pump(server, client);
      while (true) {
        silent.add(proxy.accept());
      }
    } catch (java.io.IOException e) {
      // the proxy closed at the test's end
    }
  }

  private static void pump(java.net.Socket from, java.net.Socket to) {
    Thread t = new Thread(() -> {
      try {
        from.getInputStream().transferTo(to.getOutputStream());
      } catch (java.io.IOException e) {
        // either side closed
      } finally {
        try {
          from.close();
          to.close();
        } catch (java.io.IOException ignored) {
          // closed
        }
      }
    }, "mariadbdrv-pump");
    t.setDaemon(true);
    t.start();
  }

  @Test
  void aUrlTheDriverCannotReadIsOneLineExitTwoAndNothingIsCreated() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB, "mariadb")) {
      List<String> o = new ArrayList<>(db.options());
      o.set(1, "db.url=" + db.url() + "?useBulkStmtsForInserts=maybe");
      assertOneLineError(refused("load", "probe", o), UserError.BAD_INPUT, "db.url=" + db.url()
          + "?useBulkStmtsForInserts=maybe is not a URL MariaDB Connector/J reads (error parsing url: Optional parameter"
          + " useBulkStmtsForInserts must be boolean (true/false or 0/1) was 'maybe')");
      assertEquals(List.of(), db.tables());
    }
  }
}
