package site.ycsbx.tools.experiment;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import site.ycsbx.tools.child.ChildJvm;
import site.ycsbx.util.UserError;

/**
 * {@code ycsb experiment FILE [--out DIR] [--dry-run] [--check] [--steps a,b] [--redo CELL]... [-p key=value]...}: runs
 * a published comparison's matrix (targets x steps x thread counts x repeats), one cell per JVM
 * and run folder, and prints each step's table when its last cell ends. The experiment folder's
 * ledger lets the same command continue a stopped experiment after its last finished cell.
 *
 * <p>Bad input (the file, a cell's properties, a target that is unreachable or contradicts its
 * expectations, an out folder of another experiment) is refused before any cell runs. A cell
 * that fails marks its target: the target's later cells are not run, the other targets go on, and
 * the experiment exits 1. Ctrl-C stops the running cell (it writes what it measured), marks it
 * interrupted, and stops.
 */
public final class ExperimentCommand {
  static final String USAGE = ExperimentArgs.USAGE;
  /** Where an experiment's folder goes when --out is not given: under the git-ignored runs/. */
  static final String DEFAULT_OUT = "runs";

  private final Launcher launcher;
  private final PrintStream out;
  private final PrintStream err;

  private ExperimentCommand(Launcher launcher, PrintStream out, PrintStream err) {
    this.launcher = launcher;
    this.out = out;
    this.err = err;
  }

  /** Runs the command; the exit code: 0 every cell ok, 1 a cell failed or was interrupted, 2 bad input. */
  public static int run(List<String> args, PrintStream out, PrintStream err, Launcher launcher) {
    return new ExperimentCommand(launcher, out, err).run(args);
  }

  private int run(List<String> argList) {
    ExperimentArgs a = ExperimentArgs.parse(argList);
    Experiment e = ExperimentFile.read(a.file(), a.overrides(), launcher.knownProperties(), a.steps());
    Plan plan = new Plan(e);
    checkCells(plan);
    e.notes().forEach(n -> out.println("[EXPERIMENT] note: " + n));
    for (String id : a.redo()) {
      if (plan.cells().stream().noneMatch(c -> c.id().equals(id))) {
        throw new UserError("--redo " + id + ": no such cell in the plan (ycsb experiment " + a.file()
            + " --dry-run lists them)");
      }
    }
    Path dir = a.out() != null ? a.out() : Path.of(DEFAULT_OUT, e.name());
    Ledger ledger = Ledger.open(dir, e.name());
    List<String> changed = changedCells(plan, ledger, a.redo());
    if (!changed.isEmpty() && !(a.dryRun() && !a.check())) {
      throw new UserError("cell " + changed.get(0) + " changed since it ran in " + ledger.dir() + " (its properties or"
          + " property files); --redo " + changed.get(0) + " runs it again, or choose another --out");
    }
    if (a.dryRun()) {
      // a plan of another size is still worth reading: its cells' earlier times are not theirs
      Map<String, Double> measured = new LinkedHashMap<>(ledger.measured());
      measured.keySet().removeAll(changed);
      out.print(plan.describe(measured, MeasuredRates.near(dir, Path.of(DEFAULT_OUT))));
      long done = plan.cells().stream().filter(c -> finished(ledger, c, a.redo()) && !changed.contains(c.id())).count();
      if (done > 0) {
        out.printf(Locale.ROOT, "%d of %d cells finished before in %s: they are kept%n", done, plan.cells().size(),
            ledger.dir());
      }
      if (!changed.isEmpty()) {
        out.printf(Locale.ROOT, "%d cells changed since they ran in %s (%s%s): a run refuses them; --redo CELL runs"
            + " one again, another --out starts afresh%n", changed.size(), ledger.dir(), changed.get(0),
            changed.size() > 1 ? ", ..." : "");
      }
    }
    // the heap and JVM options the user gave this JVM (JAVA_OPTS, -jvm-args) apply to every cell
    ChildJvm runner = new ChildJvm(launcher.mainClass(), "a cell", List.of("-Xmx", "-Xms", "-XX:"));
    if (a.check()) {
      TargetLocks.refuseHeld(plan);
      TargetCheck.all(plan, runner, out);
      out.println("[EXPERIMENT] check: every check passed, each target's server's too; no cell ran, " + ledger.dir()
          + (Files.exists(ledger.dir()) ? " is as it was" : " was not created"));
    }
    if (a.dryRun() || a.check()) {
      return 0;
    }
    TargetLocks.refuseHeld(plan);
    TargetCheck.all(plan, runner, out);
    // each target's database is this experiment's until it ends; a refusal names who holds it, before any cell
    try (TargetLocks locks = TargetLocks.take(plan, site.ycsbx.store.DatabaseLock.Holder.create(e.name(),
        ledger.dir().toAbsolutePath().normalize().toString()), out, err)) {
      ledger.create(e.name());
      List<String> command = new ArrayList<>(List.of("bin/ycsb", "experiment"));
      command.addAll(argList);
      ExperimentPage page = new ExperimentPage(ledger.dir(), command, ExperimentHeader.purpose(a.file()));
      return new Execution(plan, ledger, runner, a.redo(), out, err, locks.arguments(), page).run();
    }
  }

  /** Each cell's command line through the launcher's own checks: bad input stops the experiment before any cell. */
  private void checkCells(Plan plan) {
    Set<String> seen = new LinkedHashSet<>();
    for (Cell c : plan.cells()) {
      List<String> args = plan.experiment().arguments(c);
      if (!seen.add(String.join("\u0000", args))) {
        continue;
      }
      try {
        launcher.checkArguments(args);
      } catch (UserError ex) {
        throw new UserError("step " + c.step().name() + ", target " + c.target().name() + ": " + ex.getMessage(),
            ex.exitCode());
      }
    }
  }

  /** The cells that finished OK before under another definition, which a run refuses unless --redo names them. */
  private static List<String> changedCells(Plan plan, Ledger ledger, Set<String> redo) {
    List<String> out = new ArrayList<>();
    for (Cell c : plan.cells()) {
      Ledger.Entry entry = ledger.get(c);
      if (entry != null && entry.status() == Ledger.Status.OK && !redo.contains(c.id())
          && !entry.definition().equals(plan.experiment().definition(c))) {
        out.add(c.id());
      }
    }
    return out;
  }

  static boolean finished(Ledger ledger, Cell c, Set<String> redo) {
    Ledger.Entry entry = ledger.get(c);
    return entry != null && entry.status() == Ledger.Status.OK && !redo.contains(c.id());
  }
}
