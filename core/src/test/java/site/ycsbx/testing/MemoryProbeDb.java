package site.ycsbx.testing;

import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.PreflightOnce;
import site.ycsbx.store.probe.ProbeStore;
import site.ycsbx.store.Provides;
import site.ycsbx.store.StoreCatalog;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;

/**
 * A binding for core's own tests: keeps the probe table in this JVM's memory. Options:
 * {@code memory.failevery=N} makes every N-th put fail; {@code memory.awayuntil=EPOCH_MS}: the
 * server is away (refused) until then; {@code memory.awayfor=MS}: away for that long from this JVM's
 * first check (a test's clock would count the child JVM's start too); {@code memory.unreachable=URL}: refused for good, not as away; {@code memory.password} is resolved
 * through {@link Props#get} and only its length reaches the fingerprint.
 */
@Provides(stores = MemoryProbeDb.Stores.class, preflight = MemoryProbeDb.Check.class)
public class MemoryProbeDb extends DB {
  private static final Map<Long, Long> ROWS = new ConcurrentHashMap<>();
  // the first check of memory.awayfor in this JVM
  private static final java.util.concurrent.atomic.AtomicLong FIRST_CHECK = new java.util.concurrent.atomic.AtomicLong();

  /** Empties the table, as a fresh database would be. */
  public static void reset() {
    ROWS.clear();
  }

  /** Validates options; reports the password length to prove the real value arrived. */
  public static final class Check implements Preflight {
    @Override
    public void check(Properties props, Phase phase, StoreDemand demand, Fingerprint fingerprint) {
      long every = Props.getLong(props, "memory.failevery", 0, 0, Long.MAX_VALUE);
      // a server away until this instant (epoch ms): what a restart looks like to a run that starts meanwhile
      long awayUntil = Props.getLong(props, "memory.awayuntil", 0, 0, Long.MAX_VALUE);
      long awayFor = Props.getLong(props, "memory.awayfor", 0, 0, Long.MAX_VALUE);
      FIRST_CHECK.compareAndSet(0, System.currentTimeMillis());
      if (System.currentTimeMillis() < awayUntil || System.currentTimeMillis() < FIRST_CHECK.get() + awayFor) {
        throw new site.ycsbx.faults.ServerAway("cannot reach memory server: Connection refused");
      }
      if (props.containsKey("memory.unreachable")) {
        throw UserError.target("cannot reach memory server " + site.ycsbx.util.Secrets.maskUrl(Props.get(props, "memory.unreachable", "")));
      }
      fingerprint.put("server.product", "memory");
      fingerprint.put("memory.failevery", every);
      fingerprint.put("memory.pw.length", Props.get(props, "memory.password", "").length());
      fingerprint.put("memory.url", props.getProperty("memory.url", "n/a"));
    }
  }

  @Override
  public void init() throws DBException {
    Properties props = getProperties();
    try {
      PreflightOnce.run(Check.class, props);
    } catch (UserError e) {
      throw new DBException(e.getMessage());
    }
    long failEvery = Props.getLong(props, "memory.failevery", 0, 0, Long.MAX_VALUE);
    new Stores().offer(failEvery);
  }

  /** The memory binding's families: the probe store, failing every N-th put (0: never). */
  public static final class Stores extends StoreCatalog<Long, Void> {
    public Stores() {
      super(java.util.List.of(Family.of(ProbeStore.class, MemoryProbeDb::store, null)));
    }
  }

  private static ProbeStore store(long failEvery) {
    return new ProbeStore() {
      private long puts;

      @Override
      public void prepare() {
      }

      @Override
      public void put(long key, long value) throws StoreException {
        if (failEvery > 0 && ++puts % failEvery == 0) {
          throw new StoreException("injected failure on put " + puts);
        }
        ROWS.put(key, value);
      }

      @Override
      public Long get(long key) {
        return ROWS.get(key);
      }

      @Override
      public long count() {
        return ROWS.size();
      }
    };
  }

  @Override
  public void cleanup() {
    StoreRegistry.clear();
  }

  @Override
  public Status read(String table, String key, java.util.Set<String> fields, Map<String, ByteIterator> result) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, java.util.Set<String> fields,
      java.util.Vector<java.util.HashMap<String, ByteIterator>> result) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status delete(String table, String key) {
    return Status.NOT_IMPLEMENTED;
  }
}
