package site.ycsbx.db.nulldb;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsbx.store.IIBenchStore;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.PreflightOnce;
import site.ycsbx.store.ProbeStore;
import site.ycsbx.store.Provides;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.iibench.IIBenchTable;
import site.ycsbx.workloads.iibench.QueryRow;
import site.ycsbx.workloads.iibench.QueryStart;
import site.ycsbx.workloads.iibench.RowBatch;
import site.ycsbx.workloads.iibench.SizeReport;

/**
 * The {@code null} binding: accepts every operation and keeps only counts, so a run measures
 * what the client itself costs (row generation, YCSB's Client, measurements) with no server.
 */
@Provides(stores = {ProbeStore.class, IIBenchStore.class}, preflight = NullDb.Check.class)
public final class NullDb extends DB {
  private static final Map<String, AtomicLong> ROWS = new ConcurrentHashMap<>();

  /** Nothing to reach; says so in the fingerprint. */
  public static final class Check implements Preflight {
    @Override
    public void check(java.util.Properties props, Phase phase, site.ycsbx.fingerprint.Fingerprint fingerprint) {
      fingerprint.put("server.product", "none (null binding: operations are discarded)");
      fingerprint.put("storage.engine", "none");
    }
  }

  @Override
  public void init() throws DBException {
    try {
      PreflightOnce.run(Check.class, getProperties());
    } catch (UserError e) {
      throw new DBException(e.getMessage());
    }
    StoreRegistry.offer(ProbeStore.class, new NullProbeStore());
    StoreRegistry.offer(IIBenchStore.class, new NullIIBenchStore());
  }

  @Override
  public void cleanup() {
    StoreRegistry.clear();
  }

  private static AtomicLong rows(String table) {
    return ROWS.computeIfAbsent(table, t -> new AtomicLong());
  }

  private static final class NullProbeStore implements ProbeStore {
    @Override
    public void prepare() {
    }

    @Override
    public void put(long key, long value) {
      rows(TABLE).incrementAndGet();
    }

    @Override
    public Long get(long key) {
      return 7 * key;
    }

    @Override
    public long count() {
      return rows(TABLE).get();
    }
  }

  private static final class NullIIBenchStore implements IIBenchStore {
    @Override
    public long prepare(IIBenchTable table, boolean drop) {
      if (drop) {
        rows(table.name()).set(0);
      }
      return rows(table.name()).get();
    }

    @Override
    public void insert(IIBenchTable table, RowBatch batch) {
      rows(table.name()).addAndGet(batch.size());
    }

    @Override
    public List<QueryRow> query(IIBenchTable table, QueryStart start, int limit) {
      return List.of();
    }

    @Override
    public long count(IIBenchTable table) {
      return rows(table.name()).get();
    }

    @Override
    public SizeReport size(Collection<IIBenchTable> tables) {
      return SizeReport.UNKNOWN;
    }

    @Override
    public boolean serverIsLocal() {
      return false;
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    return Status.OK;
  }
}
