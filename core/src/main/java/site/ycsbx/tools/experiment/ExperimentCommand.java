package site.ycsbx.tools.experiment;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import site.ycsbx.util.UserError;

/**
 * {@code ycsb experiment FILE [--out DIR] [--dry-run] [--redo CELL]... [-p key=value]...}: runs
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
  static final String USAGE = "experiment FILE [--out DIR] [--dry-run] [--redo CELL]... [-p key=value]...";
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
    Path file = null;
    Path outDir = null;
    boolean dryRun = false;
    Set<String> redo = new LinkedHashSet<>();
    Map<String, String> overrides = new LinkedHashMap<>();
    for (int i = 0; i < argList.size(); i++) {
      String a = argList.get(i);
      switch (a) {
        case "--dry-run" -> dryRun = true;
        case "--out" -> outDir = Path.of(value(argList, ++i, a));
        case "--redo" -> redo.add(value(argList, ++i, a));
        case "-p" -> {
          String kv = value(argList, ++i, a);
          int eq = kv.indexOf('=');
          if (eq <= 0) {
            throw new UserError("-p " + kv + ": expected key=value");
          }
          overrides.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
        }
        default -> {
          if (a.startsWith("-") || file != null) {
            throw new UserError("experiment: unexpected argument '" + a + "'; usage: ycsb " + USAGE);
          }
          file = Path.of(a);
        }
      }
    }
    if (file == null) {
      throw new UserError("experiment needs a file; usage: ycsb " + USAGE + " (examples in experiments/)");
    }
    if (!Files.isRegularFile(file)) {
      throw new UserError("experiment file " + file + " does not exist");
    }
    Experiment e = ExperimentFile.read(file, overrides);
    Plan plan = new Plan(e);
    checkCells(plan);
    e.notes().forEach(n -> out.println("[EXPERIMENT] note: " + n));
    for (String id : redo) {
      if (plan.cells().stream().noneMatch(c -> c.id().equals(id))) {
        throw new UserError("--redo " + id + ": no such cell in the plan (ycsb experiment " + file + " --dry-run lists them)");
      }
    }
    Ledger ledger = Ledger.open(outDir != null ? outDir : Path.of(DEFAULT_OUT, e.name()), e.name());
    checkUnchanged(plan, ledger, redo);
    if (dryRun) {
      out.print(plan.describe(ledger.measured()));
      long done = plan.cells().stream().filter(c -> finished(ledger, c, redo)).count();
      if (done > 0) {
        out.printf(Locale.ROOT, "%d of %d cells finished before in %s: they are kept%n", done, plan.cells().size(),
            ledger.dir());
      }
      return 0;
    }
    CellRunner runner = new CellRunner(launcher.mainClass());
    TargetCheck.all(plan, runner, out);
    ledger.create(e.name());
    return new Execution(plan, ledger, runner, redo, out, err).run();
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

  /** A cell that finished OK before under another definition is refused unless --redo names it. */
  private static void checkUnchanged(Plan plan, Ledger ledger, Set<String> redo) {
    for (Cell c : plan.cells()) {
      Ledger.Entry entry = ledger.get(c);
      if (entry != null && entry.status() == Ledger.Status.OK && !redo.contains(c.id())
          && !entry.definition().equals(plan.experiment().definition(c))) {
        throw new UserError("cell " + c.id() + " changed since it ran in " + ledger.dir() + " (its properties or"
            + " property files); --redo " + c.id() + " runs it again, or choose another --out");
      }
    }
  }

  static boolean finished(Ledger ledger, Cell c, Set<String> redo) {
    Ledger.Entry entry = ledger.get(c);
    return entry != null && entry.status() == Ledger.Status.OK && !redo.contains(c.id());
  }

  private static String value(List<String> args, int i, String option) {
    if (i >= args.size()) {
      throw new UserError(option + " needs a value; usage: ycsb " + USAGE);
    }
    return args.get(i);
  }
}
