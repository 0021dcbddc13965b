package site.ycsbx.tools.experiment;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import site.ycsbx.faults.StartWait;
import site.ycsbx.tools.child.ChildJvm;
import site.ycsbx.util.UserError;

/**
 * One start of the experiment: the cells not finished before, in order, each announced with its
 * ETA and the experiment's ({@link CellEstimates}), each step's tables after its last cell, then
 * the files. A cell waits for a server that is away as it starts ({@link StartWait}) within the
 * reconnect limits; one that fails marks its target, whose later cells are not run.
 */
final class Execution {
  private final Plan plan;
  private final Ledger ledger;
  private final ChildJvm runner;
  private final Set<String> redo;
  private final PrintStream out;
  private final PrintStream err;
  private final List<Outcome> outcomes = new ArrayList<>();
  private final Map<String, String> failedTargets = new LinkedHashMap<>();
  private final CountDownLatch finished = new CountDownLatch(1);
  private final ExperimentPage page;
  private final CellEstimates estimates;
  // the token of the experiment's locks: its cells pass them
  private final List<String> lockArgs;
  private volatile boolean stopping;

  Execution(Plan plan, Ledger ledger, ChildJvm runner, Set<String> redo, PrintStream out, PrintStream err,
      List<String> lockArgs, ExperimentPage page) {
    this.lockArgs = lockArgs;
    this.plan = plan;
    this.ledger = ledger;
    this.runner = runner;
    this.redo = redo;
    this.out = out;
    this.err = err;
    this.page = page;
    this.estimates = new CellEstimates(plan);
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
    for (int i = 0; i < cells.size(); i++) {
      Cell c = cells.get(i);
      if (stopping) {
        break;
      }
      if (ExperimentCommand.finished(ledger, c, redo)) {
        CellResult kept = readResult(c);
        if (kept != null) {
          OwnTables.judge(ledger::cellDir, outcomes, c, kept);
        }
        outcomes.add(new Outcome(c, ledger.get(c), kept));
      } else if (failedTargets.containsKey(c.target().name())) {
        record(c, Ledger.Status.NOT_RUN, -1, 0, "target " + c.target().name() + " failed in cell "
            + failedTargets.get(c.target().name()), null);
      } else {
        err.printf(Locale.ROOT, "experiment: cell %d/%d %s: %s %s, %d thread%s; %s%n", c.seq(), cells.size(), c.id(),
            c.step().command(), c.target().binding(), c.threads(), c.threads() == 1 ? "" : "s",
            estimates.line(c, left(cells.subList(i + 1, cells.size())), ledger.measured()));
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
        + ledger.dir().resolve(ResultsFiles.CSV) + ", " + ledger.dir().resolve(ResultsFiles.JSON) + ", "
        + ledger.dir().resolve(BlogTables.MD) + ", " + ledger.dir().resolve(BlogTables.TXT)
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
    // a server away as the cell starts is an outage (every server answered the check before the first
    // cell): the cell waits for it within the reconnect limits instead of failing its target at once
    if (args.stream().noneMatch(a -> a.startsWith(StartWait.PROPERTY + "="))) {
      args.addAll(List.of("-p", StartWait.PROPERTY + "=true"));
    }
    ChildJvm.Exit exit = runner.run(args, log);
    if (stopping) {
      record(c, Ledger.Status.INTERRUPTED, exit.code(), exit.seconds(), "stopped by a signal (Ctrl-C)", null);
      return;
    }
    if (exit.code() != 0 || !Files.exists(dir.resolve("result.json"))) {
      String why = ChildJvm.lastLine(log) + " (" + ledger.dir().relativize(log) + ")";
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

  /** The cells after the running one that will run: neither finished before nor of a target that failed. */
  private List<Cell> left(List<Cell> after) {
    return after.stream().filter(c -> !ExperimentCommand.finished(ledger, c, redo)
        && !failedTargets.containsKey(c.target().name())).toList();
  }
}
