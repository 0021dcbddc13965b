package site.ycsbx.tools.experiment;

import java.io.IOException;
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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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
    TargetLocks.refuseHeld(plan);
    TargetCheck.all(plan, runner, out);
    // each target's database is this experiment's until it ends; a refusal names who holds it, before any cell
    try (TargetLocks locks = TargetLocks.take(plan, site.ycsbx.store.DatabaseLock.Holder.create(e.name(),
        ledger.dir().toAbsolutePath().normalize().toString()), out, err)) {
      ledger.create(e.name());
      return new Execution(plan, ledger, runner, redo, out, err, locks.arguments()).run();
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

  /** One start of the experiment: the cells not finished before, in order, then the files. */
  private static final class Execution {
    private final Plan plan;
    private final Ledger ledger;
    private final CellRunner runner;
    private final Set<String> redo;
    private final PrintStream out;
    private final PrintStream err;
    private final List<Outcome> outcomes = new ArrayList<>();
    private final Map<String, String> failedTargets = new LinkedHashMap<>();
    private final CountDownLatch finished = new CountDownLatch(1);
    private final ExperimentPage page;
    // the token of the experiment's locks: its cells pass them
    private final List<String> lockArgs;
    private volatile boolean stopping;

    Execution(Plan plan, Ledger ledger, CellRunner runner, Set<String> redo, PrintStream out, PrintStream err,
        List<String> lockArgs) {
      this.lockArgs = lockArgs;
      this.plan = plan;
      this.ledger = ledger;
      this.runner = runner;
      this.redo = redo;
      this.out = out;
      this.err = err;
      this.page = new ExperimentPage(ledger.dir());
    }

    int run() {
      Thread hook = new Thread(this::interrupted, "ycsbx-experiment-stop");
      Runtime.getRuntime().addShutdownHook(hook);
      try {
        return cells();
      } finally {
        finished.countDown();
        try {
          Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ex) {
          // the JVM is shutting down (Ctrl-C): the hook is running
        }
      }
    }

    // Ctrl-C: the running cell's JVM gets the signal's stop and writes what it measured; the loop
    // below marks it interrupted and writes the files before the JVM ends
    private void interrupted() {
      stopping = true;
      runner.stop();
      try {
        finished.await(60, TimeUnit.SECONDS);
      } catch (InterruptedException ex) {
        Thread.currentThread().interrupt();
      }
    }

    private int cells() {
      List<Cell> cells = plan.cells();
      long started = System.nanoTime();
      int ran = 0;
      int toRun = (int) cells.stream().filter(c -> !finished(ledger, c, redo)).count();
      for (int i = 0; i < cells.size(); i++) {
        Cell c = cells.get(i);
        if (stopping) {
          break;
        }
        if (finished(ledger, c, redo)) {
          CellResult kept = readResult(c);
          if (kept != null) {
            OwnTables.judge(ledger::cellDir, outcomes, c, kept);
          }
          outcomes.add(new Outcome(c, ledger.get(c), kept));
        } else if (failedTargets.containsKey(c.target().name())) {
          record(c, Ledger.Status.NOT_RUN, -1, 0, "target " + c.target().name() + " failed in cell "
              + failedTargets.get(c.target().name()), null);
        } else {
          ran++;
          err.printf(Locale.ROOT, "experiment: cell %d/%d %s: %s %s, %d thread%s%s%n", c.seq(), cells.size(), c.id(),
              c.step().command(), c.target().binding(), c.threads(), c.threads() == 1 ? "" : "s",
              eta(started, ran - 1, toRun));
          runCell(c);
        }
        // a paired step's cells alternate with its load's: its table comes after its last cell
        boolean lastOfStep = cells.subList(i + 1, cells.size()).stream().noneMatch(n -> n.step().equals(c.step()));
        if (lastOfStep && !stopping) {
          out.print(StepTables.format(c.step(), plan.experiment().targets(), outcomes));
          if (c.step().after() != null) {
            out.print(ClientsTable.format(plan.experiment(), c.step(), outcomes));
          }
          if (i + 1 < cells.size()) {
            // a page per finished step: an experiment stopped later still has one
            page.write(plan, outcomes, err);
          }
        }
      }
      ResultsFiles.write(ledger.dir(), plan.experiment(), outcomes);
      page.write(plan, outcomes, err);
      out.println("[EXPERIMENT] files: " + ledger.dir().resolve(ExperimentPage.FILE) + ", "
          + ledger.dir().resolve(ResultsFiles.CSV) + ", " + ledger.dir().resolve(ResultsFiles.JSON)
          + "; a run folder per cell in " + ledger.dir().resolve(Ledger.CELLS));
      long bad = outcomes.stream().filter(o -> !o.ok()).count();
      if (stopping) {
        err.println("experiment: stopped; the same command continues after the last finished cell");
        return 1;
      }
      if (bad > 0) {
        err.printf(Locale.ROOT, "experiment: %d of %d cells did not finish (failed targets: %s); see %s%n", bad,
            outcomes.size(), String.join(", ", failedTargets.keySet()), ledger.dir().resolve(Ledger.FILE));
        return 1;
      }
      return 0;
    }

    private void runCell(Cell c) {
      Path dir = ledger.cellDir(c);
      Path log = ledger.dir().resolve(Ledger.CELLS).resolve(c.id() + ".log");
      keepEarlierAttempt(dir, log);
      List<String> args = new ArrayList<>(plan.experiment().arguments(c));
      // report.html is drawn on demand (ycsb report DIR): its drawing would count as the cell's client CPU
      args.addAll(List.of("-p", "ycsbx.out=" + dir.toAbsolutePath(), "-p", "ycsbx.report=false"));
      args.addAll(lockArgs);
      CellRunner.Exit exit = runner.run(args, log);
      if (stopping) {
        record(c, Ledger.Status.INTERRUPTED, exit.code(), exit.seconds(), "stopped by a signal (Ctrl-C)", null);
        return;
      }
      if (exit.code() != 0 || !Files.exists(dir.resolve("result.json"))) {
        String why = CellRunner.lastLine(log) + " (" + ledger.dir().relativize(log) + ")";
        record(c, Ledger.Status.FAILED, exit.code(), exit.seconds(), why, null);
        failedTargets.put(c.target().name(), c.id());
        err.printf(Locale.ROOT, "experiment: cell %s FAILED (exit %d): %s; target %s's later cells will not run%n",
            c.id(), exit.code(), why, c.target().name());
        return;
      }
      CellResult result;
      try {
        result = CellResult.read(dir);
      } catch (UserError ex) {
        record(c, Ledger.Status.FAILED, 1, exit.seconds(), "its run folder cannot be read: " + ex.getMessage(), null);
        failedTargets.put(c.target().name(), c.id());
        return;
      }
      String contradiction = TargetCheck.contradiction(c.target(), result.fingerprint());
      if (contradiction != null) {
        record(c, Ledger.Status.FAILED, 1, exit.seconds(), contradiction + " (the server changed during the experiment)",
            result);
        failedTargets.put(c.target().name(), c.id());
        return;
      }
      record(c, Ledger.Status.OK, 0, exit.seconds(), "", result);
      String rate = result.figures().keySet().stream()
          .filter(k -> k.startsWith(CellResult.HEADLINE_PREFIX) && k.endsWith("_s")).findFirst().orElse(CellResult.OPS_S);
      err.printf(Locale.ROOT, "experiment: cell %s: %s %s, %.0f s%s%n", c.id(), StepTable.number(result.get(rate)),
          StepTable.rateName(rate), exit.seconds(), RateTable.cellMark(result));
    }

    private void record(Cell c, Ledger.Status status, int code, double seconds, String why, CellResult result) {
      Ledger.Entry entry = new Ledger.Entry(c.id(), plan.experiment().definition(c), status, code, seconds, why);
      ledger.record(entry);
      if (status == Ledger.Status.OK && result != null) {
        OwnTables.judge(ledger::cellDir, outcomes, c, result);
      }
      outcomes.add(new Outcome(c, entry, status == Ledger.Status.OK ? result : null));
      ResultsFiles.write(ledger.dir(), plan.experiment(), outcomes);
    }

    private CellResult readResult(Cell c) {
      try {
        return CellResult.read(ledger.cellDir(c));
      } catch (UserError ex) {
        return null;
      }
    }

    /** A run folder must be new: an earlier attempt's (interrupted, failed) is kept beside it, renamed. */
    private static void keepEarlierAttempt(Path dir, Path log) {
      try {
        for (Path p : List.of(dir, log)) {
          if (Files.exists(p)) {
            int n = 1;
            Path aside;
            do {
              aside = p.resolveSibling(p.getFileName() + ".attempt" + n++);
            } while (Files.exists(aside));
            Files.move(p, aside);
          }
        }
      } catch (IOException ex) {
        throw UserError.target("cannot keep the earlier attempt of " + dir + ": " + ex.getMessage());
      }
    }

    private static String eta(long startedNanos, int done, int total) {
      if (done == 0) {
        return "";
      }
      double perCell = (System.nanoTime() - startedNanos) / 1e9 / done;
      return " (ETA " + site.ycsbx.measurements.Progress.duration(perCell * (total - done)) + ")";
    }
  }
}
