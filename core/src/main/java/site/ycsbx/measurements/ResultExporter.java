package site.ycsbx.measurements;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
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

  /** Operations that time a batch of operations counted elsewhere end with this. */
  public static final String BATCH_SUFFIX = "_BATCH";

  private static volatile String delegateClass = DELEGATE_PROPERTY_DEFAULT;

  private final MeasurementsExporter delegate;
  // op -> status -> count, from YCSB's "Return=STATUS" records
  private final Map<String, Map<String, Long>> returns = new TreeMap<>();

  /** Reads the user's exporter and the error threshold; call before the Client starts. */
  public static void configure(Properties props) {
    delegateClass = props.getProperty(DELEGATE_PROPERTY, DELEGATE_PROPERTY_DEFAULT);
    RunVerdict.configure(props);
  }

  public ResultExporter(OutputStream os) throws IOException {
    Map<String, String> fp = Fingerprint.current().entries();
    switch (delegateClass) {
      case JSON:
      case JSON_ARRAY: {
        JsonExporter j = new JsonExporter(os, delegateClass.equals(JSON_ARRAY));
        j.writeStrings("FINGERPRINT", fp);
        delegate = j;
        break;
      }
      default: {
        if (delegateClass.equals(DELEGATE_PROPERTY_DEFAULT)) {
          StringBuilder sb = new StringBuilder();
          fp.forEach((k, v) -> sb.append("[FINGERPRINT], ").append(k).append(", ").append(v).append('\n'));
          os.write(sb.toString().getBytes(StandardCharsets.UTF_8));
          os.flush();
        }
        delegate = instantiate(delegateClass, os);
      }
    }
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
    delegate.write(metric, measurement, d);
  }

  private void count(String metric, String measurement, long n) {
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
    delegate.close();
    if (schedule != null) {
      schedule.summarize();
    }
    site.ycsbx.faults.Outages.print(System.err);
    RunVerdict.exported(summarize(System.err));
  }

  /** Prints the per-operation error table; returns why the run failed, or null. */
  String summarize(PrintStream out) {
    long total = 0;
    long failed = 0;
    StringBuilder table = new StringBuilder();
    table.append(String.format("[ERRORS] %-24s %12s %12s %8s  %s%n", "operation", "ok", "failed", "failed%", "failures by status"));
    for (Map.Entry<String, Map<String, Long>> e : returns.entrySet()) {
      long ok = 0;
      long bad = 0;
      StringBuilder statuses = new StringBuilder();
      for (Map.Entry<String, Long> s : e.getValue().entrySet()) {
        if (s.getKey().equals("OK") || s.getKey().equals("BATCHED_OK")) {
          ok += s.getValue();
        } else {
          bad += s.getValue();
          statuses.append(statuses.length() == 0 ? "" : ", ").append(s.getKey()).append('=').append(s.getValue());
        }
      }
      // a batch round trip (INSERT_BATCH) re-times operations already counted one by one:
      // its failures count, its successes would count the same rows twice
      if (!e.getKey().endsWith(BATCH_SUFFIX)) {
        total += ok + bad;
      }
      failed += bad;
      table.append(String.format("[ERRORS] %-24s %12d %12d %8.2f  %s%n", e.getKey(), ok, bad,
          100.0 * bad / Math.max(1, ok + bad), statuses));
      if (bad > 0) {
        for (String m : ErrorLog.messages(e.getKey())) {
          table.append(String.format("[ERRORS] %-24s first error: %s%n", "", m));
        }
      }
    }
    out.print(table);
    String why = null;
    double pct = 100.0 * failed / Math.max(1, total);
    double max = RunVerdict.maxErrorPercent();
    if (RunVerdict.checkFailure() != null) {
      why = RunVerdict.checkFailure();
    } else if (total == 0) {
      why = "no operation completed";
    } else if (pct > max) {
      why = String.format("%d of %d operations failed (%.2f%%), above %s=%s for a %s", failed, total, pct,
          RunVerdict.MAX_ERROR_PERCENT_PROPERTY, stripZeros(max), RunVerdict.isLoad() ? "load" : "run");
    }
    if (why != null) {
      List<String> first = ErrorLog.all().values().stream().flatMap(List::stream).limit(1).toList();
      out.println("[ERRORS] FAILED: " + why + (first.isEmpty() ? "" : "; first error: " + first.get(0)));
    } else {
      out.printf("[ERRORS] OK: %d operations, %d failed%n", total, failed);
    }
    out.flush();
    return why;
  }

  private static String stripZeros(double d) {
    return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
  }
}
