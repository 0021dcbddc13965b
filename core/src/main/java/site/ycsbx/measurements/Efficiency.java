package site.ycsbx.measurements;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsbx.store.ServerAddress;
import site.ycsbx.util.UserError;

/**
 * Efficiency per operation, for every workload: a daemon thread reads {@code /proc} once a
 * second for the whole run (host CPU and context switches from /proc/stat, reads and KB
 * read/written on the chosen disks from /proc/diskstats through {@link DiskStats}, the client
 * JVM's CPU from /proc/self/stat, the server process's CPU through {@link ServerProcess}); at the
 * export the counters over the measured window become one table for the phase:
 * {@code cs.sec cpu.sec cs.op cpu.Kop r.sec rkb.sec wkb.sec r.op rkb.op wkb.op} (rates per second,
 * then the same counts divided by the operations done in the window), the host's us/sy/wa and
 * the client's and server's CPU per 1000 operations. Written to the console, YCSB's export
 * ({@value #METRIC} metrics) and {@code efficiency.csv} of the run folder. One run per JVM.
 */
public final class Efficiency {
  /** false: no sampler thread, no table. */
  public static final String PROPERTY = "ycsbx.efficiency";
  private static final String OUT_PROPERTY = RunFolder.OUT_PROPERTY;
  /** The file in the run folder. */
  public static final String CSV_FILE = "efficiency.csv";
  /** The export metric of the phase's figures. */
  public static final String METRIC = "EFFICIENCY";
  static final long PERIOD_NANOS = TimeUnit.SECONDS.toNanos(1);
  private static final Path PROC_STAT = Path.of("/proc/stat");
  private static final Path SELF_STAT = Path.of("/proc/self/stat");
  private static final String PREFIX = "[EFFICIENCY]";

  /** The columns users know (vmstat/iostat per operation), in this order. */
  public static final List<String> COLUMNS = List.of("cs.sec", "cpu.sec", "cs.op", "cpu.Kop", "r.sec", "rkb.sec",
      "wkb.sec", "r.op", "rkb.op", "wkb.op", "client.Kop", "server.Kop", "us", "sy", "wa");
  /** Each of {@link #COLUMNS} as efficiency.csv names it. */
  public static final List<String> CSV_COLUMNS = List.of("cs_sec", "cpu_sec", "cs_op", "cpu_kop", "r_sec", "rkb_sec",
      "wkb_sec", "r_op", "rkb_op", "wkb_op", "client_cpu_kop", "server_cpu_kop", "us_pct", "sy_pct", "wa_pct");
  /** Columns of efficiency.csv: one row per second sample, then the phase's summary row. */
  public static final String CSV_HEADER = "row,end_epoch_ms,elapsed_s,seconds,ops,cs_sec,cpu_sec,cs_op,cpu_kop,"
      + "r_sec,rkb_sec,wkb_sec,r_op,rkb_op,wkb_op,client_cpu_sec,server_cpu_sec,client_cpu_kop,server_cpu_kop,"
      + "us_pct,sy_pct,wa_pct";

  private static volatile Efficiency current;

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

  /** Counters read at one instant; -1 where a source is not measured. */
  record Sample(long nanos, long epochMillis, long[] v) {
  }

  /**
   * The figures of a window: rates per second, and per operation when {@code ops > 0}.
   * CPU figures are CPU seconds (per second, or per 1000 operations: CPU milliseconds per operation).
   */
  public record Figures(String row, long endEpochMillis, double seconds, long ops, double csSec, double cpuSec,
      double rSec, double rkbSec, double wkbSec, double clientCpuSec, double serverCpuSec, double usPct, double syPct,
      double waPct) {
    double perOp(double perSecond) {
      return ops <= 0 || seconds <= 0 ? Double.NaN : perSecond * seconds / ops;
    }

    public double csOp() {
      return perOp(csSec);
    }

    public double cpuKop() {
      return perOp(cpuSec) * 1000;
    }

    public double rOp() {
      return perOp(rSec);
    }

    public double rkbOp() {
      return perOp(rkbSec);
    }

    public double wkbOp() {
      return perOp(wkbSec);
    }

    public double clientKop() {
      return perOp(clientCpuSec) * 1000;
    }

    public double serverKop() {
      return perOp(serverCpuSec) * 1000;
    }

    /** The values of {@link #COLUMNS}, in order. */
    public double[] columns() {
      return new double[] {csSec, cpuSec, csOp(), cpuKop(), rSec, rkbSec, wkbSec, rOp(), rkbOp(), wkbOp(), clientKop(),
          serverKop(), usPct, syPct, waPct};
    }
  }

  /** What {@link #check} found, for {@link #start}: the run's disks and a server pid it was given. */
  public record Plan(boolean enabled, DiskStats disks, Optional<ServerProcess> serverPid, Path out) {
  }

  private final String phase;
  private final Path procStat;
  private final DiskStats disks;
  private final ServerProcess server;
  private final String serverNote;
  private final Path out;
  private final List<Sample> samples = new ArrayList<>();
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
    return new Plan(on.equals("true") && Files.isReadable(PROC_STAT), disks, pid, out.isEmpty() ? null : Path.of(out));
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
    e.startThread();
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

  private synchronized void add(Sample s) {
    samples.add(s);
  }

  private synchronized Sample first() {
    return samples.get(0);
  }

  /** One read of each source. */
  Sample sample() {
    return sample(false);
  }

  /** {@code ends}: the first or the last sample, which look up the server's descendants anew. */
  Sample sample(boolean ends) {
    long[] v = new long[COUNTERS];
    java.util.Arrays.fill(v, -1);
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
    return new Sample(System.nanoTime(), System.currentTimeMillis(), v);
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
    List<Sample> all;
    synchronized (this) {
      all = List.copyOf(samples);
    }
    Sample end = all.get(all.size() - 1);
    Sample start = at(all, Math.max(windowStartNanos, all.get(0).nanos()));
    Figures f = between(phase, start, end, ops);
    if (export != null) {
      double[] c = f.columns();
      for (int i = 0; i < COLUMNS.size(); i++) {
        if (!Double.isNaN(c[i])) {
          export.write(METRIC, COLUMNS.get(i), c[i]);
        }
      }
      export.write(METRIC, "Seconds", f.seconds());
      export.write(METRIC, "Operations", ops);
    }
    String csvNote = "";
    if (out != null) {
      csvNote = writeCsv(all, start, f);
    }
    return render(f) + csvNote;
  }

  /** Counters at {@code nanos}: the sample there, or a linear interpolation of the two around it. */
  static Sample at(List<Sample> all, long nanos) {
    Sample before = all.get(0);
    for (Sample s : all) {
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
        return new Sample(nanos, ms, v);
      }
      before = s;
    }
    return before;
  }

  /** The figures from sample {@code a} to sample {@code b}. */
  static Figures between(String row, Sample a, Sample b, long ops) {
    double secs = (b.nanos() - a.nanos()) / 1e9;
    long[] x = a.v();
    long[] y = b.v();
    double hz = ProcStat.TICKS_PER_SECOND;
    long busyA = sum(x, USER, NICE, SYSTEM, IRQ, SOFTIRQ, STEAL);
    long busyB = sum(y, USER, NICE, SYSTEM, IRQ, SOFTIRQ, STEAL);
    long total = busyB < 0 || busyA < 0 ? -1 : busyB - busyA + d(x, y, IDLE) + d(x, y, IOWAIT);
    return new Figures(row, b.epochMillis(), secs, ops,
        rate(d(x, y, CTXT), secs),
        busyA < 0 || busyB < 0 ? Double.NaN : rate(busyB - busyA, secs) / hz,
        rate(d(x, y, READS), secs),
        rate(d(x, y, SECTORS_READ), secs) / 2, // 512-byte sectors: 2 per KB
        rate(d(x, y, SECTORS_WRITTEN), secs) / 2,
        rate(d(x, y, CLIENT_TICKS), secs) / hz,
        rate(d(x, y, SERVER_TICKS), secs) / hz,
        pct(d(x, y, USER) + d(x, y, NICE), total), pct(d(x, y, SYSTEM) + d(x, y, IRQ) + d(x, y, SOFTIRQ), total),
        pct(d(x, y, IOWAIT), total));
  }

  private static long sum(long[] v, int... idx) {
    long s = 0;
    for (int i : idx) {
      if (v[i] < 0) {
        return -1;
      }
      s += v[i];
    }
    return s;
  }

  // the growth of counter i, -1 when either end is not measured
  private static long d(long[] x, long[] y, int i) {
    return x[i] < 0 || y[i] < 0 ? -1 : y[i] - x[i];
  }

  private static double rate(long delta, double secs) {
    return delta < 0 || secs <= 0 ? Double.NaN : delta / secs;
  }

  private static double pct(long part, long total) {
    return part < 0 || total <= 0 ? Double.NaN : 100.0 * part / total;
  }

  /** The console table: a legend line, the header, the phase's row. */
  String render(Figures f) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "%s %s phase: %.1f s, %s operations (%s/s); host CPU %s; %s; client this JVM"
            + " (pid %d); %s%n", PREFIX, f.row(), f.seconds(), f.ops() < 0 ? "n/a" : String.valueOf(f.ops()),
        f.ops() < 0 ? "n/a" : num(f.ops() / Math.max(1e-9, f.seconds())),
        Runtime.getRuntime().availableProcessors() + " CPUs (/proc/stat)",
        disks == null ? "disks n/a (no /proc/diskstats)" : disks.describe(), ProcessHandle.current().pid(), serverNote));
    sb.append(textHeader()).append('\n');
    sb.append(textRow(f)).append('\n');
    sb.append(PREFIX).append(" cs: context switches; cpu: host CPU seconds busy (user+nice+system+irq+softirq+steal);"
        + " .Kop: CPU seconds per 1000 operations; r: disk reads; rkb/wkb: KB read/written; us/sy/wa: % of host CPU\n");
    return sb.toString();
  }

  /** The aligned header line. */
  public static String textHeader() {
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%-12s %-5s", PREFIX, "phase"));
    for (String c : COLUMNS) {
      sb.append(String.format(Locale.ROOT, " %10s", c));
    }
    return sb.toString();
  }

  static String textRow(Figures f) {
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%-12s %-5s", PREFIX, f.row()));
    for (double v : f.columns()) {
      sb.append(String.format(Locale.ROOT, " %10s", num(v)));
    }
    return sb.toString();
  }

  /** 4 significant digits, no exponent; whole numbers from 1000 up; n/a when not measured. */
  public static String num(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return "n/a";
    }
    if (Math.abs(v) >= 1000) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    if (v == 0) {
      return "0";
    }
    int decimals = 3 - (int) Math.floor(Math.log10(Math.abs(v)));
    return String.format(Locale.ROOT, "%." + Math.max(0, decimals) + "f", v);
  }

  private static String csvNum(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return "";
    }
    return v == 0 ? "0" : new BigDecimal(v).round(new MathContext(7)).stripTrailingZeros().toPlainString();
  }

  static String csvRow(Figures f, double elapsed) {
    StringBuilder sb = new StringBuilder(f.row()).append(',').append(f.endEpochMillis()).append(',')
        .append(csvNum(elapsed)).append(',').append(csvNum(f.seconds())).append(',')
        .append(f.ops() < 0 ? "" : String.valueOf(f.ops()));
    double[] c = {f.csSec(), f.cpuSec(), f.csOp(), f.cpuKop(), f.rSec(), f.rkbSec(), f.wkbSec(), f.rOp(), f.rkbOp(),
        f.wkbOp(), f.clientCpuSec(), f.serverCpuSec(), f.clientKop(), f.serverKop(), f.usPct(), f.syPct(), f.waPct()};
    for (double v : c) {
      sb.append(',').append(csvNum(v));
    }
    return sb.toString();
  }

  /**
   * Rows {@code sample} (each second inside the window) or {@code before} (earlier: the start,
   * a warm-up), rates only; then the phase's row with the per-operation figures.
   */
  private String writeCsv(List<Sample> all, Sample windowStart, Figures summary) {
    Path file = out.resolve(CSV_FILE);
    try {
      Files.createDirectories(out);
      try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
        w.write(CSV_HEADER);
        w.write('\n');
        for (int i = 1; i < all.size(); i++) {
          Sample a = all.get(i - 1);
          Sample b = all.get(i);
          String row = b.nanos() <= windowStart.nanos() ? "before" : "sample";
          w.write(csvRow(between(row, a, b, -1), (b.nanos() - windowStart.nanos()) / 1e9));
          w.write('\n');
        }
        w.write(csvRow(summary, summary.seconds()));
        w.write('\n');
      }
      return "";
    } catch (IOException e) {
      return PREFIX + " cannot write " + file + ": " + e.getMessage() + "\n";
    }
  }

  static void resetForTests() {
    current = null;
  }

  /** The phase's figures by column name. */
  static Map<String, Double> asMap(Figures f) {
    Map<String, Double> m = new LinkedHashMap<>();
    double[] c = f.columns();
    for (int i = 0; i < COLUMNS.size(); i++) {
      m.put(COLUMNS.get(i), c[i]);
    }
    return m;
  }
}
