package site.ycsbx.store.sysbench;

import java.util.List;

/**
 * What a sysbench run will ask of its store, for the binding's preflight: the tables, their
 * size, whether the load creates the k index, and whether the tables are dropped first.
 *
 * @param tables the tables of this client (a load: those it fills; a run: every table)
 * @param tableSize rows per table ({@value SysbenchStore#TABLE_SIZE_PROPERTY})
 * @param batchRows rows per load INSERT ({@value SysbenchStore#BATCH_SIZE_PROPERTY})
 * @param createSecondary whether the load builds k_N ({@value SysbenchStore#CREATE_SECONDARY_PROPERTY})
 * @param drop whether existing tables are dropped before the load ({@value SysbenchStore#DROP_PROPERTY})
 * @param load a load (tables created and filled) or a run (tables read and written)
 */
public record SysbenchPlan(List<SysbenchTable> tables, int tableSize, int batchRows, boolean createSecondary,
    boolean drop, boolean load) implements site.ycsbx.store.StoredTables {
  @Override
  public List<String> storedTables() {
    return tables.stream().map(SysbenchTable::name).toList();
  }

  public SysbenchPlan {
    tables = List.copyOf(tables);
  }
}
