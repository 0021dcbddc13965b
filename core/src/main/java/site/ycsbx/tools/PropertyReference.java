package site.ycsbx.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import site.ycsbx.family.WorkloadFamilies;
import site.ycsbx.family.WorkloadFamily;
import site.ycsbx.store.Bindings;
import site.ycsbx.tools.checks.RunChecks;
import site.ycsbx.tools.checks.YcsbProperties;
import site.ycsbx.tools.experiment.KnownProperties;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.PropertyOwner;

/**
 * Every property the code owns, in groups: the launcher's ({@code ycsbx}), YCSB's own
 * ({@code ycsb}), each workload family's, each binding's. Each group is read from the same
 * owner the misspelling check asks ({@link RunChecks}), so what {@code bin/ycsb help properties}
 * documents is what {@code bin/ycsb} accepts.
 */
final class PropertyReference {
  /** One group: who owns the properties, what a misspelling gets, and the properties. */
  record Group(String name, String about, String check, List<PropertyDef> properties) {
  }

  /**
   * The workload families YCSB-X ships whose properties are their own (YCSB's core workloads read
   * YCSB's): from their descriptors, classes and not the files under workloads/, so the reference
   * is the code's and needs no folder where bin/ycsb runs (a tarball, a user's own -P file).
   * PropertiesHelpTest checks every file names one of these or YCSB's.
   */
  static List<WorkloadFamily> workloads() {
    return WorkloadFamilies.all().stream().filter(f -> PropertyOwner.class.isAssignableFrom(f.workloadClass())).toList();
  }

  private PropertyReference() {
  }

  /** Every group, in a stable order: ycsbx, ycsb, the workloads, then the bindings by name. */
  static List<Group> groups() {
    List<Group> out = new ArrayList<>();
    out.add(group("ycsbx", "YCSB-X's launcher and exporter, for every workload and binding (bin/ycsb; YCSB's stock"
        + " Client does not read them)", RunChecks.CORE_PROPERTIES));
    out.add(new Group("ycsb", "YCSB 0.17's own: its Client, measurements and CoreWorkload (workloada ... workloadf)",
        "a name one or two letters from one of these is refused", YcsbProperties.ALL));
    for (WorkloadFamily w : workloads()) {
      out.add(group(w.name(), "workload " + w.workloadClass().getName() + ", " + w.description() + " (workloads/"
          + String.join(", ", w.files()) + ")", workload(w.workloadClass())));
    }
    for (Bindings.Binding b : Bindings.all()) {
      Optional<PropertyOwner> owner = RunChecks.bindingOwner(b.className());
      String about = "binding " + b.className() + ": " + b.description();
      out.add(owner.isPresent() ? group(b.name(), about, owner.get())
          : new Group(b.name(), about, "YCSB-X knows no property of it: nothing is checked", List.of()));
    }
    return out;
  }

  /**
   * Who reads which property, from the same owners as {@link #groups()}: the launcher's, YCSB's and
   * every family's for every cell, each binding's (one the class path lacks, or without a list, is
   * left out: an experiment does not refuse what reaches its cells).
   */
  static KnownProperties known() {
    Set<String> general = new TreeSet<>(PropertyDef.names(RunChecks.CORE_PROPERTIES.properties()));
    general.addAll(PropertyDef.names(YcsbProperties.ALL));
    Set<String> classes = new TreeSet<>();
    for (WorkloadFamily w : WorkloadFamilies.all()) {
      classes.add(w.workloadClass().getName());
    }
    for (WorkloadFamily w : workloads()) {
      general.addAll(workload(w.workloadClass()).knownProperties());
    }
    Map<String, Set<String>> byBinding = new TreeMap<>();
    for (Bindings.Binding b : Bindings.all()) {
      RunChecks.bindingOwner(b.className()).ifPresent(o -> byBinding.put(b.name(), o.knownProperties()));
    }
    return new KnownProperties(general, byBinding, classes);
  }

  /** The group of that name, or empty. */
  static Optional<Group> group(String name) {
    return groups().stream().filter(g -> g.name().equals(name)).findFirst();
  }

  static List<String> names() {
    return groups().stream().map(Group::name).toList();
  }

  private static Group group(String name, String about, PropertyOwner owner) {
    return new Group(name, about, check(owner), owner.properties());
  }

  /** What a misspelling under the owner's prefixes gets. */
  private static String check(PropertyOwner owner) {
    Set<String> prefixes = new TreeSet<>(owner.propertyPrefixes());
    if (prefixes.isEmpty()) {
      return "no prefix of its own: a name it does not read is not refused for it";
    }
    List<String> shown = prefixes.stream().map(p -> p + "*").toList();
    String last = shown.get(shown.size() - 1);
    String all = shown.size() == 1 ? last : String.join(", ", shown.subList(0, shown.size() - 1)) + " and " + last;
    return "checked: " + all + " names that no group of the run lists are refused"
        + (owner.properties().isEmpty() ? " (it reads none)" : "");
  }

  private static PropertyOwner workload(Class<?> type) {
    try {
      return (PropertyOwner) type.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("workload " + type.getName() + " cannot be created", e);
    }
  }
}
