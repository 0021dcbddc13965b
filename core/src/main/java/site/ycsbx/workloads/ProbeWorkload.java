package site.ycsbx.workloads;

import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.WorkloadException;
import site.ycsbx.measurements.ErrorLog;
import site.ycsbx.measurements.OpTimer;
import site.ycsbx.store.ProbeStore;
import site.ycsbx.store.StoreException;
import site.ycsbx.util.Props;

/**
 * A smoke workload over {@link ProbeStore}: the load puts keys 0..recordcount-1 (value = 7 *
 * key), the run reads random keys and checks the value. Operations are timed as
 * {@value #PUT} and {@value #GET} through YCSB's Measurements.
 */
public final class ProbeWorkload extends StoreWorkload<ProbeStore> {
  public static final String PUT = "PROBE_PUT";
  public static final String GET = "PROBE_GET";
  public static final String RECORD_COUNT_PROPERTY = "recordcount";
  public static final long RECORD_COUNT_PROPERTY_DEFAULT = 1000;

  private long recordCount;
  private final AtomicLong nextKey = new AtomicLong();

  public ProbeWorkload() {
    super(ProbeStore.class, "probe");
  }

  @Override
  public void validate(Properties props) {
    super.validate(props);
    Props.getLong(props, RECORD_COUNT_PROPERTY, RECORD_COUNT_PROPERTY_DEFAULT, 1, Integer.MAX_VALUE);
  }

  @Override
  protected void setUp(Properties props) {
    recordCount = Props.getLong(props, RECORD_COUNT_PROPERTY, RECORD_COUNT_PROPERTY_DEFAULT, 1, Integer.MAX_VALUE);
  }

  private static final class ThreadState {
    final ProbeStore store;
    final OpTimer timer = new OpTimer();

    ThreadState(ProbeStore store) {
      this.store = store;
    }
  }

  @Override
  protected Object newThreadState(ProbeStore store, int threadId, int threadCount) throws WorkloadException {
    try {
      store.prepare();
    } catch (StoreException e) {
      throw new WorkloadException("probe: cannot prepare " + ProbeStore.TABLE + ": " + e.getMessage(), e);
    }
    return new ThreadState(store);
  }

  @Override
  public boolean doInsert(DB db, Object threadState) {
    ThreadState t = (ThreadState) threadState;
    long key = nextKey.getAndIncrement();
    long intended = t.timer.intendedStartNanos();
    long start = System.nanoTime();
    Status status = Status.OK;
    try {
      t.store.put(key, 7 * key);
    } catch (StoreException e) {
      status = Status.ERROR;
      ErrorLog.report(PUT, e.getMessage());
    }
    t.timer.record(PUT, status, intended, start, System.nanoTime());
    return true; // false would stop this client thread; failures are counted instead
  }

  @Override
  public boolean doTransaction(DB db, Object threadState) {
    ThreadState t = (ThreadState) threadState;
    long key = ThreadLocalRandom.current().nextLong(recordCount);
    long intended = t.timer.intendedStartNanos();
    long start = System.nanoTime();
    Status status;
    try {
      Long v = t.store.get(key);
      status = v == null ? Status.NOT_FOUND : v == 7 * key ? Status.OK : Status.UNEXPECTED_STATE;
      if (!status.isOk()) {
        ErrorLog.report(GET, "key " + key + (v == null ? " not found (was the probe loaded?)" : " has value " + v));
      }
    } catch (StoreException e) {
      status = Status.ERROR;
      ErrorLog.report(GET, e.getMessage());
    }
    t.timer.record(GET, status, intended, start, System.nanoTime());
    return true; // false would stop this client thread; failures are counted instead
  }
}
