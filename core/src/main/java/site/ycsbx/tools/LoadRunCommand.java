package site.ycsbx.tools;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import site.ycsb.Client;
import site.ycsb.measurements.Measurements;
import site.ycsbx.faults.Outages;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.measurements.DataSize;
import site.ycsbx.measurements.Efficiency;
import site.ycsbx.measurements.ForeignRows;
import site.ycsbx.measurements.Interruption;
import site.ycsbx.measurements.Intervals;
import site.ycsbx.measurements.ResultExporter;
import site.ycsbx.measurements.RunMeasurements;
import site.ycsbx.verdict.RunVerdict;
import site.ycsbx.measurements.Warmup;
import site.ycsbx.report.RunReport;
import site.ycsbx.results.RunFolder;
import site.ycsbx.store.Bindings;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.PreflightOnce;
import site.ycsbx.store.Provides;
import site.ycsbx.store.ServerAddress;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.tools.checks.CommandArgs;
import site.ycsbx.tools.checks.PropertyCheck;
import site.ycsbx.tools.checks.RunChecks;
import site.ycsbx.tools.checks.YcsbValueCheck;
import site.ycsbx.tools.clients.ClientSlice;
import site.ycsbx.tools.clients.StartAt;
import site.ycsbx.util.PropertyOwner;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.StoppableCoreWorkload;

/**
 * {@code load|run|shell <binding> [YCSB options]}: checks the command line, the workload and the
 * binding's options and server before anything is created, prints the fingerprint, hides secrets
 * from YCSB's echo of its command line, then runs YCSB's stock Client and turns failed operations
 * into a non-zero exit code.
 */
final class LoadRunCommand {
  private final PrintStream out;
  private final Main.InsteadOfRun instead;

  LoadRunCommand(PrintStream out, Main.InsteadOfRun instead) {
    this.out = out;
    this.instead = instead;
  }

  /** {@code args}: the whole command line, {@code load|run|shell <binding> ...}. */
  int run(List<String> args) {
    List<String> line = new ArrayList<>(List.of("bin/ycsb"));
    line.addAll(args);
    System.setProperty(site.ycsbx.results.RunFolder.COMMAND_PROPERTY, site.ycsbx.report.PageHeader.command(line));
    String command = args.get(0);
    String bindingName = args.size() < 2 ? "" : args.get(1);
    Bindings.Binding binding = RunChecks.binding(command, args);
    CommandArgs parsed = CommandArgs.parse(args.subList(2, args.size()));
    Properties props = parsed.props;
    props.setProperty(Client.DB_PROPERTY, binding.className());
    props.setProperty(Client.DO_TRANSACTIONS_PROPERTY, String.valueOf(command.equals("run")));

    List<String> clientArgs = new ArrayList<>();
    clientArgs.add("-db");
    clientArgs.add(binding.className());
    clientArgs.addAll(RunChecks.hideSecrets(parsed.clientArgs));

    if (command.equals("shell")) {
      return CommandShell.run(props, System.in, out);
    }
    clientArgs.add(0, command.equals("run") ? "-t" : "-load");
    if (command.equals("load")) {
      LoadTimeLimit.applyTo(props, parsed.explicit, clientArgs, out);
    }
    YcsbValueCheck.checkClient(props);
    RunChecks.expansionOf(props).ifPresent(w -> RunChecks.expand(w, props, parsed.explicit, clientArgs, out));
    ClientSlice slice = ClientSlice.read(props);
    StartAt startAt = StartAt.read(props, System.currentTimeMillis());
    String sliceNote = slice == null ? null
        : RunChecks.applySlice(slice, props, command.equals("load"), clientArgs);
    pacedRunMeasuresIntendedStarts(props, clientArgs);
    // the counts as YCSB's Client will read them (after a settings file and a client's slice)
    RunChecks.checkClientThreads(props);
    // one hook sees every operation of every workload (warm-up, intervals, the run folder's logs);
    // installed before anything (the workload's constructor below) asks YCSB for its Measurements
    RunMeasurements.install(props);
    Provides provides = StoreRegistry.providesOf(binding.className());
    Efficiency.Plan efficiency = checkAll(props);
    Fingerprint fp = Fingerprint.current().putClient(props, bindingName);
    if (slice != null) {
      fp.put(ClientSlice.FP_INDEX, slice.client()).put(ClientSlice.FP_COUNT, slice.clients()).put(ClientSlice.FP_SLICE,
          sliceNote);
    }
    if (provides != null) {
      PreflightOnce.run(provides.preflight(), props);
      measureSizeAtEnd(provides, props);
    }
    fp.printOnce(out);
    if (slice != null) {
      out.println("[YCSB-X] client " + slice.client() + " of " + slice.clients() + " (0-based): " + sliceNote);
    }
    measureThroughYcsbX(props, clientArgs);
    if (instead != null) {
      instead.reached(List.copyOf(clientArgs));
      return 0;
    }
    Runtime.getRuntime().addShutdownHook(new Thread(LoadRunCommand::enforceVerdict, "ycsbx-verdict"));
    Signals.exportOnInterrupt();
    startRecorders(props, command, bindingName);
    // the sampler starts before ycsbx.startat's wait: finding the server's process reads /proc (slow on a
    // busy host) and its window is counted back from the end of the run anyway
    Efficiency.start(efficiency, provides == null ? ServerAddress.UNKNOWN
        : PreflightOnce.instantiate(provides.preflight()).serverAddress(props),
        Preflight.Phase.of(props).name().toLowerCase(Locale.ROOT));
    if (provides != null) {
      // before ycsbx.startat's wait: counting after it put up to a second between the clients' clocks (a
      // fleet's clients write the same tables, so no count is held against another's rows anyway)
      countTablesAtStart(provides, props, slice);
    }
    if (startAt != null) {
      // after every check and the server's preflight, before YCSB's Client starts its clock
      StartAt.preload(props.getProperty(Client.WORKLOAD_PROPERTY, ""), binding.className());
      startAt.await(out);
    }
    StartAt.preloadJdk();
    // an outage's [RECONNECT] lines are not periodic, but come mid-run all the same
    Outages.rehearse();
    ResultExporter.runStarts();
    System.setErr(YcsbChatter.filter(System.err));
    Client.main(clientArgs.toArray(new String[0]));
    return 0; // not reached: YCSB's Client exits the JVM
  }

  /** The run's tables are measured on storage when its export starts (DataSize), through the binding's preflight. */
  private static void measureSizeAtEnd(Provides provides, Properties props) {
    List<String> tables = StoreDemand.of(props).tables(props);
    Preflight preflight = PreflightOnce.instantiate(provides.preflight());
    DataSize.measureAtEnd(tables, () -> preflight.storedSize(props, tables));
  }

  /**
   * The run's tables as they are just before its start, and how to count them at its end: rows
   * found there that the run did not write are another client's ({@link ForeignRows}).
   */
  private static void countTablesAtStart(Provides provides, Properties props, ClientSlice slice) {
    List<String> tables = StoreDemand.of(props).tables(props);
    Preflight preflight = PreflightOnce.instantiate(provides.preflight());
    ForeignRows.countAtStart(() -> preflight.tableCounts(props, tables), slice == null ? null
        : "this run is one of " + slice.clients() + " clients writing the same tables");
  }

  /**
   * Paced runs need latencies from the intended start, and intended starts show a client that
   * falls behind; "op" has neither. Set before anything creates YCSB's Measurements singleton.
   */
  private void pacedRunMeasuresIntendedStarts(Properties props, List<String> clientArgs) {
    if (Integer.parseInt(props.getProperty("target", "0")) > 0
        && props.getProperty(Measurements.MEASUREMENT_INTERVAL) == null) {
      props.setProperty(Measurements.MEASUREMENT_INTERVAL, "both");
      clientArgs.add("-p");
      clientArgs.add(Measurements.MEASUREMENT_INTERVAL + "=both");
      out.println("[YCSB-X] -target: measurement.interval=both (latency also from each operation's intended"
          + " start; falling behind the schedule is reported)");
    }
  }

  /** Every check that needs no server; the efficiency plan is checked before the preflight, which may create a database. */
  static Efficiency.Plan checkAll(Properties props) {
    List<PropertyOwner> owners = new ArrayList<>();
    owners.add(RunChecks.CORE_PROPERTIES);
    RunChecks.checkWorkload(props).ifPresent(owners::add);
    RunChecks.bindingOwner(props.getProperty(Client.DB_PROPERTY)).ifPresent(owners::add);
    PropertyCheck.check(props, owners);
    Efficiency.Plan efficiency = Efficiency.check(props);
    RunChecks.checkRunProperties(props);
    return efficiency;
  }

  /** YCSB's Client exports through YCSB-X's exporter (which wraps the user's) and runs the stoppable core workload. */
  private static void measureThroughYcsbX(Properties props, List<String> clientArgs) {
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
  }

  /** The warm-up clock, the run folder, the latency intervals (which also drive the [STATUS] line). */
  private static void startRecorders(Properties props, String command, String bindingName) {
    Warmup.configure(props);
    RunFolder.Writer folder = RunFolder.create(props, command, bindingName);
    ResultExporter.writeTo(folder, RunReport::writeAfterRun);
    try {
      var source = RunMeasurements.intervalSource();
      Intervals.configure(props, folder == null ? null : folder.dir(), source);
      if (source != null) {
        Warmup.onEnd(Intervals::startRun); // YCSB's histograms record from the warm-up's end
      }
    } catch (IOException e) {
      throw UserError.target("cannot write the intervals: " + e.getMessage());
    }
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
      Runtime.getRuntime().halt(Main.EXIT_RUN_FAILED);
    }
  }
}
