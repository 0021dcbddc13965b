package site.ycsbx.measurements;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The host's CPU time and context switches ({@code /proc/stat}, as vmstat reads them) and a
 * process's CPU time ({@code /proc/<pid>/stat}). Times are in clock ticks of {@value #TICKS_PER_SECOND}
 * per second (USER_HZ, 100 on every Linux architecture the JVM runs on).
 */
public final class ProcStat {
  /** USER_HZ: the unit of every time in /proc/stat and /proc/pid/stat. */
  public static final int TICKS_PER_SECOND = 100;

  /**
   * The aggregate {@code cpu} line and {@code ctxt} of /proc/stat. Busy time is everything but
   * idle and iowait (a CPU waiting for I/O is idle; vmstat shows it apart as wa).
   */
  public record Host(long user, long nice, long system, long idle, long iowait, long irq, long softirq, long steal,
      long contextSwitches) {
    public long busy() {
      return user + nice + system + irq + softirq + steal;
    }

    public long total() {
      return busy() + idle + iowait;
    }
  }

  private ProcStat() {
  }

  /** /proc/stat parsed; null when it cannot be read or lacks the cpu or ctxt line. */
  public static Host host(Path procStat) {
    try {
      return host(Files.readAllLines(procStat));
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * The CPUs /proc/stat counts (its cpuN lines), which its host figures are over; this JVM's
   * available processors when it cannot be read. The JVM's own count is the CPUs it may run on:
   * 1 for a client pinned to one core of a larger host.
   */
  public static int cpus(Path procStat) {
    try {
      int n = cpus(Files.readAllLines(procStat));
      return n > 0 ? n : Runtime.getRuntime().availableProcessors();
    } catch (IOException e) {
      return Runtime.getRuntime().availableProcessors();
    }
  }

  static int cpus(List<String> lines) {
    int n = 0;
    for (String line : lines) {
      if (line.length() > 3 && line.startsWith("cpu") && Character.isDigit(line.charAt(3))) {
        n++;
      }
    }
    return n;
  }

  static Host host(List<String> lines) {
    long[] cpu = null;
    long ctxt = -1;
    for (String line : lines) {
      if (line.startsWith("cpu ")) {
        String[] f = line.trim().split("\\s+");
        cpu = new long[8];
        // older kernels have fewer columns (no steal before 2.6.11): those count as 0
        for (int i = 0; i < cpu.length && i + 1 < f.length; i++) {
          cpu[i] = Long.parseLong(f[i + 1]);
        }
      } else if (line.startsWith("ctxt ")) {
        ctxt = Long.parseLong(line.substring(5).trim());
      }
    }
    if (cpu == null || ctxt < 0) {
      return null;
    }
    return new Host(cpu[0], cpu[1], cpu[2], cpu[3], cpu[4], cpu[5], cpu[6], cpu[7], ctxt);
  }

  /**
   * {utime, stime, cutime, cstime} of /proc/pid/stat, or null when unreadable (the process is
   * gone). The fields are counted after the command name's closing parenthesis: the name itself
   * may hold spaces and parentheses.
   */
  public static long[] processTicks(Path pidStat) {
    String text;
    try {
      text = Files.readString(pidStat);
    } catch (IOException | SecurityException e) {
      return null;
    }
    return processTicks(text);
  }

  static long[] processTicks(String text) {
    int close = text.lastIndexOf(')');
    if (close < 0) {
      return null;
    }
    // after ")": state(3) ppid(4) ... utime(14) stime(15) cutime(16) cstime(17)
    String[] f = text.substring(close + 1).trim().split("\\s+");
    if (f.length < 15) {
      return null;
    }
    try {
      return new long[] {Long.parseLong(f[11]), Long.parseLong(f[12]), Long.parseLong(f[13]), Long.parseLong(f[14])};
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
