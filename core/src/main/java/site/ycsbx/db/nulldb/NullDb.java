package site.ycsbx.db.nulldb;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsbx.measurements.Schedule;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.PreflightOnce;
import site.ycsbx.store.Provides;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.util.UserError;

/**
 * The {@code null} binding: accepts every operation and keeps only counts, so a run measures
 * what the client itself costs (row generation, YCSB's Client, measurements) with no server.
 */
@Provides(stores = NullStores.class, preflight = NullDb.Check.class)
public final class NullDb extends DB {
  /** Nothing to reach; says so in the fingerprint. */
  public static final class Check implements Preflight {
    /** The binding reads no option: a null.* property is a mistake, not a setting. */
    @Override
    public java.util.Set<String> propertyPrefixes() {
      return Set.of("null.");
    }

    @Override
    public void check(java.util.Properties props, Phase phase, StoreDemand demand,
        site.ycsbx.fingerprint.Fingerprint fingerprint) {
      fingerprint.put("server.product", "none (null binding: operations are discarded)");
      fingerprint.put("storage.engine", "none");
      fingerprint.put(site.ycsbx.fingerprint.ServerSettings.CACHE_MB, "none (null binding)");
    }

    /** Operations are discarded: nothing is stored, which is 0 bytes, not an unknown. */
    @Override
    public site.ycsbx.store.SizeReport storedSize(java.util.Properties props, java.util.List<String> tables) {
      return new site.ycsbx.store.SizeReport(0, 0, "nothing stored (null binding)");
    }

    @Override
    public site.ycsbx.store.ServerAddress serverAddress(java.util.Properties props) {
      return site.ycsbx.store.ServerAddress.NONE;
    }
  }

  @Override
  public void init() throws DBException {
    try {
      PreflightOnce.run(Check.class, getProperties());
    } catch (UserError e) {
      throw new DBException(e.getMessage());
    }
    Schedule.configure(getProperties());
    new NullStores().offer(null);
  }

  @Override
  public void cleanup() {
    StoreRegistry.clear();
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Schedule.onOperation();
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    Schedule.onOperation();
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    Schedule.onOperation();
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Schedule.onOperation();
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    Schedule.onOperation();
    return Status.OK;
  }
}
