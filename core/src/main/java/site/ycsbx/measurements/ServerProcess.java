package site.ycsbx.measurements;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import site.ycsbx.util.UserError;

/**
 * The database server's process on this host and the bytes it has written to storage
 * ({@code write_bytes} of {@code /proc/<pid>/io}, summed over the process and its children, as
 * PostgreSQL writes from its backends, WAL writer and checkpointer). Unlike the host's disk
 * counters, other processes' writes are not in it. A child that exits takes its bytes with it
 * (Linux does not add them to the parent's): the server's long-lived processes do the writing.
 */
public final class ServerProcess {
  /** Overrides the search by port, e.g. for a server behind a proxy or in a container. */
  public static final String PID_PROPERTY = "ycsbx.serverpid";
  private static final Path PROC = Path.of("/proc");
  private static final String LISTEN = "0A";

  static final int RESCAN_SECONDS = 10;

  private final long pid;
  private final String name;
  private List<Long> descendants = List.of();
  private long descendantsSeenNanos = Long.MIN_VALUE;
  // the main thread's children at the last look (PostgreSQL's postmaster forks its backends there)
  private String childrenSeen = "";

  ServerProcess(long pid, String name) {
    this.pid = pid;
    this.name = name;
  }

  /** The pid given by {@value #PID_PROPERTY}, checked: one clear line when it is not usable. */
  public static Optional<ServerProcess> fromProperty(String value) {
    if (value == null || value.isBlank()) {
      return Optional.empty();
    }
    long pid;
    try {
      pid = Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new UserError(PID_PROPERTY + "=" + value + " is not a process id");
    }
    ServerProcess p = new ServerProcess(pid, commandName(pid));
    if (readWriteBytes(pid) < 0) {
      throw new UserError(PID_PROPERTY + "=" + value + ": /proc/" + pid + "/io cannot be read (no such process on"
          + " this host, or another user's process: run as that user or root)");
    }
    return Optional.of(p);
  }

  /**
   * The process listening on this host's TCP {@code port} whose /proc/pid/io can be read; empty
   * when there is none (a remote server, or another user's process without the right to read it).
   */
  public static Optional<ServerProcess> listeningOn(int port) {
    if (port <= 0 || !Files.isDirectory(PROC)) {
      return Optional.empty();
    }
    Set<String> sockets = new HashSet<>();
    for (String table : List.of("net/tcp", "net/tcp6")) {
      sockets.addAll(listeningSockets(PROC.resolve(table), port));
    }
    if (sockets.isEmpty()) {
      return Optional.empty();
    }
    long self = ProcessHandle.current().pid();
    if (ownsSocket(self, sockets)) {
      return Optional.of(new ServerProcess(self, "this JVM (the embedded server)"));
    }
    try (DirectoryStream<Path> procs = Files.newDirectoryStream(PROC, p -> p.getFileName().toString().matches("\\d+"))) {
      for (Path p : procs) {
        long pid = Long.parseLong(p.getFileName().toString());
        if (ownsSocket(pid, sockets)) {
          ServerProcess found = new ServerProcess(pid, commandName(pid));
          return readWriteBytes(pid) < 0 ? Optional.empty() : Optional.of(found);
        }
      }
    } catch (IOException e) {
      return Optional.empty();
    }
    return Optional.empty();
  }

  // "socket:[inode]" names of the sockets listening on the port, from /proc/net/tcp(6)
  static Set<String> listeningSockets(Path table, int port) {
    Set<String> out = new HashSet<>();
    List<String> lines;
    try {
      lines = Files.readAllLines(table);
    } catch (IOException e) {
      return out;
    }
    String portHex = String.format(Locale.ROOT, ":%04X", port);
    for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
      String[] f = line.trim().split("\\s+");
      if (f.length > 9 && f[1].endsWith(portHex) && f[3].equals(LISTEN)) {
        out.add("socket:[" + f[9] + "]");
      }
    }
    return out;
  }

  private static boolean ownsSocket(long pid, Set<String> sockets) {
    try (DirectoryStream<Path> fds = Files.newDirectoryStream(PROC.resolve(pid + "/fd"))) {
      for (Path fd : fds) {
        try {
          if (sockets.contains(Files.readSymbolicLink(fd).toString())) {
            return true;
          }
        } catch (IOException e) {
          // closed meanwhile
        }
      }
    } catch (IOException | SecurityException e) {
      return false; // another user's process
    }
    return false;
  }

  private static String commandName(long pid) {
    try {
      return Files.readString(PROC.resolve(pid + "/comm")).trim();
    } catch (IOException e) {
      return "?";
    }
  }

  public long pid() {
    return pid;
  }

  /** e.g. {@code pid 812 mariadbd, /proc/812/io write_bytes with its children}. */
  public String describe() {
    return "pid " + pid + " " + name + ", /proc/" + pid + "/io write_bytes with its children";
  }

  /** Bytes the server and its live children have written to storage so far; -1 when unreadable. */
  public long bytesWritten() {
    long sum = readWriteBytes(pid);
    if (sum < 0) {
      return -1;
    }
    List<Long> children = new ArrayList<>();
    ProcessHandle.of(pid).ifPresent(h -> h.descendants().forEach(c -> children.add(c.pid())));
    for (long c : children) {
      sum += Math.max(0, readWriteBytes(c));
    }
    return sum;
  }

  /**
   * CPU time of the server so far, in clock ticks: its own user and system time (every thread),
   * the time of children it has reaped (cutime, cstime: a PostgreSQL backend that exited) and the
   * time of its live descendants (PostgreSQL's backends, WAL writer, checkpointer); -1 when
   * unreadable. A backend that exits moves its time from the last part to the third one. The
   * descendants are looked up again (which reads every process's stat file) when the last look is
   * {@value #RESCAN_SECONDS} s old, or at once when the children of the server's main thread
   * changed (one small file): a child born since the last look is counted, with all its time, from
   * the next one on. A rescan every 10 s alone made a run's new backends' CPU jump into the
   * series up to 10 s late, and a window starting between two samples (a warm-up's end) was
   * charged their CPU from before its start (PostgreSQL, 16 new connections: 1.28x the server's
   * CPU a transaction). Totals between two {@link #cpuTicksNow} calls are exact.
   */
  public long cpuTicks() {
    return cpuTicks(false);
  }

  /** {@link #cpuTicks} with the descendants looked up now: for the ends of a measured window. */
  public long cpuTicksNow() {
    return cpuTicks(true);
  }

  private synchronized long cpuTicks(boolean now) {
    long[] own = ProcStat.processTicks(PROC.resolve(pid + "/stat"));
    if (own == null) {
      return -1;
    }
    String children = mainThreadChildren();
    boolean changed = !children.equals(childrenSeen);
    childrenSeen = children;
    if (now || changed || descendantsSeenNanos == Long.MIN_VALUE
        || System.nanoTime() - descendantsSeenNanos >= RESCAN_SECONDS * 1_000_000_000L) {
      List<Long> found = new ArrayList<>();
      ProcessHandle.of(pid).ifPresent(h -> h.descendants().forEach(c -> found.add(c.pid())));
      descendants = found;
      descendantsSeenNanos = System.nanoTime();
    }
    long sum = own[0] + own[1] + own[2] + own[3];
    for (long c : descendants) {
      long[] t = ProcStat.processTicks(PROC.resolve(c + "/stat"));
      if (t != null) {
        sum += t[0] + t[1]; // one that exited is in cutime/cstime once reaped
      }
    }
    return sum;
  }

  /** The pids of the main thread's children, as the kernel lists them; "" when it does not. */
  private String mainThreadChildren() {
    try {
      return Files.readString(PROC.resolve(pid + "/task/" + pid + "/children"));
    } catch (IOException | SecurityException e) {
      return ""; // no CONFIG_PROC_CHILDREN: the timed rescans alone
    }
  }

  /** e.g. {@code pid 812 mariadbd}. */
  public String name() {
    return "pid " + pid + " " + name;
  }

  private static long readWriteBytes(long p) {
    try {
      for (String line : Files.readAllLines(PROC.resolve(p + "/io"))) {
        if (line.startsWith("write_bytes:")) {
          return Long.parseLong(line.substring("write_bytes:".length()).trim());
        }
      }
    } catch (IOException | NumberFormatException | SecurityException e) {
      return -1;
    }
    return -1;
  }
}
