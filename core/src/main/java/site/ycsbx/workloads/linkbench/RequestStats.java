package site.ycsbx.workloads.linkbench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.HdrHistogram.Histogram;

/**
 * The request phase's figures in LinkBench's form: per request kind, an exact latency histogram
 * (HdrHistogram, microseconds, 3 significant digits) where LinkBench has bucket ranges. Each
 * requester records into its own histograms; they are added at the end.
 */
final class RequestStats {
  /** LinkBench's order of the closing lines. */
  static final List<LinkBenchOp> ORDER = List.of(LinkBenchOp.MULTIGET_LINK, LinkBenchOp.GET_LINKS_LIST,
      LinkBenchOp.COUNT_LINK, LinkBenchOp.UPDATE_LINK, LinkBenchOp.ADD_LINK, LinkBenchOp.DELETE_LINK,
      LinkBenchOp.ADD_NODE, LinkBenchOp.UPDATE_NODE, LinkBenchOp.DELETE_NODE, LinkBenchOp.GET_NODE);
  static final String CSV_HEADER = "op,count,errors,p25_ms,p50_ms,p75_ms,p95_ms,p99_ms,p999_ms,max_ms,mean_ms";

  /** One requester's histograms and error counts. */
  static final class Recorder {
    private final Histogram[] latency = new Histogram[LinkBenchOp.ALL.length];
    private final long[] errors = new long[LinkBenchOp.ALL.length];

    private Recorder() {
      for (int i = 0; i < latency.length; i++) {
        latency[i] = new Histogram(3);
      }
    }

    void ok(LinkBenchOp op, long micros) {
      latency[op.ordinal()].recordValue(Math.max(0, micros));
    }

    void failed(LinkBenchOp op) {
      errors[op.ordinal()]++;
    }
  }

  private final List<Recorder> recorders = new CopyOnWriteArrayList<>();

  Recorder newRecorder() {
    Recorder r = new Recorder();
    recorders.add(r);
    return r;
  }

  /** The added histograms of every requester, by kind; call when the requesters are done. */
  Map<LinkBenchOp, Histogram> totals() {
    Map<LinkBenchOp, Histogram> out = new EnumMap<>(LinkBenchOp.class);
    for (LinkBenchOp op : LinkBenchOp.ALL) {
      Histogram h = new Histogram(3);
      for (Recorder r : recorders) {
        h.add(r.latency[op.ordinal()]);
      }
      out.put(op, h);
    }
    return out;
  }

  long errors(LinkBenchOp op) {
    long sum = 0;
    for (Recorder r : recorders) {
      sum += r.errors[op.ordinal()];
    }
    return sum;
  }

  /** LinkBench's closing line per kind with requests, e.g. {@code GET_NODE count = 12  p50 = 0.31ms ...}. */
  void print(PrintStream out) {
    Map<LinkBenchOp, Histogram> totals = totals();
    for (LinkBenchOp op : ORDER) {
      Histogram h = totals.get(op);
      long errors = errors(op);
      if (h.getTotalCount() == 0 && errors == 0) {
        continue;
      }
      out.println(String.format(Locale.ROOT, "%s count = %d  p50 = %sms  p99 = %sms  max = %sms  mean = %sms%s", op.name(),
          h.getTotalCount(), ms(h.getValueAtPercentile(50)), ms(h.getValueAtPercentile(99)), ms(h.getMaxValue()),
          ms(h.getMean()), errors == 0 ? "" : "  errors = " + errors));
    }
  }

  /** The same figures as CSV ({@link #CSV_HEADER}), milliseconds with microsecond precision. */
  void writeCsv(Path file) throws IOException {
    Map<LinkBenchOp, Histogram> totals = totals();
    List<String> lines = new ArrayList<>();
    lines.add(CSV_HEADER);
    for (LinkBenchOp op : ORDER) {
      Histogram h = totals.get(op);
      lines.add(String.format(Locale.ROOT, "%s,%d,%d,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f", op.name(), h.getTotalCount(),
          errors(op), h.getValueAtPercentile(25) / 1e3, h.getValueAtPercentile(50) / 1e3, h.getValueAtPercentile(75) / 1e3,
          h.getValueAtPercentile(95) / 1e3, h.getValueAtPercentile(99) / 1e3, h.getValueAtPercentile(99.9) / 1e3,
          h.getMaxValue() / 1e3, h.getMean() / 1e3));
    }
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.write(file, lines, StandardCharsets.UTF_8);
  }

  // LinkBench's precision: two decimals under 10 ms, one above
  static String ms(double micros) {
    double ms = micros / 1000.0;
    return String.format(Locale.ROOT, ms < 10 ? "%.2f" : "%.1f", ms);
  }
}
