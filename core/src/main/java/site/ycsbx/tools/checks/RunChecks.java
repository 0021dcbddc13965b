package site.ycsbx.tools.checks;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import site.ycsb.Client;
import site.ycsb.Workload;
import site.ycsbx.db.BasicDbProperties;
import site.ycsbx.measurements.Efficiency;
import site.ycsbx.measurements.Intervals;
import site.ycsbx.measurements.Progress;
import site.ycsbx.measurements.Warmup;
import site.ycsbx.results.RunFolder;
import site.ycsbx.store.Bindings;
import site.ycsbx.store.PreflightOnce;
import site.ycsbx.store.Provides;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.tools.clients.ClientSlice;
import site.ycsbx.util.PropertyOwner;
import site.ycsbx.util.Secrets;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.ClientThreads;
import site.ycsbx.workloads.PropertyExpansion;
import site.ycsbx.workloads.Validating;

/**
 * The checks of a load or run that need no server: the binding, the workload class and its
 * properties, every owned property name, the launcher's run properties. Shared by
 * the load and run commands and {@code sweep} (which checks each point before making its folder),
 * so it sits below both.
 */
public final class RunChecks {
  /** Properties of YCSB-X's own launcher and exporter. */
  public static final PropertyOwner CORE_PROPERTIES = LauncherProperties.OWNER;

  private RunChecks() {
  }

  /**
   * The checks of a load or run that need no server: {@code args} as after {@code bin/ycsb}
   * ({@code load|run <binding> [YCSB options]}). Bad input is refused before a sweep creates its
   * folder; each point still runs every check, the server's too.
   */
  public static void checkArguments(List<String> args) {
    String command = args.isEmpty() ? "" : args.get(0);
    Bindings.Binding binding = binding(command, args);
    CommandArgs parsed = CommandArgs.parse(args.subList(2, args.size()));
    Properties props = parsed.props;
    props.setProperty(Client.DB_PROPERTY, binding.className());
    props.setProperty(Client.DO_TRANSACTIONS_PROPERTY, String.valueOf(command.equals("run")));
    YcsbValueCheck.checkClient(props);
    expansionOf(props).ifPresent(w -> {
      PropertyExpansion.Expansion e = w.expand(props);
      if (e.property() != null) {
        e.values().forEach((k, v) -> {
          if (!parsed.explicit.contains(k)) {
            props.setProperty(k, v);
          }
        });
        props.remove(e.property());
      }
    });
    List<PropertyOwner> owners = new ArrayList<>();
    owners.add(CORE_PROPERTIES);
    checkWorkload(props).ifPresent(owners::add);
    bindingOwner(binding.className()).ifPresent(owners::add);
    PropertyCheck.check(props, owners);
    Efficiency.check(props);
    checkRunProperties(props);
  }

  /**
   * The properties a binding's DB class reads: its preflight's (from its {@link Provides}), or
   * those of YCSB's BasicDB, which has none; empty for a class YCSB-X knows nothing of.
   */
  public static Optional<PropertyOwner> bindingOwner(String dbClassName) {
    Provides provides = StoreRegistry.providesOf(dbClassName);
    if (provides != null) {
      return Optional.of(PreflightOnce.instantiate(provides.preflight()));
    }
    return BasicDbProperties.DB_CLASS.equals(dbClassName) ? Optional.of(BasicDbProperties.OWNER) : Optional.empty();
  }

  /** The launcher's own run properties (run folder, warm-up, intervals, progress); no side effects. */
  public static void checkRunProperties(Properties props) {
    checkClientThreads(props);
    RunFolder.check(props);
    Warmup.seconds(props);
    Intervals.validate(props);
    Progress.seconds(props);
  }

  /** Refuses counts with which YCSB's Client would start no thread (see {@link ClientThreads}). */
  public static void checkClientThreads(Properties props) {
    String noThreads = ClientThreads.noThreads(props);
    if (noThreads != null) {
      throw new UserError(noThreads);
    }
  }

  /** The binding {@code args.get(1)} names: a name bin/ycsb knows, or a class on the class path. */
  public static Bindings.Binding binding(String command, List<String> args) {
    if (args.size() < 2 || args.get(1).startsWith("-")) {
      throw new UserError(command + " needs a binding: " + bindingNames());
    }
    String bindingName = args.get(1);
    // a class name works too, as YCSB's -db does, for bindings YCSB-X does not know by name
    Bindings.Binding binding = Bindings.byName(bindingName)
        .or(() -> bindingName.contains(".") ? Optional.of(new Bindings.Binding(bindingName, bindingName, ""))
            : Optional.empty())
        .orElseThrow(() -> new UserError("unknown binding '" + bindingName + "'; bindings: " + bindingNames()));
    try {
      Class.forName(binding.className(), false, RunChecks.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new UserError("binding " + bindingName + " (" + binding.className() + ") is not on the class path");
    }
    return binding;
  }

  private static String bindingNames() {
    return String.join(", ", Bindings.all().stream().map(Bindings.Binding::name).toList());
  }

  /**
   * Sets this client's part of the work (ycsbx.clients/ycsbx.client) over the user's properties,
  /**

  /**
   * Sets this client's part of the work (ycsbx.clients/ycsbx.client) over the user's properties,
   * for the checks and, as -p options, for YCSB's Client; returns what it set, for the fingerprint.
   */
  public static String applySlice(ClientSlice slice, Properties props, boolean load, List<String> clientArgs) {
    Class<?> workload;
    try {
      workload = Class.forName(props.getProperty(Client.WORKLOAD_PROPERTY, ""), false, RunChecks.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      workload = null; // checkWorkload says what is wrong with it
    }
    Map<String, String> set = slice.properties(workload, props, load);
    List<String> shown = new ArrayList<>();
    set.forEach((k, v) -> {
      props.setProperty(k, v);
      clientArgs.add("-p");
      clientArgs.add(k + "=" + v);
      shown.add(k + "=" + v);
    });
    return shown.isEmpty() ? "the whole workload" : String.join(" ", shown);
  }

  /** The workload when it reads a settings file of its own (its class implements PropertyExpansion). */
  public static Optional<PropertyExpansion> expansionOf(Properties props) {
    try {
      Class<?> c = Class.forName(props.getProperty(Client.WORKLOAD_PROPERTY, ""));
      if (PropertyExpansion.class.isAssignableFrom(c)) {
        return Optional.of((PropertyExpansion) c.getDeclaredConstructor().newInstance());
      }
    } catch (ReflectiveOperationException | LinkageError e) {
      // checkWorkload says what is wrong with the class
    }
    return Optional.empty();
  }

  /**
   * Puts what a workload's settings file sets (linkbench.config) between the -P files and the
   * command line: into the properties the checks see and, as -p options, into YCSB's Client.
   */
  public static void expand(PropertyExpansion w, Properties props, Set<String> explicit, List<String> clientArgs,
      PrintStream out) {
    PropertyExpansion.Expansion e = w.expand(props);
    if (e.property() == null) {
      return;
    }
    List<String> applied = new ArrayList<>();
    for (Map.Entry<String, String> v : e.values().entrySet()) {
      if (!explicit.contains(v.getKey())) {
        props.setProperty(v.getKey(), v.getValue());
        clientArgs.add("-p");
        clientArgs.add(v.getKey() + "=" + v.getValue());
        if (!v.getKey().contains(".")) {
          applied.add(v.getKey() + "=" + v.getValue());
        }
      }
    }
    // expanded here: the workload must not read the file again over the command line's values
    props.remove(e.property());
    for (int i = 0; i + 1 < clientArgs.size(); i++) {
      if (clientArgs.get(i).equals("-p") && clientArgs.get(i + 1).startsWith(e.property() + "=")) {
        clientArgs.remove(i + 1);
        clientArgs.remove(i);
        i--;
      }
    }
    out.println("[YCSB-X] " + e.note() + (applied.isEmpty() ? "" : "; for YCSB's Client: " + String.join(" ", applied))
        + " (-p and -threads on the command line win over the file)");
  }

  public static Optional<PropertyOwner> checkWorkload(Properties props) {
    String workloadClass = props.getProperty(Client.WORKLOAD_PROPERTY);
    if (workloadClass == null) {
      throw new UserError("no workload: give -P workloads/<name> or -p workload=<class>");
    }
    Object w;
    try {
      // CoreWorkload's constructor reads YCSB's Measurements singleton, which needs its properties
      site.ycsb.measurements.Measurements.setProperties(props);
      w = Class.forName(workloadClass).getDeclaredConstructor().newInstance();
    } catch (ClassNotFoundException e) {
      throw new UserError("workload class " + workloadClass + " is not on the class path");
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw new UserError("workload class " + workloadClass + " cannot be created: " + e.getCause());
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new UserError("workload class " + workloadClass + " cannot be created: " + e);
    }
    if (!(w instanceof Workload)) {
      throw new UserError("workload class " + workloadClass + " is not a site.ycsb.Workload");
    }
    if (w instanceof site.ycsb.workloads.CoreWorkload) {
      PropertyCheck.checkProportions(props);
      YcsbValueCheck.checkCoreWorkload(props);
    }
    if (w instanceof Validating) {
      ((Validating) w).validate(props);
      return Optional.of((Validating) w);
    }
    return Optional.empty();
  }

  /** Replaces secret values in {@code -p} options by a mask; the real ones stay in memory. */
  public static List<String> hideSecrets(List<String> args) {
    return Secrets.hideOptions(args);
  }

}
