package site.ycsbx.store.iibench;

import java.util.List;

/**
 * What an iibench run will ask of its store, for the binding's preflight: the tables, the rows
 * of one transaction (one INSERT or insertMany must carry them), and whether the tables are
 * dropped first.
 *
 * @param tables the tables or collections of the run
 * @param batchRows rows per transaction ({@value IIBenchStore#BATCH_SIZE_PROPERTY}, or fewer for a smaller load)
 * @param drop whether the tables are dropped and created anew ({@value IIBenchStore#DROP_PROPERTY})
 */
public record IIBenchPlan(List<IIBenchTable> tables, int batchRows, boolean drop) implements site.ycsbx.store.StoredTables {
  @Override
  public List<String> storedTables() {
    return tables.stream().map(IIBenchTable::name).toList();
  }

  public IIBenchPlan {
    tables = List.copyOf(tables);
  }
}
