package site.ycsbx.tools;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import site.ycsb.Client;
import site.ycsb.Workload;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.measurements.DiskStats;
import site.ycsbx.measurements.Efficiency;
import site.ycsbx.measurements.Interruption;
import site.ycsbx.measurements.Intervals;
import site.ycsbx.measurements.Progress;
import site.ycsbx.measurements.RunFolder;
import site.ycsbx.measurements.RunMeasurements;
import site.ycsbx.measurements.Warmup;
import site.ycsbx.measurements.ResultExporter;
import site.ycsbx.measurements.ServerProcess;
import site.ycsbx.measurements.RunVerdict;
import site.ycsbx.tools.clients.ClientSlice;
import site.ycsbx.tools.clients.StartAt;
import site.ycsbx.store.Bindings;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.ServerAddress;
import site.ycsbx.store.PreflightOnce;
import site.ycsbx.store.Provides;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.util.PropertyOwner;
import site.ycsbx.util.Secrets;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.PropertyExpansion;
import site.ycsbx.workloads.StoppableCoreWorkload;
import site.ycsbx.workloads.Validating;

/**
 * What {@code bin/ycsb} runs: {@code load|run|shell <binding> [YCSB options]}. Checks the
 * command line, the workload and the binding's options and server before anything is created,
 * prints the fingerprint, hides secrets from YCSB's echo of its command line, then runs YCSB's
 * stock Client and turns failed operations into a non-zero exit code.
 */
public final class Main {
  /** Operations failed beyond {@code ycsbx.maxerrorpercent}, or the run stopped early. */
  public static final int EXIT_RUN_FAILED = 1;

  /** Every file under workloads/, each by its name (MainTest checks the folder against this). */
  private static final List<String> WORKLOAD_FILES = List.of(
      "workloada, workloadb, workloadc, workloadd, workloade, workloadf: YCSB's core workloads",
      "iibench: the insert benchmark",
      "linkbench, linkbench-small: LinkBench load and request phases",
      "filemeta: file metadata load; filemeta-latest, filemeta-count, filemeta-readwrite: its queries",
      "probe: a smoke test of a binding");

  /** Properties of YCSB-X's own launcher and exporter. */
  private static final PropertyOwner CORE_PROPERTIES = new PropertyOwner() {
    @Override
    public Set<String> propertyPrefixes() {
      return Set.of("ycsbx.");
    }

    @Override
    public Set<String> knownProperties() {
      return Set.of(RunVerdict.MAX_ERROR_PERCENT_PROPERTY, ResultExporter.DELEGATE_PROPERTY, ServerProcess.PID_PROPERTY,
          Intervals.INTERVAL_PROPERTY, Intervals.FILE_PROPERTY, site.ycsbx.faults.Reconnect.BACKOFF_PROPERTY,
          site.ycsbx.faults.Reconnect.MAX_BACKOFF_PROPERTY, site.ycsbx.faults.Reconnect.GIVE_UP_PROPERTY,
          site.ycsbx.faults.OperationTimeout.PROPERTY, Efficiency.PROPERTY, DiskStats.DISKS_PROPERTY,
          ClientSlice.CLIENTS_PROPERTY, ClientSlice.CLIENT_PROPERTY, StartAt.PROPERTY, RunFolder.OUT_PROPERTY,
          ResultExporter.REPORT_PROPERTY,
          Warmup.PROPERTY, Progress.PROPERTY);
    }
  };

  private Main() {
  }

  public static void main(String[] args) {
    try {
      run(Arrays.asList(args));
    } catch (UserError e) {
      System.err.println("ycsb: " + e.getMessage());
      System.exit(e.exitCode());
    }
  }

  static void run(List<String> args) {
    if (args.isEmpty() || args.get(0).equals("--help") || args.get(0).equals("-h") || args.get(0).equals("help")) {
      usage(args.isEmpty() ? System.err : System.out);
      if (args.isEmpty()) {
        System.exit(UserError.BAD_INPUT);
      }
      return;
    }
    String command = args.get(0);
    if (command.equals("sweep")) {
      System.exit(site.ycsbx.tools.sweep.Sweep.run(args.subList(1, args.size()), System.out, System.err));
    }
    if (command.equals("compare")) {
      System.exit(site.ycsbx.tools.compare.Compare.run(args.subList(1, args.size()), System.out, System.err));
    }
    if (command.equals("merge")) {
      System.exit(site.ycsbx.tools.merge.Merge.run(args.subList(1, args.size()), System.out, System.err));
    }
    if (command.equals("report")) {
      System.exit(report(args.subList(1, args.size())));
    }
    if (!List.of("load", "run", "shell").contains(command)) {
      throw new UserError("unknown command '" + command + "'; commands: load, run, shell, sweep, compare, merge, report (see ycsb"
          + " --help)");
    }
    String bindingName = args.size() < 2 ? "" : args.get(1);
    Bindings.Binding binding = binding(command, args);
    CommandArgs parsed = CommandArgs.parse(args.subList(2, args.size()));
    Properties props = parsed.props;
    props.setProperty(Client.DB_PROPERTY, binding.className());
    props.setProperty(Client.DO_TRANSACTIONS_PROPERTY, String.valueOf(command.equals("run")));

    List<String> clientArgs = new ArrayList<>();
    clientArgs.add("-db");
    clientArgs.add(binding.className());
    clientArgs.addAll(hideSecrets(parsed.clientArgs));

    if (command.equals("shell")) {
      // exit explicitly: an embedded server's threads would keep the JVM alive after quit
      System.exit(CommandShell.run(props, System.in, System.out));
    }
    clientArgs.add(0, command.equals("run") ? "-t" : "-load");
    YcsbValueCheck.checkClient(props);
    expansionOf(props).ifPresent(w -> expand(w, props, parsed.explicit, clientArgs));
    ClientSlice slice = ClientSlice.read(props);
    StartAt startAt = StartAt.read(props, System.currentTimeMillis());
    String sliceNote = slice == null ? null : applySlice(slice, props, command.equals("load"), clientArgs);
    if (Integer.parseInt(props.getProperty("target", "0")) > 0
        && props.getProperty(site.ycsb.measurements.Measurements.MEASUREMENT_INTERVAL) == null) {
      // set before anything creates YCSB's Measurements singleton. Paced runs need latencies from
      // the intended start, and intended starts show a client that falls behind; "op" has neither

      props.setProperty(site.ycsb.measurements.Measurements.MEASUREMENT_INTERVAL, "both");
      clientArgs.add("-p");
      clientArgs.add(site.ycsb.measurements.Measurements.MEASUREMENT_INTERVAL + "=both");
      System.out.println("[YCSB-X] -target: measurement.interval=both (latency also from each operation's intended"
          + " start; falling behind the schedule is reported)");
    }
    // one hook sees every operation of every workload (warm-up, intervals, the run folder's logs);
    // installed before anything (the workload's constructor below) asks YCSB for its Measurements
    RunMeasurements.install(props);
    List<PropertyOwner> owners = new ArrayList<>();
    owners.add(CORE_PROPERTIES);
    checkWorkload(props).ifPresent(owners::add);
    Fingerprint fp = Fingerprint.current().putClient(props, bindingName);
    if (slice != null) {
      fp.put(ClientSlice.FP_INDEX, slice.client()).put(ClientSlice.FP_COUNT, slice.clients()).put(ClientSlice.FP_SLICE,
          sliceNote);
    }
    Provides provides = StoreRegistry.providesOf(binding.className());
    if (provides != null) {
      owners.add(PreflightOnce.instantiate(provides.preflight()));
    }
    PropertyCheck.check(props, owners);
    Efficiency.Plan efficiency = Efficiency.check(props); // before the preflight, which may create a database
    checkRunProperties(props);
    if (provides != null) {
      PreflightOnce.run(provides.preflight(), props);
    }
    fp.printOnce(System.out);
    if (slice != null) {
      System.out.println("[YCSB-X] client " + slice.client() + " of " + slice.clients() + " (0-based): " + sliceNote);
    }

    props.setProperty(ResultExporter.DELEGATE_PROPERTY,
        props.getProperty(Client.EXPORTER_PROPERTY, ResultExporter.DELEGATE_PROPERTY_DEFAULT));
    ResultExporter.configure(props);
    clientArgs.add("-p");
    clientArgs.add(Client.EXPORTER_PROPERTY + "=" + ResultExporter.class.getName());
    if (site.ycsb.workloads.CoreWorkload.class.getName().equals(props.getProperty(Client.WORKLOAD_PROPERTY))) {
      // the same workload, which also stops when a binding gives up on its server
      clientArgs.add("-p");
      clientArgs.add(Client.WORKLOAD_PROPERTY + "=" + StoppableCoreWorkload.class.getName());
    }
    Runtime.getRuntime().addShutdownHook(new Thread(Main::enforceVerdict, "ycsbx-verdict"));
    Signals.exportOnInterrupt();
    Warmup.configure(props);
    RunFolder folder = RunFolder.create(props, command, bindingName);
    try {
      var source = RunMeasurements.intervalSource();
      Intervals.configure(props, folder == null ? null : folder.dir(), source);
      if (source != null) {
        Warmup.onEnd(Intervals::startRun); // YCSB's histograms record from the warm-up's end
      }
    } catch (java.io.IOException e) {
      throw UserError.target("cannot write the intervals: " + e.getMessage());
    }
    // the sampler starts before ycsbx.startat's wait: finding the server's process reads /proc (slow on a
    // busy host) and its window is counted back from the end of the run anyway
    Efficiency.start(efficiency, provides == null ? ServerAddress.UNKNOWN
        : PreflightOnce.instantiate(provides.preflight()).serverAddress(props),
        Preflight.Phase.of(props).name().toLowerCase(java.util.Locale.ROOT));
    if (startAt != null) {
      // after every check and the server's preflight, before YCSB's Client starts its clock
      StartAt.preload(props.getProperty(Client.WORKLOAD_PROPERTY, ""), binding.className());
      startAt.await(System.out);
    }
    ResultExporter.runStarts();
    Client.main(clientArgs.toArray(new String[0]));
  }

  /**
   * The checks of {@link #run} that need no server, for {@code sweep}: {@code args} as after
   * {@code bin/ycsb} ({@code load|run <binding> [YCSB options]}). Bad input is refused before the
   * sweep creates its folder; each point still runs every check, the server's too.
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
    Provides provides = StoreRegistry.providesOf(binding.className());
    if (provides != null) {
      owners.add(PreflightOnce.instantiate(provides.preflight()));
    }
    PropertyCheck.check(props, owners);
    Efficiency.check(props);
    checkRunProperties(props);
  }

  /** The launcher's own run properties (run folder, warm-up, intervals, progress); no side effects. */
  private static void checkRunProperties(Properties props) {
    RunFolder.check(props);
    Warmup.seconds(props);
    Intervals.validate(props);
    Progress.seconds(props);
  }

  /** {@code report DIR}: (re)draws DIR/report.html from a run or merged folder's files. */
  private static int report(List<String> dirs) {
    if (dirs.size() != 1 || dirs.get(0).startsWith("-")) {
      throw new UserError("report takes one run folder: ycsb report DIR");
    }
    java.nio.file.Path dir = java.nio.file.Path.of(dirs.get(0));
    if (!java.nio.file.Files.isRegularFile(dir.resolve(site.ycsbx.measurements.RunFolder.RESULT_FILE))) {
      throw new UserError(dir + " is not a run folder (no " + site.ycsbx.measurements.RunFolder.RESULT_FILE
          + "): report reads what -p " + site.ycsbx.measurements.RunFolder.OUT_PROPERTY + "=DIR or merge --out DIR left");
    }
    try {
      System.out.println("[YCSB-X] wrote " + site.ycsbx.tools.report.RunReport.write(dir));
      return 0;
    } catch (java.io.IOException | RuntimeException e) {
      throw UserError.target("cannot write " + dir.resolve(site.ycsbx.tools.report.RunReport.FILE) + ": " + e.getMessage());
    }
  }

  /** The binding {@code args.get(1)} names: a name bin/ycsb knows, or a class on the class path. */
  private static Bindings.Binding binding(String command, List<String> args) {
    if (args.size() < 2 || args.get(1).startsWith("-")) {
      throw new UserError(command + " needs a binding: " + bindingNames());
    }
    String bindingName = args.get(1);
    // a class name works too, as YCSB's -db does, for bindings YCSB-X does not know by name
    Bindings.Binding binding = Bindings.byName(bindingName)
        .or(() -> bindingName.contains(".") ? java.util.Optional.of(new Bindings.Binding(bindingName, bindingName, ""))
            : java.util.Optional.empty())
        .orElseThrow(() -> new UserError("unknown binding '" + bindingName + "'; bindings: " + bindingNames()));
    try {
      Class.forName(binding.className(), false, Main.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new UserError("binding " + bindingName + " (" + binding.className() + ") is not on the class path");
    }
    return binding;
  }

  /**
   * Runs while YCSB's Client calls System.exit(0): a run that failed or never exported its
   * results must not look like a result, so the exit status is replaced.
   */
  private static void enforceVerdict() {
    Interruption.Signal sig = Interruption.current();
    if (sig != null) {
      // the signal's handler exits with 128 + its number; no halt here, so the other hooks (an
      // embedded server closing its data file) finish
      System.out.flush();
      System.err.println("ycsb: INTERRUPTED by " + sig.name() + " at " + sig.at() + (RunVerdict.wasExported()
          ? ": the operations measured so far were exported" : ": nothing could be exported (see the messages above)"));
      System.err.flush();
      return;
    }
    String why;
    if (!RunVerdict.wasExported()) {
      why = "the run stopped before YCSB exported any result (see the messages above)";
    } else {
      why = RunVerdict.failure();
    }
    if (why != null) {
      System.out.flush();
      System.err.println("ycsb: FAILED: " + why);
      System.err.flush();
      Runtime.getRuntime().halt(EXIT_RUN_FAILED);
    }
  }

  /**
   * Sets this client's part of the work (ycsbx.clients/ycsbx.client) over the user's properties,
   * for the checks and, as -p options, for YCSB's Client; returns what it set, for the fingerprint.
   */
  private static String applySlice(ClientSlice slice, Properties props, boolean load, List<String> clientArgs) {
    Class<?> workload;
    try {
      workload = Class.forName(props.getProperty(Client.WORKLOAD_PROPERTY, ""), false, Main.class.getClassLoader());
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
  private static Optional<PropertyExpansion> expansionOf(Properties props) {
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
  private static void expand(PropertyExpansion w, Properties props, Set<String> explicit, List<String> clientArgs) {
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
    System.out.println("[YCSB-X] " + e.note() + (applied.isEmpty() ? "" : "; for YCSB's Client: " + String.join(" ", applied))
        + " (-p and -threads on the command line win over the file)");
  }

  private static Optional<PropertyOwner> checkWorkload(Properties props) {
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
  static List<String> hideSecrets(List<String> args) {
    List<String> out = new ArrayList<>(args);
    for (int i = 0; i + 1 < out.size(); i++) {
      if (out.get(i).equals("-p")) {
        String kv = out.get(i + 1);
        int eq = kv.indexOf('=');
        String key = kv.substring(0, eq);
        String value = kv.substring(eq + 1);
        if (Secrets.needsMasking(key, value)) {
          Secrets.hold(key, value);
          out.set(i + 1, key + "=" + Secrets.mask(key, value));
        }
      }
    }
    return out;
  }

  private static String bindingNames() {
    return String.join(", ", Bindings.all().stream().map(Bindings.Binding::name).toList());
  }

  private static void usage(PrintStream out) {
    out.println("Usage: ycsb <command> <binding> [options]");
    out.println();
    out.println("Commands:");
    out.println("  load     load the data set (YCSB's -load)");
    out.println("  run      run the transaction phase (YCSB's -t)");
    out.println("  shell    interactive YCSB shell against the binding");
    out.println("  sweep    load|run <binding> ... --threads 1,2,4,8 [--repeat R] [--reload] [--out DIR] [--label NAME]");
    out.println("           [--sla-p99 MS]: one run per thread count, a table, the knee, sweep.csv/.json/.html");
    out.println("  sweep    --from DIR... [--out DIR] [--label NAME] [--sla-p99 MS]: the same from run folders or merged");
    out.println("           folders already made (a many-client sweep: merge each thread count's clients, then sweep)");
    out.println("  compare  A B [--labels a,b] [--html FILE]: two sweeps or results (YCSB-X's or stock YCSB's text/JSON)");
    out.println("           side by side: throughput, p95, p99, B/A, Welch's t-test over repeats; A and B may be run folders");
    out.println("  merge    DIR... --out DIR: the run folders of the clients of one run (-p ycsbx.clients=N -p ycsbx.client=i)");
    out.println("           as one run: interval histograms added on wall-clock time, percentiles from the sums;");
    out.println("           --out gets the merged result.json, <OP>.hdr, summary.txt and report.html");
    out.println("  report   DIR: (re)draw DIR/report.html from a run or merged folder (sweep points leave it out)");
    out.println();
    out.println("Bindings:");
    for (Bindings.Binding b : Bindings.all()) {
      out.printf("  %-18s %s%n", b.name(), b.description());
    }
    out.println();
    out.println("Options (as in YCSB):");
    out.println("  -P file          workload property file, e.g. workloads/workloada (repeatable)");
    out.println("  -p key=value     set a property (repeatable; wins over -P files)");
    out.println("  -threads N       client threads (default 1)");
    out.println("  -target N        total operations per second to aim for (default: unlimited)");
    out.println("  -s               print a status line every 10 s to stderr");
    out.println("  -l label         label for the status lines");
    out.println();
    out.println("Many clients as one run (each its own process or host):");
    out.println("  -p ycsbx.clients=N -p ycsbx.client=i   client i (0-based) of N: load its slice of recordcount (core");
    out.println("                   workloads: insertstart/insertcount; iibench: its share of the rows)");
    out.println("  -p ycsbx.startat=T  start the timed phase at T (ISO-8601 with zone, or epoch ms), after the checks");
    out.println("YCSB-X run options (-p key=value, every workload):");
    out.printf("  %-19s leave summary.txt, result.json, an HdrHistogram log per operation (<OP>.hdr),%n",
        RunFolder.OUT_PROPERTY + "=DIR");
    out.printf("  %-19s efficiency.csv and report.html (charts, no network needed) in DIR%n", "");
    out.printf("  %-19s (new or empty; a sweep: DIR/t<threads>-r<repeat>/)%n", "");
    out.printf("  %-19s run S seconds unrecorded before measuring%n", Warmup.PROPERTY + "=S");
    out.printf("  %-19s a [STATUS] line per S seconds: done/total, rate, ETA, p50/p99 (default 10; 0 none)%n",
        site.ycsbx.measurements.Intervals.INTERVAL_PROPERTY + "=S");
    out.printf("  %-19s no [STATUS] line (the intervals are still exported)%n", Progress.PROPERTY + "=0");
    out.println();
    out.println("Launcher options (as in YCSB 0.17's bin/ycsb; anywhere on the command line):");
    out.println("  -jvm-args \"ARGS\" JVM arguments, split on spaces, e.g. -jvm-args \"-Xmx4g -XX:+UseG1GC\"");
    out.println("  -cp PATH         class path entries before YCSB-X's own, e.g. a binding's or exporter's jar");
    out.println();
    out.println("Environment:");
    out.println("  JAVA_OPTS        JVM arguments, split on spaces, e.g. JAVA_OPTS=\"-Xmx4g -XX:+UseG1GC\" bin/ycsb ...");
    out.println("  JAVA_HOME        the Java 17+ runtime to use (else java on PATH)");
    out.println();
    out.println("Workload files, under workloads/:");
    for (String w : WORKLOAD_FILES) {
      out.println("  " + w);
    }
    out.println();
    out.println("Exit codes: 0 results trusted; 1 operations failed beyond "
        + RunVerdict.MAX_ERROR_PERCENT_PROPERTY + " (load: "
        + (int) RunVerdict.MAX_ERROR_PERCENT_LOAD_DEFAULT + "%, run: "
        + (int) RunVerdict.MAX_ERROR_PERCENT_RUN_DEFAULT + "%, over the operations asked for) or the server is unusable;"
        + " 2 bad input; " + Signals.EXIT_SIGINT + "/" + Signals.EXIT_SIGTERM + " stopped by SIGINT/SIGTERM (what was"
        + " measured is exported, marked INTERRUPTED).");
    out.println("Server outages: broken connections are re-opened, each outage named in an [OUTAGE] line; the run gives up"
        + " after " + site.ycsbx.faults.Reconnect.GIVE_UP_PROPERTY + " (default "
        + site.ycsbx.faults.Reconnect.GIVE_UP_PROPERTY_DEFAULT + " s); " + site.ycsbx.faults.OperationTimeout.PROPERTY
        + "=S fails operations waiting longer than S seconds (default: off); maxexecutiontime=N ends the run by N + "
        + site.ycsbx.faults.Deadline.GRACE_SECONDS + " s even if operations hang (they count as failed, exit 1).");
    out.println("Efficiency: at the end, context switches, CPU and disk I/O per operation from /proc, sampled every"
        + " second (" + DiskStats.DISKS_PROPERTY + "=DEV,... default every physical disk; " + ServerProcess.PID_PROPERTY
        + "=PID when the server is not found by its port; " + Efficiency.PROPERTY + "=false turns it off).");
    out.println("Example: ycsb load mongodb-embedded -P workloads/workloada && ycsb run mongodb-embedded -P workloads/workloada");
  }

}
