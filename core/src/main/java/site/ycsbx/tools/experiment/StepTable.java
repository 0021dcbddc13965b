package site.ycsbx.tools.experiment;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import site.ycsbx.results.KneeFinder;
import site.ycsbx.results.UnitEfficiency;

/**
 * A step's table as printed after its last cell: one row per target and thread count, the mean
 * over repeats (with the range when there are several), the rate relative to the first target at
 * the same thread count, the busiest operation's latency, client and server cost per operation,
 * and the family's headline figures (iibench's rows/s and size on storage, ...).
 */
final class StepTable {
  /** Outside this band the relative rate is marked: a difference worth a second look. */
  static final double REL_LOW = 0.95;
  static final double REL_HIGH = 1.05;
  static final List<String> EFFICIENCY = List.of("cpu.Kop", "wkb.op");
  /** A bend cannot be told from two points: KneeFinder judges from three thread counts. */
  static final int KNEE_THREADS = 3;
  /** The line under a table with a row whose cells met an outage. */
  static final String OUTAGE_NOTE = "outage: the cells' server was away that long (the [OUTAGE] lines of each cell's"
      + " summary.txt): before its run started a cell waited for it; inside a run operations failed meanwhile and the"
      + " time counts in the rate; a server that restarted has cold caches. Not an undisturbed run's figures";

  private StepTable() {
  }

  /** One row of the table: what it shows of the cells of one target at one thread count. */
  record Row(Target target, int threads, List<Outcome> cells) {
    List<Outcome> ok() {
      return cells.stream().filter(Outcome::ok).toList();
    }

    double mean(String figure) {
      return ok().stream().mapToDouble(o -> o.result().get(figure)).filter(v -> !Double.isNaN(v)).average()
          .orElse(Double.NaN);
    }

    double min(String figure) {
      return ok().stream().mapToDouble(o -> o.result().get(figure)).filter(v -> !Double.isNaN(v)).min().orElse(Double.NaN);
    }

    double max(String figure) {
      return ok().stream().mapToDouble(o -> o.result().get(figure)).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
    }

    String mainOp() {
      return ok().stream().map(o -> o.result().mainOp()).filter(java.util.Objects::nonNull).findFirst().orElse(null);
    }

    /**
     * The marks on the row's target, each from {@code mark} (a page's or a text's numbered note) for what its
     * figures carry besides: a repeat that failed, a cell run beside other load (its note {@code beside}), an
     * outage, rows no cell wrote. A note once per row, however many of its cells it holds for; marks apart,
     * so that ¹ ² is not read as ¹².
     */
    java.util.Set<String> marks(java.util.function.UnaryOperator<String> mark, String beside) {
      List<Outcome> ok = ok();
      java.util.Set<String> marks = new java.util.LinkedHashSet<>();
      for (Outcome o : cells) {
        if (!o.ok() && !ok.isEmpty()) {
          marks.add(mark.apply(o.cell().id() + " " + describe(o.entry()) + "; the row's figures are its other"
              + " repeats'."));
        } else if (o.ok() && o.result().get(CellResult.BESIDE) > 0) {
          marks.add(mark.apply(beside));
        }
        String outage = o.ok() ? CellResult.outageNote(List.of(o.result())) : null;
        if (outage != null) {
          marks.add(mark.apply(o.cell().id() + " met " + outage + "."));
        }
        if (o.ok() && OwnTables.foreign(o.result())) {
          marks.add(mark.apply(o.cell().id() + " found rows no cell wrote in its tables."));
        }
      }
      return marks;
    }
  }

  static List<Row> rows(Step step, List<Target> targets, List<Outcome> outcomes) {
    List<Row> rows = new ArrayList<>();
    for (int threads : step.threads()) {
      for (Target t : targets) {
        List<Outcome> cells = outcomes.stream().filter(o -> o.cell().step().equals(step) && o.cell().target().equals(t)
            && o.cell().threads() == threads).toList();
        rows.add(new Row(t, threads, cells));
      }
    }
    return rows;
  }

  /**
   * The figure a step's rows are ranked by: the family's own rate when it gives one (iibench's
   * rows/s, LinkBench's links/s or requests/s: what the published tables show), else operations/s.
   */
  static String rateFigure(Step step, List<Outcome> outcomes) {
    return outcomes.stream().filter(o -> o.ok() && o.cell().step().equals(step))
        .flatMap(o -> o.result().figures().keySet().stream())
        .filter(k -> k.startsWith(CellResult.HEADLINE_PREFIX) && k.endsWith("_s")).findFirst().orElse(CellResult.OPS_S);
  }

  /** The relative rate of {@code row} against the first target's row at its thread count; NaN when either lacks one. */
  static double relative(Row row, List<Row> rows, String rate) {
    Row base = rows.stream().filter(r -> r.threads() == row.threads()).findFirst().orElse(null);
    if (base == null) {
      return Double.NaN;
    }
    double b = base.mean(rate);
    return b > 0 ? row.mean(rate) / b : Double.NaN;
  }

  /** How a table heads its rate column: {@code rows/s} for {@code headline.rows_s}, {@code ops/s} for {@code ops_s}. */
  static String rateName(String rate) {
    return rate.substring(rate.indexOf('.') + 1).replaceFirst("_s$", "/s");
  }

  /**
   * The family's headline figures of the step's cells, the rate aside (it has its own column) and
   * the plan (iibench's rounds, which give the size tables their sizes: in results.csv).
   */
  static Set<String> headline(Step step, List<Outcome> outcomes, String rate) {
    Set<String> headline = new LinkedHashSet<>();
    for (Outcome o : outcomes) {
      if (o.ok() && o.cell().step().equals(step)) {
        o.result().figures().keySet().stream().filter(k -> k.startsWith(CellResult.HEADLINE_PREFIX) && !k.equals(rate)
            && !SizeTables.PLAN.contains(k)).forEach(headline::add);
      }
    }
    return headline;
  }

  /** The operation whose latency the table shows: the busiest of the first row that finished; "-" when none did. */
  static String mainOp(List<Row> rows) {
    return rows.stream().map(Row::mainOp).filter(java.util.Objects::nonNull).findFirst().orElse("-");
  }

  /** The operation whose latency the step's table shows: the one the step names ({@code latency}), else the busiest. */
  static String latencyOp(Step step, List<Row> rows) {
    return step.latencyOp() != null ? step.latencyOp() : mainOp(rows);
  }

  /**
   * What the note under a table says of its latency columns: the operation, and when the step named
   * one that some finished rows never ran, which (their latency is n/a: the name may be misspelt).
   */
  static String latencyNote(Step step, List<Row> rows) {
    String op = latencyOp(step, rows);
    String note = "p50/p95/p99 of " + op + (step.latencyOp() != null ? " (step." + step.name() + ".latency)" : "");
    if (step.latencyOp() != null) {
      List<String> without = rows.stream().filter(r -> !r.ok().isEmpty() && Double.isNaN(r.mean(op + ".p99_us")))
          .map(r -> r.target().name() + " t" + r.threads()).toList();
      if (!without.isEmpty()) {
        note += "; NO " + op + " operation in " + String.join(", ", without) + " (n/a)";
      }
    }
    return note;
  }

  /** A relative rate worth a second look: outside {@value #REL_LOW}-{@value #REL_HIGH}. */
  static boolean marked(double rel) {
    return rel < REL_LOW || rel > REL_HIGH;
  }

  /**
   * The unit of the step's efficiency columns: row, link or request where the family counts them
   * (an operation there is a batch or a chunk); null for per-operation columns.
   */
  static String unit(Step step, List<Outcome> outcomes) {
    return outcomes.stream().filter(o -> o.ok() && o.cell().step().equals(step)).map(o -> o.result().unit())
        .filter(java.util.Objects::nonNull).findFirst().orElse(null);
  }

  /** The efficiency columns for {@code unit} (null: per operation). */
  static List<String> efficiency(String unit) {
    return unit == null ? EFFICIENCY : List.of(UnitEfficiency.CPU_PREFIX + unit, UnitEfficiency.WKB_PREFIX + unit);
  }

  /** What the efficiency columns mean, for the note below a table. */
  static String efficiencyNote(String unit) {
    return unit == null ? "cpu.Kop: host CPU s per 1000 ops; wkb.op: KB written per op" : UnitEfficiency.legend(unit);
  }

  static String format(Step step, List<Target> targets, List<Outcome> outcomes) {
    List<Row> rows = rows(step, targets, outcomes);
    String rate = rateFigure(step, outcomes);
    String rateName = rateName(rate);
    Set<String> headline = headline(step, outcomes, rate);
    String op = latencyOp(step, rows);
    String unit = unit(step, outcomes);
    List<String> efficiency = efficiency(unit);
    StringBuilder sb = new StringBuilder();
    boolean anyBeside = false;
    boolean anyOutage = false;
    List<Outcome> shown = new ArrayList<>();
    sb.append(String.format(Locale.ROOT, "[EXPERIMENT] step %s (%s, threads %s, %d repeat%s): %s relative to %s%n",
        step.name(), step.command(), join(step.threads()), step.repeats(), step.repeats() == 1 ? "" : "s",
        rateName, targets.get(0).name()));
    // a column is as wide as its name when the name is longer than its usual width: names stay whole and aligned
    String rateColumn = "%" + Math.max(12, rateName.length()) + "s";
    StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-16s %7s %3s " + rateColumn
        + " %7s %10s %10s %10s", "target", "threads", "n", rateName, "rel", "p50_ms", "p95_ms", "p99_ms"));
    for (String e : efficiency) {
      head.append(String.format(Locale.ROOT, " " + width(e, 10), e));
    }
    for (String h : headline) {
      String name = h.substring(CellResult.HEADLINE_PREFIX.length());
      head.append(String.format(Locale.ROOT, " " + width(name, 12), name));
    }
    sb.append("[EXPERIMENT] ").append(head).append('\n');
    for (Row r : rows) {
      sb.append("[EXPERIMENT] ");
      List<Outcome> ok = r.ok();
      if (ok.isEmpty()) {
        String why = r.cells().isEmpty() ? "not run" : describe(r.cells().get(r.cells().size() - 1).entry());
        sb.append(String.format(Locale.ROOT, "%-16s %7d %3d %s%n", r.target().name(), r.threads(), 0, why));
        continue;
      }
      double rel = relative(r, rows, rate);
      sb.append(String.format(Locale.ROOT, "%-16s %7d %3d " + rateColumn + " %7s %10s %10s %10s", r.target().name(),
          r.threads(), ok.size(),
          number(r.mean(rate)), Double.isNaN(rel) ? "n/a" : String.format(Locale.ROOT, "%.2f%s", rel,
              marked(rel) ? "*" : " "),
          ms(r.mean(op + ".p50_us")), ms(r.mean(op + ".p95_us")), ms(r.mean(op + ".p99_us"))));
      for (String e : efficiency) {
        sb.append(String.format(Locale.ROOT, " " + width(e, 10), number(r.mean(e)) + OwnTables.writeMark(ok, e)));
      }
      for (String h : headline) {
        sb.append(String.format(Locale.ROOT, " " + width(h.substring(CellResult.HEADLINE_PREFIX.length()), 12),
            number(r.mean(h)) + OwnTables.writeMark(ok, h)));
      }
      if (ok.size() < r.cells().size()) {
        sb.append("  (").append(r.cells().size() - ok.size()).append(" of ").append(r.cells().size()).append(" failed)");
      }
      if (ok.size() > 1) {
        sb.append(String.format(Locale.ROOT, "  %s %s..%s", rateName, number(r.min(rate)), number(r.max(rate))));
      }
      // last: what the row's figures carry besides the target's own work
      long beside = ok.stream().filter(o -> o.result().get(CellResult.BESIDE) > 0).count();
      if (beside > 0) {
        sb.append("  (").append(beside).append(" of ").append(ok.size()).append(" beside other load)");
        anyBeside = true;
      }
      String outage = CellResult.outageNote(ok.stream().map(Outcome::result).toList());
      if (outage != null) {
        sb.append("  (").append(outage).append(')');
        anyOutage = true;
      }
      sb.append(OwnTables.rowNote(ok));
      shown.addAll(ok);
      sb.append('\n');
    }
    sb.append(String.format(Locale.ROOT, "[EXPERIMENT] n: repeats that finished; rel: %s against %s at the same"
        + " threads, * outside %.2f-%.2f; %s (ms); %s%n", rateName, targets.get(0).name(), REL_LOW, REL_HIGH,
        latencyNote(step, rows), efficiencyNote(unit)));
    if (anyBeside) {
      sb.append("[EXPERIMENT] beside other load: in those cells more of the host's CPU than ycsbx.others.cpu was"
          + " neither client nor server, or the server did more than ycsbx.others.server for other clients (each"
          + " cell's result.json says which): their figures are not their target's alone\n");
    }
    if (anyOutage) {
      sb.append("[EXPERIMENT] ").append(OUTAGE_NOTE).append('\n');
    }
    OwnTables.notes(shown).forEach(l -> sb.append("[EXPERIMENT] ").append(l).append('\n'));
    String knee = kneeLine(step, targets, rows, rate);
    if (knee != null) {
      sb.append("[EXPERIMENT] ").append(knee).append('\n');
    }
    String caution = singleRunCaution(step, targets);
    if (caution != null) {
      sb.append("[EXPERIMENT] ").append(caution).append('\n');
    }
    return sb.toString();
  }

  /** Where the target's rate levels off (or peaks), as the sweep judges it. */
  static String knee(java.util.TreeMap<Integer, double[]> rates) {
    KneeFinder.Knee k = findKnee(rates);
    return switch (k.kind()) {
      case KNEE -> "levels off at " + threads(k.kneeThreads());
      case PEAK -> "peaks at " + threads(k.kneeThreads());
      case FLAT -> "flat from " + threads(k.kneeThreads());
      case STILL_RISING -> "still rising at the largest thread count";
      case TOO_FEW -> "not judged (fewer than " + KNEE_THREADS + " thread counts finished)";
    };
  }

  // every repeat's rate at its thread count, as the sweep's knee finder takes them
  private static KneeFinder.Knee findKnee(java.util.TreeMap<Integer, double[]> rates) {
    List<Integer> threads = new ArrayList<>();
    List<Double> values = new ArrayList<>();
    rates.forEach((t, v) -> java.util.Arrays.stream(v).forEach(d -> {
      threads.add(t);
      values.add(d);
    }));
    return KneeFinder.find(threads.stream().mapToInt(Integer::intValue).toArray(),
        values.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /** The thread count the chart marks as the target's knee (levels off, peaks, flat from); 0 when none is judged. */
  static int kneeThreads(java.util.TreeMap<Integer, double[]> rates) {
    KneeFinder.Knee k = findKnee(rates);
    return switch (k.kind()) {
      case KNEE, PEAK, FLAT -> k.kneeThreads();
      default -> 0;
    };
  }

  private static String threads(int n) {
    return n + (n == 1 ? " thread" : " threads");
  }

  /**
   * The line under a step of several thread counts: where each target's rate levels off, as the
   * page's chart says it (from {@value #KNEE_THREADS} counts); null with fewer.
   */
  static String kneeLine(Step step, List<Target> targets, List<Row> rows, String rate) {
    if (step.threads().size() < KNEE_THREADS) {
      return null;
    }
    List<String> knees = new ArrayList<>();
    for (Target t : targets) {
      java.util.TreeMap<Integer, double[]> tr = new java.util.TreeMap<>();
      rows.stream().filter(r -> r.target().equals(t) && !r.ok().isEmpty()).forEach(r -> tr.put(r.threads(),
          r.ok().stream().mapToDouble(o -> o.result().get(rate)).toArray()));
      if (!tr.isEmpty()) {
        knees.add(t.name() + " " + knee(tr));
      }
    }
    return knees.isEmpty() ? null : "knee (" + rateName(rate) + " over threads " + join(step.threads()) + "): "
        + String.join("; ", knees);
  }

  /**
   * The line under a table whose ratios compare one run with one run: the mark says the ratio is
   * outside the band, not that it would be again (two folders of one server gave 0.72 to 1.46 in 10 s
   * cells on this project's 2-core VM). Null when the step has repeats, or a single target.
   */
  static String singleRunCaution(Step step, List<Target> targets) {
    if (targets.size() < 2 || step.repeats() > 1) {
      return null;
    }
    return step.isLoad()
        ? "single loads: each rel compares one load with one load, so no difference is shown to hold; run the"
            + " experiment again (another --out) before reading a mark as one"
        : "single runs: each rel compares one run with one run, so no difference is shown to hold; repeat the step"
            + " (step." + step.name() + ".repeats=3) before reading a mark as one";
  }

  private static String width(String name, int usual) {
    return "%" + Math.max(usual, name.length()) + "s";
  }

  static String describe(Ledger.Entry e) {
    return switch (e.status()) {
      case OK -> "ok";
      case FAILED -> "FAILED (exit " + e.exitCode() + "): " + e.why();
      case INTERRUPTED -> "INTERRUPTED: " + e.why();
      case NOT_RUN -> "not run: " + e.why();
    };
  }

  private static String join(List<Integer> threads) {
    return String.join(",", threads.stream().map(String::valueOf).toList());
  }

  /** 4 significant figures at most, no exponent: 12345, 123.4, 0.0123. */
  static String number(double v) {
    if (Double.isNaN(v)) {
      return "n/a";
    }
    double a = Math.abs(v);
    if (a >= 1000 || a == 0) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    if (a >= 100) {
      return String.format(Locale.ROOT, "%.1f", v);
    }
    if (a >= 1) {
      return String.format(Locale.ROOT, "%.2f", v);
    }
    return String.format(Locale.ROOT, "%.4f", v);
  }

  static String ms(double us) {
    return Double.isNaN(us) ? "n/a" : number(us / 1000.0);
  }
}
