package site.ycsbx.measurements;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * Keeps each interval's figures (a few numbers per operation, not the histograms) for YCSB's
 * export at the end of the run: metric {@code INTERVAL-<op>}, measurements prefixed with the
 * interval's end in seconds from the first operation, named as YCSB names its own
 * ({@code 20s Operations}, {@code 20s Throughput(ops/sec)}, {@code 20s 50thPercentileLatency(us)},
 * {@code 20s 99thPercentileLatency(us)}, {@code 20s MaxLatency(us)}).
 */
final class IntervalRows implements IntervalSink {
  private record Row(String op, String end, long count, double opsPerSecond, long p50, long p99, long max) {
  }

  private final List<Row> rows = new ArrayList<>();

  @Override
  public synchronized void accept(Interval interval) {
    rows.addAll(rows(interval));
  }

  @Override
  public void rehearse(Interval sample) {
    rows(sample);
  }

  private static List<Row> rows(Interval interval) {
    String end = seconds(interval.endSeconds());
    List<Row> out = new ArrayList<>();
    for (Map.Entry<String, Histogram> e : interval.operations().entrySet()) {
      Histogram h = e.getValue();
      boolean idle = h.getTotalCount() == 0;
      out.add(new Row(e.getKey(), end, h.getTotalCount(), interval.opsPerSecond(e.getKey()),
          idle ? 0 : h.getValueAtPercentile(50), idle ? 0 : h.getValueAtPercentile(99), idle ? 0 : h.getMaxValue()));
    }
    return out;
  }

  synchronized void export(MeasurementsExporter exporter) throws IOException {
    for (Row r : rows) {
      String metric = Intervals.EXPORT_METRIC_PREFIX + r.op();
      exporter.write(metric, r.end() + "s Operations", r.count());
      exporter.write(metric, r.end() + "s Throughput(ops/sec)", Math.round(r.opsPerSecond() * 10) / 10.0);
      exporter.write(metric, r.end() + "s 50thPercentileLatency(us)", r.p50());
      exporter.write(metric, r.end() + "s 99thPercentileLatency(us)", r.p99());
      exporter.write(metric, r.end() + "s MaxLatency(us)", r.max());
    }
  }

  /** 20, or 23.4 for a last interval that ended between whole seconds. */
  static String seconds(double s) {
    double tenths = Math.round(s * 10) / 10.0;
    return tenths == Math.rint(tenths) ? String.valueOf((long) tenths) : String.format(Locale.ROOT, "%.1f", tenths);
  }
}
