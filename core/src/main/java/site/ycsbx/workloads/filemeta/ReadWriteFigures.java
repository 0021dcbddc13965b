package site.ycsbx.workloads.filemeta;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import site.ycsb.Status;

/**
 * The file-metadata post's figures of a run, for the export's {@code [HEADLINE]} rows: reads/s and
 * writes/s given apart (its read/write tests give both; YCSB's one ops/s adds them), and with a
 * writer window ({@link WriterWindow}) the readers' p99 and rate before, during and after it (the
 * post switched a writer on for 60 s inside a read run and watched the readers recover).
 *
 * <p>Reads and writes that returned OK count; a read falls in the window its start falls in (the
 * intended start under {@code -target}). The run's seconds run from the first client thread's start
 * to the end of the last operation.
 */
final class ReadWriteFigures {
  /** Before, during, after the writers' window. */
  private static final String[] PHASES = {"before", "during", "after"};
  // an hour in microseconds, 3 significant digits: the status line's histograms use the same
  private static final long HIGHEST_US = 3_600_000_000L;

  private final WriterWindow window;
  private final LongAdder reads = new LongAdder();
  private final LongAdder writes = new LongAdder();
  private final LongAccumulator lastEnd = new LongAccumulator(Long::max, Long.MIN_VALUE);
  private final Recorder[] readers;
  // what the recorders gave so far: the figures may be asked more than once (an interrupted run's export)
  private final Histogram[] taken;
  private volatile long startNanos;

  ReadWriteFigures(WriterWindow window) {
    this.window = window;
    this.readers = window == null ? null : new Recorder[] {recorder(), recorder(), recorder()};
    this.taken = window == null ? null : new Histogram[] {histogram(), histogram(), histogram()};
  }

  private static Histogram histogram() {
    return new Histogram(HIGHEST_US, 3);
  }

  private static Recorder recorder() {
    return new Recorder(HIGHEST_US, 3);
  }

  /**
   * One read and one write through a throwaway copy, and its figures: the first operation otherwise
   * loads these classes on a client thread inside the clock (docs/developing.md).
   */
  static void rehearse(WriterWindow window) {
    ReadWriteFigures dry = new ReadWriteFigures(window);
    long t = System.nanoTime();
    dry.start(t);
    dry.record(FileMetaWorkload.LATEST_BY_USER, Status.OK, t, t + 1000);
    dry.record(FileMetaWorkload.INSERT_FILE, Status.OK, t, t + 1000);
    dry.figures();
  }

  void start(long nanos) {
    startNanos = nanos;
  }

  /** An operation ended: counted when it returned OK, a read's latency in its window's histogram. */
  void record(String op, Status status, long fromNanos, long endNanos) {
    lastEnd.accumulate(endNanos);
    if (!status.isOk()) {
      return;
    }
    if (!FileMetaWorkload.isRead(op)) {
      writes.increment();
      return;
    }
    reads.increment();
    if (readers != null) {
      readers[phase(fromNanos)].recordValue(Math.min(HIGHEST_US, Math.max(0, (endNanos - fromNanos) / 1000)));
    }
  }

  private int phase(long nanos) {
    double at = (nanos - startNanos) / 1e9;
    if (at < window.start) {
      return 0;
    }
    return window.seconds == 0 || at < window.start + window.seconds ? 1 : 2;
  }

  /** The figures by name, the read rate first (the rate an experiment's table ranks filemeta's steps by). */
  synchronized Map<String, Double> figures() {
    Map<String, Double> out = new LinkedHashMap<>();
    long start = startNanos;
    long end = lastEnd.get();
    if (start == 0 || end == Long.MIN_VALUE || end <= start) {
      return out;
    }
    double secs = (end - start) / 1e9;
    out.put("reads_s", reads.sum() / secs);
    out.put("writes_s", writes.sum() / secs);
    if (readers != null) {
      double on = Math.min(window.start, secs);
      double off = window.seconds == 0 ? secs : Math.min(window.start + window.seconds, secs);
      double[] lengths = {on, off - on, secs - off};
      for (int i = 0; i < PHASES.length; i++) {
        if (i == 2 && window.seconds == 0) {
          continue; // the writers wrote to the end: there is no after
        }
        Histogram h = taken[i];
        h.add(readers[i].getIntervalHistogram());
        // a window the run never reached (stopped early) has no figures: left out, n/a in tables
        if (lengths[i] > 0) {
          out.put("reads_s_" + PHASES[i], h.getTotalCount() / lengths[i]);
        }
        if (h.getTotalCount() > 0) {
          out.put("read_p99_ms_" + PHASES[i], h.getValueAtPercentile(99) / 1000.0);
        }
      }
    }
    return out;
  }
}
