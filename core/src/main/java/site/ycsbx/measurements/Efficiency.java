package site.ycsbx.measurements;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsbx.store.ServerAddress;
import site.ycsbx.store.ServerWork;
import site.ycsbx.util.UserError;

/**
 * Efficiency per operation, for every workload: a daemon thread reads {@code /proc} once a
 * second for the whole run (host CPU and context switches from /proc/stat, reads and KB
 * read/written on the chosen disks from /proc/diskstats through {@link DiskStats}, the client
 * JVM's CPU from /proc/self/stat, the server process's CPU through {@link ServerProcess}); at the
 * export the counters over the measured window become one table for the phase:
 * {@code cs.sec cpu.sec cs.op cpu.Kop r.sec rkb.sec wkb.sec r.op rkb.op wkb.op} (rates per second,
 * then the same counts divided by the operations done in the window), the host's us/sy/wa and
 * the client's and server's CPU per 1000 operations. Written to the console
 * ({@link EfficiencyTable}), YCSB's export ({@value #METRIC} metrics) and {@value EfficiencyCsv#FILE}
 * of the run folder ({@link EfficiencyCsv}). One run per JVM.
 */
public final class Efficiency {
  /** false: no sampler thread, no table. */
  public static final String PROPERTY = "ycsbx.efficiency";
  private static final String OUT_PROPERTY = RunOutput.OUT_PROPERTY;
  /** The export metric of the phase's figures. */
  public static final String METRIC = "EFFICIENCY";
  static final long PERIOD_NANOS = TimeUnit.SECONDS.toNanos(1);
  static final Path PROC_STAT = Path.of("/proc/stat");

  private static volatile Efficiency current;

  /** What {@link #check} found, for {@link #start}: the run's disks and a server pid it was given. */
  public record Plan(boolean enabled, DiskStats disks, Optional<ServerProcess> serverPid, Path out,
      OtherLoad.Thresholds others) {
  }

  private final String phase;
  private final Path procStat;
  private final DiskStats disks;
  private final ServerProcess server;
  private final String serverNote;
  private final Path out;
  private OtherLoad.Thresholds others = OtherLoad.Thresholds.DEFAULT;
  // false: the server runs on this host but its process is not measured, so others' CPU is unknown
  private boolean serverKnown = true;
  private ServerWork.Source serverWork;
  private Map<String, Long> serverWorkStart;
  private final List<EfficiencySample> samples = new ArrayList<>();
  private final AtomicBoolean finished = new AtomicBoolean();
  private volatile boolean stop;
  private Thread thread;

  Efficiency(String phase, Path procStat, DiskStats disks, ServerProcess server, String serverNote, Path out) {
    this.phase = phase;
    this.procStat = procStat;
    this.disks = disks;
    this.server = server;
    this.serverNote = serverNote;
    this.out = out;
  }

  /**
   * Checks {@value #PROPERTY}, {@value DiskStats#DISKS_PROPERTY} (and its alias) and
   * {@value ServerProcess#PID_PROPERTY}: bad input is a {@link UserError} before anything is created.
   */
  public static Plan check(Properties props) {
    String on = props.getProperty(PROPERTY, "true").trim();
    if (!on.equals("true") && !on.equals("false")) {
      throw new UserError(PROPERTY + "=" + on + " accepts true (default: sample /proc every second) or false");
    }
    DiskStats disks = DiskStats.forRun(props);
    Optional<ServerProcess> pid = ServerProcess.fromProperty(props.getProperty(ServerProcess.PID_PROPERTY));
    String out = props.getProperty(OUT_PROPERTY, "").trim();
    OtherLoad.Thresholds others = OtherLoad.Thresholds.of(props);
    return new Plan(on.equals("true") && Files.isReadable(PROC_STAT), disks, pid, out.isEmpty() ? null : Path.of(out),
        others);
  }

  /**
   * Finds the server's process (the pid given, else the process listening on the address's port
   * on this host) and starts sampling; the run's instance is {@link #current}. Nothing when the
   * plan is disabled or the host has no /proc.
   */
  public static Efficiency start(Plan plan, ServerAddress address, String phase) {
    if (!plan.enabled()) {
      return null;
    }
    ServerProcess server = plan.serverPid().orElse(null);
    String note;
    if (server != null) {
      note = "server " + server.name() + " (" + ServerProcess.PID_PROPERTY + ")";
    } else {
      Located found = locate(address);
      server = found.process();
      note = found.note();
    }
    Efficiency e = new Efficiency(phase, PROC_STAT, plan.disks(), server, note, plan.out());
    e.others = plan.others();
    e.serverKnown = server != null || address.where() == ServerAddress.Where.NONE
        || address.where() == ServerAddress.Where.THIS_JVM || address.where() == ServerAddress.Where.REMOTE;
    e.serverWork = ServerWork.open();
    if (e.serverWork != null) {
      e.serverWorkStart = e.serverWork.wholeServer();
    }
    // the status line's word on others is computed at the first tick: its code is loaded now, before the clock
    OtherLoad.rehearse(e.others);
    e.startThread();
    if (Warmup.millis() > 0) {
      // the measured window starts there: read the server's children anew at that instant, not
      // between two samples (a client thread pays the one look, about 2 ms)
      Warmup.onEnd(() -> e.add(e.sample(true)));
    }
    current = e;
    return e;
  }

  /** The server's process on this host (null when none) and the line that says which, or why not. */
  public record Located(ServerProcess process, String note) {
  }

  /** The server process at {@code address} on this host, or none, with the line that says which or why not. */
  public static Located locate(ServerAddress address) {
    String at = address.host() + (address.port() > 0 ? ":" + address.port() : "");
    switch (address.where()) {
      case NONE:
        return new Located(null, "server: none (the binding reaches no server)");
      case THIS_JVM:
        return new Located(null, "server: in this JVM (its CPU is in the client's)");
      case REMOTE:
        return new Located(null, "server " + at + ": not local (runs on another host; its CPU is not measured"
            + " here)");
      case LOCAL: {
        Optional<ServerProcess> p = ServerProcess.listeningOn(address.port());
        if (p.isPresent()) {
          return new Located(p.get(), "server " + p.get().name() + " (listening on port " + address.port() + ")");
        }
        return new Located(null, "server " + at + ": n/a (" + (address.port() > 0 ? "no readable process"
            + " listens on port " + address.port() : "no TCP port to find it by") + "; set "
            + ServerProcess.PID_PROPERTY + ")");
      }
      default:
        return new Located(null, "server: n/a (the binding names no server address; set "
            + ServerProcess.PID_PROPERTY + ")");
    }
  }

  /** The run's sampler, or null. */
  public static Efficiency current() {
    return current;
  }

  /**
   * The status line's word on others over the last {@code seconds} (one tick): {@code others 34% CPU}
   * when their share of the host's CPU is over the threshold, else null.
   */
  String othersTick(double seconds) {
    List<EfficiencySample> all;
    synchronized (this) {
      if (samples.size() < 2) {
        return null;
      }
      all = List.copyOf(samples);
    }
    EfficiencySample end = all.get(all.size() - 1);
    EfficiencySample start = EfficiencySample.at(all, end.nanos() - (long) (seconds * 1e9));
    return start == end ? null : OtherLoad.tick(OtherLoad.cpuPercent(start, end, serverKnown), others);
  }

  /** The line saying where the server's CPU comes from. */
  public String serverNote() {
    return serverNote;
  }

  void startThread() {
    add(sample(true));
    thread = new Thread(this::loop, "ycsbx-efficiency");
    thread.setDaemon(true);
    thread.start();
  }

  private void loop() {
    long next = first().nanos() + PERIOD_NANOS;
    while (!stop) {
      long wait = next - System.nanoTime();
      if (wait > 0) {
        LockSupport.parkNanos(wait);
        continue; // woken early or on time: check the clock again
      }
      add(sample());
      next += PERIOD_NANOS;
      if (next < System.nanoTime()) {
        next = System.nanoTime() + PERIOD_NANOS; // the machine stalled: no burst of catch-up samples
      }
    }
  }

  /** Adds a sample in time order: the warm-up's end is read on a client thread, beside the sampler's. */
  synchronized void add(EfficiencySample s) {
    int i = samples.size();
    while (i > 0 && samples.get(i - 1).nanos() > s.nanos()) {
      i--;
    }
    samples.add(i, s);
  }

  private synchronized EfficiencySample first() {
    return samples.get(0);
  }

  /** One read of each source. */
  EfficiencySample sample() {
    return sample(false);
  }

  /** {@code ends}: the first or the last sample, which look up the server's descendants anew. */
  EfficiencySample sample(boolean ends) {
    return EfficiencySample.read(procStat, disks, server, ends);
  }

  /**
   * The default start of the measured window: YCSB's run time back from now (its throughput is
   * over that time). A warm-up moves the start to its end.
   */
  public static long windowStartNanos(long runMillis) {
    return System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(Math.max(0, runMillis));
  }

  /**
   * Stops the sampler, takes a last sample and works out the phase's figures from
   * {@code windowStartNanos} (System.nanoTime; counters interpolated between the two samples
   * around it) to now, over {@code ops} operations (-1: unknown, per-op figures n/a). Writes
   * them into {@code export} as {@value #METRIC} metrics and efficiency.csv into the run folder.
   * Returns the console table, or null when called twice.
   */
  public String finish(long windowStartNanos, long ops, MeasurementsExporter export) throws IOException {
    if (!finished.compareAndSet(false, true)) {
      return null;
    }
    stop = true;
    if (thread != null) {
      LockSupport.unpark(thread);
      try {
        thread.join(2000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    add(sample(true));
    List<EfficiencySample> all;
    synchronized (this) {
      all = List.copyOf(samples);
    }
    EfficiencySample end = all.get(all.size() - 1);
    EfficiencySample start = EfficiencySample.at(all, Math.max(windowStartNanos, all.get(0).nanos()));
    EfficiencyFigures f = EfficiencyFigures.between(phase, start, end, ops);
    OtherLoad.Mark mark = otherLoad(start, end);
    if (export != null) {
      for (Map.Entry<String, Double> r : mark.rows().entrySet()) {
        if (!Double.isNaN(r.getValue())) {
          export.write(OtherLoad.METRIC, r.getKey(), r.getValue());
        }
      }
      double[] c = f.columns();
      for (int i = 0; i < EfficiencyFigures.COLUMNS.size(); i++) {
        if (!Double.isNaN(c[i])) {
          export.write(METRIC, EfficiencyFigures.COLUMNS.get(i), c[i]);
        }
      }
      export.write(METRIC, "Seconds", f.seconds());
      export.write(METRIC, "Operations", ops);
    }
    String csvNote = "";
    if (out != null) {
      csvNote = EfficiencyCsv.write(out, all, start, f);
    }
    // a marked run says so at the head of its summary, a few lines below; an unmarked one only in the
    // export's [OTHERS] rows, so that the console keeps to what a reader acts on
    return EfficiencyTable.render(f, disks, serverNote) + csvNote;
  }

  // others' CPU over the window, and the server's counters from the start of the run to now
  private OtherLoad.Mark otherLoad(EfficiencySample start, EfficiencySample end) {
    Map<String, Long> serverEnd = null;
    String source = null;
    // a server that froze past maxexecutiontime's grace would hold the export up: its counters are not read
    if (serverWork != null && !site.ycsbx.faults.Deadline.expired()) {
      serverEnd = serverWork.wholeServer();
      source = serverWork.describe();
      serverWork.close(); // its own session's reads count as this run's
    }
    OtherLoad.Mark m = OtherLoad.judge(OtherLoad.cpuPercent(start, end, serverKnown), others, serverWorkStart,
        serverEnd, ServerWork.own(), ServerWork.tables(), source);
    OtherLoad.set(m);
    return m;
  }

  static void resetForTests() {
    current = null;
  }
}
