package site.ycsbx.tools.sweep;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import site.ycsbx.util.UserError;

/** The sweep's table, and its three files: sweep.csv, sweep.json, sweep.html. */
public final class SweepReport {
  public static final String JSON_FILE = "sweep.json";
  public static final String CSV_FILE = "sweep.csv";
  public static final String HTML_FILE = "sweep.html";
  /** Name of the overall rows in the table and the CSV. */
  public static final String OVERALL = "OVERALL";

  private final SweepFile sweep;

  public SweepReport(SweepFile sweep) {
    this.sweep = sweep;
  }

  static ObjectMapper mapper() {
    ObjectMapper m = new ObjectMapper();
    m.enable(SerializationFeature.INDENT_OUTPUT);
    m.enable(JsonParser.Feature.ALLOW_NON_NUMERIC_NUMBERS);
    m.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    return m;
  }

  /** Reads a sweep folder's sweep.json. */
  public static SweepFile read(Path dir) {
    Path f = dir.resolve(JSON_FILE);
    if (!Files.isRegularFile(f)) {
      throw new UserError(dir + " is not a sweep folder (no " + JSON_FILE + ")");
    }
    try {
      return mapper().readValue(f.toFile(), SweepFile.class);
    } catch (IOException e) {
      throw new UserError("cannot read " + f + ": " + e.getMessage().split("\n")[0]);
    }
  }

  public void write(Path dir) throws IOException {
    Files.createDirectories(dir);
    mapper().writeValue(dir.resolve(JSON_FILE).toFile(), sweep);
    Files.writeString(dir.resolve(CSV_FILE), csv(), StandardCharsets.UTF_8);
    Files.writeString(dir.resolve(HTML_FILE), html(), StandardCharsets.UTF_8);
  }

  /** Operations in the order the points exported them. */
  List<String> operations() {
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

  /** The aligned table: overall, then each operation. */
  public String table() {
    boolean repeats = sweep.repeat() > 1;
    StringBuilder sb = new StringBuilder();
    List<String> sections = new ArrayList<>();
    sections.add(OVERALL);
    sections.addAll(operations());
    for (String op : sections) {
      sb.append(op.equals(OVERALL) ? "OVERALL (latency columns: the slowest operation)" : op).append('\n');
      sb.append(String.format(Locale.ROOT, "%8s %12s%s %9s %9s %9s %9s %9s %8s %7s%n", "threads", "ops/s",
          repeats ? String.format("%10s", "± sd") : "", "p50 ms", "p95 ms", "p99 ms", "p99.9 ms", "max ms", "errors",
          "CPU %"));
      for (int t : sweep.threads()) {
        List<PointResult> ok = okAt(t);
        long failed = sweep.points().stream().filter(p -> p.threads() == t && !p.ok()).count();
        if (ok.isEmpty()) {
          String why = sweep.points().stream().filter(p -> p.threads() == t).map(PointResult::failure)
              .filter(f -> f != null).findFirst().orElse("not run");
          sb.append(String.format(Locale.ROOT, "%8d FAILED: %s%n", t, why));
          continue;
        }
        ToDoubleFunction<PointResult> ops = op.equals(OVERALL) ? PointResult::throughput
            : p -> opValue(p, op, OpStats::opsPerSec);
        double errors = ok.stream().mapToDouble(p -> op.equals(OVERALL) ? p.errors()
            : opValue(p, op, o -> o.errors())).filter(d -> !Double.isNaN(d)).sum();
        sb.append(String.format(Locale.ROOT, "%8d %12.0f%s %9s %9s %9s %9s %9s %8.0f %7.0f%s%n", t, mean(ok, ops),
            repeats ? String.format(Locale.ROOT, "%10.0f", sd(ok, ops)) : "",
            ms(mean(ok, p -> opValue(p, op, OpStats::p50))), ms(mean(ok, p -> opValue(p, op, OpStats::p95))),
            ms(mean(ok, p -> opValue(p, op, OpStats::p99))), ms(mean(ok, p -> opValue(p, op, OpStats::p999))),
            ms(mean(ok, p -> opValue(p, op, OpStats::max))), errors, mean(ok, PointResult::cpuPercent),
            failed > 0 ? "  (" + failed + " repeat(s) failed)" : ""));
      }
      sb.append('\n');
    }
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

  /** Throughput and p99 against threads, the knee marked; then the verdict and the table. */
  public String html() {
    List<Verdict.Level> levels = levels(sweep.points(), sweep.threads());
    int[] t = levels.stream().mapToInt(Verdict.Level::threads).toArray();
    int knee = sweep.verdict().knee().found() ? sweep.verdict().knee().kneeThreads() : 0;
    List<Charts.Series> tput = new ArrayList<>();
    tput.add(new Charts.Series("measured", t, levels.stream().mapToDouble(Verdict.Level::opsPerSec).toArray()));
    KneeFinder.Knee fit = sweep.verdict().knee();
    if (fit.breakThreads() > 0 && t.length > 0) {
      // the fitted curve, sampled finely enough to show its bend on the log2 axis
      List<Integer> xs = new ArrayList<>();
      for (double x = t[0]; x <= t[t.length - 1] * 1.0001; x *= Math.pow(2, 0.25)) {
        xs.add((int) Math.round(x));
      }
      xs.add(fit.breakThreads());
      int[] fx = xs.stream().distinct().sorted().mapToInt(Integer::intValue).toArray();
      tput.add(new Charts.Series("fit (" + fit.kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + ")",
          fx, java.util.Arrays.stream(fx).mapToDouble(fit::fitted).toArray()));
    }
    List<Charts.Series> p99 = new ArrayList<>();
    for (String op : operations()) {
      double[] v = new double[t.length];
      for (int i = 0; i < t.length; i++) {
        final String o = op;
        v[i] = mean(okAt(t[i]), p -> opValue(p, o, OpStats::p99)) / 1000.0;
      }
      p99.add(new Charts.Series(op, t, v));
    }
    String svgT = Charts.threadsChart(sweep.label() + ": throughput", "ops/s", tput, knee, knee > 0 ? "knee: " + knee : "");
    String svgL = Charts.threadsChart(sweep.label() + ": p99 latency", "p99 ms", p99, knee, knee > 0 ? "knee: " + knee : "");
    return Charts.page("YCSB-X sweep: " + sweep.label() + " (" + sweep.phase() + ")", sweep.verdict().sentence(),
        table(), List.of(svgT, svgL));
  }
}
