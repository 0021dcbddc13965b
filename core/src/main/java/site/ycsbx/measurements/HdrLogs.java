package site.ycsbx.measurements;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The run folder's latency logs: {@code <OP>.hdr} per operation of the summary (and
 * {@code Intended-<OP>.hdr}), HdrHistogram interval logs as YCSB 0.17 writes them with
 * {@code hdrhistogram.fileoutput=true} (same names, same writer), one histogram per interval, in
 * microseconds. StartTime and BaseTime are the epoch ms of the run's first interval in every log,
 * so logs of several clients line up on wall-clock time and each interval's timestamps are its
 * real start and end. Written as each interval ends: a run that dies keeps what it measured.
 */
public final class HdrLogs implements IntervalSink {
  /** A log's file name is the operation's summary name and this. */
  static final String SUFFIX = RunOutput.HDR_SUFFIX;

  private final Path dir;
  private final LongSupplier startEpochMillis;
  private final Map<String, Log> logs = new TreeMap<>();

  private record Log(PrintStream stream, HistogramLogWriter writer) {
  }

  HdrLogs(Path dir, LongSupplier startEpochMillis) {
    this.dir = dir;
    this.startEpochMillis = startEpochMillis;
  }

  @Override
  public synchronized void accept(Interval interval) throws IOException {
    long base = startEpochMillis.getAsLong();
    long start = base + Math.round(interval.startSeconds() * 1000);
    long end = base + Math.round(interval.endSeconds() * 1000);
    for (Map.Entry<String, Histogram> e : interval.operations().entrySet()) {
      Log log = logs.get(e.getKey());
      if (log == null) {
        log = open(dir.resolve(e.getKey() + SUFFIX), e.getKey(), base);
        logs.put(e.getKey(), log);
      }
      Histogram h = e.getValue();
      h.setStartTimeStamp(start);
      h.setEndTimeStamp(end);
      log.writer().outputIntervalHistogram(h);
      log.stream().flush();
      if (log.stream().checkError()) {
        throw new IOException("cannot write " + dir.resolve(e.getKey() + SUFFIX));
      }
    }
  }

  @Override
  public void rehearse(Interval sample) {
    PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
    sample.operations().forEach((op, h) -> writer(nowhere, op, 0).outputIntervalHistogram(h));
    // HdrHistogram encodes through a reflective call (Base64Helper), which the JDK turns into a
    // generated class after some calls: made to happen here, not at the run's first intervals
    HistogramLogWriter w = writer(nowhere, "REHEARSAL", 0);
    Histogram h = sample.operations().values().iterator().next();
    for (int i = 0; i < RunMeasurements.REFLECTIVE_CALLS; i++) {
      w.outputIntervalHistogram(h);
    }
    // a log is opened at its operation's first interval: the file's classes are loaded before the clock
    try {
      Path f = Files.createTempFile("ycsbx-rehearsal", SUFFIX);
      try {
        open(f, "REHEARSAL", 0).stream().close();
      } finally {
        Files.deleteIfExists(f);
      }
    } catch (IOException e) {
      // no temporary folder: the first interval opens its files as it would have anyway
    }
  }

  private static Log open(Path file, String op, long base) throws IOException {
    PrintStream ps = new PrintStream(Files.newOutputStream(file), false, "UTF-8");
    return new Log(ps, writer(ps, op, base));
  }

  /** A writer of {@code op}'s log on {@code ps}, its header written: comment, format, start and base time, legend. */
  public static HistogramLogWriter writer(PrintStream ps, String op, long base) {
    HistogramLogWriter w = new HistogramLogWriter(ps);
    w.outputComment("[Logging for: " + op + "] YCSB-X, latencies in microseconds");
    w.outputLogFormatVersion();
    w.outputStartTime(base);
    w.setBaseTime(base);
    w.outputBaseTime(base);
    w.outputLegend();
    return w;
  }

  @Override
  public synchronized void close() {
    for (Log l : logs.values()) {
      l.stream().close();
    }
  }
}
