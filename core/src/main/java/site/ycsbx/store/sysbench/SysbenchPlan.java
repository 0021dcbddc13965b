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

  /**
   * Why a run cannot use a table whose largest id is {@code maxId} (0: empty): its ids stop short of
   * {@code tableSize}, so point selects and updates past it would find nothing. Null when it can.
   */
  public String tooFewRows(String where, long maxId) {
    if (load() || maxId >= tableSize()) {
      return null;
    }
    return "the run assumes " + SysbenchStore.TABLE_SIZE_PROPERTY + "=" + tableSize() + " (ids 1 to " + tableSize()
        + " in each table) but " + where + " holds ids up to " + maxId + "; set " + SysbenchStore.TABLE_SIZE_PROPERTY
        + "=" + Math.max(1, maxId) + " (what is stored), or load " + tableSize() + " rows a table first ("
        + SysbenchStore.DROP_PROPERTY + "=true loads it anew)";
  }
}
