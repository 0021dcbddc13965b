package site.ycsbx.tools.compare;

import static site.ycsbx.tools.compare.CompareTable.ms;
import static site.ycsbx.tools.compare.Statistics.mean;
import static site.ycsbx.tools.compare.Statistics.minMax;
import static site.ycsbx.tools.compare.Statistics.ratio;
import static site.ycsbx.tools.compare.Statistics.significance;
import static site.ycsbx.tools.compare.Statistics.spread;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import site.ycsbx.report.Charts;
import site.ycsbx.report.ReportHtml;
import site.ycsbx.results.OpStats;

/**
 * The HTML page of a comparison: both setups with their differences highlighted, the fingerprint
 * line above the throughput and latency charts, the B/A table, and the console text as printed.
 */
final class ComparePage {
  private ComparePage() {
  }

  /** The page: setup, the fingerprint line directly above the charts, the B/A table. */
  static String page(Side a, Side b, List<int[]> pairs, String headline, String text) {
    boolean repeats = CompareTable.repeats(a, b, pairs);
    boolean testable = CompareTable.testable(a, b, pairs);
    List<String> svgs = charts(a, b, pairs);
    String spread = repeats ? "points: mean over the runs; bars: min–max of each side's runs"
        : "points: one run a side per thread count (no spread)";
    StringBuilder sb = new StringBuilder(setupTable(a, b));
    sb.append("<section class=\"result\">\n<div class=\"verdict").append(headline.startsWith("WARNING")
        || headline.startsWith("note") ? " warn" : "").append("\" id=\"verdict\">").append(ReportHtml.esc(headline));
    if (!testable) {
      sb.append("<div class=\"note\" id=\"runs-note\">").append(ReportHtml.esc(CompareTable.tooFewRunsLine(a, b, pairs).trim()))
          .append("</div>");
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

  /** The B/A table as HTML: ops/s, p95 and p99 each with A, B and B/A; the spread, Welch's p and the CI when present. */
  static String htmlTable(Side a, Side b, List<int[]> pairs) {
    boolean repeats = CompareTable.repeats(a, b, pairs);
    boolean testable = CompareTable.testable(a, b, pairs);
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
    for (CompareTable.Row r : CompareTable.rows(a, b, pairs)) {
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
    Comparability.Diff d = a.hasFingerprint() && b.hasFingerprint() ? Comparability.diff(a, b)
        : Comparability.Diff.NONE;
    Map<String, Map<String, String>> ga = ReportHtml.groups(a.fingerprint);
    Map<String, Map<String, String>> gb = ReportHtml.groups(b.fingerprint);
    StringBuilder sb = new StringBuilder("<table class=\"setup compare\" id=\"setup\"><caption>Setup: A and B"
        + " (differences highlighted)</caption>\n<thead><tr><th></th><th class=\"side\">A = ")
        .append(ReportHtml.esc(a.label)).append("</th><th class=\"side\">B = ").append(ReportHtml.esc(b.label))
        .append("</th></tr></thead>\n<tbody>\n");
    sb.append(ReportHtml.row("source", List.of("<td>" + ReportHtml.esc(a.describe()) + "</td>",
        "<td>" + ReportHtml.esc(b.describe()) + "</td>"), null));
    for (String g : ReportHtml.GROUPS) {
      Map<String, String> ma = ga.get(g);
      Map<String, String> mb = gb.get(g);
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
      for (Map<String, String> m : List.of(ma, mb)) {
        Map<String, String> other = m == ma ? mb : ma;
        StringBuilder cell = new StringBuilder("<td>");
        // the entries that differ first, then those the two sides share
        for (boolean differing : List.of(true, false)) {
          m.forEach((k, v) -> {
            if (v.equals(other.get(k)) == differing) {
              return;
            }
            String mark = v.equals(other.get(k)) ? null : d.keys().contains(k) ? "differ" : "minor";
            cell.append(ReportHtml.kv(ReportHtml.shortKey(g, k), v, mark));
          });
        }
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
        double[] tp = Side.throughputs(at, "OVERALL");
        double[] lat = Side.values(at, "OVERALL", OpStats::p99);
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
}
