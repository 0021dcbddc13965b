package site.ycsbx.tools;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsb.Client;
import site.ycsb.workloads.CoreWorkload;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Bindings;
import site.ycsbx.store.PreflightOnce;
import site.ycsbx.store.Provides;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.tools.checks.CommandArgs;
import site.ycsbx.tools.checks.RunChecks;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.StoredCheck;
import site.ycsbx.workloads.StoredUsertable;

/**
 * {@code verify <binding> -P <workload> [-p ...] [--full]}: the data already stored, against what the
 * workload's generator makes for these properties; nothing is loaded, run or written. The same
 * checks as a run (properties, the binding's options, its server and the family's tables, which
 * must exist and have the family's shape) and the same fingerprint, then the family's comparison
 * on a connection of its own. Exit 0: it agrees; 1: mismatches (listed), or the store failed
 * while being read; 2: nothing was compared (bad input, a table missing or of another shape, a
 * server that cannot be used).
 */
final class VerifyCommand {
  /** Checks all of the data where a family would sample it (filemeta's users, linkbench's chunks). */
  static final String FULL_FLAG = "--full";

  private VerifyCommand() {
  }

  static int run(List<String> args, PrintStream out) {
    try {
      return verify(args, out);
    } finally {
      // the family's demand and the preflight's verdict (a refusal is kept and thrown again to every later
      // client of the JVM) must not reach the next command of this JVM (tests, an experiment's checks)
      StoreRegistry.clear();
      PreflightOnce.forget();
    }
  }

  private static int verify(List<String> args, PrintStream out) {
    String bindingName = args.size() < 2 ? "" : args.get(1);
    Bindings.Binding binding = RunChecks.binding("verify", args);
    List<String> rest = new ArrayList<>(args.subList(2, args.size()));
    boolean full = rest.remove(FULL_FLAG);
    CommandArgs parsed = CommandArgs.parse(rest);
    Properties props = parsed.props;
    if (full) {
      props.setProperty(StoredCheck.FULL, "true");
    }
    props.setProperty(Client.DB_PROPERTY, binding.className());
    // a run's view: the preflight creates no database and refuses what only a load may do
    props.setProperty(Client.DO_TRANSACTIONS_PROPERTY, "true");
    refuseWhatWrites(props);
    RunChecks.expansionOf(props).ifPresent(w -> RunChecks.expand(w, props, parsed.explicit, new ArrayList<>(), out));
    LoadRunCommand.checkAll(props);
    Provides provides = StoreRegistry.providesOf(binding.className());
    if (provides == null || bindingName.equals("null")) {
      throw new UserError("verify: the " + bindingName + " binding stores nothing between commands, so there is"
          + " nothing to verify; bindings that store: " + storingBindings());
    }
    StoredCheck.Verifiable family = family(props);
    // the workload as the load that made the data: its rows are recordcount's, not operationcount's
    Fingerprint.current().putClient(StoredCheck.asLoad(props), bindingName).put("phase", "verify (reads only)");
    props.setProperty(StoreDemand.VERIFY_PROPERTY, "true");
    try {
      PreflightOnce.run(provides.preflight(), props);
    } catch (UserError e) {
      // nothing compared: a script must not read a missing table as data that differs
      String m = e.getMessage();
      throw new UserError(m.startsWith("verify: ") ? m : "verify: nothing compared: " + m, UserError.BAD_INPUT);
    }
    Fingerprint.current().printOnce(out);
    StoredCheck found;
    try {
      found = family.verifyStored(props);
    } catch (Exception e) {
      out.println("[VERIFY] cannot verify: " + (e.getMessage() != null ? e.getMessage() : e.toString()));
      out.println("[VERIFY] FAILED: the store could not be read to the end; nothing was written");
      return Main.EXIT_RUN_FAILED;
    }
    found.print(out);
    out.println("[VERIFY] " + found.conclusion() + "; nothing was written");
    return found.found() == 0 ? 0 : Main.EXIT_RUN_FAILED;
  }

  /**
   * Verify reads only: a drop the user asked for is refused rather than ignored. What a load or run
   * would write (ycsbx.out, exportfile, iibench.roundfile) is not written: no recorder starts.
   */
  private static void refuseWhatWrites(Properties props) {
    for (String key : props.stringPropertyNames()) {
      if (key.endsWith(".drop") && Boolean.parseBoolean(props.getProperty(key))) {
        throw new UserError("verify reads only: " + key + "=true would drop the data it checks; remove it");
      }
    }
  }

  /** The workload's comparison: a family's own, or YCSB's table for CoreWorkload and its subclasses. */
  private static StoredCheck.Verifiable family(Properties props) {
    String name = props.getProperty(Client.WORKLOAD_PROPERTY);
    Object w;
    try {
      Class<?> c = Class.forName(name);
      if (CoreWorkload.class.isAssignableFrom(c)) {
        return new StoredUsertable();
      }
      w = c.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new UserError("workload class " + name + " cannot be created: " + e);
    }
    if (!(w instanceof StoredCheck.Verifiable v)) {
      throw new UserError("verify: workload " + name + " has no check of stored data; verify knows YCSB's"
          + " workloads (CoreWorkload), iibench, linkbench, filemeta and sysbench");
    }
    return v;
  }

  private static String storingBindings() {
    List<String> names = new ArrayList<>();
    for (Bindings.Binding b : Bindings.all()) {
      if (!b.name().equals("null") && !b.name().equals("basic")) {
        names.add(b.name());
      }
    }
    return String.join(", ", names);
  }
}
