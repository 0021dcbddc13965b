package site.ycsbx.db.jdbc.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import site.ycsbx.util.UserError;

/**
 * PostgreSQL's postmaster.pid in the data folder: written by a running server, removed by a clean
 * stop. One left behind by a server that was killed names a pid that the next server must not
 * mistake for a live postmaster: PostgreSQL refuses to start when that pid belongs to any process
 * (in a container, pids are reused soon). Before a start, a file whose pid is not a process
 * working in this folder is removed; a server still stopping is waited for; one still running
 * (another bin/ycsb on the same folder) is refused.
 */
final class LockFile {
  static final String NAME = "postmaster.pid";
  /** A server that was just told to stop (the JVM before this one) is given this long to finish. */
  private static final long STOPPING_WAIT_SECONDS = 120;

  private LockFile() {
  }

  /** The lines PostgreSQL 10+ writes: pid, folder, start time, port, socket folder, address, shared memory, status. */
  record Content(long pid, int port, String status) {
  }

  /** The file's pid, port and status; empty when absent or not yet complete. */
  static Optional<Content> read(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
    if (lines.size() < 8) {
      return Optional.empty();
    }
    try {
      return Optional.of(new Content(Long.parseLong(lines.get(0).trim()), Integer.parseInt(lines.get(3).trim()),
          lines.get(7).trim()));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /**
   * Makes the folder startable: waits for a server of this folder that is stopping, refuses one
   * that runs, removes a stale postmaster.pid.
   */
  static void clearStale(Path dir) {
    Path file = dir.resolve(NAME);
    if (!Files.exists(file)) {
      return;
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STOPPING_WAIT_SECONDS);
    boolean said = false;
    while (true) {
      List<Long> inFolder = processesIn(dir);
      if (inFolder.isEmpty()) {
        break;
      }
      Optional<Content> c = read(file);
      // without its file, the postmaster has finished its shutdown and its last processes are ending
      boolean stopping = !Files.exists(file) || c.isPresent() && c.get().status().equals("stopping");
      if (!stopping || System.nanoTime() > deadline) {
        throw UserError.target(DataFolder.DIR_PROPERTY + "=" + dir + " is in use by a running PostgreSQL (pid "
            + c.map(Content::pid).orElse(inFolder.get(0)) + (c.isPresent() ? ", port " + c.get().port() : "")
            + "): another bin/ycsb on this folder? let it finish, or choose another " + DataFolder.DIR_PROPERTY);
      }
      if (!said) {
        said = true;
        System.out.println(ServerLines.PREFIX + "waiting for the PostgreSQL server of the previous run to stop"
            + " (pid " + c.map(Content::pid).orElse(inFolder.get(0)) + ")");
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw UserError.target("interrupted while waiting for the previous server in " + dir + " to stop");
      }
    }
    Optional<Content> left = read(file);
    try {
      if (Files.deleteIfExists(file) && left.isPresent()) {
        System.out.println(ServerLines.PREFIX + "removed a stale " + NAME + " (pid " + left.get().pid() + " is no"
            + " PostgreSQL of " + dir + "): the last server here did not stop cleanly; PostgreSQL recovers from its"
            + " write-ahead log");
      }
    } catch (IOException e) {
      throw UserError.target("cannot remove the stale " + file + ": " + e.getMessage());
    }
  }

  /**
   * PostgreSQL processes whose working folder is {@code dir}: a postmaster and every one of its
   * processes work in their data folder (a shell that is there is not one of them). Processes
   * this user may not inspect are not counted (they could not open a folder of mode 700 either,
   * unless they are root's).
   */
  static List<Long> processesIn(Path dir) {
    List<Long> out = new ArrayList<>();
    Path real;
    try {
      real = dir.toRealPath();
    } catch (IOException e) {
      return out;
    }
    try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
      procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit)).forEach(p -> {
        try {
          if (Files.readSymbolicLink(p.resolve("cwd")).equals(real)
              && Files.readString(p.resolve("comm")).trim().equals("postgres")) {
            out.add(Long.parseLong(p.getFileName().toString()));
          }
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
          // gone, or not ours to read
        }
      });
    } catch (IOException e) {
      return out;
    }
    return out;
  }
}
