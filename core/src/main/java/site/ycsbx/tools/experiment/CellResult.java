package site.ycsbx.tools.experiment;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import site.ycsbx.results.RunFolder;
import site.ycsbx.results.OpStats;
import site.ycsbx.results.UnitEfficiency;
import site.ycsbx.results.YcsbResult;

/**
 * The figures of one finished cell, read back from its run folder (never from its console): the
 * run's rate, each operation's rate and latency percentiles (from its HdrHistogram logs), the
 * efficiency columns and the workload family's headline figures from its summary export.
 * Names carry their unit ({@code _s}, {@code _us}, {@code ops_s}).
 */
record CellResult(Map<String, Double> figures, Map<String, String> fingerprint, String mainOp,
    java.util.List<Map<String, Double>> rounds) {
  static final String OPS_S = "ops_s";
  /** The family's headline figures ({@code [HEADLINE]} rows of the export) keep this prefix. */
  static final String HEADLINE_PREFIX = "headline.";
  /** 1 when the cell ran beside other load ({@code others} of its result.json), 0 when not. */
  static final String BESIDE = "others.marked";
  /** The outages of the server the cell met (its result.json's {@code outages}), 0 when none. */
  static final String OUTAGES = "outages";
  /** Their seconds added up, 0 when none. */
  static final String OUTAGE_SECS = "outage.secs";
  // a run folder written before result.json had outages: its summary's [OUTAGE] lines, "(11.8 s)"
  private static final java.util.regex.Pattern OUTAGE_LINE = java.util.regex.Pattern.compile(
      "^\\[OUTAGE\\] from \\S+ to .*? \\((\\d+(?:\\.\\d+)?) s\\)", java.util.regex.Pattern.MULTILINE);

  CellResult(Map<String, Double> figures, Map<String, String> fingerprint, String mainOp) {
    this(figures, fingerprint, mainOp, java.util.List.of());
  }

  static CellResult read(Path runFolder) {
    RunFolder rf = RunFolder.read(runFolder);
    Map<String, Double> f = new LinkedHashMap<>();
    f.put(OPS_S, rf.throughput());
    f.put("operations", (double) rf.operations());
    f.put("runtime_s", rf.result().path("overall").path("runtime_ms").asDouble(Double.NaN) / 1000.0);
    String main = null;
    long most = -1;
    long errors = 0;
    for (OpStats s : rf.opStats().values()) {
      if (s.op().equals("CLEANUP")) {
        continue;
      }
      f.put(s.op() + ".ops_s", s.opsPerSec());
      f.put(s.op() + ".count", (double) s.count());
      f.put(s.op() + ".p50_us", s.p50());
      f.put(s.op() + ".p95_us", s.p95());
      f.put(s.op() + ".p99_us", s.p99());
      f.put(s.op() + ".max_us", s.max());
      // YCSB's own mean of the operation (LinkBench's latency lines give a mean beside the percentiles)
      f.put(s.op() + ".mean_us", rf.result().path("operations").path(s.op()).path("summary").path("AverageLatency(us)")
          .asDouble(Double.NaN));
      errors += s.errors();
      // the operation a table's latency columns show: the most frequent, batch round trips aside
      // a delete per insert (iibench's l.i1) ties with its insert: the insert stays the step's operation
      boolean tieWithDelete = s.count() == most && main != null && main.startsWith("DELETE");
      if ((s.count() > most || tieWithDelete) && !s.op().endsWith("_BATCH")) {
        most = s.count();
        main = s.op();
      }
    }
    f.put("errors", (double) errors);
    // what else ran beside the cell (result.json's others): 1 when others took a material share
    com.fasterxml.jackson.databind.JsonNode others = rf.result().path("others");
    if (others.isObject()) {
      f.put(BESIDE, others.path("marked").asBoolean(false) ? 1.0 : 0.0);
      f.put("others.cpu_pct", others.path("cpu_pct").asDouble(Double.NaN));
    }
    outages(rf.result().path(OUTAGES), runFolder.resolve("summary.txt"), f);
    // a family that times its unit as a whole (sysbench's transaction) declares it: its latency is the run's
    String unitOp = rf.unitOperation();
    if (unitOp != null && f.containsKey(unitOp + ".p99_us")) {
      main = unitOp;
    }
    Path summary = runFolder.resolve("summary.txt");
    java.util.List<Map<String, Double>> rounds = java.util.List.of();
    if (Files.exists(summary)) {
      YcsbResult text = YcsbResult.read(summary);
      text.measurements("EFFICIENCY").forEach((k, v) -> {
        if (!k.equals("Seconds") && !k.equals("Operations")) {
          f.put(k, v);
        }
      });
      Map<String, Double> efficiency = text.measurements("EFFICIENCY");
      if (efficiency.containsKey("Seconds")) {
        f.put(ClientsTable.WINDOW, efficiency.get("Seconds"));
      }
      Map<String, Double> headline = text.measurements("HEADLINE");
      headline.forEach((k, v) -> f.put(HEADLINE_PREFIX + k, v));
      perUnit(efficiency, headline, f);
      rounds = SizeTables.rounds(text.measurements(site.ycsbx.measurements.ResultExporter.ROUND_METRIC));
      RateTable.derive(f);
    }
    return new CellResult(f, rf.fingerprint(), main, rounds);
  }

  /** {@value #OUTAGES} and {@value #OUTAGE_SECS} into {@code f}: from result.json, else the summary's lines. */
  static void outages(com.fasterxml.jackson.databind.JsonNode json, Path summary, Map<String, Double> f) {
    double count = 0;
    double secs = 0;
    if (json.isObject()) {
      count = json.path("count").asDouble(0);
      secs = json.path("seconds").asDouble(0);
    } else if (Files.exists(summary)) {
      try {
        java.util.regex.Matcher m = OUTAGE_LINE.matcher(Files.readString(summary));
        while (m.find()) {
          count++;
          secs += Double.parseDouble(m.group(1));
        }
      } catch (java.io.IOException e) {
        count = Double.NaN;
        secs = Double.NaN;
      }
    }
    f.put(OUTAGES, count);
    f.put(OUTAGE_SECS, secs);
  }

  /** What a row's cells met of outages: "2 outages, 11.8 s" (null when none met one). */
  static String outageNote(java.util.List<CellResult> cells) {
    double n = cells.stream().mapToDouble(c -> c.get(OUTAGES)).filter(v -> v > 0).sum();
    if (n <= 0) {
      return null;
    }
    double secs = cells.stream().mapToDouble(c -> c.get(OUTAGE_SECS)).filter(v -> v > 0).sum();
    long met = cells.stream().filter(c -> c.get(OUTAGES) > 0).count();
    return String.format(java.util.Locale.ROOT, "%s%d outage%s, %.1f s", cells.size() > 1 ? met + " of " + cells.size()
        + " cells met " : "", (long) n, n == 1 ? "" : "s", secs);
  }

  /** The per-unit efficiency ({@code cpu_us.row}, {@code wkb.row}) into {@code f}: see {@link UnitEfficiency}. */
  static void perUnit(Map<String, Double> efficiency, Map<String, Double> headline, Map<String, Double> f) {
    f.putAll(UnitEfficiency.figures(efficiency, headline));
  }

  /** The headline counts that are a family's unit of work, and the unit's name in per-unit figures. */
  static final Map<String, String> UNITS = UnitEfficiency.UNITS;

  /** The per-unit figure names of this cell ({@code cpu_us.row}, {@code wkb.row}), or null when it has none. */
  String unit() {
    return UnitEfficiency.unit(figures);
  }

  double get(String name) {
    Double v = figures.get(name);
    return v == null ? Double.NaN : v;
  }
}
