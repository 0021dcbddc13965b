package site.ycsbx.family;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Every {@link WorkloadFamily} on the class path, declared in
 * {@code META-INF/services/site.ycsbx.family.WorkloadFamily}, in the order of that file (core's
 * lists YCSB's core workloads first, then the families in the order {@code --help} shows them; a
 * module's own families follow core's). Nothing outside a family's packages names it.
 */
public final class WorkloadFamilies {
  private static volatile List<WorkloadFamily> all;

  private WorkloadFamilies() {
  }

  /** Every family, in the services files' order. */
  public static List<WorkloadFamily> all() {
    if (all == null) {
      List<WorkloadFamily> found = new ArrayList<>();
      ServiceLoader.load(WorkloadFamily.class, WorkloadFamilies.class.getClassLoader()).forEach(found::add);
      all = List.copyOf(found);
    }
    return all;
  }

  /** The family of a workload class or of a subclass of its workload class. */
  public static Optional<WorkloadFamily> of(Class<?> workload) {
    return all().stream().filter(f -> f.workloadClass().isAssignableFrom(workload)).findFirst();
  }

  /** The family whose workload class is exactly this one (a result's {@code workload}), or empty. */
  public static Optional<WorkloadFamily> byClassName(String workloadClass) {
    return all().stream().filter(f -> f.workloadClass().getName().equals(workloadClass)).findFirst();
  }

  /** Every family's names of a run option ({@link WorkloadFamily#aliases()}), in the families' order. */
  public static List<String> aliasesOf(String option) {
    return all().stream().flatMap(f -> f.aliases().stream()).filter(a -> a.option().equals(option))
        .map(WorkloadFamily.Alias::name).toList();
  }

  /** The family of that name, or empty. */
  public static Optional<WorkloadFamily> byName(String name) {
    return all().stream().filter(f -> f.name().equals(name)).findFirst();
  }
}
