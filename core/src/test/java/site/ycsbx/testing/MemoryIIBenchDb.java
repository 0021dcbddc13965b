package site.ycsbx.testing;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.PreflightOnce;
import site.ycsbx.store.Provides;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.StoreCatalog;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;
import site.ycsbx.store.iibench.IIBenchTable;
import site.ycsbx.store.iibench.QueryRow;
import site.ycsbx.store.iibench.QueryStart;
import site.ycsbx.store.iibench.RowBatch;
import site.ycsbx.store.SizeReport;

/**
 * A binding for core's own iibench tests: tables in this JVM's memory, sized at 40 bytes a row.
 * {@code memory.seedrows=N} makes every table start with N rows (to test appending);
 * {@code memory.failevery=N} fails every N-th insert.
 */
@Provides(stores = MemoryIIBenchDb.Stores.class, preflight = MemoryProbeDb.Check.class)
public class MemoryIIBenchDb extends MemoryProbeDb {
  private static final Map<String, ConcurrentSkipListSet<QueryRow>> TABLES = new ConcurrentHashMap<>();
  private static final Map<String, Long> EXTRA = new ConcurrentHashMap<>();
  private static final Map<String, Integer> INDEXES = new ConcurrentHashMap<>();
  // rows in the order they went in (the primary key's order), and the seeded rows before them
  private static final Map<String, List<QueryRow>> ORDER = new ConcurrentHashMap<>();
  private static final Map<String, Long> SEEDED = new ConcurrentHashMap<>();

  @Override
  public void init() throws site.ycsb.DBException {
    java.util.Properties props = getProperties();
    try {
      PreflightOnce.run(Check.class, props);
    } catch (UserError e) {
      throw new site.ycsb.DBException(e.getMessage());
    }
    long seedRows = Props.getLong(props, "memory.seedrows", 0, 0, Long.MAX_VALUE);
    long failEvery = Props.getLong(props, "memory.failevery", 0, 0, Long.MAX_VALUE);
    new Stores().offer(new long[] {seedRows, failEvery});
  }

  /** The memory binding's families: the iibench store, on {seed rows, fail every}. */
  public static final class Stores extends StoreCatalog<long[], Void> {
    public Stores() {
      super(List.of(Family.of(IIBenchStore.class, o -> store(o[0], o[1]), null)));
    }
  }

  private static IIBenchStore store(long seedRows, long failEvery) {
    return new IIBenchStore() {
      private long inserts;

      @Override
      public long prepare(IIBenchTable table, boolean drop) throws StoreException {
        synchronized (TABLES) {
          return prepareLocked(table, drop);
        }
      }

      private long prepareLocked(IIBenchTable table, boolean drop) throws StoreException {
        Integer had = INDEXES.get(table.name());
        if (!drop && had != null && had > table.indexes()) {
          throw new StoreException("table " + table.name() + " has " + had + " secondary indexes, not the "
              + table.indexes() + " of " + IIBenchStore.INDEXES_PROPERTY + "=" + table.indexes() + "; "
              + IIBenchStore.DROP_PROPERTY + "=true drops it first");
        }
        if (drop || !TABLES.containsKey(table.name())) {
          TABLES.put(table.name(), new ConcurrentSkipListSet<>());
          EXTRA.put(table.name(), drop ? 0L : seedRows);
          ORDER.put(table.name(), java.util.Collections.synchronizedList(new ArrayList<>()));
          SEEDED.put(table.name(), drop ? 0L : seedRows);
        }
        INDEXES.put(table.name(), table.indexes());
        return count(table);
      }

      @Override
      public void insert(IIBenchTable table, RowBatch rows) throws StoreException {
        if (failEvery > 0 && ++inserts % failEvery == 0) {
          throw new StoreException("injected failure on insert " + inserts);
        }
        // rows with equal (price, time, customer) collapse in a set: count them apart
        ConcurrentSkipListSet<QueryRow> t = TABLES.get(table.name());
        for (int i = 0; i < rows.size(); i++) {
          QueryRow r = new QueryRow(rows.price(i), rows.dateAndTime(i), rows.customerId(i));
          ORDER.get(table.name()).add(r);
          if (!t.add(r)) {
            EXTRA.merge(table.name(), 1L, Long::sum);
          }
        }
      }

      // the seeded rows are the oldest; a duplicate of a row still in the table only leaves the count
      @Override
      public long deleteOldest(IIBenchTable table, int rows) {
        synchronized (TABLES) {
          long seeded = Math.min(rows, SEEDED.getOrDefault(table.name(), 0L));
          SEEDED.merge(table.name(), -seeded, Long::sum);
          EXTRA.merge(table.name(), -seeded, Long::sum);
          List<QueryRow> order = ORDER.get(table.name());
          long deleted = seeded;
          while (deleted < rows && !order.isEmpty()) {
            QueryRow r = order.remove(0);
            if (order.contains(r)) {
              EXTRA.merge(table.name(), -1L, Long::sum);
            } else {
              TABLES.get(table.name()).remove(r);
            }
            deleted++;
          }
          return deleted;
        }
      }

      @Override
      public List<QueryRow> queryByKey(IIBenchTable table, double position, int limit) {
        List<QueryRow> order = ORDER.get(table.name());
        synchronized (order) { // the inserters add to it under its own lock
          if (order.isEmpty()) {
            return List.of();
          }
          int from = (int) site.ycsbx.store.iibench.KeyBounds.between(0, order.size() - 1, position);
          return List.copyOf(order.subList(from, Math.min(order.size(), from + limit)));
        }
      }

      @Override
      public List<QueryRow> query(IIBenchTable table, QueryStart s, int limit) {
        List<QueryRow> out = new ArrayList<>();
        for (QueryRow r : TABLES.get(table.name()).tailSet(new QueryRow(s.price(), s.dateAndTime(), s.customerId()), false)) {
          if (out.size() == limit) {
            break;
          }
          out.add(r);
        }
        return out;
      }

      @Override
      public void createIndexes(IIBenchTable table) {
        INDEXES.merge(table.name(), table.indexes(), Math::max);
      }

      @Override
      public long count(IIBenchTable table) {
        return TABLES.get(table.name()).size() + EXTRA.getOrDefault(table.name(), 0L);
      }

      @Override
      public long countThroughIndex(IIBenchTable table, site.ycsbx.store.IndexSpec index) {
        return count(table); // the set is its only index
      }

      // keeps (price, time, customer) only: the other ids are taken as in range
      @Override
      public long countOutside(IIBenchTable table, site.ycsbx.store.iibench.RowDomain domain) {
        return TABLES.get(table.name()).stream().filter(r -> !domain.holds(0, r.customerId(), 0, r.price())).count();
      }

      @Override
      public java.util.List<site.ycsbx.store.iibench.StoredRow> firstOutside(IIBenchTable table,
          site.ycsbx.store.iibench.RowDomain domain, int limit) {
        return TABLES.get(table.name()).stream().filter(r -> !domain.holds(0, r.customerId(), 0, r.price()))
            .limit(limit).map(r -> new site.ycsbx.store.iibench.StoredRow("?", 0, r.customerId(), 0, r.price())).toList();
      }

      @Override
      public SizeReport size(Collection<IIBenchTable> tables) {
        long rows = tables.stream().mapToLong(this::count).sum();
        return new SizeReport(rows * 40, rows * 8L * tables.stream().mapToInt(IIBenchTable::indexes).max().orElse(0), "memory");
      }

      @Override
      public boolean serverIsLocal() {
        return true;
      }
    };
  }

  /** Secondary index count of a table, for tests (the memory store keeps one ordered index). */
  public static Map<String, List<String>> indexesOf(String table) {
    Map<String, List<String>> out = new java.util.TreeMap<>();
    IIBenchTable t = new IIBenchTable(table, INDEXES.getOrDefault(table, 0), 0, 1);
    t.secondaryIndexes().forEach(i -> out.put(i.name(), i.columns()));
    return out;
  }

  /** Empties every table. */
  public static void resetTables() {
    TABLES.clear();
    EXTRA.clear();
    INDEXES.clear();
    ORDER.clear();
    SEEDED.clear();
  }
}
