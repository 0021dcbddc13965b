package site.ycsbx.db.jdbc.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/** A postgres-embedded data folder as the tests look into it: started in the test JVM, queried, stopped. */
final class EmbeddedFolder {
  private EmbeddedFolder() {
  }

  /** A query on the binding's database. */
  interface Query<T> {
    T run(Connection c) throws SQLException;
  }

  /** A folder initialized (initdb, first start, clean stop) once per test JVM, copied by {@link #initialized}. */
  private static Path template;

  /**
   * {@code dir} made a copy of a data folder that initdb made and the binding started and
   * stopped once in this JVM: for tests of what a run does with a folder, not of how a new folder
   * is made (those start from an absent one). initdb takes 2 to 9 s of CPU on this 2-core host;
   * a copy, a few hundred milliseconds.
   */
  static synchronized Path initialized(Path dir) throws SQLException {
    if (template == null) {
      try {
        Path t = Files.createTempDirectory("ycsbx-pg-template").resolve("pg");
        query(t, c -> null);
        template = t;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    try (var files = Files.walk(template)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Files.copy(f, dir.resolve(template.relativize(f).toString()), StandardCopyOption.COPY_ATTRIBUTES);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return dir;
  }

  static Properties props(Path dir) {
    Properties p = new Properties();
    p.setProperty(DataFolder.DIR_PROPERTY, dir.toString());
    return p;
  }

  /** Starts the folder's server in this JVM (as a second JVM would), runs {@code q} on the binding's database, stops it. */
  static <T> T query(Path dir, Query<T> q) throws SQLException {
    EmbeddedPostgres server = EmbeddedPostgres.start(props(dir));
    try (Connection c = connect(server)) {
      return q.run(c);
    } finally {
      EmbeddedPostgres.stopRunning();
    }
  }

  static Connection connect(EmbeddedPostgres server) throws SQLException {
    Properties p = server.clientProperties(new Properties());
    return DriverManager.getConnection(server.url(), "postgres", p.getProperty("db.passwd"));
  }

  static long count(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  static List<String> strings(Connection c, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  /**
   * No PostgreSQL process works in the folder any more and it has no postmaster.pid: the server
   * stopped cleanly. A server told to stop when its JVM died is given a few seconds.
   */
  static void assertStopped(Path dir) throws InterruptedException {
    long deadline = System.nanoTime() + 20_000_000_000L;
    while (!LockFile.processesIn(dir).isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertEquals(List.of(), LockFile.processesIn(dir), "PostgreSQL processes still working in " + dir);
    assertFalse(Files.exists(dir.resolve(LockFile.NAME)), "postmaster.pid left in " + dir);
  }
}
