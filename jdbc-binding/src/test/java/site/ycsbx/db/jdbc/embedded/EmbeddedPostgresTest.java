package site.ycsbx.db.jdbc.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.util.UserError;

/**
 * The embedded server in this JVM: made by initdb on first use, reopened with its data, reached
 * on loopback with a password only, one per JVM, and a folder's stale or live postmaster.pid.
 */
@Tag("server")
class EmbeddedPostgresTest {
  @AfterEach
  void stop() {
    EmbeddedPostgres.stopRunning();
  }

  @Test
  void aNewFolderIsInitializedAndASecondStartFindsItsData(@TempDir Path tmp) throws Exception {
    Path dir = tmp.resolve("pg");
    EmbeddedPostgres first = EmbeddedPostgres.start(EmbeddedFolder.props(dir));
    assertEquals("14", Files.readString(dir.resolve("PG_VERSION")).trim());
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve(
        DataFolder.PASSWORD_FILE))));
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
    try (Connection c = EmbeddedFolder.connect(first); Statement s = c.createStatement()) {
      assertEquals(List.of("127.0.0.1"), EmbeddedFolder.strings(c, "SHOW listen_addresses"));
      assertEquals(List.of(""), EmbeddedFolder.strings(c, "SHOW unix_socket_directories"));
      assertEquals(List.of("on"), EmbeddedFolder.strings(c, "SHOW fsync"));
      assertEquals(List.of("on"), EmbeddedFolder.strings(c, "SHOW synchronous_commit"));
      assertEquals(List.of("C"), EmbeddedFolder.strings(c, "SHOW lc_collate"));
      assertTrue(EmbeddedFolder.strings(c, "SELECT version()").get(0).startsWith("PostgreSQL 14."));
      s.execute("CREATE TABLE kept (id INT PRIMARY KEY)");
      s.execute("INSERT INTO kept SELECT generate_series(1, 1000)");
    }
    long firstPid = first.pid();
    EmbeddedPostgres.stopRunning();
    EmbeddedFolder.assertStopped(dir);

    EmbeddedPostgres second = EmbeddedPostgres.start(EmbeddedFolder.props(dir));
    assertNotEquals(firstPid, second.pid());
    try (Connection c = EmbeddedFolder.connect(second)) {
      assertEquals(1000, EmbeddedFolder.count(c, "SELECT count(*) FROM kept"));
    }
  }

  @Test
  void theServerWantsThePassword(@TempDir Path tmp) throws Exception {
    EmbeddedPostgres server = EmbeddedPostgres.start(EmbeddedFolder.props(EmbeddedFolder.initialized(tmp.resolve("pg"))));
    SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(server.url(), "postgres", "wrong"));
    assertEquals("28P01", e.getSQLState(), e.getMessage()); // invalid_password: no trust for local users
    Properties p = server.clientProperties(new Properties());
    assertEquals(server.url(), p.getProperty("db.url"));
    assertEquals("postgres", p.getProperty("db.user"));
    assertEquals(Files.readString(server.dir().resolve(DataFolder.PASSWORD_FILE)).trim(), p.getProperty("db.passwd"));
  }

  @Test
  void oneServerPerJvm(@TempDir Path tmp) throws Exception {
    EmbeddedPostgres a = EmbeddedPostgres.start(EmbeddedFolder.props(EmbeddedFolder.initialized(tmp.resolve("a"))));
    assertSame(a, EmbeddedPostgres.start(EmbeddedFolder.props(tmp.resolve("a"))));
    UserError e = assertThrows(UserError.class, () -> EmbeddedPostgres.start(EmbeddedFolder.props(tmp.resolve("b"))));
    assertEquals("postgres.embedded.dir=" + tmp.resolve("b") + ", but this JVM's embedded PostgreSQL already uses "
        + tmp.resolve("a") + " (one embedded server per JVM)", e.getMessage());
  }

  @Test
  void aStalePostmasterPidNamingALiveProcessDoesNotBlockTheStart(@TempDir Path tmp) throws Exception {
    Path dir = EmbeddedFolder.initialized(tmp.resolve("pg"));
    EmbeddedPostgres.start(EmbeddedFolder.props(dir));
    EmbeddedPostgres.stopRunning();
    EmbeddedFolder.assertStopped(dir);
    // as a server killed with its JVM leaves it, with its pid since taken by another process (this JVM)
    long alive = ProcessHandle.current().pid();
    Files.writeString(dir.resolve(LockFile.NAME), alive + "\n" + dir + "\n1700000000\n5432\n\n127.0.0.1\n"
        + "  5432001  0\nready   \n");
    EmbeddedPostgres again = EmbeddedPostgres.start(EmbeddedFolder.props(dir));
    assertEquals(again.pid(), LockFile.read(dir.resolve(LockFile.NAME)).orElseThrow().pid());
  }

  @Test
  void aFolderWhoseServerRunsIsRefused(@TempDir Path tmp) throws Exception {
    Path dir = EmbeddedFolder.initialized(tmp.resolve("pg"));
    EmbeddedPostgres server = EmbeddedPostgres.start(EmbeddedFolder.props(dir));
    // what a second JVM's start on the same folder checks first
    UserError e = assertThrows(UserError.class, () -> LockFile.clearStale(dir));
    assertEquals("postgres.embedded.dir=" + dir + " is in use by a running PostgreSQL (pid " + server.pid() + ", port "
        + server.port() + "): another bin/ycsb on this folder? let it finish, or choose another postgres.embedded.dir",
        e.getMessage());
    assertEquals(UserError.TARGET_UNUSABLE, e.exitCode());
  }

  @Test
  void aServerThatCannotStartIsOneLineNamingWhyAndItsLog(@TempDir Path tmp) throws Exception {
    Path dir = EmbeddedFolder.initialized(tmp.resolve("pg"));
    EmbeddedPostgres.start(EmbeddedFolder.props(dir));
    EmbeddedPostgres.stopRunning();
    Files.writeString(dir.resolve("postgresql.conf"), "shared_buffers = banana\n",
        java.nio.file.StandardOpenOption.APPEND);
    UserError e = assertThrows(UserError.class, () -> EmbeddedPostgres.start(EmbeddedFolder.props(dir)));
    assertTrue(e.getMessage().startsWith("PostgreSQL did not start (exit 1): "), e.getMessage());
    assertTrue(e.getMessage().contains("invalid value for parameter \"shared_buffers\": \"banana\"; FATAL: configuration"
        + " file \"" + dir.resolve("postgresql.conf") + "\" contains errors"), e.getMessage());
    assertTrue(e.getMessage().endsWith(" (log: " + dir.resolve(DataFolder.LOG_FILE) + ")"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
    assertEquals(null, EmbeddedPostgres.current());
    EmbeddedFolder.assertStopped(dir);
  }
}
