package site.ycsbx.db.jdbc.conn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsbx.db.jdbc.JdbcPreflight;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.DatabaseLock;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.TableCount;
import site.ycsbx.util.UserError;

/**
 * The database lock an experiment holds, on MariaDB and PostgreSQL: a second holder and a run
 * without the holder's token refused in one line naming the holder (exit 2, nothing created); a
 * run with the token passes; the lock free once released; a lock whose session the server ended
 * taken again. And the counts of a run's tables: exact where small, the key's ends where not.
 */
@Tag("server")
class DatabaseLockOnServersTest {
  private static final DatabaseLock.Holder A = new DatabaseLock.Holder("00000000000000aa", "exp-a", "/tmp/h_lock/a",
      "host-a", Instant.parse("2026-11-29T06:00:00Z"));
  private static final DatabaseLock.Holder B = new DatabaseLock.Holder("00000000000000bb", "exp-b", "/tmp/h_lock/b",
      "host-b", Instant.parse("2026-11-29T07:00:00Z"));

  private static Properties props(TestDatabase db, String token) {
    Properties p = db.properties();
    if (token != null) {
      p.setProperty(DatabaseLock.HOLDER_PROPERTY, token);
    }
    return p;
  }

  @ParameterizedTest
  @EnumSource(value = TestDatabase.Target.class, names = {"MARIADB_INNODB", "POSTGRESQL"})
  void aHeldDatabaseRefusesEveryoneButTheHoldersCells(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      DatabaseLock lock = new JdbcPreflight().databaseLock();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      PrintStream errs = new PrintStream(err, true, StandardCharsets.UTF_8);
      lock.refuseIfHeld(props(db, null)); // free: nothing said
      String where = target.mariadb() ? "database " + db.name : "schema " + db.name + " of database "
          + TestDatabase.PG_DATABASE;
      try (DatabaseLock.Held held = lock.take(props(db, null), A, errs)) {
        assertTrue(held.what().startsWith(where + " at 127.0.0.1:"), held.what());
        String named = "is locked by experiment exp-a (folder /tmp/h_lock/a) on host host-a since 2026-11-29T06:00:00Z";
        UserError second = assertThrows(UserError.class, () -> lock.take(props(db, null), B, errs));
        assertEquals(UserError.BAD_INPUT, second.exitCode());
        assertTrue(second.getMessage().startsWith(where) && second.getMessage().contains(named), second.getMessage());
        assertFalse(second.getMessage().contains("\n"), "one line");
        UserError run = assertThrows(UserError.class, () -> lock.refuseIfHeld(props(db, null)));
        assertTrue(run.getMessage().contains(named), run.getMessage());
        assertThrows(UserError.class, () -> lock.refuseIfHeld(props(db, B.token())), "another holder's token");
        lock.refuseIfHeld(props(db, A.token())); // the holder's cell passes

        // a plain load through the binding's preflight: refused before anything is created or run
        Properties load = props(db, null);
        load.setProperty("dotransactions", "false");
        load.setProperty("jdbc.before", "CREATE TABLE h_lock_marker (i INT)");
        UserError refused = assertThrows(UserError.class, () -> new JdbcPreflight().check(load, Preflight.Phase.LOAD,
            StoreDemand.NONE, Fingerprint.current()));
        assertEquals(UserError.BAD_INPUT, refused.exitCode());
        assertTrue(refused.getMessage().contains(named), refused.getMessage());
        assertEquals(List.of(), db.tables(), "nothing created: neither the statement before nor YCSB's table");
        Properties cell = props(db, A.token());
        cell.setProperty("dotransactions", "false");
        new JdbcPreflight().check(cell, Preflight.Phase.LOAD, StoreDemand.NONE, Fingerprint.current());
      }
      lock.refuseIfHeld(props(db, null)); // released
      try (DatabaseLock.Held b = lock.take(props(db, null), B, errs)) {
        assertTrue(b.what().startsWith(where), b.what());
      }
      assertEquals("", err.toString(StandardCharsets.UTF_8), "nothing lost, nothing to say");
    }
  }

  @ParameterizedTest
  @EnumSource(value = TestDatabase.Target.class, names = {"MARIADB_INNODB", "POSTGRESQL"})
  void aLockWhoseSessionTheServerEndedIsTakenAgain(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      DatabaseLock lock = new JdbcPreflight().databaseLock();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      try (DatabaseLock.Held held = lock.take(props(db, null), A, new PrintStream(err, true, StandardCharsets.UTF_8));
          Connection c = db.connect(); Statement s = c.createStatement()) {
        LockSql sql = LockSessions.sqlOf(JdbcOptions.parse(props(db, null)).dialect());
        LockSql.Keys keys = sql.keys(c, A.token());
        Long owner = sql.owner(c, keys);
        s.execute(target.mariadb() ? "KILL " + owner : "SELECT pg_terminate_backend(" + owner + ")");
        long deadline = System.nanoTime() + 30_000_000_000L;
        // the new session takes the lock, then its token, then says so: wait for its line, not the
        // lock alone (seen between the two under load, it held the lock only)
        String heldAgain = "experiment: the lock of " + held.what() + " is held again";
        while (System.nanoTime() < deadline && !err.toString(StandardCharsets.UTF_8).contains(heldAgain)) {
          Thread.sleep(200);
        }
        Long again = sql.owner(c, keys);
        assertTrue(again != null && !again.equals(owner), "taken again on a new session: " + err);
        assertTrue(sql.holdsToken(c, keys, again), "the new session holds the token too: " + err);
        String said = err.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("experiment: the lock of " + held.what() + " was lost"), said);
        assertTrue(said.contains(heldAgain), said);
        assertThrows(UserError.class, () -> lock.refuseIfHeld(props(db, null)));
      }
      lock.refuseIfHeld(props(db, null));
    }
  }

  @ParameterizedTest
  @EnumSource(value = TestDatabase.Target.class, names = {"MARIADB_INNODB", "POSTGRESQL"})
  void aRunsTablesAreCountedExactlyWhereSmallAndByTheirKeysEndsWhereNot(TestDatabase.Target target)
      throws Exception {
    try (TestDatabase db = TestDatabase.create(target); Connection c = db.connect(); Statement s = c.createStatement()) {
      String serial = target.mariadb() ? "BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY" : "BIGSERIAL PRIMARY KEY";
      s.execute("CREATE TABLE numbered (id " + serial + ", v INT)");
      s.execute("CREATE TABLE named (k VARCHAR(20) PRIMARY KEY, v INT)");
      s.execute("CREATE TABLE empty (id " + serial + ")");
      s.execute("INSERT INTO numbered (v) VALUES (1), (2), (3), (4), (5)");
      s.execute("DELETE FROM numbered WHERE v = 1");
      s.execute("INSERT INTO named VALUES ('a', 1), ('b', 2)");
      SqlDialect d = JdbcOptions.parse(db.properties()).dialect();
      List<TableCount> counts = TableCounts.of(c, d, List.of("numbered", "named", "empty", "absent"));
      assertEquals(new TableCount("numbered", true, 4, 2, 5, true, counts.get(0).estimate()), counts.get(0));
      assertEquals(new TableCount("named", true, 2, 0, 0, false, counts.get(1).estimate()), counts.get(1));
      assertEquals(new TableCount("empty", true, 0, 0, 0, false, counts.get(2).estimate()), counts.get(2));
      assertEquals(TableCount.absent("absent"), counts.get(3));
      // over the limit of an exact count: the key's ends only, and nothing of a table without an integer key
      List<TableCount> large = TableCounts.of(c, d, List.of("numbered", "named"), 1);
      assertEquals(TableCount.NOT_COUNTED, large.get(0).rows());
      assertEquals(4, large.get(0).span());
      assertEquals(TableCount.NOT_COUNTED, large.get(1).rows());
      assertEquals(TableCount.NOT_COUNTED, large.get(1).span());
      // the binding's own entry, on a connection of its own (the estimate is the server's statistics,
      // which autovacuum may have refreshed in between)
      List<TableCount> own = new JdbcPreflight().tableCounts(db.properties(), List.of("numbered"));
      assertEquals(List.of(new TableCount("numbered", true, 4, 2, 5, true, own.get(0).estimate())), own);
    }
  }
}
