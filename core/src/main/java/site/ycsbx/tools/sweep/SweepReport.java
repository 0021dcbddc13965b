package site.ycsbx.tools.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import site.ycsbx.report.Charts;
import site.ycsbx.report.ReportHtml;
import site.ycsbx.results.KneeFinder;
import site.ycsbx.results.OpStats;
import site.ycsbx.results.PointResult;
import site.ycsbx.results.SweepFile;
import site.ycsbx.results.Verdict;

/** The sweep's table, and its three files: sweep.csv, sweep.json, sweep.html. */
public final class SweepReport {
  public static final String JSON_FILE = SweepFile.FILE;
  public static final String CSV_FILE = "sweep.csv";
  public static final String HTML_FILE = "sweep.html";
  /** Name of the overall rows in the table and the CSV. */
  public static final String OVERALL = "OVERALL";

  private final SweepFile sweep;

  public SweepReport(SweepFile sweep) {
    this.sweep = sweep;
  }

  /** Reads a sweep folder's sweep.json. */
  public static SweepFile read(Path dir) {
    return SweepFile.read(dir);
  }

  public void write(Path dir) throws IOException {
    Files.createDirectories(dir);
    sweep.write(dir);
    Files.writeString(dir.resolve(CSV_FILE), csv(), StandardCharsets.UTF_8);
    Files.writeString(dir.resolve(HTML_FILE), html(), StandardCharsets.UTF_8);
  }

  /** Operations in the order the points exported them. */
  public List<String> operations() {
    Set<String> ops = new LinkedHashSet<>();
    sweep.points().forEach(p -> ops.addAll(p.ops().keySet()));
    return new ArrayList<>(ops);
  }

  private List<PointResult> okAt(int threads) {
    return sweep.points().stream().filter(p -> p.threads() == threads && p.ok()).toList();
  }

  private static double mean(List<PointResult> ps, ToDoubleFunction<PointResult> f) {
    SummaryStatistics s = new SummaryStatistics();
    ps.stream().mapToDouble(f).filter(d -> !Double.isNaN(d)).forEach(s::addValue);
    return s.getN() == 0 ? Double.NaN : s.getMean();
  }

  private static double sd(List<PointResult> ps, ToDoubleFunction<PointResult> f) {
    SummaryStatistics s = new SummaryStatistics();
    ps.stream().mapToDouble(f).filter(d -> !Double.isNaN(d)).forEach(s::addValue);
    return s.getN() < 2 ? Double.NaN : s.getStandardDeviation();
  }

  private static double opValue(PointResult p, String op, ToDoubleFunction<OpStats> f) {
    if (op.equals(OVERALL)) {
      return p.ops().values().stream().filter(o -> !o.op().endsWith("_BATCH")).mapToDouble(f)
          .filter(d -> !Double.isNaN(d)).max().orElse(Double.NaN);
    }
    OpStats o = p.ops().get(op);
    return o == null ? Double.NaN : f.applyAsDouble(o);
  }

  /** Per thread count means over the successful repeats, for the verdict. */
  static List<Verdict.Level> levels(List<PointResult> points, List<Integer> threads) {
    List<Verdict.Level> out = new ArrayList<>();
    for (int t : threads) {
      List<PointResult> ok = points.stream().filter(p -> p.threads() == t && p.ok()).toList();
      if (!ok.isEmpty()) {
        out.add(new Verdict.Level(t, mean(ok, PointResult::throughput), mean(ok, PointResult::worstP99)));
      }
    }
    return out;
  }

  /** The verdict over the successful points. */
  static Verdict verdict(List<PointResult> points, List<Integer> threads, Double slaP99Ms) {
    List<PointResult> ok = points.stream().filter(PointResult::ok).toList();
    int[] t = ok.stream().mapToInt(PointResult::threads).toArray();
    double[] y = ok.stream().mapToDouble(PointResult::throughput).toArray();
    return Verdict.of(t, y, levels(points, threads), slaP99Ms);
  }

  private static String ms(double us) {
    if (Double.isNaN(us)) {
      return "-";
    }
    double ms = us / 1000;
    return String.format(Locale.ROOT, ms < 1 ? "%.3f" : ms < 100 ? "%.2f" : "%.1f", ms);
  }

  /**
   * One line of the table: a thread count in one section (OVERALL or an operation), means over
   * the successful repeats, or the reason it failed.
   *
   * @param failure why no repeat gave a result, null when one did
   * @param failedRepeats repeats that failed beside the successful ones
   */
  record Line(int threads, String failure, int runs, double ops, double sd, double min, double max, double p50,
      double p95, double p99, double p999, double maxLatency, double errors, double cpu, long failedRepeats) {
  }

  /** The table's sections: OVERALL, then each operation. */
  List<String> sections() {
    List<String> sections = new ArrayList<>();
    sections.add(OVERALL);
    sections.addAll(operations());
    return sections;
  }

  /** The lines of one section, one per thread count. */
  List<Line> lines(String op) {
    List<Line> out = new ArrayList<>();
    for (int t : sweep.threads()) {
      List<PointResult> ok = okAt(t);
      long failed = sweep.points().stream().filter(p -> p.threads() == t && !p.ok()).count();
      if (ok.isEmpty()) {
        String why = sweep.points().stream().filter(p -> p.threads() == t).map(PointResult::failure)
            .filter(f -> f != null).findFirst().orElse("not run");
        out.add(new Line(t, why, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, failed));
        continue;
      }
      ToDoubleFunction<PointResult> ops = op.equals(OVERALL) ? PointResult::throughput
          : p -> opValue(p, op, OpStats::opsPerSec);
      double errors = ok.stream().mapToDouble(p -> op.equals(OVERALL) ? p.errors()
          : opValue(p, op, o -> o.errors())).filter(d -> !Double.isNaN(d)).sum();
      double[] each = ok.stream().mapToDouble(ops).filter(d -> !Double.isNaN(d)).toArray();
      out.add(new Line(t, null, ok.size(), mean(ok, ops), sd(ok, ops),
          java.util.Arrays.stream(each).min().orElse(Double.NaN), java.util.Arrays.stream(each).max().orElse(Double.NaN),
          mean(ok, p -> opValue(p, op, OpStats::p50)), mean(ok, p -> opValue(p, op, OpStats::p95)),
          mean(ok, p -> opValue(p, op, OpStats::p99)), mean(ok, p -> opValue(p, op, OpStats::p999)),
          mean(ok, p -> opValue(p, op, OpStats::max)), errors, mean(ok, PointResult::cpuPercent), failed));
    }
    return out;
  }

  /** The aligned table: overall, then each operation. */
  public String table() {
    boolean repeats = sweep.repeat() > 1;
    StringBuilder sb = new StringBuilder();
    for (String op : sections()) {
      sb.append(op.equals(OVERALL) ? "OVERALL (latency columns: the slowest operation)" : op).append('\n');
      sb.append(String.format(Locale.ROOT, "%8s %12s%s %9s %9s %9s %9s %9s %8s %7s%n", "threads", "ops/s",
          repeats ? String.format("%10s", "+/- sd") : "", "p50 ms", "p95 ms", "p99 ms", "p99.9 ms", "max ms", "errors",
          "CPU %"));
      for (Line l : lines(op)) {
        if (l.failure() != null) {
          sb.append(String.format(Locale.ROOT, "%8d FAILED: %s%n", l.threads(), l.failure()));
          continue;
        }
        sb.append(String.format(Locale.ROOT, "%8d %12.0f%s %9s %9s %9s %9s %9s %8.0f %7.0f%s%n", l.threads(), l.ops(),
            repeats ? String.format(Locale.ROOT, "%10.0f", l.sd()) : "", ms(l.p50()), ms(l.p95()), ms(l.p99()),
            ms(l.p999()), ms(l.maxLatency()), l.errors(), l.cpu(),
            l.failedRepeats() > 0 ? "  (" + l.failedRepeats() + " repeat(s) failed)" : ""));
      }
      sb.append('\n');
    }
    sb.append(SweepEfficiency.table(sweep));
    return sb.toString();
  }

  /** One row per point and operation (and an OVERALL row per point); latencies in µs as YCSB. */
  public String csv() {
    StringBuilder sb = new StringBuilder(
        "threads,repeat,operation,ops_per_sec,p50_us,p95_us,p99_us,p999_us,max_us,errors,client_cpu_pct,exit_code,failure\n");
    for (PointResult p : sweep.points()) {
      sb.append(row(p, OVERALL, p.throughput(), Double.NaN, Double.NaN, p.worstP99(), Double.NaN, Double.NaN,
          p.errors()));
      for (OpStats o : p.ops().values()) {
        sb.append(row(p, o.op(), o.opsPerSec(), o.p50(), o.p95(), o.p99(), o.p999(), o.max(), o.errors()));
      }
    }
    return sb.toString();
  }

  private static String row(PointResult p, String op, double ops, double p50, double p95, double p99, double p999,
      double max, long errors) {
    return String.join(",", String.valueOf(p.threads()), String.valueOf(p.repeat()), op, num(ops), num(p50), num(p95),
        num(p99), num(p999), num(max), String.valueOf(errors), num(p.cpuPercent()), String.valueOf(p.exitCode()),
        p.failure() == null ? "" : "\"" + p.failure().replace("\"", "\"\"") + "\"") + "\n";
  }

  private static String num(double d) {
    return Double.isNaN(d) ? "" : d == Math.rint(d) ? String.valueOf((long) d) : String.format(Locale.ROOT, "%.2f", d);
  }

  /** min and max of f over the points (NaN, NaN with fewer than two values: no spread to show). */
  private static double[] minMax(List<PointResult> ps, ToDoubleFunction<PointResult> f) {
    double[] v = ps.stream().mapToDouble(f).filter(d -> !Double.isNaN(d)).toArray();
    if (v.length < 2) {
      return new double[] {Double.NaN, Double.NaN};
    }
    return new double[] {java.util.Arrays.stream(v).min().orElseThrow(), java.util.Arrays.stream(v).max().orElseThrow()};
  }

  /** A series of the mean of f per thread count, with the min..max of the repeats as its spread. */
  private Charts.Series spreadSeries(String name, int[] t, ToDoubleFunction<PointResult> f, double scale) {
    double[] v = new double[t.length];
    double[] lo = new double[t.length];
    double[] hi = new double[t.length];
    int[] runs = new int[t.length];
    for (int i = 0; i < t.length; i++) {
      List<PointResult> ok = okAt(t[i]);
      v[i] = mean(ok, f) / scale;
      double[] mm = minMax(ok, f);
      lo[i] = mm[0] / scale;
      hi[i] = mm[1] / scale;
      runs[i] = ok.size();
    }
    return new Charts.Series(name, t, v, lo, hi, runs);
  }

  /** The marks both charts carry: the knee and the recommended range; the limit line only with --sla-p99. */
  Charts.Marks marks() {
    Verdict v = sweep.verdict();
    int knee = v.knee().found() ? v.knee().kneeThreads() : 0;
    double limitMs = v.slaGiven() && !Double.isNaN(v.p99LimitUs()) ? v.p99LimitUs() / 1000.0 : Double.NaN;
    return new Charts.Marks(knee, v.rangeLow(), v.rangeHigh(), limitMs, Double.isNaN(limitMs) ? null
        : "p99 limit " + Verdict.latency(v.p99LimitUs()) + " (--sla-p99)");
  }

  /** Throughput and p99 against threads, with the spread, knee, range and limit; setup, verdict and tables. */
  public String html() {
    List<Verdict.Level> levels = levels(sweep.points(), sweep.threads());
    int[] t = levels.stream().mapToInt(Verdict.Level::threads).toArray();
    Verdict verdict = sweep.verdict();
    Charts.Marks marks = marks();
    List<Charts.Series> tput = new ArrayList<>();
    tput.add(spreadSeries("measured", t, PointResult::throughput, 1.0));
    KneeFinder.Knee fit = verdict.knee();
    if (fit.breakThreads() > 0 && t.length > 0) {
      // the fitted curve, sampled finely enough to show its bend on the log2 axis
      List<Integer> xs = new ArrayList<>();
      for (double x = t[0]; x <= t[t.length - 1] * 1.0001; x *= Math.pow(2, 0.25)) {
        xs.add((int) Math.round(x));
      }
      xs.add(fit.breakThreads());
      int[] fx = xs.stream().distinct().sorted().mapToInt(Integer::intValue).toArray();
      tput.add(new Charts.Series("fit (" + fit.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ') + ")",
          fx, java.util.Arrays.stream(fx).mapToDouble(fit::fitted).toArray()));
    }
    List<Charts.Series> p99 = new ArrayList<>();
    for (String op : operations()) {
      p99.add(spreadSeries(op, t, p -> opValue(p, op, OpStats::p99), 1000.0));
    }
    String svgT = Charts.threadsChart("throughput-chart", sweep.label() + ": throughput", "ops/s", tput,
        marks.withoutLimit());
    String svgL = Charts.threadsChart("latency-chart", sweep.label() + ": p99 latency", "p99 ms", p99, marks);

    StringBuilder b = new StringBuilder();
    b.append(setupTable());
    b.append("<section class=\"result\">\n<p class=\"verdict").append(verdict.rangeLow() > 0 ? "" : " none")
        .append("\" id=\"verdict\">verdict: ").append(ReportHtml.esc(verdict.sentence())).append("</p>\n");
    b.append("<div class=\"charts\"><figure class=\"chart\" id=\"throughput\">").append(svgT).append("<figcaption>")
        .append(ReportHtml.esc(legend(tput.get(0), marks.withoutLimit(), "throughput"))).append("</figcaption></figure>\n");
    b.append("<figure class=\"chart\" id=\"latency\">").append(svgL).append("<figcaption>")
        .append(ReportHtml.esc(legend(p99.isEmpty() ? null : p99.get(0), marks, "p99"))).append("</figcaption></figure></div>\n");
    b.append("</section>\n<h2>Results</h2>\n");
    b.append(resultTables());
    b.append(ReportHtml.asPrinted(table()));
    return ReportHtml.page("YCSB-X sweep: " + sweep.label() + " (" + sweep.phase() + ")", b.toString());
  }

  /** What the marks on a chart mean, in words, under the chart. */
  private String legend(Charts.Series measured, Charts.Marks m, String what) {
    List<String> parts = new ArrayList<>();
    if (measured != null) {
      int withSpread = 0;
      for (int i = 0; i < measured.threads().length; i++) {
        withSpread += measured.hasSpread(i) ? 1 : 0;
      }
      parts.add(withSpread > 0 ? "points: mean " + what + " over the repeats; bars: min–max of the repeats"
          : "points: " + what + " of one run per thread count (no repeats, no spread)");
    }
    if (m.kneeThreads() > 0) {
      parts.add("red dashed line: the knee (" + Verdict.threads(m.kneeThreads()) + ")");
    }
    if (m.rangeLow() > 0) {
      parts.add("green band: the recommended thread range (" + (m.rangeLow() == m.rangeHigh() ? m.rangeLow()
          : m.rangeLow() + "-" + m.rangeHigh()) + ")");
    } else {
      parts.add("no thread range recommended");
    }
    if (!Double.isNaN(m.limit())) {
      parts.add("purple dashed line: " + m.limitLabel());
    }
    return String.join("; ", parts) + ".";
  }

  /** The fingerprint of the sweep: every point's, a key whose value differs between points shows each value. */
  Map<String, String> fingerprint() {
    List<PointResult> ps = sweep.points().stream().filter(PointResult::ok).toList();
    if (ps.isEmpty()) {
      ps = sweep.points();
    }
    Map<String, java.util.LinkedHashSet<String>> values = new java.util.LinkedHashMap<>();
    for (PointResult p : ps) {
      if (p.fingerprint() != null) {
        p.fingerprint().forEach((k, v) -> values.computeIfAbsent(k, x -> new java.util.LinkedHashSet<>()).add(v));
      }
    }
    Map<String, String> out = new java.util.LinkedHashMap<>();
    values.forEach((k, v) -> out.put(k, String.join(" | ", v)));
    return out;
  }

  /** The setup above the charts: the fingerprint grouped, the sweep's own options and the latency limit. */
  String setupTable() {
    StringBuilder sb = new StringBuilder("<table class=\"setup\" id=\"setup\"><caption>Setup</caption>\n<tbody>\n");
    Map<String, Map<String, String>> groups = ReportHtml.groups(fingerprint());
    boolean any = groups.values().stream().anyMatch(g -> !g.isEmpty());
    for (Map.Entry<String, Map<String, String>> g : groups.entrySet()) {
      if (g.getValue().isEmpty()) {
        continue;
      }
      StringBuilder cell = new StringBuilder("<td>");
      g.getValue().forEach((k, v) -> cell.append(ReportHtml.kv(ReportHtml.shortKey(g.getKey(), k), v, null)));
      sb.append(ReportHtml.row(g.getKey(), List.of(cell.append("</td>").toString()), "fp"));
    }
    if (!any) {
      sb.append(ReportHtml.row("fingerprint", List.of("<td>no point recorded a fingerprint (every point failed before"
          + " its run started)</td>"), null));
    }
    long ok = sweep.points().stream().filter(PointResult::ok).count();
    StringBuilder s = new StringBuilder("<td>");
    s.append(ReportHtml.kv("phase", sweep.phase(), null));
    s.append(ReportHtml.kv("threads", String.join(",", sweep.threads().stream().map(String::valueOf).toList()), null));
    if (sweep.folders() != null) {
      s.append(ReportHtml.kv("repeats", sweep.repeat() + (sweep.repeat() > 1 ? " at most (folders at one thread count)" : ""),
          null));
    } else {
      s.append(ReportHtml.kv("repeats", sweep.repeat() + (sweep.repeat() > 1 ? " (up and down the list alternately)" : ""),
          null));
    }
    if (sweep.reload()) {
      s.append(ReportHtml.kv("reload", "before each point", null));
    }
    s.append(ReportHtml.kv("points ok", ok + " of " + sweep.points().size(), null));
    if (sweep.folders() != null) {
      s.append(ReportHtml.kv("from folders", String.join(" ", sweep.folders()), null));
    } else {
      s.append(ReportHtml.kv("YCSB options", String.join(" ", sweep.ycsbArgs()), null));
    }
    sb.append(ReportHtml.row("sweep", List.of(s.append("</td>").toString()), null));
    Verdict v = sweep.verdict();
    String limit;
    if (v.slaGiven()) {
      limit = "p99 ≤ " + Verdict.latency(v.p99LimitUs()) + " (--sla-p99 " + num(sweep.slaP99Ms()) + "), drawn on the"
          + " latency chart";
    } else if (!Double.isNaN(v.p99LimitUs())) {
      limit = "none given (--sla-p99); the verdict takes " + Verdict.latency(v.p99LimitUs()) + ", "
          + String.format(Locale.ROOT, "%.0f", Verdict.P99_FACTOR) + "x the p99 at the smallest thread count";
    } else {
      limit = "none given (--sla-p99)";
    }
    sb.append(ReportHtml.row("latency limit", List.of("<td id=\"limit\">" + ReportHtml.esc(limit) + "</td>"), null));
    return sb.append("</tbody></table>\n").toString();
  }

  /** The table as HTML: one table per section, rows of the recommended range shaded, the knee's marked. */
  String resultTables() {
    boolean repeats = sweep.repeat() > 1;
    Verdict v = sweep.verdict();
    int knee = v.knee().found() ? v.knee().kneeThreads() : 0;
    StringBuilder sb = new StringBuilder();
    for (String op : sections()) {
      sb.append("<div class=\"table-wrap\"><table class=\"results\" data-section=\"").append(ReportHtml.esc(op))
          .append("\"><caption>").append(ReportHtml.esc(op.equals(OVERALL)
              ? "OVERALL (latency columns: the slowest operation)" : op)).append("</caption>\n<thead><tr>")
          .append("<th class=\"num\">threads</th><th class=\"num\">ops/s</th>");
      if (repeats) {
        sb.append("<th class=\"num\">± sd</th><th class=\"num\">min–max</th>");
      }
      sb.append("<th class=\"num\">p50 ms</th><th class=\"num\">p95 ms</th><th class=\"num\">p99 ms</th>"
          + "<th class=\"num\">p99.9 ms</th><th class=\"num\">max ms</th><th class=\"num\">errors</th>"
          + "<th class=\"num\">CPU %</th><th>note</th></tr></thead>\n<tbody>\n");
      for (Line l : lines(op)) {
        List<String> cls = new ArrayList<>();
        if (v.rangeLow() > 0 && l.threads() >= v.rangeLow() && l.threads() <= v.rangeHigh()) {
          cls.add("recommended");
        }
        if (l.threads() == knee) {
          cls.add("knee");
        }
        sb.append("<tr").append(cls.isEmpty() ? "" : " class=\"" + String.join(" ", cls) + "\"").append(">")
            .append(ReportHtml.num(String.valueOf(l.threads())));
        if (l.failure() != null) {
          sb.append("<td class=\"why\" colspan=\"").append(repeats ? 11 : 9).append("\">FAILED: ")
              .append(ReportHtml.esc(l.failure())).append("</td></tr>\n");
          continue;
        }
        sb.append(ReportHtml.num(ReportHtml.ops(l.ops())));
        if (repeats) {
          sb.append(ReportHtml.num(Double.isNaN(l.sd()) ? "-" : ReportHtml.ops(l.sd())))
              .append(ReportHtml.num(Double.isNaN(l.min()) || l.runs() < 2 ? "-"
                  : ReportHtml.ops(l.min()) + "–" + ReportHtml.ops(l.max())));
        }
        List<String> note = new ArrayList<>();
        if (l.threads() == knee) {
          note.add("knee");
        }
        if (cls.contains("recommended")) {
          note.add("recommended");
        }
        if (l.failedRepeats() > 0) {
          note.add(l.failedRepeats() + " repeat(s) failed");
        }
        sb.append(ReportHtml.num(ms(l.p50()))).append(ReportHtml.num(ms(l.p95()))).append(ReportHtml.num(ms(l.p99())))
            .append(ReportHtml.num(ms(l.p999()))).append(ReportHtml.num(ms(l.maxLatency())))
            .append(ReportHtml.num(String.format(Locale.ROOT, "%,.0f", l.errors())))
            .append(ReportHtml.num(Double.isNaN(l.cpu()) ? "-" : String.format(Locale.ROOT, "%.0f", l.cpu())))
            .append("<td>").append(ReportHtml.esc(String.join(", ", note))).append("</td></tr>\n");
      }
      sb.append("</tbody></table></div>\n");
    }
    return sb.toString();
  }
}
