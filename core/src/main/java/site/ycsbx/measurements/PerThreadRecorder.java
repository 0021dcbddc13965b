package site.ycsbx.measurements;

import java.lang.reflect.Field;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.SingleWriterRecorder;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurement;
import site.ycsb.measurements.OneMeasurementHdrHistogram;

/**
 * The Recorder YCSB's {@link OneMeasurementHdrHistogram} records into, one per thread underneath:
 * YCSB's own, shared by every client thread, made each record an atomic increment on cache lines
 * every thread writes (ConcurrentHistogram) and a shared WriterReaderPhaser's; a JFR profile of a
 * 4-thread sysbench point run charged it 6.3% of the client's samples (issue 28). Here each
 * thread records into its own {@link SingleWriterRecorder} (its phaser's counters are written by
 * that thread only) and every take of an interval adds each thread's interval into one histogram
 * of the same precision: the same buckets, so the same counts, mean, extremes and percentiles as
 * the shared recorder given the same values. A thread's recorder outlives the thread until the
 * next take: YCSB's client threads end before its export, whose last take still finds their last
 * values.
 *
 * <p>Memory: a thread's histogram per operation (about 70-90 KB at 3 digits once a value near a
 * second is seen), so only the first {@link #MAX_THREADS} threads of an operation get one; the
 * others share the recorder this class is (YCSB's, its cost as before), whose interval each take
 * adds too. 256 threads of a sysbench read/write run, 20 series with the intended ones, would
 * otherwise hold 360 MB.
 */
final class PerThreadRecorder extends Recorder {
  /** Threads of one operation that record into their own histogram: contention is the cores'. */
  static final int MAX_THREADS = Math.min(64, 4 * Runtime.getRuntime().availableProcessors());

  // YCSB 0.17's field (pinned version): a private final Recorder, set once here before any record
  private static final Field HISTOGRAM;

  static {
    try {
      HISTOGRAM = OneMeasurementHdrHistogram.class.getDeclaredField("histogram");
      HISTOGRAM.setAccessible(true);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final int digits;
  private final int maxThreads;
  private final List<Slot> threads = new CopyOnWriteArrayList<>();
  // null: this thread came after maxThreads and records into the shared recorder underneath
  private final ThreadLocal<SingleWriterRecorder> mine = ThreadLocal.withInitial(this::register);
  // the take before: the interval's start, as YCSB's Recorder stamps it
  private long lastTakeMs = System.currentTimeMillis();
  // what each take hands a thread's recorder back as its next active histogram (any of theirs fits)
  private Histogram spare;
  private Histogram sharedSpare;

  /**
   * A thread's recorder; a take after the thread's end takes its last values and frees its place.
   * Not a record: its equals (in the list's remove) would bootstrap at a run's first thread end.
   */
  private static final class Slot {
    final Thread owner;
    final SingleWriterRecorder recorder;

    Slot(Thread owner, SingleWriterRecorder recorder) {
      this.owner = owner;
      this.recorder = recorder;
    }
  }

  PerThreadRecorder(int digits) {
    this(digits, MAX_THREADS);
  }

  PerThreadRecorder(int digits, int maxThreads) {
    super(digits);
    this.digits = digits;
    this.maxThreads = maxThreads;
  }

  private synchronized SingleWriterRecorder register() {
    if (threads.size() >= maxThreads) {
      return null;
    }
    SingleWriterRecorder r = new SingleWriterRecorder(digits);
    threads.add(new Slot(Thread.currentThread(), r));
    return r;
  }

  /** Puts one into {@code m} in place of YCSB's shared Recorder; call before anything records into it. */
  static void into(OneMeasurementHdrHistogram m) {
    into(m, MAX_THREADS);
  }

  static void into(OneMeasurementHdrHistogram m, int maxThreads) {
    try {
      HISTOGRAM.set(m, new PerThreadRecorder(3, maxThreads));  // YCSB's: new Recorder(3)
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot replace YCSB's recorder: " + e, e);
    }
  }

  /**
   * Makes every OneMeasurementHdrHistogram that {@code m} creates from now on record per thread:
   * YCSB's Measurements puts each operation's new measurement into its maps with putIfAbsent
   * before the first record, so maps that replace its recorder there see every one, and the hot
   * path (the map's get) is YCSB's.
   */
  static void install(Measurements m, Field... maps) {
    try {
      for (Field f : maps) {
        @SuppressWarnings("unchecked")
        ConcurrentHashMap<String, OneMeasurement> old = (ConcurrentHashMap<String, OneMeasurement>) f.get(m);
        Swapping map = new Swapping();
        old.forEach(map::putIfAbsent);
        f.set(m, map);
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot hook YCSB's measurement maps: " + e, e);
    }
  }

  /** YCSB's operation map, giving each new hdrhistogram measurement a per-thread recorder as it is put. */
  private static final class Swapping extends ConcurrentHashMap<String, OneMeasurement> {
    private static final long serialVersionUID = 1L;

    @Override
    public OneMeasurement putIfAbsent(String key, OneMeasurement value) {
      if (value instanceof OneMeasurementHdrHistogram h) {
        into(h);
      }
      return super.putIfAbsent(key, value);
    }
  }

  @Override
  public void recordValue(long value) {
    SingleWriterRecorder r = mine.get();
    if (r != null) {
      r.recordValue(value);
    } else {
      super.recordValue(value);
    }
  }

  @Override
  public void recordValueWithCount(long value, long count) {
    SingleWriterRecorder r = mine.get();
    if (r != null) {
      r.recordValueWithCount(value, count);
    } else {
      super.recordValueWithCount(value, count);
    }
  }

  @Override
  public void recordValueWithExpectedInterval(long value, long expectedInterval) {
    SingleWriterRecorder r = mine.get();
    if (r != null) {
      r.recordValueWithExpectedInterval(value, expectedInterval);
    } else {
      super.recordValueWithExpectedInterval(value, expectedInterval);
    }
  }

  @Override
  public synchronized Histogram getIntervalHistogram() {
    return take(new Histogram(digits));
  }

  @Override
  public synchronized Histogram getIntervalHistogram(Histogram recycle) {
    return take(recycle == null ? new Histogram(digits) : recycle);
  }

  @Override
  public synchronized Histogram getIntervalHistogram(Histogram recycle, boolean enforceContainingInstance) {
    return getIntervalHistogram(recycle);
  }

  @Override
  public synchronized void getIntervalHistogramInto(Histogram target) {
    take(target);
  }

  @Override
  public synchronized void reset() {
    take(new Histogram(digits));
  }

  /** Every thread's values since the last take, added into {@code into} (reset first). */
  private Histogram take(Histogram into) {
    into.reset();
    for (Slot s : threads) {
      // ended before this take (its end happens-before isAlive's false): this take gets all it recorded
      boolean ended = !s.owner.isAlive();
      spare = s.recorder.getIntervalHistogram(spare, false);
      into.add(spare);
      if (ended) {
        threads.remove(s);
      }
    }
    // Recorder's own two-argument take: its shorter ones call back into this class's overrides
    sharedSpare = super.getIntervalHistogram(sharedSpare, true);
    into.add(sharedSpare);
    long now = System.currentTimeMillis();
    into.setStartTimeStamp(lastTakeMs);
    into.setEndTimeStamp(now);
    lastTakeMs = now;
    return into;
  }
}
