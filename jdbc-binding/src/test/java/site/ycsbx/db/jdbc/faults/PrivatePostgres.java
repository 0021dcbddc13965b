package site.ycsbx.db.jdbc.faults;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A PostgreSQL server of the test's own (initdb into a temp dir, own port on 127.0.0.1, own
 * socket dir, trust authentication), so the test can kill it, restart it on the same port and
 * data directory, and freeze it without touching the shared server on 5432. PostgreSQL refuses
 * to run as root: as root, the server runs as the {@code postgres} account in a folder that
 * account owns, through setpriv, which execs it (runuser would stay its parent, and stop itself
 * when it sees its child stopped, never reaping a server killed while frozen). A missing install
 * fails the test: nothing is skipped.
 *
 * <p>The postmaster's children (backends, checkpointer, WAL writer) each call setsid(), so a
 * process group does not hold them: kill and freeze go to the postmaster and, while it is
 * stopped (it cannot fork meanwhile), to each of its children by pid.
 */
final class PrivatePostgres implements PrivateServer {
  private static final String OS_USER = "postgres";

  private final Path dir;
  private final Path bin;
  private final int port;
  private Process postmaster;

  private PrivatePostgres(Path dir, Path bin, int port) {
    this.dir = dir;
    this.bin = bin;
    this.port = port;
  }

  /** initdb into a fresh folder and starts the server on a free port. */
  static PrivatePostgres start() throws IOException, InterruptedException {
    Path bin = binDir();
    Path dir = Files.createTempDirectory("ycsbx-pg");
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    PrivatePostgres pg = new PrivatePostgres(dir, bin, port);
    try {
      Files.createDirectory(dir.resolve("sock"));
      if (PrivateServer.isRoot()) {
        UserPrincipal owner = dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(OS_USER);
        Files.setOwner(dir, owner);
        Files.setOwner(dir.resolve("sock"), owner);
      }
      Process p = new ProcessBuilder(pg.asServerUser(bin.resolve("initdb").toString(), "-D", dir.resolve("data").toString(),
          "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync")).redirectErrorStream(true)
          .redirectOutput(dir.resolve("initdb.log").toFile()).start();
      if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroyForcibly();
        throw new AssertionError("initdb failed:\n" + Files.readString(dir.resolve("initdb.log")));
      }
      pg.launch();
    } catch (IOException | InterruptedException | RuntimeException | AssertionError e) {
      pg.close();
      throw e;
    }
    return pg;
  }

  /** To the postmaster and every process of it, as a crash or the OOM killer leaves it. */
  @Override
  public void kill() throws InterruptedException {
    if (postmaster == null || !postmaster.isAlive()) {
      return;
    }
    ProcessHandle p = postmaster.toHandle();
    signal(p, "STOP"); // no new backend forked between listing the children and killing them
    List<ProcessHandle> children = p.descendants().toList();
    children.forEach(ProcessHandle::destroyForcibly);
    postmaster.destroyForcibly();
    postmaster.waitFor(30, TimeUnit.SECONDS);
    // orphans are reaped by init; killed, they hold no shared memory a new postmaster would refuse
    for (ProcessHandle h : children) {
      h.onExit().completeOnTimeout(h, 10, TimeUnit.SECONDS).join();
    }
  }

  @Override
  public void restart() throws IOException, InterruptedException {
    if (postmaster != null && postmaster.isAlive()) {
      return;
    }
    launch();
  }

  /** To the postmaster and its backends. */
  @Override
  public void freeze() {
    if (postmaster != null && postmaster.isAlive()) {
      signal(postmaster.toHandle(), "STOP");
      postmaster.descendants().forEach(h -> signal(h, "STOP"));
    }
  }

  /** Children first. */
  @Override
  public void thaw() {
    if (postmaster != null && postmaster.isAlive()) {
      postmaster.descendants().forEach(h -> signal(h, "CONT"));
      signal(postmaster.toHandle(), "CONT");
    }
  }

  @Override
  public int port() {
    return port;
  }

  @Override
  public String url(String database) {
    return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
  }

  /** The superuser, with no password: trust authentication. */
  @Override
  public String user() {
    return "postgres";
  }

  @Override
  public String adminDatabase() {
    return "postgres";
  }

  @Override
  public String timeouts() {
    return "connectTimeout=2&socketTimeout=10";
  }

  @Override
  public String log() {
    return PrivateServer.readLog(dir.resolve("server.log"));
  }

  @Override
  public void close() throws IOException, InterruptedException {
    thaw();
    kill();
    PrivateServer.deleteTree(dir);
  }

  private void launch() throws IOException, InterruptedException {
    Files.deleteIfExists(dir.resolve("data").resolve("postmaster.pid")); // a killed server's; its pid may be reused
    postmaster = new ProcessBuilder(asServerUser(bin.resolve("postgres").toString(), "-D", dir.resolve("data").toString(),
        "-p", String.valueOf(port), "-k", dir.resolve("sock").toString(), "-c", "listen_addresses=127.0.0.1",
        "-c", "shared_buffers=32MB", "-c", "max_connections=40",
        // synchronous durability: an acknowledged commit is on disk
        "-c", "fsync=on", "-c", "synchronous_commit=on", "-c", "full_page_writes=on"))
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("server.log").toFile()))
        .start();
    awaitConnections(postmaster, "PostgreSQL");
  }

  private List<String> asServerUser(String... cmd) {
    List<String> all = new ArrayList<>();
    if (PrivateServer.isRoot()) {
      all.addAll(List.of("setpriv", "--reuid=" + OS_USER, "--regid=" + OS_USER, "--init-groups", "--"));
    }
    all.addAll(List.of(cmd));
    return all;
  }

  private static void signal(ProcessHandle h, String sig) {
    try {
      new ProcessBuilder("kill", "-" + sig, String.valueOf(h.pid())).inheritIO().start().waitFor(10, TimeUnit.SECONDS);
    } catch (IOException e) {
      throw new AssertionError("cannot send SIG" + sig + " to " + h.pid(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * The newest /usr/lib/postgresql/N/bin holding initdb and postgres, or the folder of an initdb
   * on PATH; none fails the test.
   */
  private static Path binDir() {
    File[] versions = new File("/usr/lib/postgresql").listFiles();
    if (versions != null) {
      Optional<Path> newest = Stream.of(versions).map(f -> f.toPath().resolve("bin"))
          .filter(b -> Files.isExecutable(b.resolve("initdb")) && Files.isExecutable(b.resolve("postgres")))
          .max(Comparator.comparingInt(PrivatePostgres::major));
      if (newest.isPresent()) {
        return newest.get();
      }
    }
    for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (!d.isEmpty() && Files.isExecutable(Path.of(d, "initdb")) && Files.isExecutable(Path.of(d, "postgres"))) {
        return Path.of(d);
      }
    }
    throw new AssertionError("no PostgreSQL server binaries (initdb, postgres) in /usr/lib/postgresql/*/bin or on PATH:"
        + " the fault-injection tests need them (Debian: apt-get install postgresql; scripts/setup-servers.sh does)");
  }

  private static int major(Path bin) {
    try {
      return Integer.parseInt(bin.getParent().getFileName().toString());
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
