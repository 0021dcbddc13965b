package site.ycsbx.tools.sweep;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import site.ycsbx.results.PointResult;
import site.ycsbx.results.SweepFile;
import site.ycsbx.results.Verdict;
import site.ycsbx.util.Secrets;
import site.ycsbx.util.UserError;

/**
 * {@code ycsb sweep}: runs one workload at each thread count (each point in its own JVM),
 * prints a table and a verdict (knee, latency limit, thread range) and writes sweep.csv,
 * sweep.json and sweep.html.
 *
 * <p>A point that exits 2 (bad input) stops the sweep: every other point would fail the same
 * way. A point that fails otherwise (exit 1: errors beyond ycsbx.maxerrorpercent, a server that
 * went away) is reported, shown as FAILED in the table and left out of the fit; the remaining
 * points still run, since a failure at high thread counts (connection limits, timeouts) is
 * itself a result, and the sweep exits 1 at the end.
 */
public final class Sweep {
  private Sweep() {
  }

  /** Runs the sweep; returns the exit code (0 all points ok, 1 a point failed). */
  public static int run(List<String> argList, PrintStream out, PrintStream err) {
    if (FolderSweep.wanted(argList)) {
      return FolderSweep.run(argList, out, err);
    }
    SweepArgs args = SweepArgs.parse(argList);
    Path points = args.out.resolve("points");
    try {
      Files.createDirectories(points);
    } catch (IOException e) {
      throw new UserError("--out " + args.out + ": cannot create the folder: " + e.getMessage());
    }
    PointRunner runner = new PointRunner(args, points);
    List<PointResult> results = new ArrayList<>();
    int total = args.threads.size() * args.repeat;
    int k = 0;
    long started = System.nanoTime();
    boolean stopped = false;
    outer:
    for (int r = 1; r <= args.repeat; r++) {
      for (int t : order(args.threads, r)) {
        k++;
        err.printf(Locale.ROOT, "sweep: point %d/%d: %s %s, %s%s%s%n", k, total, args.phase, args.binding,
            Verdict.threads(t),
            args.repeat > 1 ? ", repeat " + r + "/" + args.repeat : "", eta(started, k - 1, total));
        String reloadFailure = args.reload ? runner.reload(t, r) : null;
        PointResult p = reloadFailure == null ? runner.run(t, r)
            : new PointResult(t, r, 1, reloadFailure, 0, Double.NaN, Double.NaN, 0, java.util.Map.of(),
                java.util.Map.of(), null, java.util.Map.of());
        results.add(p);
        if (p.ok()) {
          err.printf(Locale.ROOT, "sweep: point %d/%d: %s ops/s, p99 %s, %d errors, %.1f s%n", k, total,
              Verdict.ops(p.throughput()), Double.isNaN(p.worstP99()) ? "n/a" : Verdict.latency(p.worstP99()),
              p.errors(), p.wallMs() / 1000.0);
        } else {
          err.printf(Locale.ROOT, "sweep: point %d/%d FAILED (%s): %s%n", k, total, Verdict.threads(t), p.failure());
          if (p.exitCode() == 2) {
            err.println("sweep: stopping: bad input fails every point alike");
            stopped = true;
            break outer;
          }
        }
      }
    }
    Verdict verdict = SweepReport.verdict(results, args.threads, args.slaP99Ms);
    SweepFile file = new SweepFile(args.label, args.phase, args.binding, args.workloadFiles,
        Secrets.masked(args.ycsbArgs), args.threads, args.repeat, args.reload, args.slaP99Ms, results, verdict, null);
    SweepReport report = new SweepReport(file);
    out.print(report.table());
    out.println("verdict: " + verdict.sentence());
    try {
      report.write(args.out);
    } catch (IOException e) {
      throw UserError.target("cannot write the sweep's files in " + args.out + ": " + e.getMessage());
    }
    out.println("files: " + args.out.resolve(SweepReport.CSV_FILE) + ", " + args.out.resolve(SweepReport.JSON_FILE)
        + ", " + args.out.resolve(SweepReport.HTML_FILE));
    long failed = results.stream().filter(p -> !p.ok()).count();
    if (failed > 0 || stopped) {
      err.printf(Locale.ROOT, "sweep: %d of %d points failed%s; see the FAILED rows and %s%n", failed, total,
          stopped ? " (stopped early)" : "", points);
      return stopped ? UserError.BAD_INPUT : 1;
    }
    return 0;
  }

  /**
   * The thread counts in the order repeat {@code r} visits them: up, then down, alternately, so
   * drift during a sweep (a server warming its caches, background flushing) spreads over every
   * thread count instead of making the later counts of each pass look slower.
   */
  static List<Integer> order(List<Integer> threads, int r) {
    List<Integer> out = new ArrayList<>(threads);
    if (r % 2 == 0) {
      java.util.Collections.reverse(out);
    }
    return out;
  }

  private static String eta(long startedNanos, int done, int total) {
    if (done == 0) {
      return "";
    }
    double perPoint = (System.nanoTime() - startedNanos) / 1e9 / done;
    long s = Math.round(perPoint * (total - done));
    return String.format(Locale.ROOT, " (ETA %dm%02ds)", s / 60, s % 60);
  }
}
