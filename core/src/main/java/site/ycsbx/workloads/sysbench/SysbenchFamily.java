package site.ycsbx.workloads.sysbench;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import site.ycsb.Workload;
import site.ycsbx.family.CellCount;
import site.ycsbx.family.ClientSplit;
import site.ycsbx.family.WorkloadFamily;
import site.ycsbx.store.sysbench.SysbenchStore;

/** sysbench 1.0's OLTP tables and transaction. */
public final class SysbenchFamily extends WorkloadFamily {
  public SysbenchFamily() {
    super("sysbench", SysbenchStore.class, "sysbench 1.0's OLTP tables and transaction", "sysbench",
        "sysbench-readonly", "sysbench-point", "sysbench-point-secondary", "sysbench-range", "sysbench-range-secondary");
  }

  @Override
  public Class<? extends Workload> workloadClass() {
    return SysbenchWorkload.class;
  }

  @Override
  public String filesHelp() {
    return "sysbench: sysbench's OLTP load and transaction; sysbench-readonly, sysbench-point, sysbench-point-secondary,"
        + " sysbench-range, sysbench-range-secondary: its read-only, point and range forms";
  }

  /** The workload reads its share of the load's tables and rows itself. */
  @Override
  public Optional<ClientSplit> clientSplit() {
    return Optional.of(ClientSplit.ITSELF);
  }

  /** A load counts its rows (tables x rows); a run its operations. */
  @Override
  public Optional<CellCount> cellCount() {
    return Optional.of(CellCount.ofLoads(p -> {
      long tables = CellCount.number(p, SysbenchSettings.TABLES_PROPERTY, SysbenchSettings.TABLES_PROPERTY_DEFAULT);
      long size = CellCount.number(p, SysbenchSettings.TABLE_SIZE_PROPERTY, SysbenchSettings.TABLE_SIZE_PROPERTY_DEFAULT);
      return new CellCount.Count(Math.multiplyExact(tables, size), "rows", String.format(Locale.ROOT,
          "%s tables x %s rows", CellCount.grouped(tables), CellCount.grouped(size)), 0);
    }));
  }

  @Override
  public Map<String, Double> documentedRates() {
    return Map.of("load rows", 40_000.0);
  }

  /** Rows/s: its load's rows; transactions/s: its TRANSACTION. */
  @Override
  public List<Rate> rates() {
    return List.of(new Rate("rows", true, SysbenchWorkload.LOAD_ROWS),
        new Rate("transactions", false, SysbenchWorkload.TRANSACTION));
  }
}
