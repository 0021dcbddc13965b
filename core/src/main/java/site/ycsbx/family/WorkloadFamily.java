package site.ycsbx.family;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import site.ycsb.Workload;

/**
 * One workload family as the rest of YCSB-X sees it: what {@code --help}, {@code help properties},
 * the many-clients options, the warm-up and the experiment command need of it, declared once by
 * the family itself (a class in its own workload package, listed in core's
 * {@code META-INF/services/site.ycsbx.family.WorkloadFamily}) instead of in a list of each of
 * them. {@link WorkloadFamilies} finds them.
 *
 * <p>A descriptor is loaded by whatever asks for the families (the warm-up's check, the usage): it
 * names its classes only in methods, so that finding it loads no workload.
 */
public interface WorkloadFamily {
  /** The family's name: its group in {@code bin/ycsb help properties}, its name in an experiment's plan. */
  String name();

  /** How a sentence names the family ("YCSB's core workloads", "iibench"). */
  default String label() {
    return name();
  }

  /** The workload class; a subclass of it is of this family too. */
  Class<? extends Workload> workloadClass();

  /** Its property files under {@code workloads/}, in the order the reference lists them. */
  List<String> files();

  /** One line on what it is, for {@code bin/ycsb help properties}. */
  String description();

  /** Its line under {@code bin/ycsb --help}'s workload files: the files and what each is for. */
  default String filesHelp() {
    return String.join(", ", files()) + ": " + description();
  }

  /** The store interface a binding offers for it; empty when it calls YCSB's DB itself (YCSB's core workloads). */
  Optional<Class<?>> storeType();

  /** How {@code ycsbx.clients=N} splits its work; empty: it cannot be split, and N &gt; 1 is refused. */
  default Optional<ClientSplit> clientSplit() {
    return Optional.empty();
  }

  /** Its own names of {@code ycsbx.warmup}, one setting with it. */
  default List<String> warmupAliases() {
    return List.of();
  }

  /**
   * The properties that size what its load stores, which a run on that data must take the same:
   * an experiment carries them from a load step to the run steps after it.
   */
  default List<String> loadedShape() {
    return List.of();
  }

  /** How an experiment's plan counts a cell of it; empty: it has no count the plan reads. */
  default Optional<CellCount> cellCount() {
    return Optional.empty();
  }

  /**
   * The rates an experiment's estimate takes for its cells when nothing was measured on the host,
   * by phase and unit ({@code "load rows"}): the shipped experiments at their default size on a
   * quiet 2-core VM, the data in memory (bench/results/experiments.md), rounded down;
   * docs/tools/experiment.md lists them. A run's operations without one get the estimate's own.
   */
  default Map<String, Double> documentedRates() {
    return Map.of();
  }
}
