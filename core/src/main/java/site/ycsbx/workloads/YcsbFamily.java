package site.ycsbx.workloads;

import java.util.Map;
import java.util.Optional;
import site.ycsb.Workload;
import site.ycsb.workloads.CoreWorkload;
import site.ycsbx.family.CellCount;
import site.ycsbx.family.ClientSplit;
import site.ycsbx.family.WorkloadFamily;

/**
 * YCSB's core workloads (workloada ... workloadf): YCSB 0.17's CoreWorkload, or its
 * {@link StoppableCoreWorkload}, on YCSB's DB API. Its properties are YCSB's own (the {@code ycsb}
 * group of {@code help properties}), not a group of its own.
 */
public final class YcsbFamily extends WorkloadFamily {
  public YcsbFamily() {
    super(new Declaration("ycsb", null, "YCSB's core workloads", "workloada", "workloadb", "workloadc", "workloadd",
        "workloade", "workloadf")
        .workload(() -> CoreWorkload.class)
        // a load counts its records (insertcount when given, else recordcount); a run its operations
        .cellCount(CellCount.ofLoads(p -> {
          String key = p.getProperty(Workload.INSERT_COUNT_PROPERTY) != null ? Workload.INSERT_COUNT_PROPERTY
              : CellCount.countKey(true);
          return new CellCount.Count(CellCount.number(p, key, 0), "records", key, 0);
        }))
        .documentedRates(Map.of("load records", 1_000.0)));
  }

  @Override
  public String label() {
    return "YCSB's core workloads";
  }

  @Override
  public Optional<ClientSplit> clientSplit() {
    return Optional.of(new CoreSplit());
  }
}
