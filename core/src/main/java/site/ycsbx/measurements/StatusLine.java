package site.ycsbx.measurements;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;

/**
 * The console's one line per interval ({@value Intervals#INTERVAL_PROPERTY} seconds, 10 by
 * default), on stderr, the same for every workload, load or run:
 *
 * <pre>
 * [STATUS]  20 s load  11000/200000 rows   5.5% |     600 rows/s now,     550 avg | ETA  5m44s | INSERT_TXN   0.6/s p50 1125 ms p99 1904 ms
 * [STATUS] 1m10s run      3167 requests |     317 requests/s now,     317 avg | left  50 s | ADD_LINK    28/s p50 0.09 ms p99   18 ms | ...
 * </pre>
 *
 * Columns, left to right:
 * <dl>
 * <dt>elapsed</dt><dd>time from the run's first measured operation (after {@code ycsbx.warmup}) to
 * the interval's end</dd>
 * <dt>phase</dt><dd>{@code load} or {@code run}</dd>
 * <dt>done/total unit, %</dt><dd>units done so far (warm-up included) of the total: a load's
 * records ({@code insertcount}, else {@code recordcount}), a run's {@code operationcount}, or the
 * workload's own unit and total (iibench rows, filemeta files, LinkBench nodes); a run that
 * {@code maxexecutiontime} ends before its count (or with {@code operationcount=2147483647})
 * shows the count alone</dd>
 * <dt>now, avg</dt><dd>units per second over this interval, and since the first measured
 * operation</dd>
 * <dt>ETA / left</dt><dd>{@code ETA}: time to the total at the recent rate, the slower of this
 * interval's and the last {@value RecentRate#WINDOW_SECONDS} seconds' ({@link RecentRate}): a rate
 * that collapses lengthens it at once, one that recovers shortens it over the window; {@code ?}
 * when nothing was done in the interval. {@code left}: time to {@code maxexecutiontime}, when that
 * comes first at the same rate</dd>
 * <dt>per operation</dt><dd>each operation of the interval (YCSB's names; latency from the
 * intended start when the run records it): operations per second, then the p50 and p99 of the
 * interval's latencies (HdrHistogram) in ms. The {@value #SHOWN_OPS} most frequent operations of
 * the run so far are named; the others are summed up as {@code +N ops p99<=X ms} (the slowest
 * p99 among them)</dd>
 * <dt>failed</dt><dd>operations that failed in the interval, when any did</dd>
 * <dt>the workload's figures</dt><dd>what a family adds ({@link Progress#figures}), e.g.
 * LinkBench's links loaded</dd>
 * <dt>others</dt><dd>{@code others 34% CPU} when, over the interval, more of the host's CPU than
 * {@value OtherLoad#CPU_PROPERTY} (10%) was neither this client nor the server ({@link OtherLoad})</dd>
 * </dl>
 * The run's last, shorter interval has no line (the summary at the end says it); the export
 * rows, {@code ycsbx.interval.file} and the run folder's logs still get it. ASCII only: the line
 * reads the same without a UTF-8 locale.
 */
final class StatusLine implements IntervalSink {
  static final String PREFIX = "[STATUS] ";
  /** Operations named on the line; more make it too long to scan. */
  static final int SHOWN_OPS = 3;
  // YCSB times failed calls under OP-FAILED, or OP-<STATUS> with reportlatencyforeacherror
  private static final Pattern FAILURE_SERIES = Pattern.compile(
      ".*-(FAILED|ERROR|NOT_FOUND|NOT_IMPLEMENTED|UNEXPECTED_STATE|BAD_REQUEST|FORBIDDEN|SERVICE_UNAVAILABLE)$");

  private final PrintStream out;
  // every operation's count so far: decides which are named, and the done count without bin/ycsb's hook
  private final Map<String, Long> runCounts = new HashMap<>();
  private long opsSeen;
  private long doneAtStart = -1;
  private long lastDone;
  private final RecentRate recent = new RecentRate();

  StatusLine(PrintStream out) {
    this.out = out;
  }

  /** The first measured operation: the average rate counts from here. */
  @Override
  public synchronized void start() {
    doneAtStart = Progress.now(0).done();
    lastDone = doneAtStart;
    recent.start(0, doneAtStart);
  }

  @Override
  public synchronized void accept(Interval interval) {
    count(interval);
    if (interval.last()) {
      return; // the summary says how the run ended
    }
    Progress.Snapshot p = Progress.now(opsSeen);
    if (doneAtStart < 0) {
      doneAtStart = 0;
      recent.start(0, 0);
    }
    String line = format(interval, p, p.done() - lastDone, p.done() - doneAtStart,
        recent.next(interval.endSeconds(), p.done()), runCounts, Progress.figures());
    Efficiency e = Efficiency.current();
    String others = e == null ? null : e.othersTick(interval.seconds());
    out.println(others == null ? line : line + " | " + others);
    lastDone = p.done();
  }

  @Override
  public void rehearse(Interval sample) {
    // the whole accept on a throwaway line (the counting's lambdas, the sorting's comparators), then each layout
    StatusLine dry = new StatusLine(new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.US_ASCII));
    dry.start();
    dry.accept(sample);
    format(sample, new Progress.Snapshot("load", "rows", 5000, 200000, Double.NaN), 1000, 5000, Map.of(), "1 links");
    format(sample, new Progress.Snapshot("load", "rows", 5000, 200000, Double.NaN), 0, 5000, 0, Map.of(), null);
    format(sample, new Progress.Snapshot("run", "ops", 5000, Progress.NO_COUNT, 50), 1000, 5000, Map.of(), null);
  }

  private void count(Interval interval) {
    interval.operations().forEach((op, h) -> {
      runCounts.merge(op, h.getTotalCount(), Long::sum);
      if (!op.endsWith(ResultExporter.BATCH_SUFFIX)) {
        opsSeen += h.getTotalCount();
      }
    });
  }

  /** The line of {@code interval} when the run is younger than the recent rate's window: that rate is the average. */
  static String format(Interval interval, Progress.Snapshot p, long sinceLast, long sinceStart,
      Map<String, Long> runCounts, String figures) {
    return format(interval, p, sinceLast, sinceStart, Math.max(0, sinceStart) / Math.max(1e-9, interval.endSeconds()),
        runCounts, figures);
  }

  /**
   * The line of {@code interval}.
   *
   * @param sinceLast units done in this interval
   * @param sinceStart units done since the first measured operation
   * @param recentRate units per second over the last {@value RecentRate#WINDOW_SECONDS} s (NaN: not known)
   * @param runCounts operations so far per name, which picks the operations named
   * @param figures the workload's own figures, or null
   */
  static String format(Interval interval, Progress.Snapshot p, long sinceLast, long sinceStart, double recentRate,
      Map<String, Long> runCounts, String figures) {
    StringBuilder sb = new StringBuilder(PREFIX);
    sb.append(String.format(Locale.ROOT, "%5s %-4s ", elapsed(interval), p.phase()));
    // a count that went down was reset under the line (another run configured in this JVM): no negative rate
    double now = Math.max(0, sinceLast) / interval.seconds();
    double avg = Math.max(0, sinceStart) / Math.max(1e-9, interval.endSeconds());
    // the ETA's rate: a collapse shows at once, a recovery over the window
    double etaRate = Double.isNaN(recentRate) ? now : Math.min(now, recentRate);
    // the time limit ends the run before the count would
    boolean timeBound = p.timeBound() || !Double.isNaN(p.secondsLeft()) && p.total() > 0
        && p.secondsLeft() < (p.total() - p.done()) / Math.max(1e-9, etaRate);
    if (p.total() > 0 && !p.timeBound()) {
      int w = String.valueOf(p.total()).length();
      sb.append(String.format(Locale.ROOT, "%" + w + "d/%d %s %5.1f%%", p.done(), p.total(), p.unit(),
          Math.min(100.0, 100.0 * p.done() / p.total())));
    } else {
      // no total to take the width from: room for 99999999, so that the columns stay put
      sb.append(String.format(Locale.ROOT, "%8d %s", p.done(), p.unit()));
    }
    sb.append(String.format(Locale.ROOT, " | %7s %s/s now, %7s avg", rate(now), p.unit(), rate(avg)));
    if (timeBound) {
      sb.append(String.format(Locale.ROOT, " | left %5s", Progress.duration(p.secondsLeft())));
    } else if (p.total() > 0 && etaRate > 0) {
      sb.append(String.format(Locale.ROOT, " | ETA  %5s", Progress.duration(Math.max(0, (p.total() - p.done()) / etaRate))));
    } else if (p.total() > 0 && p.done() < p.total()) {
      sb.append(" | ETA      ?"); // nothing done in the interval: no rate to go by
    }
    appendOperations(sb, interval, runCounts);
    if (figures != null && !figures.isEmpty()) {
      sb.append(" | ").append(figures);
    }
    return sb.toString();
  }

  private static void appendOperations(StringBuilder sb, Interval interval, Map<String, Long> runCounts) {
    long failed = 0;
    List<String> ops = new ArrayList<>();
    for (Map.Entry<String, Histogram> e : interval.operations().entrySet()) {
      if (FAILURE_SERIES.matcher(e.getKey()).matches()) {
        failed += e.getValue().getTotalCount();
      } else {
        ops.add(e.getKey());
      }
    }
    // the most frequent of the run so far, shown in the order of their names (stable from line to line)
    List<String> byCount = new ArrayList<>(ops);
    byCount.sort(Comparator.comparingLong((String op) -> -runCounts.getOrDefault(op, 0L)).thenComparing(op -> op));
    List<String> named = new ArrayList<>(byCount.subList(0, Math.min(SHOWN_OPS, byCount.size())));
    if (byCount.size() == SHOWN_OPS + 1) {
      named = byCount; // "+1 ops" would take as much room as the operation
    }
    named.sort(null);
    Map<String, Histogram> all = new TreeMap<>(interval.operations());
    for (String op : named) {
      Histogram h = all.get(op);
      sb.append(String.format(Locale.ROOT, " | %s %5s/s", op, rate(interval.opsPerSecond(op))));
      if (h.getTotalCount() > 0) {
        sb.append(String.format(Locale.ROOT, " p50 %7s p99 %7s", millis(h.getValueAtPercentile(50)),
            millis(h.getValueAtPercentile(99))));
      }
    }
    int others = byCount.size() - named.size();
    if (others > 0) {
      long worst = 0;
      for (String op : byCount.subList(named.size(), byCount.size())) {
        Histogram h = all.get(op);
        worst = Math.max(worst, h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(99));
      }
      sb.append(" | +").append(others).append(" ops p99<=").append(millis(worst));
    }
    if (failed > 0) {
      sb.append(" | ").append(failed).append(" failed");
    }
  }

  /**
   * The interval's end: 20 s, 1m40s (a tick a few ms late is still 20 s); tenths when the
   * intervals are shorter than a second (ycsbx.interval=0.5: 0.5 s, 1.5 s).
   */
  static String elapsed(Interval interval) {
    double end = interval.endSeconds();
    if (interval.seconds() < 0.95 && end < 60 && Math.abs(end - Math.rint(end)) >= 0.05) {
      return String.format(Locale.ROOT, "%.1f s", end);
    }
    return Progress.duration(end);
  }

  /** Per second, as read at a glance: 0.6, 9.5, 604, 48213. */
  static String rate(double perSecond) {
    return String.format(Locale.ROOT, perSecond > 0 && perSecond < 10 ? "%.1f" : "%.0f", perSecond);
  }

  /** Microseconds as milliseconds with two or three significant digits: 0.35 ms, 7.9 ms, 31 ms. */
  static String millis(long micros) {
    double ms = micros / 1000.0;
    String f = ms < 1 ? "%.2f ms" : ms < 10 ? "%.1f ms" : "%.0f ms";
    return String.format(Locale.ROOT, f, ms);
  }
}
