package site.ycsbx.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeMap;
import site.ycsbx.results.RateUnit;

/**
 * The charts of each operation on a run's {@code report.html}: throughput and p50/p99 over time (a
 * point per interval of its log) and the latency percentile distribution of the whole run. A run
 * whose logs hold fewer than {@value #MIN_POINTS} intervals (a 1.2 s run logged at 10 s: one) has
 * no course over time to draw: its charts over time are left out, and one sentence says why and how
 * to get per-second points; the distribution, of every call, stays.
 */
final class OpCharts {
  /** Fewer points than this are a dot or a segment, not a course over time. */
  static final int MIN_POINTS = 3;

  private OpCharts() {
  }

  /** Each operation's charts; {@code seconds}: the run's length, for the sentence of a short run. */
  static String html(List<RunReport.OpLog> logs, double seconds) {
    int points = logs.stream().mapToInt(l -> l.points.size()).max().orElse(0);
    boolean overTime = points >= MIN_POINTS;
    StringBuilder sb = new StringBuilder();
    if (!overTime && points > 0) {
      sb.append("<p class=\"note no-time-chart\">").append(ReportHtml.esc(String.format(Locale.ROOT, "No charts over"
          + " time: the run's %.1f s fit in %d interval%s of its logs (ycsbx.interval, 10 s unless set), a dot rather"
          + " than a course. -p ycsbx.interval=%s gives 5 points or more.", seconds, points, points == 1 ? "" : "s",
          suggested(seconds))))
          .append("</p>\n");
    }
    logs.forEach(l -> sb.append(charts(l, overTime)));
    return sb.toString();
  }

  /**
   * The run's rate over time in its family's unit, as the header's rate counts it (iibench's
   * rows/s: the calls of INSERT_TXN times its rows per call, {@link RateUnit}), in a
   * {@code div.ycsbx-rate-chart[data-unit]}; empty for a family without a rate of its own (YCSB's
   * ops/s: each operation's chart has it) or a run of too few points.
   */
  static String rateChart(JsonNode result, List<RunReport.OpLog> logs) {
    RateLine r = rateLine(result, logs);
    if (r == null || r.line().seconds().length < MIN_POINTS) {
      return "";
    }
    return "<h3 id=\"rate\">" + ReportHtml.esc(r.unit()) + " over time</h3>\n<div class=\"op-charts\"><div class=\"ycsbx-rate-chart\""
        + " data-unit=\"" + ReportHtml.esc(r.unit()) + "\" data-points=\"" + r.line().seconds().length + "\">"
        + RunCharts.timeChart("chart-rate", r.unit() + " over time", r.unit(), List.of(r.line())) + "</div></div>\n"
        + "<p class=\"note\">" + ReportHtml.esc("The run's " + r.unit() + " per interval, as its summary counts them: the"
        + " calls of " + String.join(", ", r.ops()) + (r.perCall() != 1 ? String.format(Locale.ROOT, " times %.4g %s"
        + " per call (the headline's %s over their calls)", r.perCall(), r.counted(), r.counted()) : "") + ".")
        + "</p>\n";
  }

  /** The run's rate over time: its unit, the operations it counts, units per call, the line. */
  record RateLine(String counted, String unit, Set<String> ops, double perCall, RunCharts.Line line) {
  }

  /** The family's rate per point of the logs; null for a run whose headline has no rate (YCSB's workloads). */
  static RateLine rateLine(JsonNode result, List<RunReport.OpLog> logs) {
    JsonNode h = result.path("headline");
    String rate = null;
    for (java.util.Iterator<String> it = h.fieldNames(); it.hasNext() && rate == null;) {
      String k = it.next();
      rate = k.endsWith("_s") && h.path(k).isNumber() ? k : null;
    }
    if (rate == null) {
      return null;
    }
    Set<String> ops = RateUnit.operations(rate, logs.stream().map(l -> l.op).toList());
    List<RunReport.OpLog> counted = logs.stream().filter(l -> ops.contains(l.op) && l.total != null).toList();
    double calls = counted.stream().mapToDouble(l -> l.total.getTotalCount()).sum();
    String name = RateUnit.counted(rate);
    double perCall = RateUnit.perCall(rate, h.path(name).asDouble(Double.NaN), calls);
    // the logs of one run share their interval boundaries: points are matched by their end
    TreeMap<Long, Double> perSecond = new TreeMap<>();
    counted.forEach(l -> l.points.forEach(p -> perSecond.merge(Math.round(p[0] * 1000), Double.isNaN(p[1]) ? 0
        : p[1] * perCall, Double::sum)));
    String unit = name + "/s";
    return new RateLine(name, unit, ops, perCall, new RunCharts.Line(unit, perSecond.keySet().stream()
        .mapToDouble(ms -> ms / 1000.0).toArray(), perSecond.values().stream().mapToDouble(Double::doubleValue).toArray()));
  }

  /** A ycsbx.interval that gives a run of {@code seconds} 5 points or more: 1, 0.5, 0.2 or 0.1 s. */
  static String suggested(double seconds) {
    for (String v : new String[] {"1", "0.5", "0.2"}) {
      if (Double.parseDouble(v) * 5 <= seconds) {
        return v;
      }
    }
    return "0.1";
  }

  /** An operation's charts. Under -target the Intended- log is left out of them (see the table). */
  private static String charts(RunReport.OpLog l, boolean overTime) {
    if (l.points.isEmpty()) {
      return "";
    }
    String op = l.op;
    // each chart's unit from what it draws: ms once its largest latency reaches 10 ms (five-digit
    // µs ticks, up to 70,000, read badly), µs below (a p99 of 5 µs must not read 0.005 ms); the
    // tables stay in µs
    double highest = Arrays.stream(l.column(3, 1)).filter(v -> !Double.isNaN(v)).max().orElse(0);
    double timeUnit = highest >= RunReport.MS_FROM_US ? 1000 : 1;
    double totalUnit = l.total.getMaxValue() >= RunReport.MS_FROM_US ? 1000 : 1;
    double[] t = l.column(0, 1);
    List<RunCharts.Line> latency = List.of(new RunCharts.Line("p50", t, l.column(2, timeUnit)),
        new RunCharts.Line("p99", t, l.column(3, timeUnit)));
    int n = t.length;
    String id = "chart-" + op.replaceAll("[^A-Za-z0-9_-]", "_");
    StringBuilder sb = new StringBuilder("<h3 id=\"op-").append(ReportHtml.esc(op.replaceAll("[^A-Za-z0-9_-]", "_")))
        .append("\">").append(ReportHtml.esc(op)).append("</h3>\n<div class=\"op-charts\">\n");
    if (overTime) {
      sb.append(chart(op, RunReport.THROUGHPUT, n, null, RunCharts.timeChart(id + "-" + RunReport.THROUGHPUT, op
          + ": throughput", "ops/s", List.of(new RunCharts.Line("ops/s", t, l.column(1, 1))))));
      sb.append(chart(op, RunReport.LATENCY, n, unitName(timeUnit), RunCharts.timeChart(id + "-" + RunReport.LATENCY,
          op + ": latency over time", "latency (" + unitLabel(timeUnit) + ")", latency)));
    }
    sb.append(l.total.getTotalCount() == 0 ? ""
        : chart(op, RunReport.PERCENTILES, l.total.getTotalCount(), unitName(totalUnit), RunCharts.percentileChart(id
            + "-" + RunReport.PERCENTILES, op + ": latency by percentile", "latency (" + unitLabel(totalUnit) + ")",
            l.total, totalUnit)));
    return sb.append("</div>\n").toString();
  }

  private static String unitName(double unit) {
    return unit == 1 ? "us" : "ms";
  }

  private static String unitLabel(double unit) {
    return unit == 1 ? "µs" : "ms";
  }

  /** A chart's div; {@code unit}: the latency axis's (us or ms; its label is drawn as outlines), null for none. */
  private static String chart(String op, String kind, long points, String unit, String svg) {
    return "<div class=\"ycsbx-chart\" data-op=\"" + ReportHtml.esc(op) + "\" data-kind=\"" + kind + "\" data-points=\""
        + points + "\"" + (unit == null ? "" : " data-unit=\"" + unit + "\"") + ">" + svg + "</div>\n";
  }
}
