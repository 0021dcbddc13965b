package site.ycsbx.tools.compare;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.apache.commons.math3.stat.inference.TTest;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.tools.sweep.Charts;
import site.ycsbx.tools.sweep.OpStats;
import site.ycsbx.tools.sweep.ReportHtml;
import site.ycsbx.util.UserError;

/**
 * {@code ycsb compare A B [--labels a,b] [--html FILE]}: two sweeps or results side by side,
 * per thread count and operation: throughput, p95, p99 and the ratio B/A. With repeats the
 * spread is shown; with {@value #MIN_RUNS_FOR_TEST} or more runs per thread count on both sides,
 * Welch's t-test says whether the throughput difference is significant, beside a 95% confidence
 * interval of B/A (with fewer, a line says how many runs a claim needs). When the fingerprints differ in more
 * than one dimension the first line says so: the difference then cannot be put down to one
 * cause.
 */
public final class Compare {
  static final String USAGE = "compare A B [--labels a,b] [--html FILE]   (A, B: sweep folders or YCSB result files)";
  /** p-value below which a throughput difference is called significant. */
  static final double ALPHA = 0.05;
  /**
   * Runs a side needs before a significance test is shown: with two runs a side Welch's test has
   * one or two degrees of freedom and almost no power, so it calls a 2x difference "not
   * significant" (seen: B/A 0.45-0.56 at every thread count, "not significant" on every row).
   */
  static final int MIN_RUNS_FOR_TEST = 3;
  /**
   * Fingerprint entries that are not a dimension of the setup: the thread count differs by
   * design between the points of a comparison, and these name where the data was put, not how it
   * was measured (two databases on one server are one setup).
   */
  private static final Set<String> NOT_A_DIMENSION = Set.of("threads", "jdbc.table", "mongodb.database",
      "mongodb.embedded.dir", Fingerprint.WORKLOAD_DEFINING);
  /** Entries that state one dimension twice: counted once, under the name they map to. */
  private static final java.util.Map<String, String> SAME_DIMENSION = java.util.Map.of(
      "jdbc.engine", "storage.engine", "mongodb.storageEngine", "storage.engine");
  private static final String ENGINE = "storage.engine";
  /** Settings of one storage engine, reported only when that engine is in use. */
  private static final String ENGINE_SETTING_PREFIX = "durability.";
  /** The database part of a connection URL: a different database on the same server is the same setup. */
  private static final java.util.regex.Pattern URL_DATABASE =
      java.util.regex.Pattern.compile("^((?:jdbc:)?[a-z+]+://[^/?]*)/[^?]*");

  private Compare() {
  }

  public static int run(List<String> args, PrintStream out, PrintStream err) {
    List<String> files = new ArrayList<>();
    String[] labels = {null, null};
    Path html = null;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (a.equals("--labels")) {
        String v = value(args, ++i, a);
        String[] l = v.split(",", -1);
        if (l.length != 2 || l[0].isBlank() || l[1].isBlank()) {
          throw new UserError("--labels " + v + ": --labels accepts two names separated by a comma, e.g. innodb,rocksdb");
        }
        labels = l;
      } else if (a.equals("--html")) {
        html = Path.of(value(args, ++i, a));
      } else if (a.startsWith("--")) {
        throw new UserError("unknown compare option " + a + "; usage: ycsb " + USAGE);
      } else {
        files.add(a);
      }
    }
    if (files.size() != 2) {
      throw new UserError("compare needs two results, got " + files.size() + "; usage: ycsb " + USAGE);
    }
    Side a = Side.load(Path.of(files.get(0)), labels[0]);
    Side b = Side.load(Path.of(files.get(1)), labels[1]);
    if (a.label.equals(b.label)) {
      throw new UserError("both sides are labelled '" + a.label + "'; name them with --labels a,b");
    }
    sameWorkload(a, b);
    List<int[]> pairs = threadPairs(a, b);
    if (html == null) {
      html = Path.of("compare-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".html");
    }
    if (Files.exists(html)) {
      throw new UserError("--html " + html + " already exists; give another file, nothing is overwritten");
    }
    StringBuilder text = new StringBuilder();
    String headline = fingerprintLine(a, b);
    text.append(headline).append('\n');
    text.append("A = ").append(a.describe()).append('\n');
    text.append("B = ").append(b.describe()).append("\n\n");
    text.append(table(a, b, pairs));
    out.print(text);
    String page = page(a, b, pairs, headline, text.toString());
    try {
      Files.writeString(html, page, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw UserError.target("cannot write " + html + ": " + e.getMessage());
    }
    out.println("html: " + html);
    return 0;
  }

  private static String value(List<String> args, int i, String option) {
    if (i >= args.size()) {
      throw new UserError(option + " needs a value; usage: ycsb " + USAGE);
    }
    return args.get(i);
  }

  /** Refuses two results of different workloads, by what each side records of its workload. */
  static void sameWorkload(Side a, Side b) {
    if (a.workloadFiles != null && b.workloadFiles != null && !a.workloadFiles.isEmpty()
        && !a.workloadFiles.equals(b.workloadFiles)) {
      throw new UserError(String.format("%s ran %s, %s ran %s: results of different workloads cannot be compared",
          a.label, a.workloadFiles, b.label, b.workloadFiles));
    }
    for (String key : List.of("workload", "phase")) {
      String va = a.fingerprint.get(key);
      String vb = b.fingerprint.get(key);
      if (va != null && vb != null && !va.equals(vb)) {
        throw new UserError(String.format("%s has %s=%s, %s has %s=%s: results of different workloads cannot be compared",
            a.label, key, va, b.label, key, vb));
      }
    }
    if (!a.operations().equals(b.operations())) {
      throw new UserError(String.format("%s has operations %s, %s has %s: results of different workloads cannot be compared",
          a.label, a.operations(), b.label, b.operations()));
    }
    List<String> differ = new ArrayList<>();
    for (String property : definingProperties(a, b)) {
      String va = a.fingerprint.get(Fingerprint.WORKLOAD_PREFIX + property);
      String vb = b.fingerprint.get(Fingerprint.WORKLOAD_PREFIX + property);
      if (va != null && vb != null && !va.equals(vb)) {
        differ.add(property + " " + va + " vs " + vb);
      }
    }
    if (!differ.isEmpty()) {
      throw new UserError(String.format("%s and %s ran different workloads (%s, %s first): results of different"
          + " workloads cannot be compared", a.label, b.label, String.join(", ", differ), a.label));
    }
  }

  /** The workload properties either side's fingerprint names as defining its workload. */
  private static Set<String> definingProperties(Side a, Side b) {
    Set<String> out = new LinkedHashSet<>();
    for (Side s : List.of(a, b)) {
      String d = s.fingerprint.get(Fingerprint.WORKLOAD_DEFINING);
      if (d != null && !d.isBlank()) {
        out.addAll(List.of(d.split(",")));
      }
    }
    return out;
  }

  /** Thread counts to put side by side: those both have, or the single run of each. */
  static List<int[]> threadPairs(Side a, Side b) {
    TreeSet<Integer> common = new TreeSet<>(a.threads());
    common.retainAll(b.threads());
    List<int[]> pairs = new ArrayList<>();
    if (!common.isEmpty()) {
      common.forEach(t -> pairs.add(new int[] {t, t}));
    } else if (a.threads().size() == 1 && b.threads().size() == 1) {
      pairs.add(new int[] {a.threads().first(), b.threads().first()});
    } else {
      throw new UserError(String.format("%s (threads %s) and %s (threads %s) have no thread count in common",
          a.label, Side.join(a.threads()), b.label, Side.join(b.threads())));
    }
    return pairs;
  }

  /**
   * How two fingerprints differ: the dimensions (entries that state one dimension twice grouped
   * under one name), settings of the same engine present on one side only, and which keys each
   * of them came from (the page highlights those).
   */
  record Diff(java.util.Map<String, List<String>> dimensions, List<String> oneSided, Set<String> keys) {
  }

  static Diff diff(Side a, Side b) {
    // workload properties first: a different record count explains a difference before any server setting does
    List<String> keys = new ArrayList<>();
    for (Side s : List.of(a, b)) {
      s.fingerprint.keySet().stream().filter(k -> k.startsWith(Fingerprint.WORKLOAD_PREFIX) && !keys.contains(k))
          .forEach(keys::add);
    }
    for (Side s : List.of(a, b)) {
      s.fingerprint.keySet().stream().filter(k -> !keys.contains(k)).forEach(keys::add);
    }
    boolean sameEngine = sameValue(engineName(a.fingerprint.get(ENGINE)), engineName(b.fingerprint.get(ENGINE)));
    java.util.Map<String, List<String>> dimensions = new java.util.LinkedHashMap<>();
    List<String> oneSided = new ArrayList<>();
    Set<String> differing = new LinkedHashSet<>();
    for (String k : keys) {
      String va = a.fingerprint.get(k);
      String vb = b.fingerprint.get(k);
      if (NOT_A_DIMENSION.contains(k) || sameValue(va, vb) || k.equals(ENGINE) && sameEngine) {
        continue;
      }
      if (sameEngine && SAME_DIMENSION.containsKey(k)) {
        continue; // "InnoDB" vs "server default" when both ran InnoDB: the option restates the engine
      }
      String shown = k + ": " + (va == null ? "(absent)" : va) + " vs " + (vb == null ? "(absent)" : vb);
      if ((va == null || vb == null) && k.startsWith(ENGINE_SETTING_PREFIX)) {
        if (sameEngine) {
          oneSided.add(shown);
          differing.add(k);
        } // else the setting of the other engine follows from the engine (RocksDB's own flush setting)
      } else if (va == null || vb == null || !withoutDatabase(va).equals(withoutDatabase(vb))) {
        dimensions.computeIfAbsent(SAME_DIMENSION.getOrDefault(k, k), d -> new ArrayList<>()).add(shown);
        differing.add(k);
      }
    }
    return new Diff(dimensions, oneSided, differing);
  }

  /** The first line: which fingerprint dimensions differ, and a warning when more than one does. */
  static String fingerprintLine(Side a, Side b) {
    if (!a.hasFingerprint() || !b.hasFingerprint()) {
      String which = !a.hasFingerprint() && !b.hasFingerprint() ? "neither side has a" : (!a.hasFingerprint() ? a.label
          : b.label) + " has no";
      return "note: " + which + " fingerprint (stock YCSB output with a stock binding): what differs between the two"
          + " runs is not recorded";
    }
    Diff d = diff(a, b);
    String also = d.oneSided().isEmpty() ? "" : " (set on one side only: " + String.join("; ", d.oneSided()) + ")";
    List<String> diffs = d.dimensions().values().stream().map(l -> String.join(", ", l)).toList();
    if (diffs.isEmpty()) {
      return "fingerprints: identical (the same setup measured twice)" + also;
    }
    if (diffs.size() == 1) {
      return "fingerprints differ in one dimension: " + diffs.get(0) + also;
    }
    return "WARNING: the fingerprints differ in " + diffs.size() + " dimensions, so a difference below cannot be put"
        + " down to one of them: " + String.join("; ", diffs) + also;
  }

  /** "mmapv1 (implied by version 2.6.12)" is the engine mmapv1: how it was learnt is not a difference. */
  private static String engineName(String value) {
    return value == null ? null : value.replaceFirst(" \\(.*\\)$", "");
  }

  /** Equal as the servers mean them: an engine named ROCKSDB by one and RocksDB by the other is one engine. */
  private static boolean sameValue(String a, String b) {
    return a == null ? b == null : b != null && (a.equals(b) || a.equalsIgnoreCase(b) && a.matches("[A-Za-z0-9_ ]+"));
  }

  private static String withoutDatabase(String value) {
    return URL_DATABASE.matcher(value).replaceFirst("$1");
  }

  private static double[] values(List<Side.Sample> samples, String op, ToDoubleFunction<OpStats> f) {
    return samples.stream().mapToDouble(s -> value(s, op, f)).filter(d -> !Double.isNaN(d)).toArray();
  }

  private static double value(Side.Sample s, String op, ToDoubleFunction<OpStats> f) {
    if (op.equals("OVERALL")) {
      return s.ops().values().stream().filter(o -> !o.op().endsWith("_BATCH")).mapToDouble(f)
          .filter(d -> !Double.isNaN(d)).max().orElse(Double.NaN);
    }
    OpStats o = s.ops().get(op);
    return o == null ? Double.NaN : f.applyAsDouble(o);
  }

  private static double[] throughputs(List<Side.Sample> samples, String op) {
    if (op.equals("OVERALL")) {
      return samples.stream().mapToDouble(Side.Sample::throughput).filter(d -> !Double.isNaN(d)).toArray();
    }
    return values(samples, op, OpStats::opsPerSec);
  }

  private static double mean(double[] v) {
    SummaryStatistics s = new SummaryStatistics();
    for (double d : v) {
      s.addValue(d);
    }
    return s.getN() == 0 ? Double.NaN : s.getMean();
  }

  private static String spread(double[] v) {
    if (v.length < 2) {
      return "";
    }
    SummaryStatistics s = new SummaryStatistics();
    for (double d : v) {
      s.addValue(d);
    }
    return String.format(Locale.ROOT, "+/-%.0f", s.getStandardDeviation());
  }

  /**
   * Welch's two-sided t-test on the throughputs of the repeats, and the 95% confidence interval
   * of B/A; "-" with fewer than {@value #MIN_RUNS_FOR_TEST} runs on either side.
   */
  static String significance(double[] a, double[] b) {
    if (a.length < MIN_RUNS_FOR_TEST || b.length < MIN_RUNS_FOR_TEST) {
      return "-";
    }
    double p = new TTest().tTest(a, b);
    String interval = ratioInterval(a, b);
    if (Double.isNaN(p)) {
      // both sides without any spread: identical values are not different, others are
      return (mean(a) == mean(b) ? "no difference (no spread)" : "significant (no spread on either side)")
          + "  " + interval;
    }
    return String.format(Locale.ROOT, "p=%.3f%s  %s", p, p < ALPHA ? " significant" : " not significant", interval);
  }

  /**
   * 95% confidence interval of the ratio B/A of the (geometric) mean throughputs: Welch's
   * interval for the difference of the mean logarithms, exponentiated, so it is the interval of a
   * ratio rather than of a difference and stays positive.
   */
  static String ratioInterval(double[] a, double[] b) {
    SummaryStatistics la = logs(a);
    SummaryStatistics lb = logs(b);
    double diff = lb.getMean() - la.getMean();
    double va = la.getVariance() / la.getN();
    double vb = lb.getVariance() / lb.getN();
    double se = Math.sqrt(va + vb);
    double half = 0;
    if (se > 0) {
      double df = (va + vb) * (va + vb) / (va * va / (la.getN() - 1) + vb * vb / (lb.getN() - 1));
      half = new TDistribution(df).inverseCumulativeProbability(1 - ALPHA / 2) * se;
    }
    return String.format(Locale.ROOT, "CI %.2f-%.2f", Math.exp(diff - half), Math.exp(diff + half));
  }

  private static SummaryStatistics logs(double[] v) {
    SummaryStatistics s = new SummaryStatistics();
    for (double d : v) {
      s.addValue(Math.log(d));
    }
    return s;
  }

  /** Why no significance column is shown, when repeats exist but are too few for a test. */
  static String tooFewRunsLine(Side a, Side b, List<int[]> pairs) {
    int fewestA = pairs.stream().mapToInt(p -> a.at(p[0]).size()).min().orElse(0);
    int fewestB = pairs.stream().mapToInt(p -> b.at(p[1]).size()).min().orElse(0);
    return String.format(Locale.ROOT, "no significance test: %s has %d and %s %d run%s at a thread count; Welch's"
        + " test on fewer than %d runs a side has almost no power, so a claim that A and B differ needs"
        + " %d or more runs a side (sweep --repeat %d)%n", a.label, fewestA, b.label, fewestB,
        fewestB == 1 ? "" : "s", MIN_RUNS_FOR_TEST, MIN_RUNS_FOR_TEST, MIN_RUNS_FOR_TEST);
  }

  private static String ratio(double a, double b) {
    if (Double.isNaN(a) || Double.isNaN(b) || a == 0) {
      return "-";
    }
    return String.format(Locale.ROOT, "%.2f", b / a);
  }

  private static String ms(double us) {
    if (Double.isNaN(us)) {
      return "-";
    }
    double ms = us / 1000;
    return String.format(Locale.ROOT, ms < 1 ? "%.3f" : ms < 100 ? "%.2f" : "%.1f", ms);
  }

  /** A thread count; "?" when the result does not say (stock YCSB's JSON exports). */
  private static String t(int threads) {
    return threads == 0 ? "?" : String.valueOf(threads);
  }

  /** One line of the comparison: a thread count (pair) and an operation, every run's throughput of each side. */
  record Row(String threads, String op, double[] ta, double[] tb, double p95a, double p95b, double p99a, double p99b) {
  }

  static boolean repeats(Side a, Side b, List<int[]> pairs) {
    return pairs.stream().anyMatch(p -> a.at(p[0]).size() > 1 || b.at(p[1]).size() > 1);
  }

  static boolean testable(Side a, Side b, List<int[]> pairs) {
    return pairs.stream()
        .allMatch(p -> a.at(p[0]).size() >= MIN_RUNS_FOR_TEST && b.at(p[1]).size() >= MIN_RUNS_FOR_TEST);
  }

  static List<Row> rows(Side a, Side b, List<int[]> pairs) {
    List<String> ops = new ArrayList<>();
    ops.add("OVERALL");
    ops.addAll(a.operations());
    List<Row> rows = new ArrayList<>();
    for (int[] p : pairs) {
      List<Side.Sample> sa = a.at(p[0]);
      List<Side.Sample> sb2 = b.at(p[1]);
      String threads = p[0] == p[1] ? t(p[0]) : t(p[0]) + "/" + t(p[1]);
      for (String op : ops) {
        rows.add(new Row(threads, op, throughputs(sa, op), throughputs(sb2, op), mean(values(sa, op, OpStats::p95)),
            mean(values(sb2, op, OpStats::p95)), mean(values(sa, op, OpStats::p99)), mean(values(sb2, op, OpStats::p99))));
      }
    }
    return rows;
  }

  static String table(Side a, Side b, List<int[]> pairs) {
    boolean repeats = repeats(a, b, pairs);
    boolean testable = testable(a, b, pairs);
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "%8s %-18s %12s%s %12s%s %6s %9s %9s %6s %9s %9s %6s%s%n", "threads",
        "operation", "A ops/s", repeats ? String.format("%9s", "spread") : "", "B ops/s",
        repeats ? String.format("%9s", "spread") : "", "B/A", "A p95 ms", "B p95 ms", "B/A", "A p99 ms",
        "B p99 ms", "B/A", testable ? "  Welch t-test (ops/s), 95% CI of B/A" : ""));
    for (Row r : rows(a, b, pairs)) {
      sb.append(String.format(Locale.ROOT, "%8s %-18s %12.0f%s %12.0f%s %6s %9s %9s %6s %9s %9s %6s%s%n",
          r.threads(), r.op(), mean(r.ta()), repeats ? String.format("%9s", spread(r.ta())) : "",
          mean(r.tb()), repeats ? String.format("%9s", spread(r.tb())) : "", ratio(mean(r.ta()), mean(r.tb())),
          ms(r.p95a()), ms(r.p95b()), ratio(r.p95a(), r.p95b()), ms(r.p99a()), ms(r.p99b()), ratio(r.p99a(), r.p99b()),
          testable ? "  " + significance(r.ta(), r.tb()) : ""));
    }
    sb.append("(OVERALL latency columns: the slowest operation's)\n");
    if (repeats && !testable) {
      sb.append(tooFewRunsLine(a, b, pairs));
    }
    return sb.toString();
  }

  /** The B/A table as HTML: ops/s, p95 and p99 each with A, B and B/A; the spread, Welch's p and the CI when present. */
  static String htmlTable(Side a, Side b, List<int[]> pairs) {
    boolean repeats = repeats(a, b, pairs);
    boolean testable = testable(a, b, pairs);
    StringBuilder sb = new StringBuilder("<div class=\"table-wrap\"><table class=\"results\" id=\"ratios\">"
        + "<caption>B/A per thread count and operation (A = " + ReportHtml.esc(a.label) + ", B = "
        + ReportHtml.esc(b.label) + "; OVERALL latency columns: the slowest operation's)</caption>\n<thead><tr>"
        + "<th rowspan=\"2\" class=\"num\">threads</th><th rowspan=\"2\">operation</th>");
    sb.append("<th colspan=\"").append(repeats ? 5 : 3).append("\" class=\"num\">ops/s</th>")
        .append("<th colspan=\"3\" class=\"num\">p95 ms</th><th colspan=\"3\" class=\"num\">p99 ms</th>");
    if (testable) {
      sb.append("<th colspan=\"2\">Welch t-test on ops/s</th>");
    }
    sb.append("</tr>\n<tr><th class=\"num\">A</th>");
    if (repeats) {
      sb.append("<th class=\"num\">A ± sd</th>");
    }
    sb.append("<th class=\"num\">B</th>");
    if (repeats) {
      sb.append("<th class=\"num\">B ± sd</th>");
    }
    sb.append("<th class=\"num\">B/A</th><th class=\"num\">A</th><th class=\"num\">B</th><th class=\"num\">B/A</th>"
        + "<th class=\"num\">A</th><th class=\"num\">B</th><th class=\"num\">B/A</th>");
    if (testable) {
      sb.append("<th>p</th><th class=\"num ci\">95% CI of B/A</th>");
    }
    sb.append("</tr></thead>\n<tbody>\n");
    String previous = null;
    for (Row r : rows(a, b, pairs)) {
      boolean first = !r.threads().equals(previous);
      previous = r.threads();
      sb.append(first ? "<tr class=\"first-op\">" : "<tr>").append(ReportHtml.num(first ? r.threads() : ""))
          .append("<td>").append(ReportHtml.esc(r.op())).append("</td>")
          .append(ReportHtml.num(ReportHtml.ops(mean(r.ta()))));
      if (repeats) {
        sb.append(ReportHtml.num(spread(r.ta())));
      }
      sb.append(ReportHtml.num(ReportHtml.ops(mean(r.tb()))));
      if (repeats) {
        sb.append(ReportHtml.num(spread(r.tb())));
      }
      sb.append("<td class=\"num ratio\"><b>").append(ratio(mean(r.ta()), mean(r.tb()))).append("</b></td>")
          .append(ReportHtml.num(ms(r.p95a()))).append(ReportHtml.num(ms(r.p95b())))
          .append(ReportHtml.num(ratio(r.p95a(), r.p95b())))
          .append(ReportHtml.num(ms(r.p99a()))).append(ReportHtml.num(ms(r.p99b())))
          .append(ReportHtml.num(ratio(r.p99a(), r.p99b())));
      if (testable) {
        String sig = significance(r.ta(), r.tb());
        int ci = sig.indexOf("  CI ");
        sb.append("<td>").append(ReportHtml.esc(ci < 0 ? sig : sig.substring(0, ci))).append("</td>")
            .append("<td class=\"num ci\">").append(ReportHtml.esc(ci < 0 ? "" : sig.substring(ci + 5)))
            .append("</td>");
      }
      sb.append("</tr>\n");
    }
    return sb.append("</tbody></table></div>\n").toString();
  }

  /**
   * The setup above the charts: both sides' fingerprints grouped into rows; a row the same on
   * both sides is shown once across both columns, and in a row that differs the differing
   * entries are highlighted (strongly when they are a dimension the first line counts, lightly
   * when they are not one: a thread count, a database name).
   */
  static String setupTable(Side a, Side b) {
    Diff d = a.hasFingerprint() && b.hasFingerprint() ? diff(a, b) : new Diff(java.util.Map.of(), List.of(), Set.of());
    java.util.Map<String, java.util.Map<String, String>> ga = ReportHtml.groups(a.fingerprint);
    java.util.Map<String, java.util.Map<String, String>> gb = ReportHtml.groups(b.fingerprint);
    StringBuilder sb = new StringBuilder("<table class=\"setup compare\" id=\"setup\"><caption>Setup: A and B"
        + " (differences highlighted)</caption>\n<thead><tr><th></th><th class=\"side\">A = ")
        .append(ReportHtml.esc(a.label)).append("</th><th class=\"side\">B = ").append(ReportHtml.esc(b.label))
        .append("</th></tr></thead>\n<tbody>\n");
    sb.append(ReportHtml.row("source", List.of("<td>" + ReportHtml.esc(a.describe()) + "</td>",
        "<td>" + ReportHtml.esc(b.describe()) + "</td>"), null));
    for (String g : ReportHtml.GROUPS) {
      java.util.Map<String, String> ma = ga.get(g);
      java.util.Map<String, String> mb = gb.get(g);
      if (ma.isEmpty() && mb.isEmpty()) {
        continue;
      }
      if (ma.equals(mb)) {
        StringBuilder cell = new StringBuilder("<td colspan=\"2\" class=\"same\">");
        ma.forEach((k, v) -> cell.append(ReportHtml.kv(ReportHtml.shortKey(g, k), v, null)));
        sb.append(ReportHtml.row(g, List.of(cell.append("</td>").toString()), "fp same"));
        continue;
      }
      List<String> cells = new ArrayList<>();
      for (java.util.Map<String, String> m : List.of(ma, mb)) {
        java.util.Map<String, String> other = m == ma ? mb : ma;
        StringBuilder cell = new StringBuilder("<td>");
        m.forEach((k, v) -> {
          String mark = v.equals(other.get(k)) ? null : d.keys().contains(k) ? "differ" : "minor";
          cell.append(ReportHtml.kv(ReportHtml.shortKey(g, k), v, mark));
        });
        other.keySet().stream().filter(k -> !m.containsKey(k)).forEach(k -> cell.append(
            ReportHtml.kv(ReportHtml.shortKey(g, k), "(absent)", d.keys().contains(k) ? "differ" : "minor")));
        cells.add(cell.append("</td>").toString());
      }
      sb.append(ReportHtml.row(g, cells, "fp differs"));
    }
    List<String> verdicts = new ArrayList<>();
    for (Side s : List.of(a, b)) {
      verdicts.add("<td>" + ReportHtml.esc(s.verdict == null ? "-" : s.verdict) + "</td>");
    }
    if (a.verdict != null || b.verdict != null) {
      sb.append(ReportHtml.row("sweep verdict", verdicts, null));
    }
    return sb.append("</tbody></table>\n").toString();
  }

  /** The min..max of the values as {lo, hi}; NaN, NaN below two values. */
  private static double[] minMax(double[] v) {
    if (v.length < 2) {
      return new double[] {Double.NaN, Double.NaN};
    }
    return new double[] {java.util.Arrays.stream(v).min().orElseThrow(), java.util.Arrays.stream(v).max().orElseThrow()};
  }

  /** Throughput and p99 against threads, one line per side, each with the min..max of its runs. */
  static List<String> charts(Side a, Side b, List<int[]> pairs) {
    List<Charts.Series> tput = new ArrayList<>();
    List<Charts.Series> p99 = new ArrayList<>();
    for (Side s : List.of(a, b)) {
      boolean isA = s == a;
      int[] t = pairs.stream().mapToInt(p -> Math.max(1, isA ? p[0] : p[1])).toArray();
      double[] y = new double[t.length];
      double[] yLo = new double[t.length];
      double[] yHi = new double[t.length];
      double[] l = new double[t.length];
      double[] lLo = new double[t.length];
      double[] lHi = new double[t.length];
      int[] runs = new int[t.length];
      for (int i = 0; i < t.length; i++) {
        List<Side.Sample> at = s.at(isA ? pairs.get(i)[0] : pairs.get(i)[1]);
        double[] tp = throughputs(at, "OVERALL");
        double[] lat = values(at, "OVERALL", OpStats::p99);
        y[i] = mean(tp);
        l[i] = mean(lat) / 1000.0;
        double[] mm = minMax(tp);
        yLo[i] = mm[0];
        yHi[i] = mm[1];
        mm = minMax(lat);
        lLo[i] = mm[0] / 1000.0;
        lHi[i] = mm[1] / 1000.0;
        runs[i] = at.size();
      }
      tput.add(new Charts.Series(s.label, t, y, yLo, yHi, runs));
      p99.add(new Charts.Series(s.label, t, l, lLo, lHi, runs));
    }
    return List.of(Charts.threadsChart("throughput-chart", "throughput: " + a.label + " vs " + b.label, "ops/s", tput,
        Charts.Marks.NONE),
        Charts.threadsChart("latency-chart", "p99 latency (slowest operation): " + a.label + " vs " + b.label, "p99 ms",
            p99, Charts.Marks.NONE));
  }

  /** The page: setup, the fingerprint line directly above the charts, the B/A table. */
  static String page(Side a, Side b, List<int[]> pairs, String headline, String text) {
    boolean repeats = repeats(a, b, pairs);
    boolean testable = testable(a, b, pairs);
    List<String> svgs = charts(a, b, pairs);
    String spread = repeats ? "points: mean over the runs; bars: min–max of each side's runs"
        : "points: one run a side per thread count (no spread)";
    StringBuilder sb = new StringBuilder(setupTable(a, b));
    sb.append("<section class=\"result\">\n<div class=\"verdict").append(headline.startsWith("WARNING")
        || headline.startsWith("note") ? " warn" : "").append("\" id=\"verdict\">").append(ReportHtml.esc(headline));
    if (repeats && !testable) {
      sb.append("<div class=\"note\">").append(ReportHtml.esc(tooFewRunsLine(a, b, pairs).trim())).append("</div>");
    }
    sb.append("</div>\n");
    sb.append("<div class=\"charts\"><figure class=\"chart\" id=\"throughput\">").append(svgs.get(0)).append("<figcaption>")
        .append(ReportHtml.esc(spread + ".")).append("</figcaption></figure>\n");
    sb.append("<figure class=\"chart\" id=\"latency\">").append(svgs.get(1)).append("<figcaption>")
        .append(ReportHtml.esc(spread + "; the slowest operation's p99 of each run.")).append("</figcaption></figure></div>\n");
    sb.append("</section>\n<h2>B/A</h2>\n").append(htmlTable(a, b, pairs));
    sb.append(ReportHtml.asPrinted(text));
    return ReportHtml.page("YCSB-X compare: " + a.label + " vs " + b.label, sb.toString());
  }
}
