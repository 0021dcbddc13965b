package site.ycsbx.db.jdbc.embedded;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import site.ycsbx.util.UserError;

/**
 * The postgres process, tied to this JVM's life: it runs under a small shell that stops it
 * (SIGINT, PostgreSQL's fast shutdown: clients disconnected, a shutdown checkpoint, postmaster.pid
 * removed) as soon as its standard input, a pipe only this JVM writes to, reaches its end. That
 * happens when {@link #stop} closes the pipe, and also when the JVM ends without running its
 * shutdown hooks (Runtime.halt after a failed run, a second Ctrl-C, SIGKILL, a crash): no server
 * outlives the run. The shell and the server run in a session of their own ({@code setsid}), so
 * a Ctrl-C at the terminal reaches the JVM only, which then exports its results before stopping
 * the server.
 */
final class GuardedServer {
  /**
   * "$@" is the server's command. fd 3 keeps the JVM's pipe for the watcher; the server gets
   * neither; the shell exits with the server's status once it has ended.
   */
  private static final String GUARD = "exec 3<&0 0</dev/null\n"
      + "\"$@\" 3<&- &\n"
      + "pg=$!\n"
      + "(read -r _ <&3; kill -INT \"$pg\" 2>/dev/null) &\n"
      + "w=$!\n"
      + "exec 3<&-\n"
      + "wait \"$pg\"; rc=$?\n"
      + "kill \"$w\" 2>/dev/null; wait \"$w\" 2>/dev/null\n"
      + "exit \"$rc\"\n";
  /** Ports taken between choosing a free one and the server binding it: tried again this often. */
  private static final int PORT_ATTEMPTS = 5;
  /** Crash recovery replays the WAL since the last checkpoint (at most max_wal_size) first. */
  private static final long START_TIMEOUT_SECONDS = 600;
  /** Saying why nothing happens yet, after this long. */
  private static final long START_NOTE_SECONDS = 5;
  private static final long STOP_TIMEOUT_SECONDS = 120;
  /** log_line_prefix '%m [%p] ', PostgreSQL's default. */
  private static final java.util.regex.Pattern PREFIX = java.util.regex.Pattern.compile(
      "^\\d{4}-\\d\\d-\\d\\d [0-9:.]+ \\S+ \\[\\d+\\] ");
  /** What every start says. */
  private static final java.util.regex.Pattern ROUTINE = java.util.regex.Pattern.compile(
      "^LOG:\\s+(starting PostgreSQL|listening on|database system (was|is)|redirecting log)");

  private final Process guard;
  private final OutputStream pipe;
  private final int port;
  /** The postmaster, as found when it was ready (the handle knows its start time: a reused pid is not it). */
  private final ProcessHandle postmaster;
  private final Path dir;

  private GuardedServer(Process guard, int port, ProcessHandle postmaster, Path dir) {
    this.guard = guard;
    this.pipe = guard.getOutputStream();
    this.port = port;
    this.postmaster = postmaster;
    this.dir = dir;
  }

  int port() {
    return port;
  }

  /** The postmaster's pid. */
  long pid() {
    return postmaster.pid();
  }

  /**
   * Starts {@code postgres -D dir} with {@code settings} on a free loopback port and waits until it
   * accepts connections; its output is appended to {@code log}.
   */
  static GuardedServer start(ServerUser user, Path postgres, Path dir, List<String> settings, Path log) {
    if (!Processes.onPath("setsid")) {
      throw UserError.target("postgres-embedded needs setsid (util-linux), which is not on the PATH");
    }
    for (int attempt = 1; ; attempt++) {
      int port = freePort();
      List<String> cmd = new ArrayList<>(List.of("setsid", "sh", "-c", GUARD, "ycsbx-postgres-guard"));
      List<String> server = new ArrayList<>(List.of(postgres.toString(), "-D", dir.toString(), "-c", "port=" + port));
      for (String s : settings) {
        server.add("-c");
        server.add(s);
      }
      cmd.addAll(user.command(server));
      long logStart = size(log);
      Process p;
      try {
        p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start();
      } catch (IOException e) {
        throw UserError.target("cannot start PostgreSQL: " + e.getMessage());
      }
      Optional<ProcessHandle> postmaster = awaitReady(p, dir, port);
      if (postmaster.isPresent()) {
        return new GuardedServer(p, port, postmaster.get(), dir);
      }
      String output = tail(log, logStart);
      if (output.contains("Address already in use") && attempt < PORT_ATTEMPTS) {
        continue;
      }
      String why = why(output);
      throw UserError.target("PostgreSQL did not start (exit " + p.exitValue() + "): " + why + " (log: " + log + ")");
    }
  }

  /**
   * What the server said before it ended, in one line: its messages without their time and pid
   * prefix and without the routine ones, the last few joined (a bad setting is a LOG line, the
   * FATAL after it only says that the configuration has errors).
   */
  static String why(String output) {
    List<String> said = new ArrayList<>();
    for (String line : output.split("\n")) {
      String l = PREFIX.matcher(line).replaceFirst("").strip();
      if (!l.isEmpty() && !ROUTINE.matcher(l).find()) {
        said.add(l.replaceFirst("^LOG:\\s+", "")
            .replaceFirst("^(FATAL|ERROR|PANIC|HINT|DETAIL|WARNING):\\s+", "$1: "));
      }
    }
    if (said.isEmpty()) {
      return Processes.lastLine(output);
    }
    return String.join("; ", said.subList(Math.max(0, said.size() - 3), said.size()));
  }

  /** The postmaster once postmaster.pid says it is ready on {@code port}; empty when it ended. */
  private static Optional<ProcessHandle> awaitReady(Process p, Path dir, int port) {
    Path pidFile = dir.resolve(LockFile.NAME);
    long start = System.nanoTime();
    boolean noted = false;
    try {
      while (p.isAlive()) {
        Optional<LockFile.Content> c = LockFile.read(pidFile);
        if (c.isPresent() && c.get().port() == port && c.get().status().equals("ready")) {
          Optional<ProcessHandle> h = ProcessHandle.of(c.get().pid());
          if (h.isPresent()) {
            return h;
          }
        }
        long waited = System.nanoTime() - start;
        if (!noted && waited > TimeUnit.SECONDS.toNanos(START_NOTE_SECONDS)) {
          noted = true;
          System.out.println(ServerLines.PREFIX + "PostgreSQL is still starting (after an unclean stop it first"
              + " replays its write-ahead log; see " + dir.resolve(DataFolder.LOG_FILE) + ")");
        }
        if (waited > TimeUnit.SECONDS.toNanos(START_TIMEOUT_SECONDS)) {
          p.getOutputStream().close();
          throw UserError.target("PostgreSQL did not accept connections within " + START_TIMEOUT_SECONDS + " s (log: "
              + dir.resolve(DataFolder.LOG_FILE) + ")");
        }
        Thread.sleep(20);
      }
      p.waitFor();
      return Optional.empty();
    } catch (IOException e) {
      throw UserError.target("cannot watch PostgreSQL start: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw UserError.target("interrupted while PostgreSQL was starting");
    }
  }

  /**
   * Asks for a fast shutdown and waits until the server has ended; false when it had not within
   * {@value #STOP_TIMEOUT_SECONDS} s (it goes on stopping on its own).
   */
  boolean stop() {
    try {
      pipe.close();
    } catch (IOException e) {
      // the guard is gone already, and with it the server
    }
    try {
      boolean ended = guard.waitFor(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
      if (postmaster.isAlive()) {
        postmaster.onExit().get(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
      }
      return ended;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      return false;
    }
  }

  /** Whether the server still runs. */
  boolean isAlive() {
    return guard.isAlive();
  }

  Path dir() {
    return dir;
  }

  private static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw UserError.target("cannot find a free port on 127.0.0.1: " + e.getMessage());
    }
  }

  private static long size(Path f) {
    try {
      return Files.exists(f) ? Files.size(f) : 0;
    } catch (IOException e) {
      return 0;
    }
  }

  /** What the log got since {@code from} (at most its last 64 KB). */
  private static String tail(Path log, long from) {
    try (java.nio.channels.SeekableByteChannel ch = Files.newByteChannel(log)) {
      long start = Math.max(Math.max(0, from), ch.size() - 65536);
      java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate((int) Math.max(0, ch.size() - start));
      ch.position(start);
      while (b.hasRemaining() && ch.read(b) > 0) {
        // until the end
      }
      return new String(b.array(), 0, b.position(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }
}
