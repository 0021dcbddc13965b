package site.ycsbx.tools;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import site.ycsbx.util.UserError;

/**
 * What {@code bin/ycsb} runs: reads the command and hands it to the class that does it. Every
 * command returns its exit code, so a test runs the same entry point in-process with
 * {@link #run(List, PrintStream, PrintStream)}; {@code load} and {@code run} end in YCSB's stock
 * Client, which exits the JVM itself ({@link LoadRunCommand}).
 */
public final class Main {
  /** Operations failed beyond {@code ycsbx.maxerrorpercent}, or the run stopped early. */
  public static final int EXIT_RUN_FAILED = 1;

  /**
   * Called in place of starting a load or run (hooks, recorders, YCSB's Client) once every check
   * passed and the fingerprint is printed: tests run the checks in-process and stop there.
   */
  @FunctionalInterface
  public interface InsteadOfRun {
    /** {@code clientArgs}: what YCSB's Client would have been given (secrets masked). */
    void reached(List<String> clientArgs);
  }

  private Main() {
  }

  public static void main(String[] args) {
    System.exit(run(Arrays.asList(args), System.out, System.err));
  }

  /**
   * Runs {@code args} as {@code bin/ycsb} would and returns the exit code; bad input is one line
   * on {@code err}. {@code load} and {@code run} that pass every check start YCSB's Client,
   * which exits the JVM when the run ends.
   */
  public static int run(List<String> args, PrintStream out, PrintStream err) {
    return run(args, out, err, null);
  }

  /** As {@link #run(List, PrintStream, PrintStream)}; a load or run that passes its checks calls {@code instead} (null: runs). */
  public static int run(List<String> args, PrintStream out, PrintStream err, InsteadOfRun instead) {
    try {
      return dispatch(args, out, err, instead);
    } catch (UserError e) {
      err.println("ycsb: " + e.getMessage());
      return e.exitCode();
    }
  }

  private static int dispatch(List<String> args, PrintStream out, PrintStream err, InsteadOfRun instead) {
    if (args.isEmpty()) {
      Usage.print(err);
      return UserError.BAD_INPUT;
    }
    String command = args.get(0);
    List<String> rest = args.subList(1, args.size());
    switch (command) {
      case "--help", "-h":
        Usage.print(out);
        return 0;
      case "help":
        return help(rest, out);
      case "sweep":
        return site.ycsbx.tools.sweep.Sweep.run(rest, out, err);
      case "compare":
        return site.ycsbx.tools.compare.Compare.run(rest, out, err);
      case "merge":
        return site.ycsbx.tools.merge.Merge.run(rest, out, err);
      case "report":
        return ReportCommand.run(rest, out);
      case "load", "run", "shell":
        return new LoadRunCommand(out, instead).run(args);
      case "check":
        return check(rest, out);
      case "verify":
        return VerifyCommand.run(args, out);
      case "experiment":
        return site.ycsbx.tools.experiment.ExperimentCommand.run(rest, out, err, LAUNCHER);
      default:
        throw new UserError("unknown command '" + command + "'; commands: load, run, shell, check, verify, sweep, compare, merge,"
            + " report, experiment, help (see ycsb --help)");
    }
  }

  /** The entry point as the commands above load and run see it: passed down, so they need not import this class. */
  private static final site.ycsbx.tools.experiment.Launcher LAUNCHER = new site.ycsbx.tools.experiment.Launcher() {
    @Override
    public void checkArguments(List<String> args) {
      site.ycsbx.tools.checks.RunChecks.checkArguments(args);
    }

    @Override
    public String mainClass() {
      return Main.class.getName();
    }

    @Override
    public site.ycsbx.tools.experiment.KnownProperties knownProperties() {
      return PropertyReference.known();
    }
  };

  /**
   * {@code check load|run <binding> [options]}: every check of that load or run, the server's
   * preflight included, and its fingerprint; nothing runs (the experiment checks each target so).
   */
  private static int check(List<String> args, PrintStream out) {
    if (args.isEmpty() || !(args.get(0).equals("load") || args.get(0).equals("run"))) {
      throw new UserError("check needs load or run: ycsb check load|run <binding> [options]");
    }
    new LoadRunCommand(out, clientArgs -> { }).run(args);
    out.println("[YCSB-X] check: every check passed, the server's too; nothing ran");
    return 0;
  }

  /** {@code help}: the usage; {@code help properties ...}: the property reference. */
  private static int help(List<String> args, PrintStream out) {
    if (args.isEmpty()) {
      Usage.print(out);
      return 0;
    }
    if (args.get(0).equals("properties")) {
      return PropertiesHelp.run(args.subList(1, args.size()), out);
    }
    throw new UserError("unknown help topic '" + args.get(0) + "'; ycsb help prints the usage, ycsb help properties"
        + " [GROUP] every property");
  }
}
