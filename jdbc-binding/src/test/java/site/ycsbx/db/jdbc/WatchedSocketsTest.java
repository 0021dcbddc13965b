package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsbx.db.jdbc.conn.Connector;
import site.ycsbx.db.jdbc.conn.HandshakeWatchdog;
import site.ycsbx.db.jdbc.conn.JdbcOptions;

/**
 * The watched sockets (WatchedSocketFactory, MariaDbWatchedSocketFactory, PgWatchedSocketFactory) bound only the connection
 * attempt: once a client thread's connection is open, the watchdog is disarmed and the
 * connection outlives the handshake timeout. (A frozen server's handshake failing within it:
 * JdbcServerFaultTest, PostgresServerFaultTest.)
 */
@Tag("process")
class WatchedSocketsTest {
  @ParameterizedTest
  @EnumSource(value = TestDatabase.Target.class, names = {"MARIADB_INNODB", "POSTGRESQL"})
  void anOpenConnectionOutlivesTheHandshakeTimeout(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      JdbcOptions o = JdbcOptions.parse(db.properties());
      assertTrue(o.connectionUrl().contains("socketFactory=site.ycsbx.db.jdbc."), o.connectionUrl());
      // on MariaDB, MariaDB Connector/J's (jdbc:mariadb://) too, in the same wait
      java.util.Properties mariadb = db.properties();
      mariadb.setProperty("db.url", db.url().replace("jdbc:mysql:", "jdbc:mariadb:"));
      JdbcOptions m = JdbcOptions.parse(mariadb);
      try (Connection c = Connector.open(o, Map.of());
          Connection d = target.mariadb() ? Connector.open(m, Map.of()) : null) {
        assertEquals(1, one(c));
        Thread.sleep(HandshakeWatchdog.CONNECT_TIMEOUT_SECONDS * 1000L + 1500);
        assertEquals(1, one(c), "the connection was closed by the handshake watchdog");
        assertEquals(1, one(c));
        if (d != null) {
          assertTrue(m.connectionUrl().contains("socketFactory=site.ycsbx.db.jdbc.MariaDbWatchedSocketFactory"),
              m.connectionUrl());
          assertEquals(1, one(d), "MariaDB Connector/J's connection was closed by the handshake watchdog");
        }
      }
    }
  }

  private static int one(Connection c) throws Exception {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
      rs.next();
      return rs.getInt(1);
    }
  }
}
