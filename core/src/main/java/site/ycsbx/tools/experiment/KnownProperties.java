package site.ycsbx.tools.experiment;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Who reads which property, as {@code bin/ycsb help properties} lists them: the launcher's, YCSB's
 * own and each workload family's are read whatever the binding ({@code general}); each binding's
 * are its own. An experiment refuses a key that nobody reads ({@link ExperimentKeys}) and drops a
 * target's keys that only its old binding reads when the command line gives it another
 * ({@link Overrides}). A binding or workload class YCSB-X knows no list of may read anything:
 * keys that reach its cells are not refused.
 */
public final class KnownProperties {
  /** Reads every key and drops none: for callers that check the keys elsewhere (the file's own tests). */
  static final KnownProperties UNCHECKED = new KnownProperties(Set.of(), Map.of(), Set.of(), true);

  private final boolean everything;
  private final Set<String> general;
  private final Map<String, Set<String>> byBinding;
  private final Set<String> workloadClasses;
  private final Set<String> all;

  /**
   * @param general the properties every cell's launcher or workload reads (ycsbx.*, YCSB's, the families')
   * @param byBinding each binding's own, by the name a target gives ({@code jdbc}); a binding without a
   *     list is absent
   * @param workloadClasses the workload classes whose properties are in {@code general}
   */
  public KnownProperties(Set<String> general, Map<String, Set<String>> byBinding, Set<String> workloadClasses) {
    this(general, byBinding, workloadClasses, false);
  }

  private KnownProperties(Set<String> general, Map<String, Set<String>> byBinding, Set<String> workloadClasses,
      boolean everything) {
    this.everything = everything;
    this.general = Set.copyOf(general);
    this.byBinding = Map.copyOf(byBinding);
    this.workloadClasses = Set.copyOf(workloadClasses);
    Set<String> every = new TreeSet<>(general);
    byBinding.values().forEach(every::addAll);
    this.all = Set.copyOf(every);
  }

  /** Every property some binding or workload reads. */
  Set<String> all() {
    return all;
  }

  boolean reads(String property) {
    return everything || all.contains(property);
  }

  /** True when YCSB-X knows what the binding reads (a class name or a binding without a list: false). */
  boolean knowsBinding(String binding) {
    return binding != null && byBinding.containsKey(binding);
  }

  /** True when YCSB-X knows what the workload class reads. */
  boolean knowsWorkload(String workloadClass) {
    return workloadClasses.contains(workloadClass);
  }

  /**
   * True when {@code property} is read by {@code oldBinding} and by nothing a cell of
   * {@code newBinding} runs: not by the new binding, the launcher, YCSB or a workload family.
   * False when either binding is one YCSB-X knows no list of.
   */
  boolean onlyOldBindingReads(String property, String oldBinding, String newBinding) {
    return knowsBinding(oldBinding) && knowsBinding(newBinding) && byBinding.get(oldBinding).contains(property)
        && !byBinding.get(newBinding).contains(property) && !general.contains(property);
  }
}
