package site.ycsbx.measurements;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;

/**
 * Latency over time, per operation: every {@value #INTERVAL_PROPERTY} seconds (default 10) the
 * console's {@link StatusLine} (progress, rates, each operation's p50/p99 in that interval), the
 * same figures in YCSB's export ({@link IntervalRows}) and, with {@value #FILE_PROPERTY}, in a CSV
 * file. Totals hide a reader starved while a writer ran; intervals show it. Independent of
 * YCSB's {@code -s} status and {@code measurement.interval}.
 *
 * <p>Under bin/ycsb with YCSB's default {@code measurementtype=hdrhistogram}, a ticker thread takes
 * each interval's histograms from YCSB's own recorders ({@link RunMeasurements#intervalSource}):
 * nothing more on the hot path. Otherwise every operation (of every workload through
 * {@link RunMeasurements}; under the stock Client, those timed through {@link OpTimer}) is
 * recorded once more into an HdrHistogram {@link Recorder} of its name (one map lookup and one
 * {@code recordValue}) and the ticker swaps those. Exact either way: nothing lost between
 * intervals. Interval 0 starts with the run's first measured operation (after the warm-up);
 * the last one ends when the workload's threads are done (StoreWorkload's cleanup) or, at the
 * latest, when the results are exported. One run per JVM, as YCSB's Measurements.
 */
public final class Intervals {
  public static final String INTERVAL_PROPERTY = "ycsbx.interval";
  public static final double INTERVAL_PROPERTY_DEFAULT = 10;
  /** Shorter intervals would print lines faster than anyone reads them and hold few operations. */
  static final double MIN_SECONDS = 0.1;
  static final double MAX_SECONDS = 86_400;
  public static final String FILE_PROPERTY = "ycsbx.interval.file";
  /** Export metrics of interval rows start with this; they are not operations of the summary. */
  public static final String EXPORT_METRIC_PREFIX = "INTERVAL-";
  /** The summary's prefix of latencies from the intended start ({@code measurement.interval=both}). */
  public static final String INTENDED_PREFIX = "Intended-";
  /** Latencies keep 3 significant digits, as YCSB's and LinkBench's histograms in YCSB-X. */
  private static final int DIGITS = 3;

  private static volatile Intervals current;
  private static boolean hooked;

  private final long periodNanos;
  private final List<IntervalSink> sinks = new ArrayList<>();
  private final IntervalRows rows = new IntervalRows();
  private final IntervalTotals totals = new IntervalTotals();
  private final PrintStream out;
  private final boolean tickerThread;
  private final ConcurrentHashMap<String, Recorder> recorders = new ConcurrentHashMap<>();
  // YCSB's own histograms, taken at each tick (RunMeasurements), or null: the recorders above
  private final java.util.function.Supplier<SortedMap<String, Histogram>> source;
  private volatile boolean started;
  private long startNanos;
  private volatile long startEpochMillis;
  private long lastTickNanos;
  private ScheduledExecutorService ticker;
  private boolean finished;

  /**
   * @param seconds the interval
   * @param out where the lines go
   * @param csv the CSV file to write, or null
   * @param tickerThread false in tests that end intervals themselves ({@link #tick})
   */
  Intervals(double seconds, PrintStream out, Path csv, boolean tickerThread) throws IOException {
    this(seconds, out, csv, null, null, tickerThread, true);
  }

  /**
   * @param seconds the interval; 0 for one interval over the whole run, written only to the logs
   * @param hdrDir the run folder that gets one HdrHistogram interval log per operation, or null
   * @param source the histograms of each interval when taken from elsewhere (then {@link #startRun}
   *        starts the intervals), or null for the recorders of {@link #record}
   * @param statusLine whether the console gets the {@link StatusLine} (ycsbx.progress=0 turns it off)
   */
  Intervals(double seconds, PrintStream out, Path csv, Path hdrDir,
      java.util.function.Supplier<SortedMap<String, Histogram>> source, boolean tickerThread, boolean statusLine)
      throws IOException {
    this.source = source;
    this.periodNanos = Math.round(seconds * 1e9);
    this.out = out;
    this.tickerThread = tickerThread && seconds > 0;
    sinks.add(new Display(totals));
    if (seconds > 0) {
      if (statusLine) {
        sinks.add(new Display(new StatusLine(out)));
      }
      sinks.add(new Display(rows));
      if (csv != null) {
        sinks.add(new Display(new IntervalCsv(csv)));
      }
    }
    if (hdrDir != null) {
      sinks.add(new HdrLogs(hdrDir, this::startEpochMillis));
    }
    rehearse();
  }

  /**
   * One interval's work, done once on sample figures before the run, with nothing kept or
   * written: the source's histograms taken, a recorder swapped, each sink's formatting. The first
   * interval's line otherwise loads the JDK's number formatting (DecimalFormatSymbols,
   * CharacterData00, FormattedFloatingDecimal) in the middle of the run, and a class loaded then
   * voids assumptions the JIT made while compiling the client's hot path (Character's only
   * subclass, inlined into the driver's column lookups), so that path is compiled again on the
   * client's cores inside the clock. Seen at the 10 s line of a pinned 16-thread filemeta run
   * (-XX:+PrintCompilation): about 60 methods thrown away and recompiled at once, on the one
   * client core, which the loop YCSB-X was compared with never pays.
   */
  private void rehearse() {
    if (source != null) {
      source.get(); // before the first operation: YCSB's histograms are empty, nothing is taken
    }
    Recorder r = new Recorder(DIGITS);
    r.recordValue(1234);
    Histogram h = r.getIntervalHistogram();
    SortedMap<String, Histogram> ops = new TreeMap<>(Map.of("REHEARSAL", h, INTENDED_PREFIX + "REHEARSAL", h.copy(),
        "REHEARSAL-FAILED", new Histogram(DIGITS)));
    // more operations than the status line names: its "+N ops" part too
    for (int i = 1; i <= StatusLine.SHOWN_OPS + 1; i++) {
      ops.put("REHEARSAL" + i, h.copy());
    }
    for (IntervalSink s : sinks) {
      s.rehearse(new Interval(0, 10, false, ops));
      s.rehearse(new Interval(10, 12.5, true, ops));
    }
  }

  /**
   * The console line, the rows and the CSV show one series per operation, as before the hook
   * recorded both latencies: from the intended start when the run has them, else from the start.
   */
  private record Display(IntervalSink sink) implements IntervalSink {
    @Override
    public void start() {
      sink.start();
    }

    @Override
    public void accept(Interval interval) throws IOException {
      sink.accept(shown(interval));
    }

    @Override
    public void rehearse(Interval sample) {
      sink.rehearse(shown(sample));
    }

    private static Interval shown(Interval interval) {
      SortedMap<String, Histogram> ops = interval.operations();
      if (ops.keySet().stream().noneMatch(k -> k.startsWith(INTENDED_PREFIX))) {
        return interval;
      }
      SortedMap<String, Histogram> shown = new TreeMap<>();
      ops.forEach((k, v) -> {
        if (k.startsWith(INTENDED_PREFIX)) {
          shown.put(k.substring(INTENDED_PREFIX.length()), v);
        } else {
          shown.putIfAbsent(k, v);
        }
      });
      return new Interval(interval.startSeconds(), interval.endSeconds(), interval.last(), shown);
    }

    @Override
    public void close() throws IOException {
      sink.close();
    }
  }

  /**
   * The interval in seconds, also the status line's period; 0 turns the line, the rows and the
   * file off. A bad value is a {@link UserError}.
   */
  public static double seconds(Properties props) {
    double s = Props.getDouble(props, INTERVAL_PROPERTY, INTERVAL_PROPERTY_DEFAULT, 0, MAX_SECONDS);
    if (s > 0 && s < MIN_SECONDS) {
      throw new UserError(INTERVAL_PROPERTY + "=" + props.getProperty(INTERVAL_PROPERTY) + " is too short; "
          + INTERVAL_PROPERTY + " accepts 0 (no intervals) or " + MIN_SECONDS + " to " + MAX_SECONDS + " seconds");
    }
    return s;
  }

  /** The CSV file asked for, or null; its folder must exist. A bad value is a {@link UserError}. */
  public static Path file(Properties props) {
    String f = props.getProperty(FILE_PROPERTY);
    if (f == null || f.isBlank()) {
      return null;
    }
    Path p = Path.of(f.trim()).toAbsolutePath();
    if (Files.isDirectory(p) || p.getParent() == null || !Files.isDirectory(p.getParent())) {
      throw new UserError(FILE_PROPERTY + "=" + f + " is not a file in an existing folder; " + FILE_PROPERTY
          + " accepts the path of a CSV file to write, in an existing folder");
    }
    return p;
  }

  /** Checks the properties; no side effects. */
  public static void validate(Properties props) {
    seconds(props);
    file(props);
  }

  /**
   * Starts this JVM's run: a run configured earlier in the JVM (tests) is dropped without output.
   * Called once the properties are checked, before any operation.
   */
  public static synchronized void configure(Properties props) throws IOException {
    configure(props, null, null);
  }

  /**
   * {@link #configure(Properties)} with the run folder that gets the HdrHistogram logs (null for
   * none) and the source of the histograms (null: {@link #record} feeds them).
   */
  public static synchronized void configure(Properties props, Path hdrDir,
      java.util.function.Supplier<SortedMap<String, Histogram>> source) throws IOException {
    dropUnfinished();
    Progress.configure(props);
    double seconds = seconds(props);
    if (seconds == 0 && hdrDir == null) {
      return;
    }
    double progress = Progress.seconds(props);
    if (props.getProperty(Progress.PROPERTY) != null && progress > 0 && progress != seconds && seconds > 0) {
      System.err.println("[YCSB-X] " + Progress.PROPERTY + "=" + props.getProperty(Progress.PROPERTY) + ": the [STATUS]"
          + " line comes once per interval (" + INTERVAL_PROPERTY + "=" + Warmup.stripZeros(seconds) + " s); " + Progress.PROPERTY + "=0 turns it off");
    }
    current = new Intervals(seconds, System.err, file(props), hdrDir, source, true, progress > 0);
    if (!hooked) {
      hooked = true;
      // a run killed or ended by YCSB's System.exit before the export still prints its last interval
      Runtime.getRuntime().addShutdownHook(new Thread(Intervals::finishRun, "ycsbx-intervals-end"));
    }
  }

  /** Ends the current intervals without output, when a new run starts in this JVM without {@link #configure}. */
  static void dropUnfinished() {
    Intervals old;
    synchronized (Intervals.class) {
      old = current;
      current = null;
    }
    if (old != null) {
      old.drop();
    }
  }

  /** Whether the ticker thread runs (tests). */
  synchronized boolean ticking() {
    return ticker != null && !ticker.isShutdown();
  }

  /** This run's intervals, or null when off. */
  public static Intervals current() {
    return current;
  }

  /** Records one operation's latency; the hot path of every timed operation. */
  public static void record(String op, long micros) {
    Intervals i = current;
    if (i != null) {
      i.add(op, micros);
    }
  }

  /** Starts interval 0 now (the first measured operation) when the histograms come from a source. */
  public static void startRun() {
    Intervals i = current;
    if (i != null) {
      i.start();
    }
  }

  /** Ends the run's last interval now (idempotent): the threads are done. */
  public static void finishRun() {
    Intervals i = current;
    if (i != null) {
      i.finish(System.nanoTime());
    }
  }

  void add(String op, long micros) {
    if (!started) {
      start();
    }
    Recorder r = recorders.get(op);
    if (r == null) {
      r = recorders.computeIfAbsent(op, k -> new Recorder(DIGITS));
    }
    r.recordValue(Math.max(0, micros));
  }

  private synchronized void start() {
    if (started || finished) {
      return;
    }
    startNanos = System.nanoTime();
    startEpochMillis = System.currentTimeMillis();
    lastTickNanos = startNanos;
    for (IntervalSink s : sinks) {
      s.start();
    }
    if (tickerThread) {
      ticker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "ycsbx-intervals");
        t.setDaemon(true);
        return t;
      });
      // fixed rate: interval ends stay on multiples of the period, whatever a tick costs
      ticker.scheduleAtFixedRate(() -> tick(System.nanoTime()), periodNanos, periodNanos, TimeUnit.NANOSECONDS);
    }
    started = true;
  }

  /** Epoch ms of interval 0's start (the first recorded operation), 0 before it. */
  long startEpochMillis() {
    return startEpochMillis;
  }

  /** Ends the current interval at {@code nowNanos} and hands it to the printers. */
  synchronized void tick(long nowNanos) {
    if (!started || finished) {
      return;
    }
    emit(interval(nowNanos, false));
  }

  synchronized void finish(long nowNanos) {
    if (finished) {
      return;
    }
    finished = true;
    if (ticker != null) {
      ticker.shutdownNow();
    }
    if (started) {
      Interval last = interval(nowNanos, true);
      // a run that ended right on a tick has nothing left to say (a loop, not a stream: the last
      // thread's cleanup may come well before the run's end, and nothing should load mid-run)
      boolean any = false;
      for (Histogram h : last.operations().values()) {
        any |= h.getTotalCount() > 0;
      }
      if (any) {
        emit(last);
      }
    }
    for (IntervalSink s : sinks) {
      try {
        s.close();
      } catch (IOException e) {
        out.println(StatusLine.PREFIX + "cannot finish writing the intervals: " + e.getMessage());
      }
    }
  }

  /** Stops without a last interval (a run of an earlier test in the same JVM). */
  private synchronized void drop() {
    finished = true;
    if (ticker != null) {
      ticker.shutdownNow();
    }
    for (IntervalSink s : sinks) {
      try {
        s.close();
      } catch (IOException e) {
        // nobody reads a dropped run's file
      }
    }
  }

  // callers hold the lock
  private Interval interval(long nowNanos, boolean last) {
    SortedMap<String, Histogram> ops = new TreeMap<>();
    for (Map.Entry<String, Recorder> e : recorders.entrySet()) {
      ops.put(e.getKey(), e.getValue().getIntervalHistogram());
    }
    if (source != null) {
      ops.putAll(source.get());
    }
    Interval i = new Interval((lastTickNanos - startNanos) / 1e9, (nowNanos - startNanos) / 1e9, last, ops);
    lastTickNanos = nowNanos;
    return i;
  }

  private void emit(Interval interval) {
    for (IntervalSink s : List.copyOf(sinks)) {
      try {
        s.accept(interval);
      } catch (IOException e) {
        sinks.remove(s);
        out.println(StatusLine.PREFIX + "cannot write the intervals any more: " + e.getMessage());
      }
    }
  }

  /**
   * Each operation's latencies over the run (the intervals added up, as shown: from the intended
   * start when the run records both), for the summary; ends the run first.
   */
  public SortedMap<String, Histogram> totals() {
    finish(System.nanoTime());
    return totals.totals();
  }

  /** Each interval's [seconds, operations of the workload], in order, for the summary; ends the run first. */
  public List<double[]> rates() {
    finish(System.nanoTime());
    return totals.rates();
  }

  /** Adds every interval's figures to the export, beside the operations'. Ends the run first. */
  public void export(MeasurementsExporter exporter) throws IOException {
    finish(System.nanoTime());
    rows.export(exporter);
  }
}
