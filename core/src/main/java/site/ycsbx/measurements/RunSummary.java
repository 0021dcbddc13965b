package site.ycsbx.measurements;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * The last lines of a run on the console, below YCSB's export and the tables: the answer the run
 * was for, so that the last screen holds it.
 *
 * <pre>
 * [SUMMARY] load of iibench on mongodb-embedded, 1 thread: 200 operations in 37.1 s, 5.39 ops/s
 * [SUMMARY]   INSERT_TXN    200 ops     5.39/s   p50  295 ms   p99  526 ms
 * [SUMMARY] iibench: 200000 rows in 37.0 s, 5405 rows/s; on storage 26.2 MB, 137 bytes/row
 * [SUMMARY] whole export (fingerprint, intervals, errors, efficiency, GC): -p exportfile=FILE or -p ycsbx.out=DIR
 * [ERRORS] OK: 200 operations, 0 failed
 * </pre>
 *
 * The phase, the workload, the binding and the client threads; the operations done, the measured
 * time (after {@code ycsbx.warmup}) and YCSB's throughput; per operation its count, rate, and the
 * p50 and p99 of its latency over the whole run (the intervals' histograms added up, so exact; from
 * the intended start when the run records it); the workload's own headline ({@link Progress#headline}),
 * or its units per second when they are not operations; when the first interval ran at under a
 * tenth of the rest, that the figures include a warm-up ({@link WarmupRamp}); where the whole
 * export went; the verdict of the error table, last.
 */
public final class RunSummary {
  static final String PREFIX = "[SUMMARY] ";

  /**
   * What the summary says.
   *
   * @param operations operation to [count, p50 us, p99 us], p50 or p99 -1 when not known
   * @param exportNote where the whole export is, or null
   */
  record Facts(String phase, String workload, String binding, String threads, long ops, long runMillis,
      double throughput, SortedMap<String, long[]> operations, Progress.Snapshot progress, String headline,
      String exportNote, String verdict, String warmupRamp, String size) {
    /** Without the data size line ({@link DataSize}). */
    Facts(String phase, String workload, String binding, String threads, long ops, long runMillis, double throughput,
        SortedMap<String, long[]> operations, Progress.Snapshot progress, String headline, String exportNote,
        String verdict, String warmupRamp) {
      this(phase, workload, binding, threads, ops, runMillis, throughput, operations, progress, headline, exportNote,
          verdict, warmupRamp, null);
    }

    /** Without a warm-up line ({@link WarmupRamp}). */
    Facts(String phase, String workload, String binding, String threads, long ops, long runMillis, double throughput,
        SortedMap<String, long[]> operations, Progress.Snapshot progress, String headline, String exportNote,
        String verdict) {
      this(phase, workload, binding, threads, ops, runMillis, throughput, operations, progress, headline, exportNote,
          verdict, null);
    }
  }

  private RunSummary() {
  }

  static String render(Facts f) {
    List<String> lines = new ArrayList<>();
    double secs = Math.max(0, f.runMillis()) / 1000.0;
    String threads = f.threads() == null ? "" : ", " + f.threads() + ("1".equals(f.threads()) ? " thread" : " threads");
    lines.add(String.format(Locale.ROOT, "%s of %s on %s%s: %s operations in %.1f s, %s ops/s", f.phase(),
        f.workload(), f.binding(), threads, f.ops() < 0 ? "?" : String.valueOf(f.ops()), secs, perSecond(f.throughput())));
    int width = f.operations().keySet().stream().mapToInt(String::length).max().orElse(0);
    int countWidth = f.operations().values().stream().mapToInt(v -> String.valueOf(v[0]).length()).max().orElse(1);
    for (Map.Entry<String, long[]> e : f.operations().entrySet()) {
      long[] v = e.getValue();
      lines.add(String.format(Locale.ROOT, "  %-" + width + "s %" + countWidth + "d ops %7s/s   p50 %7s   p99 %7s",
          e.getKey(), v[0], perSecond(secs > 0 ? v[0] / secs : 0), latency(v[1]), latency(v[2])));
    }
    if (f.headline() != null) {
      lines.add(f.headline());
    } else if (f.progress() != null && !f.progress().unit().equals("ops") && Progress.claimed() && secs > 0) {
      lines.add(String.format(Locale.ROOT, "%d %s done, %s %s/s over the measured %.1f s", f.progress().done(),
          f.progress().unit(), perSecond(f.progress().done() / secs), f.progress().unit(), secs));
    }
    if (f.size() != null) {
      lines.add(f.size());
    }
    if (f.warmupRamp() != null) {
      lines.add(f.warmupRamp());
    }
    if (f.exportNote() != null) {
      lines.add(f.exportNote());
    }
    StringBuilder sb = new StringBuilder();
    for (String l : lines) {
      sb.append(PREFIX).append(l).append('\n');
    }
    return sb.append(f.verdict()).append('\n').toString();
  }

  /**
   * The rendered summary with a line saying the run ran beside other load at its head; unchanged
   * when {@code mark} is null.
   */
  static String beside(String rendered, OtherLoad.Mark mark) {
    if (mark == null) {
      return rendered;
    }
    // first: the lines below keep their places at the end of the screen
    return PREFIX + "ran beside other load: " + String.join("; ", mark.why()) + '\n' + rendered;
  }

  /**
   * Per operation [count, p50, p99] from the intervals' histograms when there are any, else from
   * YCSB's export figures (its Operations and 99thPercentileLatency(us); no p50 there).
   */
  static SortedMap<String, long[]> operations(SortedMap<String, Histogram> totals,
      Map<String, Map<String, Number>> figures) {
    SortedMap<String, long[]> out = new TreeMap<>();
    if (totals != null && !totals.isEmpty()) {
      totals.forEach((op, h) -> {
        if (ConsoleExport.operation(op) && h.getTotalCount() > 0) {
          out.put(op, new long[] {h.getTotalCount(), h.getValueAtPercentile(50), h.getValueAtPercentile(99)});
        }
      });
      return out;
    }
    figures.forEach((op, m) -> {
      Number n = m.get("Operations");
      if (ConsoleExport.operation(op) && n != null && n.longValue() > 0) {
        Number p99 = m.get("99thPercentileLatency(us)");
        out.put(op, new long[] {n.longValue(), -1, p99 == null ? -1 : p99.longValue()});
      }
    });
    return out;
  }

  /** The workload's short name: iibench for site.ycsbx.workloads.iibench.IIBenchWorkload, "core workload" for YCSB's. */
  public static String workloadName(String className) {
    if (className == null) {
      return "?";
    }
    String simple = className.substring(className.lastIndexOf('.') + 1);
    if (simple.endsWith("CoreWorkload")) {
      return "YCSB's core workload";
    }
    return (simple.endsWith("Workload") ? simple.substring(0, simple.length() - "Workload".length()) : simple)
        .toLowerCase(Locale.ROOT);
  }

  private static String latency(long micros) {
    return micros < 0 ? "n/a" : StatusLine.millis(micros);
  }

  /** 0.42, 5.39, 48.2, 5405: more decimals where there are few operations. */
  static String perSecond(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return "n/a";
    }
    return String.format(Locale.ROOT, v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f", v);
  }
}
