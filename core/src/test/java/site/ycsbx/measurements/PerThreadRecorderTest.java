package site.ycsbx.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurement;
import site.ycsb.measurements.OneMeasurementHdrHistogram;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * YCSB's figures with per-thread recorders are those of its one shared Recorder given the same
 * values: the verbose export (every bucket's count, beside the count, mean, extremes and
 * percentiles) compared whole, with threads that end before the export and intervals taken while
 * others record.
 */
@Tag("fast")
class PerThreadRecorderTest {
  private static final int THREADS = 8;
  private static final int PER_THREAD = 20_000;
  private static final Pattern COUNT = Pattern.compile("Count=(\\d+),");

  /** What an export wrote, line by line: "[OP] metric" to its value. */
  private static final class Lines implements MeasurementsExporter {
    final Map<String, String> lines = new LinkedHashMap<>();

    @Override
    public void write(String metric, String measurement, int i) {
      lines.put("[" + metric + "] " + measurement, Integer.toString(i));
    }

    @Override
    public void write(String metric, String measurement, long i) {
      lines.put("[" + metric + "] " + measurement, Long.toString(i));
    }

    @Override
    public void write(String metric, String measurement, double d) {
      lines.put("[" + metric + "] " + measurement, Double.toString(d));
    }

    @Override
    public void close() {
    }
  }

  private static Properties verbose() {
    Properties p = new Properties();
    p.setProperty(OneMeasurementHdrHistogram.VERBOSE_PROPERTY, "true");
    p.setProperty(OneMeasurementHdrHistogram.PERCENTILES_PROPERTY, "1,10,25,50,75,90,95,99,99.9,99.99");
    return p;
  }

  /** Thread {@code t}'s values: microseconds to seconds, so buckets of every magnitude (and resizes). */
  private static void values(int t, IntConsumer record) {
    Random r = new Random(1000 + t);
    for (int i = 0; i < PER_THREAD; i++) {
      record.accept((int) Math.min(Integer.MAX_VALUE - 1, Math.exp(r.nextDouble() * 16)));
    }
  }

  /** Starts threads {@code from} (included) to {@code to} (excluded), each recording its values. */
  private static List<Thread> start(int from, int to, IntConsumer record) {
    List<Thread> ts = new ArrayList<>();
    for (int t = from; t < to; t++) {
      int n = t;
      Thread th = new Thread(() -> values(n, record), "recorder-test-" + t);
      th.start();
      ts.add(th);
    }
    return ts;
  }

  private static void join(List<Thread> ts) throws InterruptedException {
    for (Thread t : ts) {
      t.join();
    }
  }

  @Test
  void theSameExportAsOneSharedRecorderWithThreadsEndingAndTakesBetween() throws Exception {
    sameAsShared(THREADS);
  }

  /** Threads past the cap share YCSB's recorder underneath: its values are in every take too. */
  @Test
  void theSameWhenSomeThreadsShareTheRecorderUnderneath() throws Exception {
    sameAsShared(3);
  }

  private static void sameAsShared(int maxThreads) throws Exception {
    OneMeasurementHdrHistogram shared = new OneMeasurementHdrHistogram("READ", verbose());
    OneMeasurementHdrHistogram perThread = new OneMeasurementHdrHistogram("READ", verbose());
    PerThreadRecorder.into(perThread, maxThreads);
    IntConsumer both = v -> {
      shared.measure(v);
      perThread.measure(v);
    };
    LongAdder taken = new LongAdder();
    AtomicBoolean recording = new AtomicBoolean(true);
    // intervals taken while threads record, as the intervals' ticker does: each value lands in one of them
    Thread taker = new Thread(() -> {
      while (recording.get()) {
        taken.add(count(perThread.getSummary()));
        shared.getSummary();
        Thread.onSpinWait();
      }
    });
    taker.start();
    // the first half ends before the second starts, long before the export: their recorders must stay
    join(start(0, THREADS / 2, both));
    join(start(THREADS / 2, THREADS, both));
    recording.set(false);
    taker.join();
    // one take more, as YCSB's status thread may do after the threads end: the takes add up to every value once
    taken.add(count(perThread.getSummary()));
    assertEquals((long) THREADS * PER_THREAD, taken.sum(), "values lost or taken twice");

    Lines expected = new Lines();
    Lines actual = new Lines();
    shared.exportMeasurements(expected);
    perThread.exportMeasurements(actual);
    assertEquals(Long.toString((long) THREADS * PER_THREAD), actual.lines.get("[READ] Operations"));
    assertTrue(actual.lines.size() > 100, "the verbose export lists the buckets: " + actual.lines.size());
    assertEquals(expected.lines, actual.lines);
  }

  private static long count(String summary) {
    Matcher m = COUNT.matcher(summary);
    assertTrue(m.find(), summary);
    return Long.parseLong(m.group(1));
  }

  /** The hook as bin/ycsb installs it: both series of measurement.interval=both record per thread. */
  @Test
  void runMeasurementsExportsWhatYcsbsOwnMeasurementsExport() throws Exception {
    Warmup.configure(new Properties());
    Properties p = verbose();
    p.setProperty(Measurements.MEASUREMENT_INTERVAL, "both");
    RunMeasurements ours = new RunMeasurements(p);
    Measurements stock = new Measurements(p);
    IntConsumer both = v -> {
      for (Measurements m : new Measurements[] {ours, stock}) {
        m.measure(v % 2 == 0 ? "READ" : "UPDATE", v);
        m.measureIntended(v % 2 == 0 ? "READ" : "UPDATE", v + 7);
      }
    };
    join(start(0, THREADS, both));

    for (String map : new String[] {"opToMesurementMap", "opToIntendedMesurementMap"}) {
      Field f = Measurements.class.getDeclaredField(map);
      f.setAccessible(true);
      @SuppressWarnings("unchecked")
      Map<String, OneMeasurement> ms = (Map<String, OneMeasurement>) f.get(ours);
      assertEquals(2, ms.size(), map);
      for (OneMeasurement m : ms.values()) {
        Field h = OneMeasurementHdrHistogram.class.getDeclaredField("histogram");
        h.setAccessible(true);
        assertInstanceOf(PerThreadRecorder.class, h.get(m), m.getName());
      }
    }
    Lines expected = new Lines();
    Lines actual = new Lines();
    stock.exportMeasurements(expected);
    ours.exportMeasurements(actual);
    long reads = Long.parseLong(actual.lines.get("[READ] Operations"));
    long updates = Long.parseLong(actual.lines.get("[UPDATE] Operations"));
    assertEquals((long) THREADS * PER_THREAD, reads + updates);
    assertEquals(reads, Long.parseLong(actual.lines.get("[Intended-READ] Operations")));
    assertEquals(expected.lines, actual.lines);
  }
}
