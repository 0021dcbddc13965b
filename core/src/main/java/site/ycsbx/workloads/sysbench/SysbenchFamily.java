package site.ycsbx.workloads.sysbench;

import java.util.Locale;
import java.util.Map;
import site.ycsbx.family.CellCount;
import site.ycsbx.family.WorkloadFamily;
import site.ycsbx.store.sysbench.SysbenchStore;

/**
 * sysbench 1.0's OLTP tables and transaction. The workload reads its share of the load's tables
 * and rows itself. A load counts its rows (tables x rows); a run its operations. Rows/s: its
 * load's rows; transactions/s: its TRANSACTION.
 */
public final class SysbenchFamily extends WorkloadFamily {
  public SysbenchFamily() {
    super(new Declaration("sysbench", SysbenchStore.class, "sysbench 1.0's OLTP tables and transaction", "sysbench",
        "sysbench-readonly", "sysbench-point", "sysbench-point-secondary", "sysbench-range", "sysbench-range-secondary")
        .workload(() -> SysbenchWorkload.class)
        .filesHelp("sysbench: sysbench's OLTP load and transaction; sysbench-readonly, sysbench-point,"
            + " sysbench-point-secondary, sysbench-range, sysbench-range-secondary: its read-only, point and range"
            + " forms")
        .splitsItself()
        .cellCount(CellCount.ofLoads(p -> {
          long tables = CellCount.number(p, SysbenchSettings.TABLES_PROPERTY, SysbenchSettings.TABLES_PROPERTY_DEFAULT);
          long size = CellCount.number(p, SysbenchSettings.TABLE_SIZE_PROPERTY,
              SysbenchSettings.TABLE_SIZE_PROPERTY_DEFAULT);
          return new CellCount.Count(Math.multiplyExact(tables, size), "rows", String.format(Locale.ROOT,
              "%s tables x %s rows", CellCount.grouped(tables), CellCount.grouped(size)), 0);
        }))
        .documentedRates(Map.of("load rows", 40_000.0))
        .rates(new Rate("rows", true, SysbenchWorkload.LOAD_ROWS),
            new Rate("transactions", false, SysbenchWorkload.TRANSACTION)));
  }
}
