package site.ycsbx.measurements;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The counters read at one instant: host CPU ticks and context switches (/proc/stat), disk reads
 * and sectors (/proc/diskstats), this JVM's and the server's CPU ticks; -1 where a source is not
 * measured. Two of them give the figures of the time between ({@link EfficiencyFigures#between}).
 */
record EfficiencySample(long nanos, long epochMillis, long[] v) {
  // the counters of one sample, by index
  static final int USER = 0;
  static final int NICE = 1;
  static final int SYSTEM = 2;
  static final int IDLE = 3;
  static final int IOWAIT = 4;
  static final int IRQ = 5;
  static final int SOFTIRQ = 6;
  static final int STEAL = 7;
  static final int CTXT = 8;
  static final int READS = 9;
  static final int SECTORS_READ = 10;
  static final int SECTORS_WRITTEN = 11;
  static final int CLIENT_TICKS = 12;
  static final int SERVER_TICKS = 13;
  static final int COUNTERS = 14;

  private static final Path SELF_STAT = Path.of("/proc/self/stat");

  /**
   * One read of each source; {@code ends}: the first or the last sample, which look up the
   * server's descendants anew.
   */
  static EfficiencySample read(Path procStat, DiskStats disks, ServerProcess server, boolean ends) {
    long[] v = new long[COUNTERS];
    Arrays.fill(v, -1);
    ProcStat.Host h = ProcStat.host(procStat);
    if (h != null) {
      v[USER] = h.user();
      v[NICE] = h.nice();
      v[SYSTEM] = h.system();
      v[IDLE] = h.idle();
      v[IOWAIT] = h.iowait();
      v[IRQ] = h.irq();
      v[SOFTIRQ] = h.softirq();
      v[STEAL] = h.steal();
      v[CTXT] = h.contextSwitches();
    }
    if (disks != null) {
      DiskStats.Counters d = disks.counters();
      v[READS] = d.reads();
      v[SECTORS_READ] = d.sectorsRead();
      v[SECTORS_WRITTEN] = d.sectorsWritten();
    }
    long[] self = ProcStat.processTicks(SELF_STAT);
    v[CLIENT_TICKS] = self == null ? -1 : self[0] + self[1];
    v[SERVER_TICKS] = server == null ? -1 : ends ? server.cpuTicksNow() : server.cpuTicks();
    return new EfficiencySample(System.nanoTime(), System.currentTimeMillis(), v);
  }

  /** Counters at {@code nanos}: the sample there, or a linear interpolation of the two around it. */
  static EfficiencySample at(List<EfficiencySample> all, long nanos) {
    EfficiencySample before = all.get(0);
    for (EfficiencySample s : all) {
      if (s.nanos() >= nanos) {
        if (s.nanos() == nanos || s == before) {
          return s;
        }
        double w = (double) (nanos - before.nanos()) / (s.nanos() - before.nanos());
        long[] v = new long[COUNTERS];
        for (int i = 0; i < COUNTERS; i++) {
          v[i] = before.v()[i] < 0 || s.v()[i] < 0 ? -1
              : before.v()[i] + Math.round((s.v()[i] - before.v()[i]) * w);
        }
        long ms = before.epochMillis() + Math.round((s.epochMillis() - before.epochMillis()) * w);
        return new EfficiencySample(nanos, ms, v);
      }
      before = s;
    }
    return before;
  }
}
