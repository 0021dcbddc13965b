package site.ycsbx.db.mongodb;

import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Properties;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.util.UserError;

/**
 * The in-process MongoDB wire-protocol server of {@code mongodb-embedded}: one per JVM, started
 * on first use on 127.0.0.1 and an ephemeral port, stopped when the JVM exits (so the H2 file is
 * closed cleanly). With the H2 backend the data lives in one file under
 * {@value #DIR_PROPERTY}, so a load and a later run see the same data.
 */
public final class EmbeddedServer {
  /** Folder of the data file; {@value #MEMORY}: a throwaway in-memory server. */
  public static final String DIR_PROPERTY = "mongodb.embedded.dir";
  public static final String DIR_PROPERTY_DEFAULT = "ycsbx-data/mongodb-embedded";
  public static final String MEMORY = ":memory:";
  /** The H2 MVStore file inside the folder. */
  public static final String FILE_NAME = "mongodb-embedded.mv.db";
  /** Database the binding uses on the embedded server: the binding's default. */
  public static final String DATABASE = MongoOptions.DATABASE_DEFAULT;

  /** Start of the lines about opening the data file (stdout, beside the binding's notes). */
  static final String OPENING_PREFIX = "[YCSB-X] ";

  private static EmbeddedServer running;
  private static boolean hookAdded;

  private final MongoServer server;
  private final MongoBackend backend;
  private final String location;
  private final int port;

  private EmbeddedServer(MongoBackend backend, String location) {
    this.backend = backend;
    this.location = location;
    this.server = new MongoServer(backend);
    // bind(host, 0) returns nothing in 1.47: the port is read back from the bound address
    server.bind("127.0.0.1", 0);
    this.port = server.getLocalAddress().getPort();
  }

  /**
   * The folder the properties ask for, absolute, or {@value #MEMORY}; checks the value without
   * creating anything.
   */
  public static String location(Properties props) {
    String dir = props.getProperty(DIR_PROPERTY);
    if (dir == null) {
      dir = DIR_PROPERTY_DEFAULT;
    } else if (dir.isBlank()) {
      // an unset shell variable (-p mongodb.embedded.dir=$DIR) must not load into the default folder
      throw new UserError(DIR_PROPERTY + " is empty; " + DIR_PROPERTY + " accepts a folder (created when absent) or "
          + MEMORY + " (leave it out for " + DIR_PROPERTY_DEFAULT + ")");
    }
    dir = dir.trim();
    if (dir.equals(MEMORY)) {
      return MEMORY;
    }
    try {
      Path p = Path.of(dir).toAbsolutePath().normalize();
      if (Files.exists(p) && !Files.isDirectory(p)) {
        throw new UserError(DIR_PROPERTY + "=" + dir + " is a file, not a folder; " + DIR_PROPERTY
            + " accepts a folder (created when absent) or " + MEMORY);
      }
      return p.toString();
    } catch (InvalidPathException e) {
      throw new UserError(DIR_PROPERTY + "=" + dir + " is not a valid path; " + DIR_PROPERTY
          + " accepts a folder (created when absent) or " + MEMORY);
    }
  }

  /** The JVM's server, started for the folder the properties name when none runs yet. */
  public static synchronized EmbeddedServer start(Properties props) {
    String location = location(props);
    if (running != null) {
      if (!running.location.equals(location)) {
        throw new UserError(DIR_PROPERTY + "=" + location + ", but this JVM's embedded server already uses "
            + running.location + " (one embedded server per JVM)");
      }
      return running;
    }
    MongoBackend backend;
    if (location.equals(MEMORY)) {
      backend = new MemoryBackend();
    } else {
      Path dir = Path.of(location);
      try {
        Files.createDirectories(dir);
      } catch (IOException e) {
        throw UserError.target("cannot create " + DIR_PROPERTY + " folder " + location + ": " + e.getMessage());
      }
      try {
        backend = open(dir.resolve(FILE_NAME));
      } catch (RuntimeException e) {
        // typically: another process holds the file
        throw UserError.target("cannot open " + dir.resolve(FILE_NAME) + " (" + DIR_PROPERTY + "): "
            + e.getMessage());
      }
    }
    running = new EmbeddedServer(backend, location);
    if (!hookAdded) {
      hookAdded = true;
      Runtime.getRuntime().addShutdownHook(new Thread(EmbeddedServer::stopRunning, "ycsbx-embedded-mongodb-stop"));
    }
    return running;
  }

  /**
   * Opens the H2 file, saying so when it exists: H2 reads a large store before the server
   * answers (tens of seconds for a few hundred MB), and a silent pause looks like a hang.
   */
  private static MongoBackend open(Path file) {
    if (!Files.isRegularFile(file)) {
      return new H2Backend(file.toString());
    }
    long bytes;
    try {
      bytes = Files.size(file);
    } catch (IOException e) {
      bytes = -1;
    }
    System.out.println(OPENING_PREFIX + "opening " + file.getParent() + (bytes < 0 ? "" : " (" + megabytes(bytes) + ")")
        + " ...");
    long start = System.nanoTime();
    H2Backend backend = new H2Backend(file.toString());
    System.out.println(OPENING_PREFIX + "opened " + file.getParent() + " in "
        + String.format(java.util.Locale.ROOT, "%.1f s", (System.nanoTime() - start) / 1e9));
    return backend;
  }

  private static String megabytes(long bytes) {
    return bytes < 1024 * 1024 ? String.format(java.util.Locale.ROOT, "%.1f MB", bytes / 1048576.0)
        : (bytes + 512 * 1024) / (1024 * 1024) + " MB";
  }

  /** Stops the server and closes its data file; the next {@link #start} starts a new one. */
  public static synchronized void stopRunning() {
    if (running != null) {
      EmbeddedServer s = running;
      running = null;
      s.server.shutdownNow();
    }
  }

  /** Makes the H2 backend's writes durable now rather than at its next background commit. */
  /** The JVM's running server; null before {@link #start} and after {@link #stopRunning}. */
  static synchronized EmbeddedServer current() {
    return running;
  }

  static synchronized void commitRunning() {
    if (running != null && running.backend instanceof H2Backend) {
      ((H2Backend) running.backend).commit();
    }
  }

  /** Connection string of the running server. */
  public String url() {
    return "mongodb://127.0.0.1:" + port + "/" + DATABASE;
  }

  /** Absolute folder of the data file, or {@value #MEMORY}. */
  public String location() {
    return location;
  }

  /** {@code H2 backend at <folder>} or {@code memory backend}, for the fingerprint. */
  public String backendDescription() {
    return location.equals(MEMORY) ? "memory backend" : "H2 backend at " + location;
  }
}
