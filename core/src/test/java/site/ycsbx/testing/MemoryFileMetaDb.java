package site.ycsbx.testing;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import site.ycsb.DBException;
import site.ycsbx.store.PreflightOnce;
import site.ycsbx.store.Provides;
import site.ycsbx.store.StoreCatalog;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.filemeta.FileMetaPlan;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.store.filemeta.FileRow;
import site.ycsbx.store.filemeta.ShardCount;
import site.ycsbx.util.UserError;

/**
 * The reference filemeta store: the files table in this JVM's memory, one lock for all of it,
 * the spec's queries computed by scanning. The SQL and MongoDB stores pass the same contract.
 */
@Provides(stores = MemoryFileMetaDb.Stores.class, preflight = MemoryProbeDb.Check.class)
public class MemoryFileMetaDb extends MemoryProbeDb {
  private static final Object LOCK = new Object();
  // table name -> id -> file
  private static final Map<String, TreeMap<Long, FileRow>> TABLES = new HashMap<>();
  // as the SQL stores: a store that did not prepare uses the table the workload's first thread prepared
  private static volatile String lastPrepared = FileMetaPlan.DEFAULT_TABLE;
  private static volatile FileMetaPlan lastPlan;
  // newest first; equal times by id, so the order is defined where the spec's query leaves it open
  private static final Comparator<FileRow> LATEST = Comparator.comparingLong(FileRow::lastUpdated)
      .thenComparingLong(FileRow::id).reversed();
  // a slow server for tests of latency over time: each query and each write holds the table's lock this long
  private static volatile long readHoldMillis;
  private static volatile long writeHoldMillis;

  @Override
  public void init() throws DBException {
    try {
      PreflightOnce.run(Check.class, getProperties());
    } catch (UserError e) {
      throw new DBException(e.getMessage());
    }
    new Stores().offer(this);
  }

  // a store of a cleaned-up DB refuses calls, as a closed connection would
  private volatile boolean closed;
  private static volatile Thread lastCounting;

  @Override
  public void cleanup() {
    closed = true;
    super.cleanup();
  }

  /** The thread that last counted files per user (the verification's). */
  public static Thread lastCountingThread() {
    return lastCounting;
  }

  /**
   * Makes each query and each write hold the table's lock this long (0: no wait), as a server
   * does work: reads wait behind writes.
   */
  public static void hold(long readMillis, long writeMillis) {
    readHoldMillis = readMillis;
    writeHoldMillis = writeMillis;
  }

  // callers hold LOCK
  private static void slow(long millis) {
    if (millis > 0) {
      try {
        Thread.sleep(millis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Drops every table and ends slow writes (a test's fixture). */
  public static void clear() {
    synchronized (LOCK) {
      readHoldMillis = 0;
      writeHoldMillis = 0;
      TABLES.clear();
      lastPrepared = FileMetaPlan.DEFAULT_TABLE;
      lastPlan = null;
    }
  }

  /** Every file of the table, by id (for tests that look at the data). */
  public static List<FileRow> files(String table) {
    synchronized (LOCK) {
      return List.copyOf(TABLES.getOrDefault(table, new TreeMap<>()).values());
    }
  }

  /** The memory binding's families: the filemeta store. */
  public static final class Stores extends StoreCatalog<MemoryFileMetaDb, Void> {
    public Stores() {
      super(List.of(Family.of(FileMetaStore.class, Table::new, null)));
    }
  }

  private static final class Table implements FileMetaStore {
    private final MemoryFileMetaDb db;
    private String name;
    private FileMetaPlan plan;

    Table(MemoryFileMetaDb db) {
      this.db = db;
    }

    @Override
    public void prepare(FileMetaPlan plan) {
      synchronized (LOCK) {
        if (plan.drop()) {
          TABLES.remove(plan.table());
        }
        TABLES.computeIfAbsent(plan.table(), t -> new TreeMap<>());
        name = plan.table();
        this.plan = plan;
        lastPlan = plan;
        lastPrepared = name;
      }
    }

    // callers hold LOCK
    private TreeMap<Long, FileRow> files() {
      if (db != null && db.closed) {
        throw new IllegalStateException("the DB of this store was cleaned up");
      }
      return TABLES.computeIfAbsent(name != null ? name : lastPrepared, t -> new TreeMap<>());
    }

    @Override
    public long maxId() {
      synchronized (LOCK) {
        return files().isEmpty() ? -1 : files().lastKey();
      }
    }

    @Override
    public void insertFiles(List<FileRow> files) throws StoreException {
      synchronized (LOCK) {
        // all or nothing, as one SQL statement
        java.util.Set<Long> seen = new java.util.HashSet<>();
        for (FileRow f : files) {
          if (files().containsKey(f.id()) || !seen.add(f.id())) {
            throw new StoreException("duplicate id " + f.id());
          }
        }
        files.forEach(f -> files().put(f.id(), f));
        slow(writeHoldMillis);
      }
    }

    @Override
    public void insertFile(FileRow file) throws StoreException {
      insertFiles(List.of(file));
    }

    @Override
    public List<FileRow> latestByUser(long userId, int limit) {
      synchronized (LOCK) {
        slow(readHoldMillis);
        return files().values().stream().filter(f -> f.userId() == userId).sorted(LATEST).limit(limit).toList();
      }
    }

    @Override
    public long countDeleted(int serverId) {
      synchronized (LOCK) {
        return files().values().stream().filter(f -> f.serverId() == serverId && f.deleted()).count();
      }
    }

    @Override
    public boolean updateFile(long id, long lastUpdated, long size) {
      synchronized (LOCK) {
        FileRow f = files().get(id);
        if (f == null) {
          return false;
        }
        files().put(id, new FileRow(id, f.path(), size, f.serverId(), f.deleted(), lastUpdated, f.created(), f.userId()));
        return true;
      }
    }

    @Override
    public boolean deleteFile(long id) {
      synchronized (LOCK) {
        FileRow f = files().get(id);
        if (f == null) {
          return false;
        }
        files().put(id, new FileRow(id, f.path(), f.size(), f.serverId(), true, f.lastUpdated(), f.created(), f.userId()));
        return true;
      }
    }

    /**
     * A sharded plan (range key) as if each chunk of its split points were a shard "partN", so
     * that tests see what a workload prints; an unsharded table has no shards.
     */
    @Override
    public List<ShardCount> documentsPerShard() {
      FileMetaPlan p = plan != null ? plan : lastPlan;
      if (p == null || !p.sharding().enabled()) {
        return List.of();
      }
      List<Long> splits = p.sharding().splitPoints();
      long[] n = new long[splits.size() + 1];
      synchronized (LOCK) {
        for (FileRow f : files().values()) {
          int chunk = 0;
          while (chunk < splits.size() && f.userId() >= splits.get(chunk)) {
            chunk++;
          }
          n[chunk]++;
        }
      }
      List<ShardCount> out = new java.util.ArrayList<>();
      for (int i = 0; i < n.length; i++) {
        out.add(new ShardCount("part" + i, n[i]));
      }
      return out;
    }

    @Override
    public long countByUser(long userId) {
      lastCounting = Thread.currentThread();
      synchronized (LOCK) {
        return files().values().stream().filter(f -> f.userId() == userId).count();
      }
    }

    @Override
    public java.util.Map<Long, Long> filesPerUser() {
      synchronized (LOCK) {
        java.util.Map<Long, Long> n = new java.util.HashMap<>();
        files().values().forEach(f -> n.merge(f.userId(), 1L, Long::sum));
        return n;
      }
    }

    @Override
    public java.util.Map<Integer, long[]> filesPerServer() {
      synchronized (LOCK) {
        java.util.Map<Integer, long[]> n = new java.util.HashMap<>();
        for (FileRow f : files().values()) {
          long[] c = n.computeIfAbsent(f.serverId(), k -> new long[2]);
          c[0]++;
          c[1] += f.deleted() ? 1 : 0;
        }
        return n;
      }
    }

    @Override
    public List<FileRow> filesBetween(long fromId, long toId) {
      synchronized (LOCK) {
        return List.copyOf(files().subMap(fromId, toId).values());
      }
    }

    @Override
    public long countBetween(long fromId, long toId) {
      synchronized (LOCK) {
        return files().subMap(fromId, toId).size();
      }
    }

    @Override
    public List<Long> missingIds(long files, int limit) {
      synchronized (LOCK) {
        List<Long> out = new java.util.ArrayList<>();
        for (long id = 0; id < files && out.size() < limit; id++) {
          if (!files().containsKey(id)) {
            out.add(id);
          }
        }
        return out;
      }
    }

    @Override
    public List<Long> idsOutside(long files, int limit) {
      synchronized (LOCK) {
        return files().keySet().stream().filter(id -> id < 0 || id >= files).limit(limit).toList();
      }
    }
  }
}
