package site.ycsbx.db.jdbc.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Properties;
import java.util.stream.Stream;
import site.ycsbx.util.UserError;

/**
 * The folder of {@value #DIR_PROPERTY}: absent or empty (a new server is created there), or a
 * PostgreSQL data folder that postgres-embedded created for the same major version. Anything else
 * is refused before anything is created. Reads a few small files only, so opening a large folder
 * costs no more than opening a small one.
 */
final class DataFolder {
  /** The server's data folder (PostgreSQL's data directory itself); created when absent. */
  static final String DIR_PROPERTY = "postgres.embedded.dir";
  static final String DIR_PROPERTY_DEFAULT = "ycsbx-data/postgres-embedded";
  /** The superuser's password, made at initdb; only this OS user can read it. */
  static final String PASSWORD_FILE = "ycsbx-password";
  /** What the server prints (its log), appended to at each start. */
  static final String LOG_FILE = "ycsbx-server.log";

  /** What the folder holds. */
  enum State {
    /** Absent, or an empty folder: initdb makes a new data folder there. */
    NEW,
    /** A data folder postgres-embedded made for this major version. */
    EXISTING
  }

  private final Path dir;
  private final State state;

  private DataFolder(Path dir, State state) {
    this.dir = dir;
    this.state = state;
  }

  Path dir() {
    return dir;
  }

  State state() {
    return state;
  }

  Path passwordFile() {
    return dir.resolve(PASSWORD_FILE);
  }

  Path logFile() {
    return dir.resolve(LOG_FILE);
  }

  /** The absolute folder the properties name; checks the value without creating anything. */
  static Path location(Properties props) {
    String raw = props.getProperty(DIR_PROPERTY);
    if (raw == null) {
      raw = DIR_PROPERTY_DEFAULT;
    } else if (raw.isBlank()) {
      // an unset shell variable (-p postgres.embedded.dir=$DIR) must not load into the default folder
      throw new UserError(DIR_PROPERTY + " is empty; " + DIR_PROPERTY + " accepts a folder (created when absent; leave"
          + " it out for " + DIR_PROPERTY_DEFAULT + ")");
    }
    try {
      return Path.of(raw.trim()).toAbsolutePath().normalize();
    } catch (InvalidPathException e) {
      throw new UserError(DIR_PROPERTY + "=" + raw + " is not a valid path; " + DIR_PROPERTY + " accepts a folder");
    }
  }

  /**
   * What the folder holds; a {@link UserError} naming it when it is neither absent, empty, nor a
   * data folder of PostgreSQL {@code major} made by postgres-embedded.
   */
  static DataFolder inspect(Properties props, String major) {
    Path dir = location(props);
    String named = DIR_PROPERTY + "=" + dir;
    if (!Files.exists(dir)) {
      return new DataFolder(dir, State.NEW);
    }
    if (!Files.isDirectory(dir)) {
      throw new UserError(named + " is a file, not a folder; " + DIR_PROPERTY + " accepts a folder (created when absent)"
          + " that postgres-embedded keeps its PostgreSQL data in");
    }
    Path version = dir.resolve("PG_VERSION");
    if (!Files.exists(version)) {
      String first = firstEntry(dir, named);
      if (first == null) {
        return new DataFolder(dir, State.NEW);
      }
      throw new UserError(named + " holds " + first + " and is not a PostgreSQL data folder (no PG_VERSION); "
          + DIR_PROPERTY + " accepts an empty or absent folder, or one an earlier postgres-embedded run made");
    }
    String found;
    try {
      found = Files.readString(version).trim();
    } catch (IOException e) {
      throw UserError.target("cannot read " + version + " (" + DIR_PROPERTY + "): " + e.getMessage());
    }
    if (!found.equals(major)) {
      throw new UserError(named + " is a PostgreSQL " + found + " data folder; postgres-embedded runs PostgreSQL " + major
          + ", which cannot open it: choose another " + DIR_PROPERTY + " (or remove that folder to start afresh)");
    }
    if (!Files.isRegularFile(dir.resolve(PASSWORD_FILE))) {
      throw new UserError(named + " is a PostgreSQL " + found + " data folder that postgres-embedded did not make (no "
          + PASSWORD_FILE + "); choose another " + DIR_PROPERTY + ", or use the jdbc binding to reach its server");
    }
    return new DataFolder(dir, State.EXISTING);
  }

  /** The folder's first entry, for messages; null when empty. */
  private static String firstEntry(Path dir, String named) {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.map(p -> "'" + p.getFileName() + "'" + (Files.isDirectory(p) ? " (a folder)" : ""))
          .sorted().findFirst().orElse(null);
    } catch (IOException e) {
      throw UserError.target("cannot read " + named + ": " + e.getMessage());
    }
  }
}
