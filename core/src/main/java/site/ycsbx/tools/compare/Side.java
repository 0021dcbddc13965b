package site.ycsbx.tools.compare;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;
import site.ycsbx.results.OpStats;
import site.ycsbx.results.PointResult;
import site.ycsbx.results.RunFolder;
import site.ycsbx.results.SweepFile;
import site.ycsbx.results.UnitEfficiency;
import site.ycsbx.results.YcsbResult;
import site.ycsbx.util.UserError;

/**
 * One side of a comparison: a sweep folder (every successful point), or a single YCSB result
 * file (YCSB-X's or stock YCSB 0.17's text output, JSON or JSON-array export).
 */
final class Side {
  /**
   * One run.
   *
   * @param threads client threads, 0 when the result does not say
   * @param perUnit efficiency per unit of the workload family ({@link UnitEfficiency}), empty when none
   */
  record Sample(int threads, double throughput, Map<String, OpStats> ops, Map<String, Double> perUnit) {
  }

  final String label;
  final Path path;
  final boolean sweep;
  final List<Sample> samples = new ArrayList<>();
  /** The run's data over its engine's cache at its end (result.json's data_size); NaN when not measured. */
  double dataToCache = Double.NaN;
  /** The run's data size line ("data 38.2 GB, cache 8.0 GB: ..."); null when not measured. */
  String dataSize;
  /** The fingerprint; empty for stock YCSB output, which has none. */
  final Map<String, String> fingerprint = new LinkedHashMap<>();
  /** The workload file names, when known (sweeps, captured stock command lines). */
  String workloadFiles;
  /** A sweep's verdict, null for a single result. */
  String verdict;
  /** Why the result ran beside other load (its run folder or export marks it), null when it did not. */
  String besideOtherLoad;

  private Side(String label, Path path, boolean sweep) {
    this.label = label;
    this.path = path;
    this.sweep = sweep;
  }

  /** A side known only by its fingerprint. */
  static Side ofFingerprint(String label, Map<String, String> fingerprint) {
    Side s = new Side(label, null, false);
    s.fingerprint.putAll(fingerprint);
    return s;
  }

  static Side load(Path path, String label) {
    if (!Files.exists(path)) {
      throw new UserError(path + " does not exist; compare accepts sweep folders, run folders and YCSB result files");
    }
    if (RunFolder.isRunFolder(path)) {
      // a run folder (-p ycsbx.out) or a merged one (ycsb merge): percentiles from its interval logs
      RunFolder run = RunFolder.read(path);
      Side s = new Side(label != null ? label : path.getFileName().toString(), path, false);
      s.fingerprint.putAll(run.fingerprint());
      int threads;
      try {
        threads = Integer.parseInt(s.fingerprint.getOrDefault("threads", "0").trim());
      } catch (NumberFormatException e) {
        threads = 0;
      }
      if (run.clientIndex() < 0) {
        // a merged folder: its clients' threads together drove the server (each client had "threads")
        threads *= run.clientCount();
      }
      s.samples.add(new Sample(threads, run.throughput(), run.opStats(), UnitEfficiency.ofFolder(path)));
      s.workloadFiles = s.fingerprint.remove("workload.files");
      s.dataToCache = run.dataToCache();
      s.dataSize = run.dataSizeLine();
      s.besideOtherLoad = run.besideOtherLoad();
      return s;
    }
    if (Files.isDirectory(path)) {
      SweepFile f = SweepFile.read(path);
      Side s = new Side(label != null ? label : f.label(), path, true);
      for (PointResult p : f.points()) {
        if (p.ok()) {
          s.samples.add(new Sample(p.threads(), p.throughput(), p.ops(), p.perUnit() == null ? Map.of() : p.perUnit()));
          if (s.fingerprint.isEmpty()) {
            s.fingerprint.putAll(p.fingerprint());
          }
        }
      }
      if (s.samples.isEmpty()) {
        throw new UserError(path + ": no point of this sweep succeeded; nothing to compare");
      }
      s.workloadFiles = String.join(",", f.workloadFiles().stream().map(w -> Path.of(w).getFileName().toString()).toList());
      s.fingerprint.put("phase", f.phase());
      s.verdict = f.verdict() == null ? null : f.verdict().sentence();
      return s;
    }
    YcsbResult r = YcsbResult.read(path);
    Side s = new Side(label != null ? label : path.getFileName().toString(), path, false);
    Map<String, OpStats> ops = new LinkedHashMap<>();
    for (String op : r.operations()) {
      ops.put(op, r.stats(op));
    }
    s.samples.add(new Sample(r.threads(), r.throughput(), ops, UnitEfficiency.figures(r)));
    s.fingerprint.putAll(r.fingerprint());
    s.workloadFiles = s.fingerprint.remove("workload.files");
    Map<String, Double> others = r.measurements("OTHERS");
    if (others.getOrDefault("Marked", 0.0) > 0) {
      s.besideOtherLoad = "its export's [OTHERS] rows mark it" + (others.containsKey("CpuPercent")
          ? String.format(java.util.Locale.ROOT, " (others %.1f%% of the host's CPU)", others.get("CpuPercent")) : "");
    }
    return s;
  }

  /** True when the result carries a YCSB-X fingerprint (stock YCSB's does not). */
  boolean hasFingerprint() {
    return fingerprint.containsKey("ycsbx.version");
  }

  TreeSet<Integer> threads() {
    TreeSet<Integer> t = new TreeSet<>();
    samples.forEach(s -> t.add(s.threads()));
    return t;
  }

  List<Sample> at(int threads) {
    return samples.stream().filter(s -> s.threads() == threads).toList();
  }

  /**
   * The workload's operations (batch round trips left out: they re-time other operations; so are
   * the Intended- series of a paced run: the same operations timed from their intended start).
   */
  Set<String> operations() {
    Set<String> ops = new LinkedHashSet<>();
    samples.forEach(s -> s.ops().keySet().stream().filter(o -> !o.endsWith("_BATCH") && !o.startsWith("Intended-"))
        .forEach(ops::add));
    return ops;
  }

  String describe() {
    TreeSet<Integer> t = threads();
    int runs = samples.size();
    String kind = sweep ? "sweep" : hasFingerprint() ? "YCSB-X result" : "stock YCSB result";
    return label + " (" + kind + ", " + path + (t.first() > 0 ? ", threads " + join(t) : "") + (runs > t.size()
        ? ", " + runs + " runs" : "") + ")";
  }

  /** Each run's throughput of {@code op}; OVERALL: the run's own throughput. Runs without one are left out. */
  static double[] throughputs(List<Sample> samples, String op) {
    if (op.equals("OVERALL")) {
      return samples.stream().mapToDouble(Sample::throughput).filter(d -> !Double.isNaN(d)).toArray();
    }
    return values(samples, op, OpStats::opsPerSec);
  }

  /**
   * Each run's figure {@code f} of {@code op}; OVERALL: the highest of the run's operations (batch
   * round trips left out). Runs without one are left out.
   */
  static double[] values(List<Sample> samples, String op, ToDoubleFunction<OpStats> f) {
    return samples.stream().mapToDouble(s -> value(s, op, f)).filter(d -> !Double.isNaN(d)).toArray();
  }

  private static double value(Sample s, String op, ToDoubleFunction<OpStats> f) {
    if (op.equals("OVERALL")) {
      return s.ops().values().stream().filter(o -> !o.op().endsWith("_BATCH")).mapToDouble(f)
          .filter(d -> !Double.isNaN(d)).max().orElse(Double.NaN);
    }
    OpStats o = s.ops().get(op);
    return o == null ? Double.NaN : f.applyAsDouble(o);
  }

  static String join(Set<Integer> t) {
    return String.join(",", t.stream().map(String::valueOf).toList());
  }
}
