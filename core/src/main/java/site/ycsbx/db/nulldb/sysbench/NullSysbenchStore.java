package site.ycsbx.db.nulldb.sysbench;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsbx.db.nulldb.tables.NullTables;
import site.ycsbx.store.SizeReport;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.sysbench.KeyRange;
import site.ycsbx.store.sysbench.ReadKey;
import site.ycsbx.store.sysbench.RowAudit;
import site.ycsbx.store.sysbench.RowBatch;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.store.sysbench.SysbenchTable;
import site.ycsbx.store.sysbench.TableCensus;

/**
 * Counts rows and keeps nothing else: reads find nothing, a delete and insert keep the count.
 * What it measures is the client's cost of generating sysbench's transactions. Not final: tests
 * extend it to make a few calls fail (SysbenchIgnoredErrorTest).
 */
public class NullSysbenchStore implements SysbenchStore {
  private static final Map<String, Boolean> INDEXED = new ConcurrentHashMap<>();

  @Override
  public long createTable(SysbenchTable table, boolean drop) {
    if (drop) {
      NullTables.rows(table.name()).set(0);
      INDEXED.remove(table.name());
    }
    return NullTables.rows(table.name()).get();
  }

  @Override
  public void loadRows(SysbenchTable table, RowBatch rows) {
    NullTables.rows(table.name()).addAndGet(rows.size());
  }

  @Override
  public void createSecondaryIndex(SysbenchTable table) {
    INDEXED.put(table.name(), true);
  }

  @Override
  public boolean hasSecondaryIndex(SysbenchTable table) {
    return INDEXED.containsKey(table.name());
  }

  @Override
  public boolean begin() {
    return true; // as SQL would: the generation rate counts BEGIN and COMMIT
  }

  // this and deleteInsert throw as the interface declares, so that a subclass may fail in them
  @Override
  public void commit() throws StoreException {
  }

  @Override
  public void rollback() {
  }

  @Override
  public List<String> pointSelect(SysbenchTable table, ReadKey key, int value) {
    return List.of();
  }

  @Override
  public List<String> simpleRange(SysbenchTable table, KeyRange range) {
    return List.of();
  }

  @Override
  public long sumRange(SysbenchTable table, KeyRange range) {
    return 0;
  }

  @Override
  public List<String> orderRange(SysbenchTable table, KeyRange range) {
    return List.of();
  }

  @Override
  public List<String> distinctRange(SysbenchTable table, KeyRange range) {
    return List.of();
  }

  @Override
  public int indexUpdate(SysbenchTable table, int id) {
    return 1;
  }

  @Override
  public int nonIndexUpdate(SysbenchTable table, int id, String c) {
    return 1;
  }

  @Override
  public void deleteInsert(SysbenchTable table, int id, int k, String c, String pad) throws StoreException {
  }

  @Override
  public RowAudit audit(SysbenchTable table, int tableSize, int limit) {
    // the null binding keeps a count, not rows: ids 1..n and nothing else
    long n = Math.min(NullTables.rows(table.name()).get(), tableSize);
    List<Long> first = new java.util.ArrayList<>();
    return new RowAudit(RowAudit.gap(n + 1, tableSize, first, limit), first, 0, List.of(), 0, List.of());
  }

  /** Ids and k are not kept: a table of n rows is taken to hold ids 1..n, and its index (if built) to list them. */
  @Override
  public TableCensus census(SysbenchTable table) {
    long n = NullTables.rows(table.name()).get();
    boolean indexed = hasSecondaryIndex(table);
    return new TableCensus(n, n == 0 ? 0 : 1, n, 0, indexed ? n : -1, indexed ? 0 : -1);
  }

  @Override
  public SizeReport size(Collection<SysbenchTable> tables) {
    return SizeReport.UNKNOWN;
  }

  @Override
  public String transactions() {
    return "BEGIN/COMMIT (null binding: nothing sent)";
  }
}
