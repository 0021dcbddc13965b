package site.ycsbx.workloads.probe;

import java.util.List;
import java.util.Optional;
import site.ycsb.Workload;
import site.ycsbx.family.WorkloadFamily;
import site.ycsbx.store.probe.ProbeStore;

/** A smoke test of a binding: one client, no count an experiment's plan reads. */
public final class ProbeFamily implements WorkloadFamily {
  @Override
  public String name() {
    return "probe";
  }

  @Override
  public Class<? extends Workload> workloadClass() {
    return ProbeWorkload.class;
  }

  @Override
  public List<String> files() {
    return List.of("probe");
  }

  @Override
  public String description() {
    return "a smoke test of a binding";
  }

  @Override
  public Optional<Class<?>> storeType() {
    return Optional.of(ProbeStore.class);
  }
}
