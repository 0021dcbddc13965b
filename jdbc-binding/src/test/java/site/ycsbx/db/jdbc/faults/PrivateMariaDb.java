package site.ycsbx.db.jdbc.faults;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A MariaDB server of the test's own (own datadir, own port on 127.0.0.1, no grant tables), so
 * the test can kill it (SIGKILL), restart it on the same port and datadir, and freeze it
 * (SIGSTOP/SIGCONT) without touching the shared server. A missing {@code mariadbd} fails the
 * test: nothing is skipped.
 */
public final class PrivateMariaDb implements PrivateServer {
  private static final List<String> SERVER_NAMES = List.of("mariadbd", "mysqld");
  private static final List<String> INSTALL_NAMES = List.of("mariadb-install-db", "mysql_install_db");

  private final Path dir;
  private final int port;
  private final String address;
  private final List<String> options;
  private Process server;

  private PrivateMariaDb(Path dir, int port, String address, List<String> options) {
    this.dir = dir;
    this.port = port;
    this.address = address;
    this.options = options;
  }

  /** Installs a fresh datadir and starts the server on a free port of 127.0.0.1. */
  static PrivateMariaDb start() throws IOException, InterruptedException {
    return start("127.0.0.1");
  }

  /**
   * As {@link #start()}, the server listening on {@code address} only (e.g. a test's own bridge),
   * with these server options added (e.g. {@code --general-log}).
   */
  public static PrivateMariaDb start(String address, String... options) throws IOException, InterruptedException {
    Path dir = Files.createTempDirectory("ycsbx-mariadb");
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getByName(address))) {
      port = s.getLocalPort();
    }
    PrivateMariaDb db = new PrivateMariaDb(dir, port, address, List.of(options));
    // a temporary folder of its own: with /tmp shared, a bootstrap beside another was seen failing to
    // delete its own #sql-temptable file (Errcode 2)
    Files.createDirectories(dir.resolve("tmp"));
    List<String> install = new ArrayList<>(List.of(binary(INSTALL_NAMES), "--no-defaults", "--datadir=" + dir.resolve("data"),
        "--tmpdir=" + dir.resolve("tmp"), "--auth-root-authentication-method=normal", "--skip-test-db"));
    if (PrivateServer.isRoot()) {
      install.add("--user=root");
    }
    Process p = new ProcessBuilder(install).redirectErrorStream(true).redirectOutput(dir.resolve("install.log").toFile()).start();
    if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
      p.destroyForcibly();
      throw new AssertionError("mariadb-install-db failed:\n" + Files.readString(dir.resolve("install.log")));
    }
    db.launch();
    return db;
  }

  @Override
  public void kill() throws InterruptedException {
    server.destroyForcibly();
    server.waitFor(30, TimeUnit.SECONDS);
  }

  /** InnoDB recovers from its redo log; a second server would wait on a running one's datadir lock. */
  @Override
  public void restart() throws IOException, InterruptedException {
    if (server.isAlive()) {
      return;
    }
    launch();
  }

  @Override
  public void freeze() throws IOException, InterruptedException {
    signal("STOP");
  }

  @Override
  public void thaw() throws IOException, InterruptedException {
    signal("CONT");
  }

  @Override
  public int port() {
    return port;
  }

  @Override
  public String url(String database) {
    return "jdbc:mysql://" + address + ":" + port + "/" + database;
  }

  /** The server's data folder (its general log, when asked for, is there). */
  public Path dataDir() {
    return dir.resolve("data");
  }

  /** Root, with no password: grant tables are skipped. */
  @Override
  public String user() {
    return "root";
  }

  @Override
  public String adminDatabase() {
    return "";
  }

  @Override
  public String timeouts() {
    return "connectTimeout=2000&socketTimeout=10000";
  }

  @Override
  public String log() {
    return PrivateServer.readLog(dir.resolve("server.log"));
  }

  @Override
  public void close() throws IOException, InterruptedException {
    if (server != null) {
      thaw();
      kill();
    }
    PrivateServer.deleteTree(dir);
  }

  private void launch() throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(binary(SERVER_NAMES), "--no-defaults", "--datadir=" + dir.resolve("data"),
        "--tmpdir=" + dir.resolve("tmp"), "--socket=" + dir.resolve("s"), "--port=" + port, "--bind-address=" + address, "--skip-grant-tables",
        "--skip-log-bin", "--innodb-buffer-pool-size=32M", "--innodb-log-file-size=16M", "--pid-file=" + dir.resolve("pid"),
        // synchronous durability: an acknowledged commit is on disk
        "--innodb-flush-log-at-trx-commit=1"));
    cmd.addAll(options);
    if (PrivateServer.isRoot()) {
      cmd.add("--user=root");
    }
    server = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("server.log").toFile())).start();
    awaitConnections(server, "MariaDB");
  }

  private void signal(String sig) throws IOException, InterruptedException {
    if (server != null && server.isAlive()) {
      Process p = new ProcessBuilder("kill", "-" + sig, String.valueOf(server.pid())).inheritIO().start();
      p.waitFor(10, TimeUnit.SECONDS);
    }
  }

  /** The first of the names found on PATH, /usr/sbin or /usr/bin; none fails the test. */
  private static String binary(List<String> names) {
    List<String> dirs = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)));
    dirs.addAll(List.of("/usr/sbin", "/usr/bin", "/usr/local/bin", "/usr/local/sbin"));
    for (String n : names) {
      for (String d : dirs) {
        File f = new File(d, n);
        if (!d.isEmpty() && f.canExecute()) {
          return f.getPath();
        }
      }
    }
    throw new AssertionError("none of " + names + " found on PATH or in /usr/sbin: the fault-injection tests need a "
        + "MariaDB server binary (Debian: apt-get install mariadb-server)");
  }
}
