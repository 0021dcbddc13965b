package site.ycsbx.workloads.probe;

import site.ycsbx.family.WorkloadFamily;
import site.ycsbx.store.probe.ProbeStore;

/** A smoke test of a binding: one client, no count an experiment's plan reads. */
public final class ProbeFamily extends WorkloadFamily {
  public ProbeFamily() {
    super(new Declaration("probe", ProbeStore.class, "a smoke test of a binding", "probe")
        .workload(() -> ProbeWorkload.class));
  }
}
