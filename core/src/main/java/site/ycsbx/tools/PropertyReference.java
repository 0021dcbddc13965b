package site.ycsbx.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import site.ycsb.workloads.CoreWorkload;
import site.ycsbx.store.Bindings;
import site.ycsbx.tools.checks.RunChecks;
import site.ycsbx.tools.checks.YcsbProperties;
import site.ycsbx.tools.experiment.KnownProperties;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.PropertyOwner;
import site.ycsbx.workloads.Validating;
import site.ycsbx.workloads.filemeta.FileMetaWorkload;
import site.ycsbx.workloads.iibench.IIBenchWorkload;
import site.ycsbx.workloads.linkbench.LinkBenchWorkload;
import site.ycsbx.workloads.probe.ProbeWorkload;
import site.ycsbx.workloads.sysbench.SysbenchWorkload;

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

  /** A workload family YCSB-X ships, and its files under workloads/. */
  record Shipped(String name, Class<? extends Validating> type, String about, String files) {
  }

  /**
   * The workload classes YCSB-X ships. Classes, not the files under workloads/: the reference is
   * the code's, it needs no folder where bin/ycsb runs (a tarball, a user's own -P file), and
   * several files share a class. WorkloadFilesTest checks every file names one of these or YCSB's.
   */
  static final List<Shipped> WORKLOADS = List.of(
      new Shipped("iibench", IIBenchWorkload.class, "the insert benchmark", "iibench"),
      new Shipped("linkbench", LinkBenchWorkload.class, "LinkBench's social graph, load and requests",
          "linkbench, linkbench-small"),
      new Shipped("filemeta", FileMetaWorkload.class, "metadata of a very large set of files",
          "filemeta, filemeta-latest, filemeta-count, filemeta-readwrite"),
      new Shipped("sysbench", SysbenchWorkload.class, "sysbench 1.0's OLTP tables and transaction",
          "sysbench, sysbench-readonly, sysbench-point, sysbench-point-secondary, sysbench-range,"
          + " sysbench-range-secondary"),
      new Shipped("probe", ProbeWorkload.class, "a smoke test of a binding", "probe"));

  private PropertyReference() {
  }

  /** Every group, in a stable order: ycsbx, ycsb, the workloads, then the bindings by name. */
  static List<Group> groups() {
    List<Group> out = new ArrayList<>();
    out.add(group("ycsbx", "YCSB-X's launcher and exporter, for every workload and binding (bin/ycsb; YCSB's stock"
        + " Client does not read them)", RunChecks.CORE_PROPERTIES));
    out.add(new Group("ycsb", "YCSB 0.17's own: its Client, measurements and CoreWorkload (workloada ... workloadf)",
        "a name one or two letters from one of these is refused", YcsbProperties.ALL));
    for (Shipped w : WORKLOADS) {
      out.add(group(w.name(), "workload " + w.type().getName() + ", " + w.about() + " (workloads/" + w.files() + ")",
          workload(w.type())));
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
    Set<String> classes = new TreeSet<>(Set.of(CoreWorkload.class.getName()));
    for (Shipped w : WORKLOADS) {
      general.addAll(workload(w.type()).knownProperties());
      classes.add(w.type().getName());
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

  private static PropertyOwner workload(Class<? extends Validating> type) {
    try {
      return type.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("workload " + type.getName() + " cannot be created", e);
    }
  }
}
