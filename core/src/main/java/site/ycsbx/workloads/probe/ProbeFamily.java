package site.ycsbx.workloads.probe;

import site.ycsb.Workload;
import site.ycsbx.family.WorkloadFamily;
import site.ycsbx.store.probe.ProbeStore;

/** A smoke test of a binding: one client, no count an experiment's plan reads. */
public final class ProbeFamily extends WorkloadFamily {
  public ProbeFamily() {
    super("probe", ProbeStore.class, "a smoke test of a binding", "probe");
  }

  @Override
  public Class<? extends Workload> workloadClass() {
    return ProbeWorkload.class;
  }
}
