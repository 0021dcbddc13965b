package site.ycsbx.workloads.probe;

import java.util.List;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsbx.fingerprint.WorkloadShape;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.probe.ProbeStore;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.Props;
import site.ycsbx.workloads.StoreWorkload;

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

  /** The probe reads YCSB's recordcount with a default of its own (YCSB's is 0). */
  @Override
  public List<PropertyDef> properties() {
    return List.of(PropertyDef.of(RECORD_COUNT_PROPERTY, RECORD_COUNT_PROPERTY_DEFAULT, "keys loaded, and the key range"
        + " the run reads from, 1 to 2147483647"));
  }

  @Override
  public void validate(Properties props) {
    super.validate(props);
    Props.getLong(props, RECORD_COUNT_PROPERTY, RECORD_COUNT_PROPERTY_DEFAULT, 1, Integer.MAX_VALUE);
  }

  @Override
  public WorkloadShape shape(Properties props) {
    return new WorkloadShape().other(RECORD_COUNT_PROPERTY,
        Props.getLong(props, RECORD_COUNT_PROPERTY, RECORD_COUNT_PROPERTY_DEFAULT, 1, Integer.MAX_VALUE));
  }

  @Override
  protected void setUp(Properties props) {
    recordCount = Props.getLong(props, RECORD_COUNT_PROPERTY, RECORD_COUNT_PROPERTY_DEFAULT, 1, Integer.MAX_VALUE);
  }

  @Override
  protected void prepare(ProbeStore store, int threadId) throws StoreException {
    store.prepare();
  }

  @Override
  protected String preparedBy(int threadId) {
    return ProbeStore.TABLE;
  }

  @Override
  protected Object newThreadState(ProbeStore store, int threadId, int threadCount) {
    return store;
  }

  @Override
  public boolean doInsert(DB db, Object threadState) {
    ProbeStore store = (ProbeStore) threadState;
    long key = nextKey.getAndIncrement();
    timed(PUT, () -> store.put(key, 7 * key));
    return true; // false would stop this client thread; failures are counted instead
  }

  @Override
  public boolean doTransaction(DB db, Object threadState) {
    ProbeStore store = (ProbeStore) threadState;
    long key = ThreadLocalRandom.current().nextLong(recordCount);
    timed(GET, () -> {
      Long v = store.get(key);
      if (v == null) {
        throw new StoreException(Status.NOT_FOUND, "key " + key + " not found (was the probe loaded?)");
      }
      if (v != 7 * key) {
        throw new StoreException(Status.UNEXPECTED_STATE, "key " + key + " has value " + v);
      }
    });
    return true; // false would stop this client thread; failures are counted instead
  }
}
