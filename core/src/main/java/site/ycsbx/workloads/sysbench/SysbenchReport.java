package site.ycsbx.workloads.sysbench;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import site.ycsbx.faults.Outages;

/**
 * sysbench's own figures of a run, beside YCSB's summary, so that a sysbench user reads the same
 * numbers in the same places: during the run, sysbench's interval line every
 * {@value SysbenchSettings#REPORT_INTERVAL_PROPERTY} seconds,
 * <pre>[ 10s ] thds: 16 tps: 1234.56 qps: 24691.20 (r/w/o: 17283.84/4938.24/2469.12) lat (ms,95%): 17.32 err/s: 0.00 reconn/s: 0.00</pre>
 * and at the end its "SQL statistics", "General statistics", "Latency (ms)" and "Threads
 * fairness" blocks. Queries are counted as sysbench counts them: reads are the SELECTs, writes
 * the UPDATEs, DELETEs and INSERTs (an UPDATE that changed no row is "other", as sysbench's
 * drivers count it), other the BEGINs and COMMITs (and the ROLLBACKs of failed transactions, not
 * those after an ignored error, which sysbench does not count) sent (none where the
 * store runs each step alone, MongoDB without transactions, which the report says); a transaction is
 * counted when it commits; an attempt that hit an ignored error counts under ignored errors, and
 * the transaction is run again (sysbench restarts the event); reconnects are the connections the binding re-opened after the server broke them
 * ({@link Outages}). Latency is the TRANSACTION's, in ms, from its first statement to its commit.
 */
final class SysbenchReport {
  private final LongAdder reads = new LongAdder();
  private final LongAdder writes = new LongAdder();
  private final LongAdder others = new LongAdder();
  // transactions whose steps ran alone: their BEGIN and COMMIT were never sent, nor counted
  private final LongAdder notSent = new LongAdder();
  private final LongAdder transactions = new LongAdder();
  private final LongAdder ignored = new LongAdder();
  private final Recorder latency = new Recorder(3);
  private final Histogram total = new Histogram(3);
  private final int threads;
  private final PrintStream out;
  // the window the figures count from: the run's start, the warm-up's end or the last checkpoint
  private long startNanos;
  // the test's start (the run's, or the warm-up's end): interval lines and total time count from it, as
  // sysbench's do across its checkpoints
  private long testStartNanos;
  private boolean ended;
  /** When the run's threads had ended (the report printed): the headline's rates end there, not at the export. */
  private long endNanos;
  private long lastNanos;
  // the counters when the window started: they are never reset, so that a statement counted while a
  // checkpoint prints falls into the next window rather than into none
  private Counts base = new Counts(0, 0, 0, 0, 0, 0);
  private long lastReads;
  private long lastWrites;
  private long lastOthers;
  private long lastTransactions;
  private long lastIgnored;
  private long reconnectsAtStart;
  private long lastReconnects;
  private ScheduledExecutorService ticker;

  SysbenchReport(int threads, PrintStream out) {
    this.threads = threads;
    this.out = out;
  }

  /**
   * The interval line once, on a report of its own that prints nowhere, before the run: its
   * formatting would otherwise be loaded at the first line, inside the clock (see docs/developing.md).
   */
  static void rehearse(int threads) {
    SysbenchReport dry = new SysbenchReport(threads,
        new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.US_ASCII));
    dry.startNanos = System.nanoTime();
    dry.testStartNanos = dry.startNanos;
    dry.lastNanos = dry.startNanos;
    dry.transaction(1000);
    dry.intervalLine();
  }

  /**
   * Starts the clock, and the interval lines when {@code seconds} > 0. With a warm-up
   * ({@code ycsbx.warmup}) the figures start over when it ends, as sysbench 1.0.20's counters do
   * at a --report-checkpoints time; {@code onRestart} runs then too. At each of {@code checkpoints}
   * (seconds from now, ascending) the closing blocks print under {@code [ Ns ] Checkpoint report:}
   * with the figures since the last start over, which then start over, as sysbench's
   * --report-checkpoints; {@code fairness} gives the threads' counts for them ({@link #print}'s).
   */
  synchronized void start(double seconds, long[] checkpoints, Supplier<long[][]> fairness, Runnable onRestart) {
    if (startNanos != 0) {
      return;
    }
    startNanos = System.nanoTime();
    testStartNanos = startNanos;
    lastNanos = startNanos;
    reconnectsAtStart = Outages.reconnects();
    lastReconnects = reconnectsAtStart;
    if (site.ycsbx.measurements.Warmup.millis() > 0) {
      site.ycsbx.measurements.Warmup.onEnd(() -> {
        restart();
        onRestart.run();
      });
    }
    if (seconds > 0 || checkpoints.length > 0) {
      ticker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "ycsbx-sysbench-report");
        t.setDaemon(true);
        return t;
      });
    }
    if (seconds > 0) {
      long period = (long) (seconds * 1e9);
      ticker.scheduleAtFixedRate(this::intervalLine, period, period, TimeUnit.NANOSECONDS);
    }
    for (long c : checkpoints) {
      ticker.schedule(() -> checkpoint(c, fairness, onRestart), c * 1_000_000_000L - (System.nanoTime() - startNanos),
          TimeUnit.NANOSECONDS);
    }
  }

  private synchronized void checkpoint(long second, Supplier<long[][]> fairness, Runnable onRestart) {
    if (ended) {
      return;
    }
    long[][] f = fairness.get();
    long now = System.nanoTime();
    Counts at = counts();
    out.println("[ " + second + "s ] Checkpoint report:");
    blocks(f[0], f[1], now, at);
    startWindow(now, at);
    onRestart.run();
  }

  /** sysbench's counts of the statements and transactions, as summed now or over a window. */
  private record Counts(long reads, long writes, long others, long transactions, long ignored, long notSent) {
    Counts minus(Counts b) {
      return new Counts(reads - b.reads, writes - b.writes, others - b.others, transactions - b.transactions,
          ignored - b.ignored, notSent - b.notSent);
    }
  }

  private Counts counts() {
    return new Counts(reads.sum(), writes.sum(), others.sum(), transactions.sum(), ignored.sum(), notSent.sum());
  }

  // the warm-up's end: its latencies not yet taken into the total are dropped with it
  private synchronized void restart() {
    latency.getIntervalHistogram();
    startWindow(System.nanoTime(), counts());
    testStartNanos = startNanos;
  }

  // a new window of the figures, from the counts at its start (a checkpoint's or the warm-up's end)
  private void startWindow(long now, Counts at) {
    base = at;
    total.reset();
    startNanos = now;
    lastNanos = startNanos;
    lastReads = base.reads();
    lastWrites = base.writes();
    lastOthers = base.others();
    lastTransactions = base.transactions();
    lastIgnored = base.ignored();
    reconnectsAtStart = Outages.reconnects();
    lastReconnects = reconnectsAtStart;
  }

  void read() {
    reads.increment();
  }

  void write() {
    writes.increment();
  }

  void other() {
    others.increment();
  }

  /** A transaction whose store ran its steps alone: no BEGIN or COMMIT was sent. */
  void notSent() {
    notSent.increment();
  }

  /** A committed transaction of {@code nanos}. */
  void transaction(long nanos) {
    transactions.increment();
    latency.recordValue(Math.max(1, nanos / 1000));
  }

  /** A transaction rolled back on an error sysbench ignores. */
  void ignoredError() {
    ignored.increment();
  }

  /** The summary's line: sysbench's headline figures of the run so far. */
  synchronized String headline() {
    if (startNanos == 0) {
      return null;
    }
    double secs = Math.max(1e-9, (sinceStartEnd() - startNanos) / 1e9);
    Counts c = counts().minus(base);
    long q = c.reads() + c.writes() + c.others();
    return String.format(Locale.ROOT, "sysbench: %d transactions, %.2f per sec., %.2f queries per sec., %d ignored"
        + " errors", c.transactions(), c.transactions() / secs, q / secs, c.ignored());
  }

  /** The headline's figures for the export (the rate first: what an experiment's table ranks by). */
  synchronized java.util.Map<String, Double> results() {
    if (startNanos == 0) {
      return null;
    }
    double secs = Math.max(1e-9, (sinceStartEnd() - startNanos) / 1e9);
    Counts c = counts().minus(base);
    long q = c.reads() + c.writes() + c.others();
    java.util.Map<String, Double> out = new java.util.LinkedHashMap<>();
    out.put("transactions_s", c.transactions() / secs);
    out.put("queries_s", q / secs);
    out.put("transactions", (double) c.transactions());
    out.put("ignored_errors", (double) c.ignored());
    return out;
  }

  private synchronized void intervalLine() {
    long now = System.nanoTime();
    Histogram h = latency.getIntervalHistogram();
    total.add(h);
    double secs = Math.max(1e-9, (now - lastNanos) / 1e9);
    long r = reads.sum();
    long w = writes.sum();
    long o = others.sum();
    long t = transactions.sum();
    long e = ignored.sum();
    long rc = Outages.reconnects();
    double rr = (r - lastReads) / secs;
    double wr = (w - lastWrites) / secs;
    double or = (o - lastOthers) / secs;
    out.println(String.format(Locale.ROOT, "[ %ds ] thds: %d tps: %.2f qps: %.2f (r/w/o: %.2f/%.2f/%.2f) lat (ms,95%%):"
        + " %.2f err/s: %.2f reconn/s: %.2f", Math.round((now - testStartNanos) / 1e9), threads,
        (t - lastTransactions) / secs, rr + wr + or, rr, wr, or,
        h.getTotalCount() == 0 ? 0.0 : h.getValueAtPercentile(95) / 1000.0, (e - lastIgnored) / secs,
        (rc - lastReconnects) / secs));
    lastReconnects = rc;
    lastNanos = now;
    lastReads = r;
    lastWrites = w;
    lastOthers = o;
    lastTransactions = t;
    lastIgnored = e;
  }

  /**
   * sysbench's closing blocks.
   *
   * @param perThread transactions each client thread committed (threads fairness)
   * @param busyNanos the sum of those transactions' latencies, per thread
   */
  synchronized void print(long[] perThread, long[] busyNanos) {
    if (ticker != null) {
      ticker.shutdownNow();
    }
    ended = true;
    endNanos = System.nanoTime();
    blocks(perThread, busyNanos, endNanos, counts());
  }

  // the run's end once its report printed (the export comes after the workload's cleanup and verify), else now
  private long sinceStartEnd() {
    return ended ? endNanos : System.nanoTime();
  }

  // the rates over the window since the last start over; total time since the test's start, as sysbench's
  private void blocks(long[] perThread, long[] busyNanos, long end, Counts at) {
    total.add(latency.getIntervalHistogram());
    double secs = Math.max(1e-9, (end - startNanos) / 1e9);
    Counts c = at.minus(base);
    long r = c.reads();
    long w = c.writes();
    long o = c.others();
    long t = c.transactions();
    long e = c.ignored();
    out.println("SQL statistics:");
    out.println("    queries performed:");
    out.println(row("        read:", Long.toString(r)));
    out.println(row("        write:", Long.toString(w)));
    out.println(row("        other:", Long.toString(o)));
    out.println(row("        total:", Long.toString(r + w + o)));
    out.println(row("    transactions:", String.format(Locale.ROOT, "%-6d (%.2f per sec.)", t, t / secs)));
    out.println(row("    queries:", String.format(Locale.ROOT, "%-6d (%.2f per sec.)", r + w + o, (r + w + o) / secs)));
    out.println(row("    ignored errors:", String.format(Locale.ROOT, "%-6d (%.2f per sec.)", e, e / secs)));
    long rc = Outages.reconnects() - reconnectsAtStart;
    out.println(row("    reconnects:", String.format(Locale.ROOT, "%-6d (%.2f per sec.)", rc, rc / secs)));
    long unsent = c.notSent();
    if (unsent > 0) {
      out.println("    (other counts only statements sent: the steps of " + unsent + " transactions ran alone, without"
          + " a BEGIN or COMMIT, as the store runs them without transactions)");
    }
    out.println();
    out.println("General statistics:");
    out.println(row("    total time:", String.format(Locale.ROOT, "%.4fs", (end - testStartNanos) / 1e9)));
    out.println(row("    total number of events:", Long.toString(t)));
    out.println();
    out.println("Latency (ms):");
    boolean any = total.getTotalCount() > 0;
    out.println(ms("         min:", any ? total.getMinValue() / 1000.0 : 0));
    out.println(ms("         avg:", any ? total.getMean() / 1000.0 : 0));
    out.println(ms("         max:", any ? total.getMaxValue() / 1000.0 : 0));
    out.println(ms("         95th percentile:", any ? total.getValueAtPercentile(95) / 1000.0 : 0));
    out.println(ms("         sum:", any ? total.getMean() * total.getTotalCount() / 1000.0 : 0));
    out.println();
    out.println("Threads fairness:");
    double[] events = meanAndStddev(perThread, 1);
    out.println(String.format(Locale.ROOT, "    events (avg/stddev):           %.4f/%.2f", events[0], events[1]));
    // sysbench 1.0.20 (sysbench.c): the threads' time inside their events, in seconds, not the wall time
    double[] time = meanAndStddev(busyNanos, 1e9);
    out.println(String.format(Locale.ROOT, "    execution time (avg/stddev):   %.4f/%.2f", time[0], time[1]));
    out.println();
  }

  /** Mean and population standard deviation of {@code values / unit} over the threads. */
  static double[] meanAndStddev(long[] values, double unit) {
    double mean = 0;
    for (long n : values) {
      mean += n / unit;
    }
    mean /= Math.max(1, values.length);
    double var = 0;
    for (long n : values) {
      var += (n / unit - mean) * (n / unit - mean);
    }
    return new double[] {mean, Math.sqrt(var / Math.max(1, values.length))};
  }

  private static String row(String label, String value) {
    return String.format(Locale.ROOT, "%-41s%s", label, value);
  }

  private static String ms(String label, double value) {
    return String.format(Locale.ROOT, "%-31s%10.2f", label, value);
  }
}
