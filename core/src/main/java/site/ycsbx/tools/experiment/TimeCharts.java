package site.ycsbx.tools.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import site.ycsbx.report.Figure;
import site.ycsbx.report.RunCharts;
import site.ycsbx.results.RateUnit;

/**
 * A step's charts over time: its rate in the table's unit (rows/s, links/s, requests/s,
 * transactions/s, ops/s: {@link RateUnit}) and the p99 of its main operations, a line per
 * target, a target's cells one after the other in the order they ran; filemeta's writers' window
 * shaded. A cell of fewer than {@value #MIN_POINTS} intervals has no course to draw (a 6 s cell
 * logged at 10 s is one point): it is left out, and a step with no other gets no time chart but a
 * sentence saying why and how to get per-second points.
 */
final class TimeCharts {
  /** Points of one target's line: a day's cells at 1 s intervals keep the page a few MB. */
  static final int MAX_POINTS = 1000;
  /** Fewer intervals than this are a dot or a segment, not a course over time. */
  static final int MIN_POINTS = 3;
  /** Latency lines for at most this many operations, the step's latency operation first. */
  static final int MAX_OPS = 3;
  /** An operation with fewer calls than this share of the step's gets no latency line of its own. */
  static final double MIN_SHARE = 0.05;
  /** Points whose mean is further than this from the table's figure are said to differ, and why. */
  static final double AGREE = 0.10;
  static final String WRITER_START = "filemeta.writer.start";
  static final String WRITER_SECONDS = "filemeta.writer.seconds";

  private TimeCharts() {
  }

  /** A finished cell with its trace. */
  record Cell(Outcome outcome, CellTrace trace) {
  }

  /** What a step's time charts drew or why they drew nothing: {@code note} set when the step has no chart. */
  record Drawn(Figure rate, Map<String, Figure> latency, String caption, String note) {
  }

  /**
   * The step's charts over time from its finished cells (per target, in the order they ran).
   *
   * @param rate the figure the step's table shows ({@link StepTable#rateFigure})
   * @param latencyOp the operation the table's latency columns show
   */
  static Drawn draw(Step s, String rate, String latencyOp, Map<String, List<Cell>> perTarget) {
    String unit = StepTable.rateName(rate);
    List<String> short_ = new ArrayList<>();
    double shortest = Double.MAX_VALUE;
    double longest = 0;
    Map<String, List<Cell>> shown = new LinkedHashMap<>();
    Set<String> present = new TreeSet<>();
    for (Map.Entry<String, List<Cell>> e : perTarget.entrySet()) {
      for (Cell c : e.getValue()) {
        shortest = Math.min(shortest, c.trace().seconds());
        longest = Math.max(longest, c.trace().seconds());
        if (c.trace().intervals() < MIN_POINTS) {
          short_.add(c.outcome().cell().id());
        } else {
          shown.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(c);
          present.addAll(c.trace().calls().keySet());
        }
      }
    }
    if (shown.isEmpty()) {
      double known = perTarget.values().stream().flatMap(List::stream).filter(c -> c.trace().intervals() >= 2)
          .mapToDouble(c -> c.trace().secs()[0]).max().orElse(0);
      String note = perTarget.values().stream().allMatch(List::isEmpty) ? "No chart over time: the step's cells left"
          + " no interval logs." : String.format(Locale.ROOT, "No chart over time: the cells ran %s s, which their"
          + " interval logs hold in fewer than %d intervals (%s): a dot, not a course. -p ycsbx.interval=%s gives 5"
          + " points or more a cell.", range(shortest, longest), MIN_POINTS, known > 0 ? String.format(Locale.ROOT,
          "ycsbx.interval=%.1f s", known) : "ycsbx.interval, 10 s unless set", suggested(shortest));
      return new Drawn(null, Map.of(), null, note);
    }
    Set<String> unitOps = RateUnit.operations(rate, present);
    List<RunCharts.Line> lines = new ArrayList<>();
    for (Map.Entry<String, List<Cell>> e : shown.entrySet()) {
      lines.add(line(e.getKey(), e.getValue(), c -> {
        double perCall = RateUnit.perCall(rate, c.outcome().result().get(CellResult.HEADLINE_PREFIX
            + RateUnit.counted(rate)), c.trace().calls(unitOps));
        double[] v = new double[c.trace().intervals()];
        for (int i = 0; i < v.length; i++) {
          v[i] = c.trace().calls(unitOps, i) * perCall;
        }
        return v;
      }, true));
    }
    List<RunCharts.Window> windows = windows(s, shown);
    // each target's figure as its table rows give it (their cells' mean), drawn as a level, and said
    // where the points' own mean is not it (a table that counts its own seconds, an index build included)
    // (one thread count: a staircase of several has a figure per step, not one)
    double[] levels = new double[s.threads().size() == 1 ? lines.size() : 0];
    List<String> apart = new ArrayList<>();
    int li = 0;
    for (Map.Entry<String, List<Cell>> e : s.threads().size() == 1 ? shown.entrySet()
        : Map.<String, List<Cell>>of().entrySet()) {
      levels[li] = e.getValue().stream().mapToDouble(c -> c.outcome().result().get(rate)).filter(v -> !Double.isNaN(v))
          .average().orElse(Double.NaN);
      double secs = e.getValue().stream().mapToDouble(c -> c.trace().seconds()).sum();
      double units = 0;
      for (Cell c : e.getValue()) {
        units += c.trace().calls(unitOps) * RateUnit.perCall(rate, c.outcome().result().get(CellResult.HEADLINE_PREFIX
            + counted(rate)), c.trace().calls(unitOps));
      }
      double mean = secs > 0 ? units / secs : Double.NaN;
      if (levels[li] > 0 && Math.abs(mean / levels[li] - 1) > AGREE) {
        apart.add(String.format(Locale.ROOT, "%s's points average %s %s over %.1f s of interval logs, its table %s"
            + " (the family's count over its own seconds%s)", e.getKey(), StepTable.number(mean), unit, secs,
            StepTable.number(levels[li]), ownSeconds(e.getValue())));
      }
      li++;
    }
    Figure rateFigure = RunCharts.timeFigure(ExperimentCharts.id(s.name(), ExperimentPage.OVER_TIME), s.name() + ": "
        + unit + " over time", unit, lines, windows, levels);
    Map<String, Figure> latency = new LinkedHashMap<>();
    for (String op : latencyOps(latencyOp, shown)) {
      List<RunCharts.Line> ls = new ArrayList<>();
      shown.forEach((t, cells) -> ls.add(line(t, cells, c -> c.trace().p99us().getOrDefault(op,
          new double[c.trace().intervals()]), false)));
      latency.put(op, RunCharts.timeFigure(ExperimentCharts.id(s.name(), ExperimentPage.LATENCY_OVER_TIME + "-" + op),
          s.name() + ": " + op + " p99 over time", "p99 (ms)", ls, windows));
    }
    boolean several = s.threads().size() > 1 || s.repeats() > 1;
    double interval = shown.values().stream().flatMap(List::stream).mapToDouble(c -> c.trace().interval()).max()
        .orElse(0);
    String counted = RateUnit.counted(rate);
    String caption = unit + " per interval of " + String.format(Locale.ROOT, interval >= 1 ? "%.0f" : "%.1f",
        interval) + " s (the last, cut short by the cell's end, joined to the one before when under half as long),"
        + " counted as the table counts: the"
        + " calls of " + String.join(", ", unitOps) + (RateUnit.PER_BATCH.contains(counted) ? " times the cell's "
        + counted + " per call (its headline count over their calls)" : "")
        + (several ? "; a target's cells one after the other in the order they ran (threads, then repeats)" : "")
        + (levels.length > 0 ? "; dashed: each target's " + unit + " as its table gives it" : "")
        + (apart.isEmpty() ? "" : "; " + String.join("; ", apart))
        + (windows.isEmpty() ? "" : "; shaded: the writers' window (" + WRITER_START + ", " + WRITER_SECONDS + ")")
        + (short_.isEmpty() ? "" : "; left out, fewer than " + MIN_POINTS + " intervals: " + String.join(", ", short_));
    return new Drawn(rateFigure, latency, caption, null);
  }

  /** The step's latency operation, then its busiest others with a share of its calls, {@value #MAX_OPS} at most. */
  static List<String> latencyOps(String latencyOp, Map<String, List<Cell>> shown) {
    Map<String, Double> calls = new LinkedHashMap<>();
    shown.values().forEach(cells -> cells.forEach(c -> c.trace().calls().forEach((op, n) -> {
      if (!op.endsWith("_BATCH") && !RateUnit.NOT_WORK.contains(op)) {
        calls.merge(op, java.util.Arrays.stream(n).sum(), Double::sum);
      }
    })));
    double all = calls.values().stream().mapToDouble(Double::doubleValue).sum();
    List<String> ops = new ArrayList<>();
    if (calls.containsKey(latencyOp)) {
      ops.add(latencyOp);
    }
    calls.entrySet().stream().sorted((a, b) -> Double.compare(b.getValue(), a.getValue()))
        .filter(e -> e.getValue() >= MIN_SHARE * all && !ops.contains(e.getKey())).limit(MAX_OPS - ops.size())
        .forEach(e -> ops.add(e.getKey()));
    return ops;
  }

  /**
   * A target's line: its cells one after the other; {@code rate}: values are counts per interval
   * (drawn per second, neighbours added past {@value #MAX_POINTS}), else p99s in µs (drawn in ms,
   * neighbours' highest).
   */
  private static RunCharts.Line line(String name, List<Cell> cells,
      java.util.function.Function<Cell, double[]> values, boolean rate) {
    int n = cells.stream().mapToInt(c -> c.trace().intervals()).sum();
    int perPoint = Math.max(1, (n + MAX_POINTS - 1) / MAX_POINTS);
    List<double[]> points = new ArrayList<>();
    double offset = 0;
    for (Cell c : cells) {
      double[] v = values.apply(c);
      CellTrace t = c.trace();
      for (int i = 0; i < v.length; i += perPoint) {
        int last = Math.min(v.length, i + perPoint) - 1;
        double sum = 0;
        double secs = 0;
        double high = Double.NaN;
        for (int j = i; j <= last; j++) {
          sum += v[j];
          secs += t.secs()[j];
          high = Double.isNaN(high) || v[j] > high ? v[j] : high;
        }
        points.add(new double[] {offset + t.ends()[last], rate ? secs > 0 ? sum / secs : Double.NaN : high / 1000.0});
      }
      offset += t.seconds();
    }
    return new RunCharts.Line(name, points.stream().mapToDouble(p -> p[0]).toArray(),
        points.stream().mapToDouble(p -> p[1]).toArray());
  }

  /**
   * Filemeta's writers' window in each cell's stretch of the chart (the first target's cells: the
   * window is seconds from a cell's start, the same in every target), from the cell's fingerprint,
   * else the step's properties; none when the step asks none.
   */
  static List<RunCharts.Window> windows(Step s, Map<String, List<Cell>> shown) {
    List<RunCharts.Window> out = new ArrayList<>();
    List<Cell> cells = shown.values().iterator().next();
    double offset = 0;
    for (Cell c : cells) {
      Map<String, String> fp = c.outcome().result().fingerprint();
      double start = number(fp.getOrDefault("workload." + WRITER_START, s.props().get(WRITER_START)));
      double secs = number(fp.getOrDefault("workload." + WRITER_SECONDS, s.props().get(WRITER_SECONDS)));
      if (start > 0 || secs > 0) {
        double end = secs > 0 ? start + secs : c.trace().seconds();
        out.add(new RunCharts.Window(offset + start, offset + Math.min(end, c.trace().seconds()), "writers"));
      }
      offset += c.trace().seconds();
    }
    return out;
  }

  /** A ycsbx.interval that gives a cell of {@code seconds} 5 points or more: 1, 0.5, 0.2 or 0.1 s. */
  static String suggested(double seconds) {
    for (String v : new String[] {"1", "0.5", "0.2"}) {
      if (Double.parseDouble(v) * 5 <= seconds) {
        return v;
      }
    }
    return "0.1";
  }

  /** The seconds a family's rate counts, where its headline gives them (iibench's and sysbench's {@code secs}). */
  private static String ownSeconds(List<Cell> cells) {
    double secs = cells.stream().mapToDouble(c -> c.outcome().result().get(CellResult.HEADLINE_PREFIX + "secs"))
        .filter(v -> !Double.isNaN(v)).sum();
    return secs > 0 ? String.format(Locale.ROOT, ": %.1f s", secs) : "";
  }

  private static String counted(String rate) {
    return RateUnit.counted(rate);
  }

  private static double number(String v) {
    try {
      return v == null ? 0 : Double.parseDouble(v.trim());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static String range(double a, double b) {
    String lo = String.format(Locale.ROOT, "%.1f", a);
    String hi = String.format(Locale.ROOT, "%.1f", b);
    return lo.equals(hi) ? lo : lo + " to " + hi;
  }
}
