package site.ycsbx.tools.merge;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import site.ycsbx.report.RunReport;
import site.ycsbx.results.MergedFolder;
import site.ycsbx.results.RunFolder;
import site.ycsbx.tools.clients.ClientSlice;
import site.ycsbx.util.UserError;

/**
 * {@code ycsb merge DIR... --out DIR}: the run folders of clients that ran one workload together
 * ({@code ycsbx.clients}/{@code ycsbx.client}) as one run. Exact: each operation's interval
 * histograms are aligned on wall-clock time and added (HdrHistogram's add), and every percentile
 * comes from an added histogram, never from averaging the clients' percentiles. Throughput is
 * measured over the common window (from the last client's start to the first client's end), the
 * time when all clients ran; counts and error counts are summed over the whole runs. The clients'
 * fingerprints must be equal apart from the client's place (index, and the properties its slice of
 * the work set, e.g. insertstart and insertcount of a core workload's load) and what a real fleet
 * varies (the host, its cores and JVM, the server URL: one mongos per client), which the merged
 * fingerprint lists per client ({@link ClientSlice#listed}).
 */
public final class Merge {
  static final String USAGE = "merge DIR... --out DIR";
  private Merge() {
  }

  /** Runs the merge; returns the exit code (0). Bad input is a UserError, before --out is created. */
  public static int run(List<String> args, PrintStream out, PrintStream err) {
    List<Path> inputs = new ArrayList<>();
    Path target = null;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (a.equals("--out")) {
        if (i + 1 >= args.size()) {
          throw new UserError("--out needs a folder; usage: ycsb " + USAGE);
        }
        target = Path.of(args.get(++i));
      } else if (a.startsWith("-")) {
        throw new UserError("unknown option " + a + "; usage: ycsb " + USAGE);
      } else {
        inputs.add(Path.of(a));
      }
    }
    if (inputs.isEmpty() || target == null) {
      throw new UserError("usage: ycsb " + USAGE);
    }
    List<RunFolder> runs = new ArrayList<>();
    for (Path p : inputs) {
      runs.add(RunFolder.read(p));
    }
    check(runs);
    refuseExisting(target);
    Merged m = merge(runs);
    try {
      m.write(target);
    } catch (IOException e) {
      throw UserError.target("cannot write the merged folder " + target + ": " + e.getMessage());
    }
    try {
      RunReport.write(target, runs);
    } catch (IOException | RuntimeException e) {
      err.println("[YCSB-X] cannot write " + target.resolve(RunReport.FILE) + ": " + e);
    }
    out.print(m.table());
    out.println("merged " + runs.size() + " clients into " + target);
    return 0;
  }

  /** Same workload, phase and target, one folder per client index 0..N-1, overlapping in time. */
  static void check(List<RunFolder> runs) {
    RunFolder first = runs.get(0);
    for (RunFolder r : runs.subList(1, runs.size())) {
      if (!r.phase().equals(first.phase())) {
        throw new UserError("the runs differ in phase: " + first.phase() + " in " + first.path() + ", " + r.phase() + " in "
            + r.path());
      }
      Set<String> keys = new TreeSet<>(first.fingerprint().keySet());
      keys.addAll(r.fingerprint().keySet());
      keys.removeAll(ClientSlice.PER_CLIENT);
      keys.removeIf(ClientSlice::listedPerClient);
      Set<String> sliced = ClientSlice.slicedProperties(List.of(first.fingerprint(), r.fingerprint()));
      keys.removeIf(k -> ClientSlice.isSliced(k, sliced));
      for (String k : keys) {
        String a = first.fingerprint().get(k);
        String b = r.fingerprint().get(k);
        if (a == null ? b != null : !a.equals(b)) {
          throw new UserError("the fingerprints differ in " + k + ": '" + (a == null ? "(absent)" : a) + "' in "
              + first.path() + ", '" + (b == null ? "(absent)" : b) + "' in " + r.path()
              + "; merge accepts clients of one run, which differ only in client index, host (its cores and JVM) and"
              + " server URL");
        }
      }
    }
    int n = first.clientCount();
    Map<Integer, Path> seen = new HashMap<>();
    for (RunFolder r : runs) {
      if (r.clientCount() != n) {
        throw new UserError("client.count is " + n + " in " + first.path() + " but " + r.clientCount() + " in " + r.path());
      }
      Path before = seen.put(r.clientIndex(), r.path());
      if (before != null) {
        throw new UserError("client index " + r.clientIndex() + " appears twice: " + before + " and " + r.path());
      }
    }
    if (runs.size() != n) {
      Set<Integer> missing = new TreeSet<>();
      for (int i = 0; i < n; i++) {
        if (!seen.containsKey(i)) {
          missing.add(i);
        }
      }
      throw new UserError("the run had " + n + " clients (client.count) but " + runs.size() + " folders were given"
          + (missing.isEmpty() ? "" : "; missing client index " + missing));
    }
    long w0 = runs.stream().mapToLong(RunFolder::startMs).max().orElseThrow();
    long w1 = runs.stream().mapToLong(RunFolder::endMs).min().orElseThrow();
    if (w1 <= w0) {
      throw new UserError("the runs do not overlap in time (the last start, epoch ms " + w0 + ", is not before the first"
          + " end, " + w1 + "); start the clients together with -p ycsbx.startat");
    }
  }

  private static void refuseExisting(Path target) {
    if (Files.exists(target)) {
      if (!Files.isDirectory(target)) {
        throw new UserError("--out " + target + " exists and is not a folder");
      }
      try (Stream<Path> s = Files.list(target)) {
        if (s.findAny().isPresent()) {
          throw new UserError("--out " + target + " is not empty; give a new folder");
        }
      } catch (IOException e) {
        throw new UserError("--out " + target + ": " + e.getMessage());
      }
    }
  }

  /**
   * The merged run. Operations are merged one at a time, each written as soon as it is added up,
   * so memory holds one operation's grid, not every client's logs.
   */
  static final class Merged {
    final List<RunFolder> runs;
    final long origin;
    final long intervalMs;
    final long windowStart;
    final long windowEnd;
    final Map<String, Histogram> totals = new TreeMap<>();
    /** Operation to operations within the common window (edge intervals pro rata). */
    final Map<String, Double> inWindow = new TreeMap<>();
    /** Per client: operations logged (Intended- series left out), and of them inside the window. */
    final double[] logged;
    final double[] loggedInWindow;
    double windowOperations;

    Merged(List<RunFolder> runs, long origin, long intervalMs, long windowStart, long windowEnd) {
      this.runs = runs;
      this.origin = origin;
      this.intervalMs = intervalMs;
      this.windowStart = windowStart;
      this.windowEnd = windowEnd;
      this.logged = new double[runs.size()];
      this.loggedInWindow = new double[runs.size()];
    }

    double windowSeconds() {
      return (windowEnd - windowStart) / 1000.0;
    }

    /** Every client's intervals of {@code op} on one grid, added slot by slot; the total too. */
    TreeMap<Long, Histogram> mergeOperation(String op) {
      TreeMap<Long, Histogram> slots = new TreeMap<>();
      double part = 0;
      for (int c = 0; c < runs.size(); c++) {
        for (RunFolder.Interval i : runs.get(c).intervals(op)) {
          Histogram h = i.histogram();
          long slot = Math.floorDiv(i.startMs() - origin + intervalMs / 2, intervalMs);
          slots.computeIfAbsent(slot, k -> empty(h)).add(h);
          totals.computeIfAbsent(op, k -> empty(h)).add(h);
          double in = h.getTotalCount() * overlap(i, windowStart, windowEnd);
          part += in;
          if (!op.startsWith("Intended-")) {
            logged[c] += h.getTotalCount();
            loggedInWindow[c] += in;
          }
        }
      }
      inWindow.put(op, part);
      return slots;
    }

    /** The clients' operations (YCSB's count of calls) in the window, in the proportion their logs show. */
    void countWindowOperations() {
      windowOperations = 0;
      for (int c = 0; c < runs.size(); c++) {
        RunFolder r = runs.get(c);
        windowOperations += logged[c] > 0 ? r.operations() * loggedInWindow[c] / logged[c]
            : r.operations() * (double) (windowEnd - windowStart) / Math.max(1, r.endMs() - r.startMs());
      }
    }

    String table() {
      StringBuilder sb = new StringBuilder();
      sb.append(String.format(Locale.ROOT, "merged %d clients, %s phase; common window %.3f s; %.1f ops/s%n", runs.size(),
          runs.get(0).phase(), windowSeconds(), windowOperations / windowSeconds()));
      sb.append(String.format(Locale.ROOT, "%-24s %12s %12s %10s %10s %10s %10s %8s%n", "operation", "count", "ops/s",
          "p50(us)", "p95(us)", "p99(us)", "max(us)", "errors"));
      for (Map.Entry<String, Histogram> e : totals.entrySet()) {
        Histogram h = e.getValue();
        String op = e.getKey();
        long errors = runs.stream().mapToLong(r -> r.errors(op)).sum();
        sb.append(String.format(Locale.ROOT, "%-24s %12d %12.1f %10d %10d %10d %10d %8d%n", op, count(op),
            inWindow.get(op) / windowSeconds(), h.getValueAtPercentile(50), h.getValueAtPercentile(95),
            h.getValueAtPercentile(99), h.getMaxValue(), errors));
      }
      return sb.toString();
    }

    /** Calls of an operation, all clients, whole runs: result.json's counts, the log's when absent. */
    long count(String op) {
      long n = 0;
      for (RunFolder r : runs) {
        var c = r.result().path("operations").path(op).path("count");
        if (c.isNumber()) {
          n += c.asLong();
        } else {
          Histogram t = r.total(op);
          n += t == null ? 0 : t.getTotalCount();
        }
      }
      return n;
    }

    /** Merges and writes every operation's log, then result.json and summary.txt. */
    void write(Path dir) throws IOException {
      Files.createDirectories(dir);
      Set<String> ops = new TreeSet<>();
      runs.forEach(r -> ops.addAll(r.logNames()));
      for (String op : ops) {
        TreeMap<Long, Histogram> slots = mergeOperation(op);
        MergedFolder.writeLog(dir, op, origin, intervalMs, slots);
      }
      countWindowOperations();
      MergedFolder.writeResult(dir, result());
      Files.writeString(dir.resolve(RunFolder.SUMMARY_FILE), table(), StandardCharsets.UTF_8);
    }

    /** What result.json says of the merged run; the clients' own entries are copied by MergedFolder. */
    MergedFolder.Run result() {
      Map<String, String> fp = new LinkedHashMap<>();
      // the sliced properties (each client's part, e.g. its insertstart) describe no client of the whole run
      Set<String> sliced = ClientSlice.slicedProperties(runs.stream().map(RunFolder::fingerprint).toList());
      List<RunFolder> byIndex = runs.stream().sorted(java.util.Comparator.comparingInt(RunFolder::clientIndex)).toList();
      Set<String> keys = new java.util.LinkedHashSet<>();
      byIndex.forEach(r -> keys.addAll(r.fingerprint().keySet()));
      for (String k : keys) {
        if (ClientSlice.listedPerClient(k)) {
          // a fleet's hosts and the URL each client reached the server by (one mongos each), per client
          fp.put(k, ClientSlice.listed(byIndex.stream().map(r -> r.fingerprint().get(k)).toList()));
        } else if (!ClientSlice.PER_CLIENT.contains(k) && !ClientSlice.isSliced(k, sliced)) {
          fp.put(k, runs.get(0).fingerprint().get(k));
        }
      }
      fp.put(ClientSlice.FP_COUNT, String.valueOf(runs.size()));
      Map<String, MergedFolder.Op> ops = new LinkedHashMap<>();
      totals.forEach((op, h) -> ops.put(op, new MergedFolder.Op(count(op), inWindow.get(op) / windowSeconds(), h)));
      return new MergedFolder.Run(runs, windowStart, windowEnd, fp, windowOperations / windowSeconds(), windowOperations,
          ops);
    }
  }

  /** The merge's grid: from the earliest start, the clients' interval length; the common window. */
  static Merged merge(List<RunFolder> runs) {
    long origin = runs.stream().mapToLong(RunFolder::startMs).min().orElseThrow();
    long w0 = runs.stream().mapToLong(RunFolder::startMs).max().orElseThrow();
    long w1 = runs.stream().mapToLong(RunFolder::endMs).min().orElseThrow();
    return new Merged(runs, origin, intervalLength(runs), w0, w1);
  }

  private static Histogram empty(Histogram like) {
    Histogram h = new Histogram(like.getNumberOfSignificantValueDigits());
    h.setAutoResize(true);
    return h;
  }

  /** The part of an interval inside [w0, w1]; an interval of no length counts whole when inside. */
  static double overlap(RunFolder.Interval i, long w0, long w1) {
    long len = i.endMs() - i.startMs();
    if (len <= 0) {
      return i.startMs() >= w0 && i.startMs() <= w1 ? 1 : 0;
    }
    long o = Math.min(i.endMs(), w1) - Math.max(i.startMs(), w0);
    return Math.max(0, o) / (double) len;
  }

  /** The most common interval length of the clients' logs (their ycsbx interval setting), 1 s at least. */
  static long intervalLength(List<RunFolder> runs) {
    Map<Long, Integer> lengths = new LinkedHashMap<>();
    for (RunFolder r : runs) {
      // one log per client is enough: every operation of a run is logged at the same interval
      for (String op : r.logNames().stream().limit(1).toList()) {
        for (RunFolder.Interval i : r.intervals(op)) {
          // rounded to 100 ms: a logger's interval ends a few ms late
          lengths.merge(Math.round((i.endMs() - i.startMs()) / 100.0) * 100, 1, Integer::sum);
        }
      }
    }
    return Math.max(1000, lengths.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey)
        .orElse(10_000L));
  }
}
