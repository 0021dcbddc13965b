package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.jdbc.conn.WatchedSockets;

/**
 * The kit names the top's socket factories as text (it never imports the top): the names must be
 * the classes' own, or the drivers would fail to load the factory the dialect puts in db.url.
 */
@Tag("fast")
class SocketFactoryNamesTest {
  @Test
  void theKitNamesEachFactoryAsItsClassIsNamed() {
    assertEquals(WatchedSocketFactory.class.getName(), WatchedSockets.MYSQL_FACTORY);
    assertEquals(MariaDbWatchedSocketFactory.class.getName(), WatchedSockets.MARIADB_FACTORY);
    assertEquals(PgWatchedSocketFactory.class.getName(), WatchedSockets.POSTGRES_FACTORY);
  }
}
