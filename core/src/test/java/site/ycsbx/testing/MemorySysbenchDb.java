package site.ycsbx.testing;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsbx.store.PreflightOnce;
import site.ycsbx.store.Provides;
import site.ycsbx.store.SizeReport;
import site.ycsbx.store.StoreCatalog;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.sysbench.KeyRange;
import site.ycsbx.store.sysbench.ReadKey;
import site.ycsbx.store.sysbench.RowAudit;
import site.ycsbx.store.sysbench.RowBatch;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.store.sysbench.SysbenchTable;
import site.ycsbx.store.sysbench.TableCensus;
import site.ycsbx.util.UserError;

/**
 * A binding for core's own sysbench tests, the contract's reference: tables in this JVM's memory
 * (id to row), the k index a flag (reads by k scan the rows), and transactions an undo log of
 * the writes, applied backwards on rollback. Statements are not isolated from other threads.
 */
@Provides(stores = MemorySysbenchDb.Stores.class, preflight = MemoryProbeDb.Check.class)
public class MemorySysbenchDb extends MemoryProbeDb {
  private record Row(int k, String c, String pad) {
  }

  private static final Map<String, NavigableMap<Integer, Row>> TABLES = new ConcurrentHashMap<>();
  private static final Map<String, Boolean> INDEXED = new ConcurrentHashMap<>();

  @Override
  public void init() throws site.ycsb.DBException {
    Properties props = getProperties();
    try {
      PreflightOnce.run(Check.class, props);
    } catch (UserError e) {
      throw new site.ycsb.DBException(e.getMessage());
    }
    new Stores().offer(props);
  }

  /** Empties every table, as a fresh database would be. */
  public static void clear() {
    TABLES.clear();
    INDEXED.clear();
  }

  /** The memory binding's families: the sysbench store. */
  public static final class Stores extends StoreCatalog<Properties, Void> {
    public Stores() {
      super(List.of(Family.of(SysbenchStore.class, p -> new Store(), null)));
    }
  }

  private static final class Store implements SysbenchStore {
    private Deque<Runnable> undo;

    private static NavigableMap<Integer, Row> table(SysbenchTable t) throws StoreException {
      NavigableMap<Integer, Row> rows = TABLES.get(t.name());
      if (rows == null) {
        throw new StoreException("table " + t.name() + " does not exist");
      }
      return rows;
    }

    @Override
    public long createTable(SysbenchTable table, boolean drop) {
      if (drop) {
        TABLES.remove(table.name());
        INDEXED.remove(table.name());
      }
      return TABLES.computeIfAbsent(table.name(), n -> new TreeMap<>()).size();
    }

    @Override
    public void loadRows(SysbenchTable table, RowBatch rows) throws StoreException {
      NavigableMap<Integer, Row> t = table(table);
      synchronized (t) {
        for (int i = 0; i < rows.size(); i++) {
          if (t.containsKey(rows.id(i))) {
            throw new StoreException("duplicate id " + rows.id(i) + " in " + table.name());
          }
        }
        for (int i = 0; i < rows.size(); i++) {
          t.put(rows.id(i), new Row(rows.k(i), rows.c(i), rows.pad(i)));
        }
      }
    }

    @Override
    public void createSecondaryIndex(SysbenchTable table) throws StoreException {
      table(table);
      INDEXED.put(table.name(), true);
    }

    @Override
    public boolean hasSecondaryIndex(SysbenchTable table) {
      return INDEXED.containsKey(table.name());
    }

    @Override
    public boolean begin() {
      undo = new ArrayDeque<>();
      return true;
    }

    @Override
    public void commit() {
      undo = null;
    }

    @Override
    public void rollback() {
      if (undo != null) {
        undo.forEach(Runnable::run); // newest first: a deque pushed at its head
        undo = null;
      }
    }

    // puts the row (null: removes it) and remembers what was there for a rollback
    private void put(NavigableMap<Integer, Row> t, int id, Row row) {
      synchronized (t) {
        Row old = row == null ? t.remove(id) : t.put(id, row);
        if (undo != null) {
          undo.push(() -> {
            synchronized (t) {
              if (old == null) {
                t.remove(id);
              } else {
                t.put(id, old);
              }
            }
          });
        }
      }
    }

    private static List<Row> rows(NavigableMap<Integer, Row> t, ReadKey key, int from, int to) {
      return rows(t, KeyRange.between(key, from, to));
    }

    // in key order (ties on k in id order), as the limit form needs
    private static List<Row> rows(NavigableMap<Integer, Row> t, KeyRange range) {
      synchronized (t) {
        List<Row> out = new ArrayList<>();
        if (range.key() == ReadKey.ID) {
          out.addAll(t.subMap(range.from(), true, range.to(), true).values());
        } else {
          for (Row r : t.values()) {
            if (r.k() >= range.from() && r.k() <= range.to()) {
              out.add(r);
            }
          }
          out.sort(java.util.Comparator.comparingInt(Row::k));
        }
        return range.limited() && out.size() > range.limit() ? new ArrayList<>(out.subList(0, range.limit())) : out;
      }
    }

    @Override
    public List<String> pointSelect(SysbenchTable table, ReadKey key, int value) throws StoreException {
      return rows(table(table), key, value, value).stream().map(Row::c).toList();
    }

    @Override
    public List<String> simpleRange(SysbenchTable table, KeyRange range) throws StoreException {
      return rows(table(table), range).stream().map(Row::c).toList();
    }

    @Override
    public long sumRange(SysbenchTable table, KeyRange range) throws StoreException {
      return rows(table(table), range).stream().mapToLong(Row::k).sum();
    }

    @Override
    public List<String> orderRange(SysbenchTable table, KeyRange range) throws StoreException {
      return rows(table(table), range).stream().map(Row::c).sorted().toList();
    }

    @Override
    public List<String> distinctRange(SysbenchTable table, KeyRange range) throws StoreException {
      return List.copyOf(new TreeSet<>(rows(table(table), range).stream().map(Row::c).toList()));
    }

    @Override
    public int indexUpdate(SysbenchTable table, int id) throws StoreException {
      NavigableMap<Integer, Row> t = table(table);
      synchronized (t) {
        Row r = t.get(id);
        if (r == null) {
          return 0;
        }
        put(t, id, new Row(r.k() + 1, r.c(), r.pad()));
        return 1;
      }
    }

    @Override
    public int nonIndexUpdate(SysbenchTable table, int id, String c) throws StoreException {
      NavigableMap<Integer, Row> t = table(table);
      synchronized (t) {
        Row r = t.get(id);
        if (r == null) {
          return 0;
        }
        put(t, id, new Row(r.k(), c, r.pad()));
        return 1;
      }
    }

    @Override
    public void deleteInsert(SysbenchTable table, int id, int k, String c, String pad) throws StoreException {
      NavigableMap<Integer, Row> t = table(table);
      synchronized (t) {
        put(t, id, null);
        put(t, id, new Row(k, c, pad));
      }
    }

    @Override
    public RowAudit audit(SysbenchTable table, int tableSize, int limit) throws StoreException {
      NavigableMap<Integer, Row> t = table(table);
      synchronized (t) {
        List<RowAudit.Row> rows = new ArrayList<>();
        t.forEach((id, r) -> rows.add(new RowAudit.Row(id, r.k(), r.c(), r.pad())));
        return RowAudit.ofRows(rows, tableSize, limit);
      }
    }

    @Override
    public TableCensus census(SysbenchTable table) throws StoreException {
      NavigableMap<Integer, Row> t = table(table);
      synchronized (t) {
        long sum = t.values().stream().mapToLong(Row::k).sum();
        boolean indexed = hasSecondaryIndex(table);
        return new TableCensus(t.size(), t.isEmpty() ? 0 : t.firstKey(), t.isEmpty() ? 0 : t.lastKey(), sum,
            indexed ? t.size() : -1, indexed ? sum : -1);
      }
    }

    @Override
    public SizeReport size(Collection<SysbenchTable> tables) {
      long rows = tables.stream().mapToLong(t -> TABLES.getOrDefault(t.name(), new TreeMap<>()).size()).sum();
      return new SizeReport(rows * 190, rows * 8, "memory");
    }

    @Override
    public String transactions() {
      return "BEGIN/COMMIT (memory: an undo log, no isolation)";
    }
  }
}
