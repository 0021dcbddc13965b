package site.ycsbx.tools.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import site.ycsbx.fingerprint.Places;
import site.ycsbx.measurements.EfficiencyCsv;
import site.ycsbx.report.RunReport;
import site.ycsbx.results.OpStats;
import site.ycsbx.results.PointResult;
import site.ycsbx.results.RunFolder;
import site.ycsbx.results.SweepFile;
import site.ycsbx.results.Verdict;
import site.ycsbx.tools.clients.ClientSlice;
import site.ycsbx.util.UserError;

/**
 * {@code ycsb sweep --from DIR...}: a sweep made of runs already made, each a run folder
 * ({@code -p ycsbx.out=DIR}) or a merged one ({@code ycsb merge}). This is how a sweep of many
 * clients is made: the clients run together at each thread count, their folders are merged, and
 * the merged folders are swept. Same table, verdict and files as a sweep that runs its points.
 *
 * <p>A point's threads are its threads per client times its clients, so a merged folder of 3
 * clients at 8 threads is the point "24 threads". Folders at the same total are repeats. The
 * folders must be runs of one sweep: everything in their fingerprints equal apart from the
 * thread count, the number of clients, the clients' places, the run's length and an embedded
 * server's folder and port ({@link Places}); anything else
 * would make the curve mix two setups, so it is refused, with the entry named.
 */
final class FolderSweep {
  static final String USAGE = "sweep --from DIR... [--out DIR] [--label NAME] [--sla-p99 MS]"
      + "   (DIR: run folders of -p ycsbx.out, or merged folders of ycsb merge)";

  /**
   * Entries that differ between the points of one sweep by design: threads and clients, and the
   * operation count, since throughput is a rate and longer runs at more threads are common.
   */
  static final Set<String> VARY = Set.of("threads", ClientSlice.FP_COUNT, "workload.operationcount");

  private FolderSweep() {
  }

  static boolean wanted(List<String> args) {
    return !args.isEmpty() && args.get(0).equals("--from");
  }

  static int run(List<String> argList, PrintStream out, PrintStream err) {
    List<Path> dirs = new ArrayList<>();
    Path target = null;
    String label = null;
    Double sla = null;
    for (int i = 1; i < argList.size(); i++) {
      String a = argList.get(i);
      switch (a) {
        case "--out" -> target = Path.of(value(argList, ++i, a));
        case "--label" -> label = value(argList, ++i, a);
        case "--sla-p99" -> sla = SweepArgs.positive(a, value(argList, ++i, a));
        case "--threads", "--repeat", "--reload" -> throw new UserError(a + " belongs to a sweep that runs its points;"
            + " a sweep --from takes its thread counts and repeats from the folders");
        default -> {
          if (a.startsWith("-")) {
            throw new UserError("unknown sweep option " + a + "; usage: ycsb " + USAGE);
          }
          dirs.add(Path.of(a));
        }
      }
    }
    if (dirs.isEmpty()) {
      throw new UserError("sweep --from needs run or merged folders; usage: ycsb " + USAGE);
    }
    List<RunFolder> runs = new ArrayList<>();
    for (Path d : dirs) {
      runs.add(RunFolder.read(d));
    }
    check(runs);
    List<PointResult> points = points(runs);
    List<Integer> threads = new ArrayList<>(new TreeSet<>(points.stream().map(PointResult::threads).toList()));
    RunFolder first = runs.get(0);
    String binding = first.result().path("binding").asText("");
    target = SweepArgs.outFolder(target, first.phase(), binding);
    String files = first.fingerprint().get("workload.files");
    List<String> workloadFiles = files == null || files.isBlank() ? List.of() : List.of(files.split(","));
    if (label == null) {
      label = SweepArgs.defaultLabel(binding, workloadFiles);
    }
    int repeat = points.stream().mapToInt(PointResult::repeat).max().orElse(1);
    Verdict verdict = SweepReport.verdict(points, threads, sla);
    List<String> from = dirs.stream().map(d -> d.toAbsolutePath().normalize().toString()).toList();
    SweepFile file = new SweepFile(label, first.phase(), binding, workloadFiles, List.of(), threads, repeat, false, sla,
        points, verdict, from);
    SweepReport report = new SweepReport(file);
    out.print(report.table());
    out.println("verdict: " + verdict.sentence());
    try {
      report.write(target);
    } catch (IOException e) {
      throw UserError.target("cannot write the sweep's files in " + target + ": " + e.getMessage());
    }
    out.println("files: " + target.resolve(SweepReport.CSV_FILE) + ", " + target.resolve(SweepReport.JSON_FILE) + ", "
        + target.resolve(SweepReport.HTML_FILE));
    long failed = points.stream().filter(p -> !p.ok()).count();
    if (failed > 0) {
      err.printf("sweep: %d of %d folders were interrupted runs; see the FAILED rows%n", failed, points.size());
      return 1;
    }
    return 0;
  }

  /**
   * One sweep's runs: one phase, one client's part never alone, fingerprints equal apart from
   * {@link #VARY}, the clients' places and the properties their slices set.
   */
  static void check(List<RunFolder> runs) {
    for (RunFolder r : runs) {
      if (r.clientIndex() >= 0 && r.clientCount() > 1) {
        throw new UserError(r.path() + " is client " + r.clientIndex() + " of " + r.clientCount() + " of one run; merge"
            + " its clients first (ycsb merge DIR... --out DIR) and sweep the merged folder");
      }
    }
    Set<Path> seen = new HashSet<>();
    for (RunFolder r : runs) {
      if (!seen.add(r.path().toAbsolutePath().normalize())) {
        throw new UserError(r.path() + " is given twice; each run counts once");
      }
    }
    RunFolder first = runs.get(0);
    for (RunFolder r : runs.subList(1, runs.size())) {
      if (!r.phase().equals(first.phase())) {
        throw new UserError("the folders differ in phase: " + first.phase() + " in " + first.path() + ", " + r.phase()
            + " in " + r.path() + "; a sweep runs one phase");
      }
      Set<String> keys = new TreeSet<>(first.fingerprint().keySet());
      keys.addAll(r.fingerprint().keySet());
      keys.removeAll(VARY);
      keys.removeAll(ClientSlice.PER_CLIENT);
      Set<String> sliced = ClientSlice.slicedProperties(List.of(first.fingerprint(), r.fingerprint()));
      keys.removeIf(k -> ClientSlice.isSliced(k, sliced));
      for (String k : keys) {
        String a = first.fingerprint().get(k);
        String b = r.fingerprint().get(k);
        // an embedded server's folder and port only say where a run kept its data
        String setupA = Places.setup(first.fingerprint(), k);
        String setupB = Places.setup(r.fingerprint(), k);
        if (setupA == null ? setupB != null : !setupA.equals(setupB)) {
          throw new UserError("the folders differ in " + k + ": '" + (a == null ? "(absent)" : a) + "' in " + first.path()
              + ", '" + (b == null ? "(absent)" : b) + "' in " + r.path() + "; a sweep varies only the thread count"
              + " (and the number of clients): compare unlike runs with ycsb compare");
        }
      }
    }
  }

  /** The points, by total threads then in the order given (repeat 1, 2, ... at each thread count). */
  static List<PointResult> points(List<RunFolder> runs) {
    List<PointResult> out = new ArrayList<>();
    Map<Integer, Integer> repeats = new HashMap<>();
    for (RunFolder r : runs) {
      int threads = totalThreads(r);
      int repeat = repeats.merge(threads, 1, Integer::sum);
      out.add(point(r, threads, repeat));
    }
    out.sort(Comparator.comparingInt(PointResult::threads).thenComparingInt(PointResult::repeat));
    return out;
  }

  /** Threads per client times clients: a merged folder's clients drove the server together. */
  static int totalThreads(RunFolder r) {
    String t = r.fingerprint().get("threads");
    int perClient;
    try {
      perClient = Integer.parseInt(t == null ? "" : t.trim());
    } catch (NumberFormatException e) {
      throw new UserError(r.path() + ": its fingerprint has no thread count (threads=" + t + ")");
    }
    return r.clientIndex() < 0 ? perClient * r.clientCount() : perClient;
  }

  private static PointResult point(RunFolder r, int threads, int repeat) {
    Map<String, OpStats> ops = new LinkedHashMap<>(r.opStats());
    long errors = ops.values().stream().mapToLong(OpStats::errors).sum();
    Map<String, String> fp = new LinkedHashMap<>(r.fingerprint());
    ClientSlice.PER_CLIENT.forEach(fp::remove);
    String folder = r.path().toAbsolutePath().normalize().toString();
    JsonNode interrupted = r.result().path("interrupted");
    long wallMs = r.endMs() - r.startMs();
    if (!interrupted.isMissingNode() && !interrupted.isNull()) {
      return new PointResult(threads, repeat, 1, "the run was interrupted (" + interrupted + ")", wallMs, Double.NaN,
          Double.NaN, errors, ops, fp, folder, Map.of());
    }
    return new PointResult(threads, repeat, 0, null, wallMs, clientCpuPercent(r), r.throughput(), errors, ops, fp,
        folder, site.ycsbx.results.UnitEfficiency.ofFolder(r.path()));
  }

  /**
   * The client JVM's CPU over the run and the host's cores, from the phase row of the run's
   * efficiency.csv; NaN for a merged folder (its clients ran on several hosts) or without one.
   */
  static double clientCpuPercent(RunFolder r) {
    if (r.clientIndex() < 0) {
      return Double.NaN;
    }
    try {
      Map<String, String> row = RunReport.summaryRow(r.path().resolve(EfficiencyCsv.FILE));
      int cores = Integer.parseInt(r.fingerprint().getOrDefault("client.cores", "0").trim());
      if (row != null && cores > 0 && !row.getOrDefault("client_cpu_sec", "").isEmpty()) {
        return 100.0 * Double.parseDouble(row.get("client_cpu_sec")) / cores;
      }
    } catch (IOException | RuntimeException e) {
      // no figure rather than no sweep: the column shows n/a
    }
    return Double.NaN;
  }

  private static String value(List<String> args, int i, String option) {
    if (i >= args.size()) {
      throw new UserError(option + " needs a value; usage: ycsb " + USAGE);
    }
    return args.get(i);
  }
}
