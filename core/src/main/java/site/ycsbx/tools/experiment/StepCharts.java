package site.ycsbx.tools.experiment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import site.ycsbx.report.Figure;
import site.ycsbx.report.ReportHtml;
import site.ycsbx.util.UserError;

/**
 * The charts of a step on {@code experiment.html}, each also written as
 * {@code charts/<step>-<kind>.svg} and {@code .png} in the experiment's folder (for a blog; the
 * SVG is the page's element): the rate over time in the table's unit and the p99 over time of
 * its main operations ({@link TimeCharts}), the latency percentiles and the response-time
 * histogram per target, and where the step has a thread list its rate and p99 against threads
 * with each target's knee. Every figure says its unit in {@code data-unit}.
 */
final class StepCharts {
  static final String DIR = "charts";

  private final Path dir;
  /** A finished cell's run folder does not change: its trace is read once per experiment start. */
  private final Map<String, CellTrace> traces = new HashMap<>();
  /** The same for a cell's response-time histogram, keyed by cell and operation. */
  private final Map<String, long[]> histograms = new HashMap<>();
  /**
   * The SVG last written per chart file: an unchanged chart (its SVG is the same text, Charts#svg)
   * is not drawn into a PNG again, nor after a restart (its file is compared).
   */
  private final Map<String, String> written = new HashMap<>();

  StepCharts(Path dir) {
    this.dir = dir;
  }

  String html(Step s, List<Target> targets, List<StepTable.Row> rows, List<Outcome> outcomes, String rate,
      java.io.PrintStream err) {
    StringBuilder sb = new StringBuilder();
    String rateName = StepTable.rateName(rate);
    String op = StepTable.latencyOp(s, rows);
    Map<String, List<TimeCharts.Cell>> cells = new LinkedHashMap<>();
    for (Target t : targets) {
      List<TimeCharts.Cell> list = new ArrayList<>();
      // outcomes are in the order the cells ran: so are a target's cells on the chart
      outcomes.stream().filter(o -> o.ok() && o.cell().target().equals(t))
          .forEach(o -> list.add(new TimeCharts.Cell(o, trace(o.cell()))));
      if (!list.isEmpty()) {
        cells.put(t.name(), list);
      }
    }
    TimeCharts.Drawn time = TimeCharts.draw(s, rate, op, cells);
    if (time.note() != null) {
      sb.append("<p class=\"note no-time-chart\" data-step=\"").append(ReportHtml.esc(s.name())).append("\">")
          .append(ReportHtml.esc(time.note())).append("</p>\n<div class=\"charts\">\n");
    } else {
      sb.append("<div class=\"charts\">\n");
      sb.append(figure(s, ExperimentPage.OVER_TIME, null, rateName, time.rate(), time.caption(), err));
      time.latency().forEach((o, f) -> sb.append(figure(s, ExperimentPage.LATENCY_OVER_TIME, o, "ms", f, "the p99 of "
          + o + " per interval, in ms; a target's cells as on the chart of " + rateName, err)));
    }
    Map<String, double[]> pct = new LinkedHashMap<>();
    for (StepTable.Row r : rows) {
      if (!r.ok().isEmpty()) {
        String label = s.threads().size() > 1 ? r.target().name() + " t" + r.threads() : r.target().name();
        double[] v = new double[ExperimentCharts.PERCENTILES.length];
        for (int i = 0; i < v.length; i++) {
          v[i] = r.mean(op + "." + ExperimentCharts.PERCENTILES[i] + "_us") / 1000.0;
        }
        pct.put(label, v);
      }
    }
    sb.append(figure(s, ExperimentPage.LATENCY, null, "ms", ExperimentCharts.latencyBars(ExperimentCharts.id(s.name(),
        ExperimentPage.LATENCY), s.name() + ": " + op + " latency", pct), "p50, p95 and p99 of " + op + " (the step's"
        + " busiest operation) per target" + (s.threads().size() > 1 ? " and thread count" : "")
        + (s.repeats() > 1 ? ", the mean over repeats" : ""), err));
    Map<String, long[]> hist = new LinkedHashMap<>();
    for (Target t : targets) {
      long[] sum = new long[ExperimentCharts.BUCKETS];
      outcomes.stream().filter(o -> o.ok() && o.cell().target().equals(t)).map(o -> histogram(o.cell(), op))
          .forEach(c -> java.util.Arrays.setAll(sum, b -> sum[b] + c[b]));
      if (java.util.Arrays.stream(sum).sum() > 0) {
        hist.put(t.name(), sum);
      }
    }
    sb.append(figure(s, ExperimentPage.RESPONSE_TIMES, null, "%", ExperimentCharts.responseTimes(ExperimentCharts.id(
        s.name(), ExperimentPage.RESPONSE_TIMES), s.name() + ": " + op + " response times", hist), "the share of each"
        + " target's " + op + " calls per response time, in buckets that double (upper bound in ms), every cell of the"
        + " step added", err));
    if (s.threads().size() > 1) {
      sb.append(threads(s, targets, rows, rate, op, err));
    }
    return sb.append("</div>\n").toString();
  }

  /** Rate and p99 against threads, each target's knee drawn where it is judged (from {@value StepTable#KNEE_THREADS} counts). */
  private String threads(Step s, List<Target> targets, List<StepTable.Row> rows, String rate, String op,
      java.io.PrintStream err) {
    Map<String, TreeMap<Integer, double[]>> rates = new LinkedHashMap<>();
    Map<String, TreeMap<Integer, double[]>> p99 = new LinkedHashMap<>();
    Map<String, Integer> kneeAt = new LinkedHashMap<>();
    List<String> knees = new ArrayList<>();
    for (Target t : targets) {
      TreeMap<Integer, double[]> tr = new TreeMap<>();
      TreeMap<Integer, double[]> tp = new TreeMap<>();
      for (StepTable.Row r : rows) {
        if (r.target().equals(t) && !r.ok().isEmpty()) {
          tr.put(r.threads(), r.ok().stream().mapToDouble(o -> o.result().get(rate)).toArray());
          tp.put(r.threads(), r.ok().stream().mapToDouble(o -> o.result().get(op + ".p99_us")).toArray());
        }
      }
      if (!tr.isEmpty()) {
        rates.put(t.name(), tr);
        p99.put(t.name(), tp);
        knees.add(t.name() + " " + StepTable.knee(tr));
        int at = StepTable.kneeThreads(tr);
        if (at > 0 && s.threads().size() >= StepTable.KNEE_THREADS) {
          kneeAt.put(t.name(), at);
        }
      }
    }
    if (s.threads().size() < StepTable.KNEE_THREADS) {
      knees = List.of("not judged (it takes " + StepTable.KNEE_THREADS + " thread counts or more)");
    }
    String rateName = StepTable.rateName(rate);
    String spread = s.repeats() > 1 ? "points: the mean over repeats; bars: their range" : "one run per point";
    return figure(s, ExperimentPage.THREADS_RATE, null, rateName, ExperimentCharts.vsThreads(ExperimentCharts.id(
        s.name(), ExperimentPage.THREADS_RATE), s.name() + ": " + rateName + " vs threads", rateName, rates, 1, kneeAt),
        spread + "; knee: " + String.join(", ", knees) + (kneeAt.isEmpty() ? "" : " (dashed, in the target's colour)"),
        err)
        + figure(s, ExperimentPage.THREADS_P99, null, "ms", ExperimentCharts.vsThreads(ExperimentCharts.id(s.name(),
        ExperimentPage.THREADS_P99), s.name() + ": " + op + " p99 vs threads", "p99 (ms)", p99, 1000, kneeAt), spread
        + "; the knees of " + rateName, err);
  }

  /**
   * A chart's figure on the page, and its files: {@code charts/<step>-<kind>[-<op>].svg/png}.
   * A file that cannot be written is one line on {@code err}; the page still shows the chart.
   */
  private String figure(Step s, String kind, String op, String unit, Figure f, String caption,
      java.io.PrintStream err) {
    String svg = f.svg();
    String name = file(s.name(), kind, op);
    if (!svg.equals(written.get(name))) {
      try {
        if (!Figure.same(dir.resolve(DIR), name, svg)) {
          f.write(dir.resolve(DIR), name, svg);
        }
        written.put(name, svg);
      } catch (IOException | RuntimeException e) {
        err.println("experiment: cannot write " + dir.resolve(DIR).resolve(name) + ".svg/.png: " + e);
      }
    }
    return "<figure class=\"chart\" data-kind=\"" + kind + "\"" + (op == null ? "" : " data-op=\"" + ReportHtml.esc(op)
        + "\"") + " data-unit=\"" + ReportHtml.esc(unit) + "\" data-file=\"" + ReportHtml.esc(DIR + "/" + name)
        + "\">" + svg + "<figcaption>" + ReportHtml.esc(caption + ".") + " <a href=\"" + ReportHtml.esc(DIR + "/" + name)
        + ".svg\">SVG</a> <a href=\"" + ReportHtml.esc(DIR + "/" + name) + ".png\">PNG</a></figcaption></figure>\n";
  }

  /** A chart file's name without its extension: letters, digits, '.', '-' and '_' only. */
  static String file(String step, String kind, String op) {
    return (step + "-" + kind + (op == null ? "" : "-" + op)).replaceAll("[^A-Za-z0-9._-]", "_");
  }

  private CellTrace trace(Cell c) {
    return traces.computeIfAbsent(c.id(), id -> {
      try {
        return CellTrace.read(cellDir(c));
      } catch (UserError e) {
        return CellTrace.EMPTY;
      }
    });
  }

  private long[] histogram(Cell c, String op) {
    return histograms.computeIfAbsent(c.id() + "/" + op, k -> {
      try {
        return ExperimentCharts.histogram(cellDir(c), op);
      } catch (UserError e) {
        return new long[ExperimentCharts.BUCKETS];
      }
    });
  }

  private Path cellDir(Cell c) {
    return dir.resolve(Ledger.CELLS).resolve(c.id());
  }
}
