package site.ycsbx.db.nulldb.iibench;

import java.util.Collection;
import java.util.List;
import site.ycsbx.db.nulldb.tables.NullTables;
import site.ycsbx.store.SizeReport;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.iibench.IIBenchTable;
import site.ycsbx.store.iibench.QueryRow;
import site.ycsbx.store.iibench.QueryStart;
import site.ycsbx.store.iibench.RowBatch;

/** Counts rows; queries find nothing and sizes are unknown. */
public final class NullIIBenchStore implements IIBenchStore {
  @Override
  public long prepare(IIBenchTable table, boolean drop) {
    if (drop) {
      NullTables.rows(table.name()).set(0);
    }
    return NullTables.rows(table.name()).get();
  }

  @Override
  public void insert(IIBenchTable table, RowBatch batch) {
    NullTables.rows(table.name()).addAndGet(batch.size());
  }

  @Override
  public List<QueryRow> query(IIBenchTable table, QueryStart start, int limit) {
    return List.of();
  }

  /** The oldest rows are only counted: the count goes down by as many as it has. */
  @Override
  public long deleteOldest(IIBenchTable table, int rows) {
    java.util.concurrent.atomic.AtomicLong count = NullTables.rows(table.name());
    long before = count.getAndUpdate(n -> Math.max(0, n - rows));
    return Math.min(before, rows);
  }

  @Override
  public List<QueryRow> queryByKey(IIBenchTable table, double position, int limit) {
    return List.of();
  }

  @Override
  public void createIndexes(IIBenchTable table) {
    // nothing is stored: nothing to index
  }

  @Override
  public long count(IIBenchTable table) {
    return NullTables.rows(table.name()).get();
  }

  /** No index kept: every row the table counts. */
  @Override
  public long countThroughIndex(IIBenchTable table, site.ycsbx.store.IndexSpec index) {
    return count(table);
  }

  /** No values kept: none outside. */
  @Override
  public long countOutside(IIBenchTable table, site.ycsbx.store.iibench.RowDomain domain) {
    return 0;
  }

  @Override
  public java.util.List<site.ycsbx.store.iibench.StoredRow> firstOutside(IIBenchTable table,
      site.ycsbx.store.iibench.RowDomain domain, int limit) {
    return java.util.List.of();
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
