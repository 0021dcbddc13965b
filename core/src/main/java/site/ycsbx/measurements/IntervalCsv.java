package site.ycsbx.measurements;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The intervals as a CSV file ({@value Intervals#FILE_PROPERTY}), one row per interval and
 * operation, written as each interval ends (a run that dies keeps what it measured), for a chart
 * of reads over time in any spreadsheet or plotting tool.
 */
final class IntervalCsv implements IntervalSink {
  static final String HEADER = "start_s,end_s,operation,operations,ops_per_s,p50_us,p99_us,max_us";

  private final BufferedWriter out;

  IntervalCsv(Path file) throws IOException {
    out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    out.write(HEADER);
    out.newLine();
    out.flush();
  }

  @Override
  public void accept(Interval interval) throws IOException {
    for (Map.Entry<String, Histogram> e : interval.operations().entrySet()) {
      out.write(row(interval, e.getKey(), e.getValue()));
      out.newLine();
    }
    out.flush();
  }

  @Override
  public void rehearse(Interval sample) {
    sample.operations().forEach((op, h) -> row(sample, op, h));
  }

  private static String row(Interval interval, String op, Histogram h) {
    boolean idle = h.getTotalCount() == 0;
    return String.format(Locale.ROOT, "%.3f,%.3f,%s,%d,%.1f,%d,%d,%d", interval.startSeconds(),
        interval.endSeconds(), op, h.getTotalCount(), interval.opsPerSecond(op),
        idle ? 0 : h.getValueAtPercentile(50), idle ? 0 : h.getValueAtPercentile(99), idle ? 0 : h.getMaxValue());
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}
