package site.ycsbx.measurements;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;
import site.ycsbx.fingerprint.Fingerprint;

/**
 * The exporter {@code bin/ycsb} hands YCSB's Client: it writes the fingerprint into the export,
 * passes every measurement to the exporter the user chose ({@value #DELEGATE_PROPERTY}, by
 * default YCSB's text exporter), counts operations per return status, prints the error summary
 * and decides the {@link RunVerdict}.
 */
public final class ResultExporter implements MeasurementsExporter {
  /** The exporter the user asked for; {@code bin/ycsb} moves YCSB's {@code exporter} here. */
  public static final String DELEGATE_PROPERTY = "ycsbx.exporter";
  public static final String DELEGATE_PROPERTY_DEFAULT = TextMeasurementsExporter.class.getName();
  private static final String JSON = "site.ycsb.measurements.exporter.JSONMeasurementsExporter";
  private static final String JSON_ARRAY = "site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter";

  /** The metric of the error summary's counts in the export. */
  public static final String ERRORS_METRIC = "ERRORS";
  /** The metric that marks an interrupted run's export. */
  public static final String INTERRUPTED_METRIC = "INTERRUPTED";

  /** Operations that time a batch of operations counted elsewhere end with this. */
  public static final String BATCH_SUFFIX = "_BATCH";

  private static volatile String delegateClass = DELEGATE_PROPERTY_DEFAULT;
  private static volatile String exportFile;
  private static volatile long runStartMillis = System.currentTimeMillis();
  private static final AtomicBoolean EXPORT_CLAIMED = new AtomicBoolean();

  private final MeasurementsExporter delegate;
  // op -> status -> count, from YCSB's "Return=STATUS" records
  private final Map<String, Map<String, Long>> returns = new TreeMap<>();
  private long runMillis = -1;
  private double throughput = Double.NaN;

  /** Reads the user's exporter and the error threshold; call before the Client starts. */
  public static void configure(Properties props) {
    delegateClass = props.getProperty(DELEGATE_PROPERTY, DELEGATE_PROPERTY_DEFAULT);
    exportFile = props.getProperty(site.ycsb.Client.EXPORT_FILE_PROPERTY);
    RunVerdict.configure(props);
  }

  /** The constructor YCSB's Client calls for its export at the end of a run. */
  public ResultExporter(OutputStream os) throws IOException {
    this(os, claimForYcsb());
  }

  // claimed: the caller owns the run's one export (see claimForYcsb)
  private ResultExporter(OutputStream os, boolean claimed) throws IOException {
    Map<String, String> fp = Fingerprint.current().entries();
    Interruption.Signal sig = Interruption.current();
    Map<String, String> marker = new LinkedHashMap<>();
    if (sig != null) {
      marker.put("signal", sig.name());
      marker.put("time", sig.at().toString());
    }
    switch (delegateClass) {
      case JSON:
      case JSON_ARRAY: {
        JsonExporter j = new JsonExporter(os, delegateClass.equals(JSON_ARRAY));
        j.writeStrings("FINGERPRINT", fp);
        j.writeStrings(INTERRUPTED_METRIC, marker);
        delegate = j;
        break;
      }
      default: {
        if (delegateClass.equals(DELEGATE_PROPERTY_DEFAULT)) {
          StringBuilder sb = new StringBuilder();
          fp.forEach((k, v) -> sb.append("[FINGERPRINT], ").append(k).append(", ").append(v).append('\n'));
          marker.forEach((k, v) -> sb.append('[').append(INTERRUPTED_METRIC).append("], ").append(k).append(", ")
              .append(v).append('\n'));
          os.write(sb.toString().getBytes(StandardCharsets.UTF_8));
          os.flush();
        }
        delegate = instantiate(delegateClass, os);
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
    return new ResultExporter(os.get(), true);
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
    count(metric, measurement, i);
    delegate.write(metric, measurement, i);
  }

  @Override
  public void write(String metric, String measurement, long i) throws IOException {
    count(metric, measurement, i);
    delegate.write(metric, measurement, i);
  }

  @Override
  public void write(String metric, String measurement, double d) throws IOException {
    if (metric.equals("OVERALL") && measurement.equals("Throughput(ops/sec)")) {
      throughput = d;
    }
    delegate.write(metric, measurement, d);
  }

  private void count(String metric, String measurement, long n) {
    if (metric.equals("OVERALL") && measurement.equals("RunTime(ms)")) {
      runMillis = n;
    }
    if (measurement.startsWith("Return=")) {
      returns.computeIfAbsent(metric, k -> new TreeMap<>()).merge(measurement.substring(7), n, Long::sum);
    }
  }

  @Override
  public void close() throws IOException {
    Schedule schedule = Schedule.current();
    if (schedule != null) {
      schedule.export(delegate);
    }
    Intervals intervals = Intervals.current();
    if (intervals != null) {
      intervals.export(delegate);
    }
    ErrorSummary summary = ErrorSummary.of(returns, opsDone(), runMillis);
    for (Map.Entry<String, Long> e : summary.exportRows().entrySet()) {
      delegate.write(ERRORS_METRIC, e.getKey(), e.getValue());
    }
    Interruption.Signal sig = Interruption.current();
    if (sig != null) {
      delegate.write(INTERRUPTED_METRIC, "ExitCode", sig.exitCode());
    }
    Efficiency efficiency = Efficiency.current();
    // TODO lead: with ycsbx.warmup, the window starts at the warm-up's end
    String efficiencyTable = efficiency == null ? null
        : efficiency.finish(Efficiency.windowStartNanos(runMillis), opsDone(), delegate);
    delegate.close();
    if (schedule != null) {
      schedule.summarize();
    }
    site.ycsbx.faults.Outages.print(System.err);
    System.err.print(summary.render());
    if (efficiencyTable != null) {
      System.err.print(efficiencyTable);
    }
    System.err.flush();
    RunVerdict.exported(summary.why);
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
