package site.ycsbx.measurements;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.verdict.RunVerdict;

/**
 * The exporter {@code bin/ycsb} hands YCSB's Client: it writes the fingerprint into the export,
 * passes every measurement to the exporter the user chose ({@value #DELEGATE_PROPERTY}, by
 * default YCSB's text exporter), counts operations per return status, prints the tables and the
 * {@link RunSummary} at the end and decides the {@link RunVerdict}. YCSB's text export to the
 * console (no {@code exportfile}) is cut to what people read there ({@link ConsoleExport}); the
 * export files and the run folder get all of it.
 */
public final class ResultExporter implements MeasurementsExporter {
  /** The exporter the user asked for; {@code bin/ycsb} moves YCSB's {@code exporter} here. */
  public static final String DELEGATE_PROPERTY = "ycsbx.exporter";
  public static final String DELEGATE_PROPERTY_DEFAULT = TextMeasurementsExporter.class.getName();
  private static final String JSON = "site.ycsb.measurements.exporter.JSONMeasurementsExporter";
  private static final String JSON_ARRAY = "site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter";

  /** The metric of the fingerprint's entries in the export. */
  public static final String FINGERPRINT_METRIC = "FINGERPRINT";
  /** The metric of the error summary's counts in the export. */
  public static final String ERRORS_METRIC = "ERRORS";
  /** The metric that marks an interrupted run's export. */
  public static final String INTERRUPTED_METRIC = "INTERRUPTED";
  /** The workload family's headline figures ({@link Progress#results}). */
  public static final String HEADLINE_METRIC = "HEADLINE";
  /** The family's figures per round ({@link Progress#rounds}): {@code [ROUND], <n> <name>, value}. */
  public static final String ROUND_METRIC = "ROUND";

  /** Operations that time a batch of operations counted elsewhere end with this. */
  public static final String BATCH_SUFFIX = "_BATCH";

  /**
   * false: the run folder gets no report.html. A sweep's points set it, since drawing the page
   * costs about 2 s of CPU that the sweep would count as the point's client CPU.
   */
  public static final String REPORT_PROPERTY = "ycsbx.report";
  private static volatile boolean writeReport = true;
  private static volatile RunOutput runFolder;
  private static volatile Consumer<Path> page;
  private static volatile String delegateClass = DELEGATE_PROPERTY_DEFAULT;
  private static volatile String exportFile;
  private static volatile long runStartMillis = System.currentTimeMillis();

  static {
    // loaded by runStarts() before YCSB's Client, so before any maxexecutiontime can pass
    site.ycsbx.faults.Deadline.exportWith(InterruptedExport::run);
  }
  private static final AtomicBoolean EXPORT_CLAIMED = new AtomicBoolean();

  private final MeasurementsExporter delegate;
  // the run folder's summary.txt (YCSB's text lines whatever the chosen exporter), or null
  private final RunOutput folder;
  private final MeasurementsExporter summaryText;
  private final boolean interruptedExport;
  // op -> YCSB's figures of it (Operations, latencies), for the run folder's result.json
  private final Map<String, Map<String, Number>> figures = new TreeMap<>();
  // the data size at the end (null: not measured) and the [HEADLINE] figures with it, for result.json
  private site.ycsbx.store.CacheFit size;
  // the run's tables at its start and end against what it wrote (ForeignRows)
  private java.util.List<ForeignRows.Table> tables = java.util.List.of();
  private Map<String, Double> headline;
  private long rawRunMillis = -1;
  // op -> status -> count, from YCSB's "Return=STATUS" records
  private final Map<String, Map<String, Long>> returns = new TreeMap<>();
  private long runMillis = -1;
  private double throughput = Double.NaN;
  // YCSB's text export goes to the console (no exportfile): the cut of ConsoleExport
  private final boolean console;

  /** Reads the user's exporter and the error threshold; call before the Client starts. */
  public static void configure(Properties props) {
    writeReport = site.ycsbx.util.Props.getBoolean(props, REPORT_PROPERTY, true);
    delegateClass = props.getProperty(DELEGATE_PROPERTY, DELEGATE_PROPERTY_DEFAULT);
    exportFile = props.getProperty(site.ycsb.Client.EXPORT_FILE_PROPERTY);
    RunVerdict.configure(props);
  }

  /**
   * Where the run's export ends: {@code folder} gets summary.txt and result.json (null: no run
   * folder), then {@code page} draws report.html from the folder's files (null: none). The
   * launcher sets both before the Client starts; the page is drawn a layer above this one.
   */
  public static void writeTo(RunOutput folder, Consumer<Path> page) {
    runFolder = folder;
    ResultExporter.page = page;
  }

  /** The constructor YCSB's Client calls for its export at the end of a run. */
  public ResultExporter(OutputStream os) throws IOException {
    this(os, claimForYcsb(), false);
  }

  // claimed: the caller owns the run's one export (see claimForYcsb)
  private ResultExporter(OutputStream os, boolean claimed, boolean interruptedExport) throws IOException {
    this.interruptedExport = interruptedExport;
    Map<String, String> fp = Fingerprint.current().entries();
    Interruption.Signal sig = Interruption.current();
    Map<String, String> marker = new LinkedHashMap<>();
    if (sig != null) {
      marker.put("signal", sig.name());
      marker.put("time", sig.at().toString());
    }
    folder = runFolder;
    if (folder != null) {
      OutputStream summary = folder.openSummary();
      StringBuilder sb = new StringBuilder();
      fp.forEach((k, v) -> sb.append("[FINGERPRINT], ").append(k).append(", ").append(v).append('\n'));
      marker.forEach((k, v) -> sb.append('[').append(INTERRUPTED_METRIC).append("], ").append(k).append(", ")
          .append(v).append('\n'));
      summary.write(sb.toString().getBytes(StandardCharsets.UTF_8));
      summaryText = new TextMeasurementsExporter(summary);
    } else {
      summaryText = null;
    }
    console = exportFile == null && delegateClass.equals(DELEGATE_PROPERTY_DEFAULT);
    switch (delegateClass) {
      case JSON:
      case JSON_ARRAY: {
        JsonExporter j = new JsonExporter(os, delegateClass.equals(JSON_ARRAY));
        j.writeStrings(FINGERPRINT_METRIC, fp);
        j.writeStrings(INTERRUPTED_METRIC, marker);
        delegate = j;
        break;
      }
      default: {
        if (delegateClass.equals(DELEGATE_PROPERTY_DEFAULT)) {
          StringBuilder sb = new StringBuilder();
          if (!console) {
            // the console printed the fingerprint at the start
            fp.forEach((k, v) -> sb.append("[FINGERPRINT], ").append(k).append(", ").append(v).append('\n'));
          }
          marker.forEach((k, v) -> sb.append('[').append(INTERRUPTED_METRIC).append("], ").append(k).append(", ")
              .append(v).append('\n'));
          os.write(sb.toString().getBytes(StandardCharsets.UTF_8));
          os.flush();
        }
        MeasurementsExporter chosen = instantiate(delegateClass, os);
        delegate = console ? new ConsoleExport(chosen) : chosen;
      }
    }
  }

  // one export per run: a signal's export and YCSB's own must not both write (the second would
  // truncate the first's file)
  private static boolean claimForYcsb() {
    if (!EXPORT_CLAIMED.compareAndSet(false, true)) {
      Interruption.checkpoint(); // a signal's export owns it and the JVM is exiting
    }
    return true;
  }

  /** Marks the start of YCSB's Client: an interrupted run's RunTime is counted from here. */
  public static void runStarts() {
    runStartMillis = System.currentTimeMillis();
  }

  static long runStartMillis() {
    return runStartMillis;
  }

  /** YCSB's exportfile, or null for stdout. */
  static String exportFile() {
    return exportFile;
  }

  /**
   * The exporter of an interrupted run's export, or null when YCSB's own export has begun (it
   * owns the export file).
   */
  static ResultExporter forInterruptedRun(java.util.function.Supplier<OutputStream> os) throws IOException {
    if (!EXPORT_CLAIMED.compareAndSet(false, true)) {
      return null;
    }
    return new ResultExporter(os.get(), true, true);
  }

  private static MeasurementsExporter instantiate(String className, OutputStream os) throws IOException {
    try {
      return (MeasurementsExporter) Class.forName(className).getConstructor(OutputStream.class).newInstance(os);
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new IOException("cannot use exporter " + className + ": " + e, e);
    }
  }

  @Override
  public void write(String metric, String measurement, int i) throws IOException {
    write(metric, measurement, (long) i);
  }

  @Override
  public void write(String metric, String measurement, long i) throws IOException {
    if (metric.equals("OVERALL") && measurement.equals("RunTime(ms)")) {
      rawRunMillis = i;
      // YCSB's Client times the whole run; what it measured began when the warm-up ended
      i = measuredOnly() ? Math.max(0, i - Warmup.millis()) : i;
      runMillis = i;
    }
    if (measurement.startsWith("Return=")) {
      returns.computeIfAbsent(metric, k -> new TreeMap<>()).merge(measurement.substring(7), i, Long::sum);
    } else {
      figure(metric, measurement, i);
    }
    delegate.write(metric, measurement, i);
    if (summaryText != null) {
      summaryText.write(metric, measurement, i);
    }
  }

  @Override
  public void write(String metric, String measurement, double d) throws IOException {
    if (metric.equals("OVERALL") && measurement.equals("Throughput(ops/sec)")) {
      if (measuredOnly() && rawRunMillis > 0) {
        long all = Math.round(d * rawRunMillis / 1000.0);
        long measured = Math.max(0, all - RunMeasurements.warmupCalls());
        d = runMillis > 0 ? 1000.0 * measured / runMillis : 0;
      }
      throughput = d;
    }
    figure(metric, measurement, d);
    delegate.write(metric, measurement, d);
    if (summaryText != null) {
      summaryText.write(metric, measurement, d);
    }
  }

  // YCSB's own export after a warm-up; an interrupted run's export counts only what was measured
  private boolean measuredOnly() {
    return !interruptedExport && Warmup.millis() > 0 && RunMeasurements.installed();
  }

  // the run folder's result.json and the summary's figures when there are no intervals
  private void figure(String metric, String measurement, Number n) {
    if (!metric.equals("OVERALL") && !metric.startsWith(Intervals.EXPORT_METRIC_PREFIX)) {
      figures.computeIfAbsent(metric, k -> new java.util.LinkedHashMap<>()).put(measurement, n);
    }
  }

  @Override
  public void close() throws IOException {
    MeasurementsExporter both = summaryText == null ? delegate : new Tee(delegate, summaryText);
    Schedule schedule = Schedule.current();
    if (schedule != null) {
      schedule.export(both);
    }
    Intervals intervals = Intervals.current();
    if (intervals != null) {
      intervals.export(both);
    }
    ErrorSummary summary = ErrorSummary.of(returns, opsDone(), runMillis);
    for (Map.Entry<String, Long> e : summary.exportRows().entrySet()) {
      both.write(ERRORS_METRIC, e.getKey(), e.getValue());
    }
    // a server that is gone or hung would hold the export up: the size is then said missing, not waited for
    // (maxexecutiontime's grace over with operations still waiting: the server froze)
    boolean serverGone = site.ycsbx.faults.Outages.hasGivenUp() || site.ycsbx.faults.Deadline.expired()
        || site.ycsbx.faults.Outages.lines().stream().anyMatch(l -> l.contains("not back when the run ended"));
    String whyNot = Interruption.current() != null ? "not measured: the run was interrupted"
        : serverGone ? "not measured: the server was not answering at the run's end" : null;
    size = DataSize.measure(whyNot);
    tables = ForeignRows.judge(whyNot);
    if (!tables.isEmpty()) {
      for (Map.Entry<String, Double> e : ForeignRows.rows(tables).entrySet()) {
        both.write(ForeignRows.METRIC, e.getKey(), e.getValue());
      }
    }
    headline = new java.util.LinkedHashMap<>(Progress.results());
    if (size != null) {
      // the family's own figures first (iibench's size at its last round's end): the end's fill the rest
      size.figures().forEach(headline::putIfAbsent);
    }
    for (Map.Entry<String, Double> e : headline.entrySet()) {
      both.write(HEADLINE_METRIC, e.getKey(), e.getValue());
    }
    java.util.List<Map<String, Double>> rounds = Progress.rounds();
    for (int i = 0; i < rounds.size(); i++) {
      for (Map.Entry<String, Double> e : rounds.get(i).entrySet()) {
        both.write(ROUND_METRIC, (i + 1) + " " + e.getKey(), e.getValue());
      }
    }
    Interruption.Signal sig = Interruption.current();
    if (sig != null) {
      both.write(INTERRUPTED_METRIC, "ExitCode", sig.exitCode());
    }
    Efficiency efficiency = Efficiency.current();
    // runMillis is the measured part (after ycsbx.warmup), so the window starts where the warm-up ended
    String efficiencyTable = efficiency == null ? null
        : efficiency.finish(Efficiency.windowStartNanos(runMillis), opsDone(), both);
    delegate.close();
    if (summaryText != null) {
      summaryText.close();
    }
    if (schedule != null) {
      schedule.summarize();
    }
    if (measuredOnly()) {
      System.err.println("[YCSB-X] warm-up of " + Warmup.stripZeros(Warmup.millis() / 1000.0) + " s: "
          + RunMeasurements.warmupCalls() + " operations ran unrecorded; [OVERALL] and every figure cover the run"
          + " after it" + (opsDone() <= 0 ? " (the run ended within the warm-up: nothing was measured)" : ""));
    }
    // the details first, the answer last: what the last screen shows
    site.ycsbx.faults.Outages.print(System.err);
    if (ForeignRows.line(tables) != null) {
      System.err.println(ForeignRows.line(tables));
    }
    if (efficiencyTable != null) {
      System.err.print(efficiencyTable);
    }
    if (!summary.clean()) {
      System.err.print(summary.renderTable());
    }
    System.out.flush();
    OtherLoad.Mark others = OtherLoad.last();
    System.err.print(RunSummary.beside(RunSummary.render(summaryFacts(summary, intervals)),
        others != null && others.marked() ? others : null));
    System.err.flush();
    if (folder != null) {
      writeFolder(summary, sig);
    }
    RunVerdict.exported(summary.why);
  }

  private RunSummary.Facts summaryFacts(ErrorSummary summary, Intervals intervals) {
    Map<String, String> fp = Fingerprint.current().entries();
    String note;
    if (folder != null) {
      note = "whole export: " + folder.dir().resolve(RunOutput.SUMMARY_FILE) + " and " + RunOutput.RESULT_FILE;
    } else if (exportFile != null) {
      note = "whole export: " + exportFile;
    } else if (console) {
      note = "whole export (fingerprint, intervals, errors, efficiency, GC): -p exportfile=FILE or -p "
          + RunOutput.OUT_PROPERTY + "=DIR";
    } else {
      note = null;
    }
    return new RunSummary.Facts(Progress.now(0).phase(), RunSummary.workloadName(fp.get("workload")),
        fp.getOrDefault("binding", "?"), fp.get("threads"), opsDone(), runMillis, throughput,
        RunSummary.operations(intervals == null ? null : intervals.totals(), figures), Progress.now(0),
        Progress.headline(), note, summary.verdictLine(), intervals == null ? null : WarmupRamp.line(intervals.rates()),
        size == null ? null : "size of " + DataSize.line(size).substring(DataSize.LINE_PREFIX.length()));
  }

  private void writeFolder(ErrorSummary summary, Interruption.Signal sig) {
    try {
      java.io.ByteArrayOutputStream text = new java.io.ByteArrayOutputStream();
      PrintStream ps = new PrintStream(text, true, StandardCharsets.UTF_8);
      site.ycsbx.faults.Outages.print(ps);
      ps.print(summary.render());
      if (size != null) {
        ps.println(DataSize.line(size));
      }
      if (ForeignRows.line(tables) != null) {
        ps.println(ForeignRows.line(tables));
      }
      ps.flush();
      folder.appendSummary(text.toString(StandardCharsets.UTF_8));
      Map<String, Map<String, Number>> ops = new TreeMap<>();
      figures.forEach((k, v) -> {
        if (v.containsKey("Operations")) {
          ops.put(k, v);
        }
      });
      // the timed phase: from the warm-up's end, else YCSB's RunTime back from the end of YCSB's
      // client threads (YCSB's own start of its clock, which neither the first operation's end,
      // after the threads connected, nor bin/ycsb's start of the Client, before YCSB loads the
      // workload and the binding, is: each is hundreds of ms off on a busy host, unequally per client)
      long runtime = Math.max(0, runMillis);
      long done = site.ycsbx.faults.Deadline.clientThreadsDoneMillis();
      long start = Warmup.millis() > 0 && Warmup.endEpochMillis() > 0 ? Warmup.endEpochMillis()
          : done > 0 && rawRunMillis >= 0 ? done - rawRunMillis : runStartMillis;
      long end = sig != null ? Math.max(start, sig.at().toEpochMilli()) : start + runtime;
      OtherLoad.Mark others = OtherLoad.last();
      folder.writeResult(new RunOutput.Result(start, end, runtime, Math.max(0, opsDone()),
          Double.isNaN(throughput) ? 0 : throughput, sig, returns, ops, headline == null ? Map.of() : headline,
          size == null ? Map.of() : DataSize.json(size), others == null ? null : others.json(),
          site.ycsbx.faults.Outages.json(), ForeignRows.json(tables)));
    } catch (IOException | RuntimeException e) {
      System.err.println("[YCSB-X] cannot write the run folder " + folder.dir() + ": " + e);
      return;
    }
    Consumer<Path> draw = page;
    if (!writeReport || draw == null) {
      return;
    }
    // last: the page is drawn from the folder's files as they now stand
    draw.accept(folder.dir());
  }

  /** Every record to two exporters: the chosen one and the run folder's summary.txt. */
  private record Tee(MeasurementsExporter a, MeasurementsExporter b) implements MeasurementsExporter {
    @Override
    public void write(String metric, String measurement, int i) throws IOException {
      a.write(metric, measurement, i);
      b.write(metric, measurement, i);
    }

    @Override
    public void write(String metric, String measurement, long i) throws IOException {
      a.write(metric, measurement, i);
      b.write(metric, measurement, i);
    }

    @Override
    public void write(String metric, String measurement, double d) throws IOException {
      a.write(metric, measurement, d);
      b.write(metric, measurement, d);
    }

    @Override
    public void close() throws IOException {
      a.close();
      b.close();
    }
  }

  /** Prints the per-operation error table; returns why the run failed, or null. */
  String summarize(PrintStream out) {
    ErrorSummary summary = ErrorSummary.of(returns, opsDone(), runMillis);
    out.print(summary.render());
    out.flush();
    return summary.why;
  }

  // YCSB writes its count of completed operations only as a throughput over the run time
  private long opsDone() {
    if (runMillis <= 0 || Double.isNaN(throughput) || Double.isInfinite(throughput)) {
      return -1;
    }
    return Math.round(throughput * runMillis / 1000.0);
  }

  private static String stripZeros(double d) {
    return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
  }
}
