package site.ycsbx.db.jdbc.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import site.ycsbx.db.jdbc.conn.JdbcOptions;
import site.ycsbx.util.UserError;

/**
 * The PostgreSQL server of {@code postgres-embedded}: one per JVM, shared by every client thread,
 * started on first use from the binaries on the class path with its data in
 * {@value DataFolder#DIR_PROPERTY} (made by initdb when absent), listening on 127.0.0.1 and a free
 * port, stopped when the JVM exits (see {@link GuardedServer} for exits that run no shutdown hook).
 * A load and a later run in another JVM see the same data.
 */
public final class EmbeddedPostgres {
  /** The database the binding's tables go to. */
  public static final String DATABASE = "ycsb";
  /** The superuser initdb makes, which the binding connects as. */
  public static final String USER = InitDb.USER;

  private static EmbeddedPostgres running;
  private static boolean hookAdded;

  private final DataFolder folder;
  private final GuardedServer server;
  private final PostgresBinaries binaries;
  private final ServerUser user;
  private final List<String> settings;
  private final String password;

  private EmbeddedPostgres(DataFolder folder, GuardedServer server, PostgresBinaries binaries, ServerUser user,
      List<String> settings, String password) {
    this.folder = folder;
    this.server = server;
    this.binaries = binaries;
    this.user = user;
    this.settings = settings;
    this.password = password;
  }

  /**
   * The JVM's server, started for the folder the properties name when none runs yet. Refuses a
   * folder that is not a data folder of this PostgreSQL before anything is created.
   */
  public static synchronized EmbeddedPostgres start(Properties props) {
    Path dir = DataFolder.location(props);
    if (running != null) {
      if (!running.folder.dir().equals(dir)) {
        throw new UserError(DataFolder.DIR_PROPERTY + "=" + dir + ", but this JVM's embedded PostgreSQL already uses "
            + running.folder.dir() + " (one embedded server per JVM)");
      }
      return running;
    }
    PostgresBinaries binaries = PostgresBinaries.located();
    DataFolder folder = DataFolder.inspect(props, binaries.major());
    ServerUser user = ServerUser.detect();
    if (folder.state() == DataFolder.State.EXISTING) {
      checkOwner(folder.dir());
    }
    Path postgres = binaries.program("postgres");
    // a new folder's initdb and the start are one line: the README's first command is read whole
    String created = "";
    if (folder.state() == DataFolder.State.NEW) {
      created = InitDb.create(binaries, user, folder) + "; ";
    } else {
      LockFile.clearStale(folder.dir());
    }
    String password = readPassword(folder);
    List<String> settings = ServerSettings.of(props);
    long start = System.nanoTime();
    GuardedServer server = GuardedServer.start(user, postgres, folder.dir(), settings, folder.logFile());
    running = new EmbeddedPostgres(folder, server, binaries, user, settings, password);
    if (!hookAdded) {
      hookAdded = true;
      Runtime.getRuntime().addShutdownHook(new Thread(EmbeddedPostgres::stopRunning, "ycsbx-embedded-postgres-stop"));
    }
    System.out.println(ServerLines.PREFIX + created + "started PostgreSQL in " + ServerLines.seconds(System.nanoTime() - start) + " (pid "
        + server.pid() + ", 127.0.0.1:" + server.port() + (created.isEmpty() ? ", data in " + folder.dir() : "") + ")");
    if (folder.state() == DataFolder.State.NEW) {
      // once per folder: a run then finds the database (a load would create it anyway: MissingDatabase)
      running.createDatabase();
    }
    return running;
  }

  /** The running server, or null. */
  public static synchronized EmbeddedPostgres current() {
    return running;
  }

  /** Stops the server (fast shutdown) and waits for it; the next {@link #start} starts a new one. */
  public static synchronized void stopRunning() {
    if (running != null) {
      EmbeddedPostgres s = running;
      running = null;
      if (!s.server.stop()) {
        System.err.println(ServerLines.PREFIX + "PostgreSQL (pid " + s.server.pid() + ") is still stopping; it ends on its own");
      }
    }
  }

  /**
   * The properties a JDBC client thread of this server reads: the user's, with the server's URL,
   * user and password (never printed: the fingerprint names the user only).
   */
  public Properties clientProperties(Properties props) {
    Properties p = new Properties();
    p.putAll(props);
    p.setProperty(JdbcOptions.URL_PROPERTY, url());
    p.setProperty(JdbcOptions.USER_PROPERTY, USER);
    p.setProperty(JdbcOptions.PASSWORD_PROPERTY, password);
    return p;
  }

  /** {@code jdbc:postgresql://127.0.0.1:<port>/ycsb}. */
  public String url() {
    return "jdbc:postgresql://127.0.0.1:" + server.port() + "/" + DATABASE;
  }

  public int port() {
    return server.port();
  }

  /** The postmaster's pid. */
  public long pid() {
    return server.pid();
  }

  /** Absolute data folder. */
  public Path dir() {
    return folder.dir();
  }

  /** For the fingerprint: where the binaries come from and how the server runs. */
  String describe() {
    return "PostgreSQL started by YCSB-X from " + binaries.artifact() + ", " + user.describe();
  }

  /** For the fingerprint: the settings that differ from PostgreSQL's defaults. */
  String describeSettings() {
    return ServerSettings.describe(settings);
  }

  /** The binding's database, created at the first start of a folder. */
  private void createDatabase() {
    String admin = "jdbc:postgresql://127.0.0.1:" + server.port() + "/postgres";
    try (Connection c = DriverManager.getConnection(admin, USER, password)) {
      try (Statement s = c.createStatement()) {
        s.execute("CREATE DATABASE " + DATABASE);
      }
    } catch (SQLException e) {
      throw UserError.target("cannot prepare database " + DATABASE + " on the embedded PostgreSQL (" + folder.dir()
          + "): " + e.getMessage());
    }
  }

  private static String readPassword(DataFolder folder) {
    try {
      return Files.readString(folder.passwordFile()).trim();
    } catch (IOException e) {
      throw UserError.target("cannot read " + folder.passwordFile() + ": " + e.getMessage());
    }
  }

  /** PostgreSQL refuses a data folder of another owner; said here in one line instead. */
  private static void checkOwner(Path dir) {
    try {
      long me = ServerUser.effectiveUid();
      long owner = ((Number) Files.getAttribute(dir, "unix:uid")).longValue();
      if (me >= 0 && owner != me) {
        String name = Files.getOwner(dir).getName();
        throw new UserError(DataFolder.DIR_PROPERTY + "=" + dir + " belongs to " + name + ", not to "
            + System.getProperty("user.name") + ", who runs the server (PostgreSQL refuses a data folder of another"
            + " user); run as " + name + " or choose another " + DataFolder.DIR_PROPERTY);
      }
    } catch (IOException | UnsupportedOperationException e) {
      throw UserError.target("cannot read the owner of " + dir + ": " + e.getMessage());
    }
  }
}
