package site.ycsbx.db.jdbc.faults;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import site.ycsbx.testing.Background;

/** A database server a fault test starts, kills and restarts itself (never the shared one). */
interface PrivateServer extends AutoCloseable {
  /** A JDBC URL of {@code database} on this server. */
  String url(String database);

  /** The account bin/ycsb connects with; no password, the server trusts it. */
  String user();

  /** The database that is there before a test creates its own. */
  String adminDatabase();

  /**
   * The driver's connect and socket timeouts (each driver names and counts them its own way):
   * a test's own query on a frozen server fails instead of hanging the test.
   */
  String timeouts();

  int port();

  /** SIGKILL: nothing is flushed, the next start recovers from the redo log or WAL. */
  void kill() throws InterruptedException;

  /** Starts the server again on the same port and data; one still running is left alone. */
  void restart() throws IOException, InterruptedException;

  /** SIGSTOP: the kernel still accepts connections, nothing answers. */
  void freeze() throws IOException, InterruptedException;

  /** SIGCONT. */
  void thaw() throws IOException, InterruptedException;

  /** The server's log, for failure messages. */
  String log();

  @Override
  void close() throws IOException, InterruptedException;

  default Connection connect(String database) throws SQLException {
    return DriverManager.getConnection(url(database) + "?" + timeouts(), user(), "");
  }

  default void createDatabase(String name) throws SQLException {
    try (Connection c = connect(adminDatabase()); Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + name);
    }
  }

  /** A new database, its name the prefix and a random suffix, so that no test meets another's rows. */
  default String newDatabase(String prefix) throws SQLException {
    String name = prefix + Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
    createDatabase(name);
    return name;
  }

  /** The first column of the first row {@code sql} finds in {@code db}: a count. */
  default long count(String db, String sql) throws SQLException {
    try (Connection c = connect(db); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /**
   * Waits until {@code run} stored {@code atLeast} rows in {@code table}, for a fault to land
   * mid-run; fails if the run ends or takes a minute first.
   */
  default void awaitRows(String db, String table, long atLeast, Background run) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (true) {
      long n;
      try {
        n = count(db, "SELECT COUNT(*) FROM " + table);
      } catch (SQLException e) {
        n = 0; // the table is not there yet
      }
      if (n >= atLeast) {
        return;
      }
      if (!run.isAlive() || System.nanoTime() > deadline) {
        run.close();
        throw new AssertionError("the run never reached " + atLeast + " rows in " + table + " (" + n + ")\n"
            + run.stderrSoFar());
      }
      Thread.sleep(50);
    }
  }

  /** Waits up to a minute for a server just launched to take connections; its death fails at once. */
  default void awaitConnections(Process server, String name) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (true) {
      try (Connection c = connect(adminDatabase())) {
        return;
      } catch (SQLException e) {
        if (!server.isAlive() || System.nanoTime() > deadline) {
          throw new AssertionError("private " + name + " did not start on port " + port() + ": " + e.getMessage() + "\n"
              + log());
        }
        Thread.sleep(100);
      }
    }
  }

  static boolean isRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  static String readLog(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      return "(no server log: " + e.getMessage() + ")";
    }
  }

  static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
    }
  }
}
