package site.ycsbx.measurements;

import static site.ycsbx.measurements.EfficiencySample.CLIENT_TICKS;
import static site.ycsbx.measurements.EfficiencySample.IDLE;
import static site.ycsbx.measurements.EfficiencySample.IOWAIT;
import static site.ycsbx.measurements.EfficiencySample.IRQ;
import static site.ycsbx.measurements.EfficiencySample.NICE;
import static site.ycsbx.measurements.EfficiencySample.SERVER_TICKS;
import static site.ycsbx.measurements.EfficiencySample.SOFTIRQ;
import static site.ycsbx.measurements.EfficiencySample.STEAL;
import static site.ycsbx.measurements.EfficiencySample.SYSTEM;
import static site.ycsbx.measurements.EfficiencySample.USER;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import site.ycsbx.store.ServerWork;
import site.ycsbx.util.Props;

/**
 * What else ran beside the run: the share of the host's CPU that was neither this client nor the
 * server ({@code /proc}, from the efficiency sampler's samples), and what the server did beyond
 * this run's own connections ({@link ServerWork}, where the binding reads its server's counters),
 * and where the server tells this run's share by its tables (PostgreSQL), what those tables gained
 * against what this run sent them. Over {@value #CPU_PROPERTY} percent of the host's CPU, or
 * others' rows (or the tables' excess) over {@value #SERVER_PROPERTY} percent of this run's, the
 * run ran beside other load: the status line
 * says it in the tick it happens, and the end marks the result (the console, the export's
 * {@value #METRIC} rows, result.json's {@code others}), which experiments and compare show.
 */
public final class OtherLoad {
  /** Others' share of the host's CPU, in percent, above which a run is marked. */
  public static final String CPU_PROPERTY = "ycsbx.others.cpu";
  public static final double CPU_PROPERTY_DEFAULT = 10;
  /** Rows the server wrote or read for others, in percent of this run's, above which a run is marked. */
  public static final String SERVER_PROPERTY = "ycsbx.others.server";
  public static final double SERVER_PROPERTY_DEFAULT = 50;
  /**
   * Fewer rows than this by others never mark a run: the sampler's own reads of the server's
   * status and a quiet server's background work are a few hundred.
   */
  static final long SERVER_FLOOR_ROWS = 1000;
  /** The export metric of the figures. */
  public static final String METRIC = "OTHERS";
  static final String PREFIX = "[OTHERS] ";

  /** The thresholds of a run, in percent. */
  public record Thresholds(double cpuPercent, double serverPercent) {
    static final Thresholds DEFAULT = new Thresholds(CPU_PROPERTY_DEFAULT, SERVER_PROPERTY_DEFAULT);

    /** From the properties; a bad value is a UserError. */
    public static Thresholds of(Properties p) {
      return new Thresholds(Props.getDouble(p, CPU_PROPERTY, CPU_PROPERTY_DEFAULT, 0, 100),
          Props.getDouble(p, SERVER_PROPERTY, SERVER_PROPERTY_DEFAULT, 0, 1e9));
    }
  }

  /**
   * The outcome of a run.
   *
   * @param cpuPercent others' share of the host's CPU over the measured window, NaN when not measured
   * @param server counter name to {whole server, this run's connections}, over the run
   * @param tables counter name to {the server's figure for the run's own tables, what this run sent
   *     them}, over the run; empty when the binding does not compare them
   * @param source where the server's counters come from, or null when the binding reads none
   * @param why what marked the run, empty when nothing did
   */
  public record Mark(double cpuPercent, Thresholds thresholds, Map<String, long[]> server,
      Map<String, long[]> tables, String source, List<String> why) {
    public boolean marked() {
      return !why.isEmpty();
    }

    /**
     * Whether other sessions wrote on the server over the threshold ({@value #SERVER_PROPERTY} and
     * the floor), by its counters or in the run's own tables: the server process's write figures
     * (bytes written, KB written per row) then hold their writes too.
     */
    public boolean serverShared() {
      long[] w = server.get(ServerWork.WRITTEN);
      long[] t = tables.get(ServerWork.WRITTEN);
      return w != null && over(w[0] - w[1], w[1], thresholds) || t != null && over(t[0] - t[1], t[1], thresholds);
    }

    /** The console's line. */
    String line() {
      String cpu = Double.isNaN(cpuPercent) ? "others' CPU n/a (the server's process on this host was not found)"
          : String.format(Locale.ROOT, "%.1f%% of the host's CPU was neither this client nor the server", cpuPercent);
      StringBuilder sb = new StringBuilder(PREFIX);
      if (marked()) {
        sb.append("ran beside other load: ").append(String.join("; ", why));
      } else {
        sb.append("no other load of note: ").append(cpu).append(String.format(Locale.ROOT, " (marked over %s%%)",
            pct(thresholds.cpuPercent())));
        server.forEach((k, v) -> sb.append(String.format(Locale.ROOT, "; server %s %d, this run's %d", k, v[0], v[1])));
        tables.forEach((k, v) -> sb.append(String.format(Locale.ROOT, "; the run's tables' %s %d, this run sent %d",
            k, v[0], v[1])));
      }
      if (source != null) {
        sb.append(" (server counters: ").append(source).append(')');
      }
      return sb.toString();
    }

    /** result.json's {@code others}. */
    public Map<String, Object> json() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("marked", marked());
      m.put("why", String.join("; ", why));
      m.put("cpu_pct", cpuPercent);
      m.put("cpu_threshold_pct", thresholds.cpuPercent());
      m.put("server_threshold_pct", thresholds.serverPercent());
      m.put("server_shared", serverShared());
      server.forEach((k, v) -> {
        String key = k.replace(' ', '_');
        m.put("server_" + key, v[0]);
        m.put("run_" + key, v[1]);
      });
      tables.forEach((k, v) -> {
        String key = k.replace(' ', '_');
        m.put("tables_" + key, v[0]);
        m.put("sent_" + key, v[1]);
      });
      if (source != null) {
        m.put("server_source", source);
      }
      return m;
    }

    /** The export's {@value #METRIC} rows. */
    Map<String, Double> rows() {
      Map<String, Double> m = new LinkedHashMap<>();
      m.put("Marked", marked() ? 1.0 : 0.0);
      m.put("CpuPercent", cpuPercent);
      server.forEach((k, v) -> {
        String name = camel(k);
        m.put("Server" + name, (double) v[0]);
        m.put("Run" + name, (double) v[1]);
      });
      tables.forEach((k, v) -> {
        String name = camel(k);
        m.put("Tables" + name, (double) v[0]);
        m.put("Sent" + name, (double) v[1]);
      });
      return m;
    }
  }

  private static volatile Mark last;

  private OtherLoad() {
  }

  /** The run's mark once its export began; null before, or when nothing was sampled. */
  public static Mark last() {
    return last;
  }

  static void set(Mark m) {
    last = m;
  }

  /**
   * Others' share of the host's CPU from sample {@code a} to {@code b}, in percent: busy time less
   * this JVM's and the server's, over all the host's time. NaN when the host's CPU is not read, or
   * when the server runs on this host but its process is not measured ({@code serverKnown} false).
   */
  static double cpuPercent(EfficiencySample a, EfficiencySample b, boolean serverKnown) {
    long busy = 0;
    for (int i : new int[] {USER, NICE, SYSTEM, IRQ, SOFTIRQ, STEAL}) {
      if (a.v()[i] < 0 || b.v()[i] < 0) {
        return Double.NaN;
      }
      busy += b.v()[i] - a.v()[i];
    }
    long total = busy + (b.v()[IDLE] - a.v()[IDLE]) + (b.v()[IOWAIT] - a.v()[IOWAIT]);
    if (total <= 0 || a.v()[CLIENT_TICKS] < 0 || b.v()[CLIENT_TICKS] < 0) {
      return Double.NaN;
    }
    long client = b.v()[CLIENT_TICKS] - a.v()[CLIENT_TICKS];
    long server = 0;
    if (a.v()[SERVER_TICKS] >= 0 && b.v()[SERVER_TICKS] >= 0) {
      server = b.v()[SERVER_TICKS] - a.v()[SERVER_TICKS];
    } else if (!serverKnown) {
      return Double.NaN;
    }
    return 100.0 * Math.max(0, busy - client - server) / total;
  }

  /**
   * The run's mark: the CPU share against its threshold, and each server counter's growth
   * ({@code start} to {@code end}, the whole server) against {@code own} (this run's connections).
   */
  static Mark judge(double cpuPercent, Thresholds t, Map<String, Long> start, Map<String, Long> end,
      Map<String, Long> own, String source) {
    return judge(cpuPercent, t, start, end, own, Map.of(), source);
  }

  /**
   * The same, and each counter of the run's own tables ({server's, sent}) against what this run
   * sent them: rows beyond it, over the same threshold and floor as others' rows, are another
   * client's in this run's very tables.
   */
  static Mark judge(double cpuPercent, Thresholds t, Map<String, Long> start, Map<String, Long> end,
      Map<String, Long> own, Map<String, long[]> tables, String source) {
    List<String> why = new ArrayList<>();
    if (!Double.isNaN(cpuPercent) && cpuPercent > t.cpuPercent()) {
      why.add(String.format(Locale.ROOT, "%.1f%% of the host's CPU was neither this client nor the server (over %s%%)",
          cpuPercent, pct(t.cpuPercent())));
    }
    Map<String, long[]> server = new TreeMap<>();
    if (start != null && end != null) {
      for (Map.Entry<String, Long> e : end.entrySet()) {
        Long s = start.get(e.getKey());
        if (s == null) {
          continue;
        }
        long whole = e.getValue() - s;
        long mine = own.getOrDefault(e.getKey(), 0L);
        server.put(e.getKey(), new long[] {whole, mine});
        long others = whole - mine;
        if (over(others, mine, t)) {
          why.add(String.format(Locale.ROOT, "the server's %s grew by %d, this run's connections' by %d (others %d,"
              + " over %s%% of this run's)", e.getKey(), whole, mine, others, pct(t.serverPercent())));
        }
      }
    }
    Map<String, long[]> ownTables = new TreeMap<>(tables);
    ownTables.forEach((k, v) -> {
      long excess = v[0] - v[1];
      if (over(excess, v[1], t)) {
        why.add(v[1] == 0
            ? String.format(Locale.ROOT, "server: %d %s to the run's tables, none sent by this run: another client?",
                v[0], k)
            : String.format(Locale.ROOT, "server: %.0f%% more %s to the run's tables than this run sent (%d against %d,"
                + " over %s%%): another client?", 100.0 * excess / v[1], k, v[0], v[1], pct(t.serverPercent())));
      }
    });
    return new Mark(cpuPercent, t, server, ownTables, source, why);
  }

  /** Others' rows over the floor and over the threshold's share of this run's. */
  static boolean over(long others, long mine, Thresholds t) {
    return others > SERVER_FLOOR_ROWS && others > mine * t.serverPercent() / 100;
  }

  /** Runs the tick's code once (its class, its formatting), so that the first tick loads nothing. */
  static void rehearse(Thresholds t) {
    long[] v = new long[EfficiencySample.COUNTERS];
    java.util.Arrays.fill(v, 1);
    EfficiencySample a = new EfficiencySample(0, 0, v);
    EfficiencySample b = new EfficiencySample(1, 1, v.clone());
    cpuPercent(a, b, true);
    tick(t.cpuPercent() + 1, t);
  }

  /** The status line's part for one tick: {@code others 34% CPU} when over the threshold, else null. */
  static String tick(double cpuPercent, Thresholds t) {
    if (Double.isNaN(cpuPercent) || cpuPercent <= t.cpuPercent()) {
      return null;
    }
    return String.format(Locale.ROOT, "others %.0f%% CPU", cpuPercent);
  }

  // 10, 12.5: a threshold as the user wrote it
  private static String pct(double v) {
    return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : EfficiencyTable.num(v);
  }

  private static String camel(String words) {
    StringBuilder sb = new StringBuilder();
    for (String w : words.split(" ")) {
      sb.append(Character.toUpperCase(w.charAt(0))).append(w.substring(1));
    }
    return sb.toString();
  }
}
