package site.ycsbx.workloads.iibench;

import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import site.ycsbx.family.CellCount;
import site.ycsbx.family.ClientSplit;
import site.ycsbx.family.WorkloadFamily;
import site.ycsbx.measurements.DiskStats;
import site.ycsbx.store.iibench.IIBenchStore;

/** The insert benchmark. */
public final class IIBenchFamily extends WorkloadFamily {
  public IIBenchFamily() {
    super(new Declaration("iibench", IIBenchStore.class, "the insert benchmark", "iibench")
        .workload(() -> IIBenchWorkload.class)
        // its older name of the disks the efficiency table counts
        .aliases(new Alias(IIBenchSettings.DISKS_PROPERTY, DiskStats.DISKS_PROPERTY))
        .cellCount(IIBenchFamily::rows)
        .documentedRates(Map.of("load rows", 50_000.0, "run rows", 5_000.0))
        // its rows/s counts the rows of its insert transactions
        .rates(new Rate("rows", true, IIBenchWorkload.INSERT_TXN)));
  }

  /** Made when asked, so that finding the family loads no more of it. */
  @Override
  public Optional<ClientSplit> clientSplit() {
    return Optional.of(new IIBenchSplit());
  }

  /**
   * Its rows in a load and a run alike ({@code iibench.rows}, 3 billion in the 2014 post), all
   * clients together, and the rate it asks.
   */
  private static CellCount.Count rows(Properties p, boolean load) {
    String countKey = CellCount.countKey(load);
    boolean own = p.getProperty(IIBenchSettings.ROWS_PROPERTY) != null;
    long rows = CellCount.number(p, own ? IIBenchSettings.ROWS_PROPERTY : countKey, 0);
    double rate = p.getProperty(IIBenchSettings.INSERT_RATE_PROPERTY) == null ? 0
        : Double.parseDouble(p.getProperty(IIBenchSettings.INSERT_RATE_PROPERTY).trim());
    long round = CellCount.number(p, IIBenchSettings.ROUND_ROWS_PROPERTY, IIBenchSettings.ROUND_ROWS_PROPERTY_DEFAULT);
    String how = own ? IIBenchSettings.ROWS_PROPERTY : countKey;
    if (round > 0 && rows > round) {
      // the sizes its table per size will have rows at: a round's end, all clients together
      how += ", " + CellCount.grouped((rows + round - 1) / round) + " rounds of " + CellCount.grouped(round) + ": "
          + IIBenchSettings.ROUND_ROWS_PROPERTY;
    }
    return new CellCount.Count(rows, "rows", how, rate);
  }

}
