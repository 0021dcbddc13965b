package site.ycsbx.tools.experiment;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import site.ycsbx.family.WorkloadFamilies;
import site.ycsbx.family.WorkloadFamily;

/**
 * How long each cell of a plan should take, and from what: the cell's own time when an earlier
 * start of this experiment finished it, its time limit, the rate it asks (iibench.insertrate),
 * else its count ({@link PlannedWork}) at the family's rate measured on this host by an earlier
 * experiment ({@link MeasuredRates}), else at the family's documented rate
 * ({@link WorkloadFamily#documentedRates()}, a run's operations {@link #RUN_OPERATIONS}).
 * Each cell says which, and the total names every source it rests on: an estimate from a rate
 * measured on a small table (in the cache) is short for a table past the cache.
 */
final class Estimate {
  /**
   * The rate of a run's operations with nothing measured on this host, for a family without its
   * own ({@link WorkloadFamily#documentedRates()}); docs/tools/experiment.md lists it with theirs.
   */
  static final double RUN_OPERATIONS = 1_000.0;

  /** Rate sources listed under the total; each cell's line says its own. */
  private static final int SOURCES_SHOWN = 6;

  /** One cell's length and where it comes from. */
  record Length(double seconds, String text, String source) {
    boolean known() {
      return !Double.isNaN(seconds);
    }
  }

  private final Plan plan;
  private final Map<String, Double> measuredCells;
  private final MeasuredRates rates;
  private final Map<Cell, Length> lengths = new LinkedHashMap<>();

  Estimate(Plan plan, Map<String, Double> measuredCells, MeasuredRates rates) {
    this.plan = plan;
    this.measuredCells = measuredCells;
    this.rates = rates;
    plan.cells().forEach(c -> lengths.put(c, length(c)));
  }

  Length of(Cell c) {
    return lengths.get(c);
  }

  private Length length(Cell c) {
    Double took = measuredCells.get(c.id());
    if (took != null) {
      return new Length(took, String.format(Locale.ROOT, "took %.0f s before", took), "earlier start");
    }
    PlannedWork w = PlannedWork.of(plan.experiment(), c);
    double limit = w != null && w.timeLimit() > 0 ? w.timeLimit() : plan.timeLimit(c);
    if (!Double.isNaN(limit)) {
      return new Length(limit + Plan.CELL_OVERHEAD_SECONDS, String.format(Locale.ROOT, "%.0f s limit", limit),
          "time limits");
    }
    if (w == null || w.count() <= 0) {
      return new Length(Double.NaN, "until its count", null);
    }
    String counted = PlannedWork.grouped(w.count()) + " " + w.unit();
    if (w.pacedPerSecond() > 0) {
      double s = w.count() / w.pacedPerSecond();
      return new Length(s + Plan.CELL_OVERHEAD_SECONDS, String.format(Locale.ROOT, "about %s: %s at the %s %s/s asked",
          duration(s), counted, StepTable.number(w.pacedPerSecond()), w.unit()), "the rates the cells ask");
    }
    MeasuredRates.Measured m = rates.find(plan.experiment().name(), c, w);
    double perSecond;
    String source;
    if (m != null) {
      perSecond = m.perSecond();
      source = m.family() + " " + m.phase() + " on " + m.binding() + " at " + StepTable.number(perSecond) + " " + m.unit()
          + "/s, " + m.source();
    } else {
      Double documented = documented(w.family(), c.step().command() + " " + w.unit());
      if (documented == null) {
        return new Length(Double.NaN, "until its count (" + counted + "; no rate known)", null);
      }
      perSecond = documented;
      source = w.family() + " " + c.step().command() + " at " + StepTable.number(perSecond) + " " + w.unit()
          + "/s, the documented rate (docs/tools/experiment.md: a small VM, the data in memory; nothing measured here)";
    }
    double s = w.count() / perSecond;
    return new Length(s + Plan.CELL_OVERHEAD_SECONDS, String.format(Locale.ROOT, "about %s: %s at %s %s/s (%s)",
        duration(s), counted, StepTable.number(perSecond), w.unit(), m != null ? "measured" : "documented rate"), source);
  }

  /** The family's documented rate of a phase and unit ({@code "load rows"}), or null. */
  static Double documented(String family, String phaseUnit) {
    Double own = WorkloadFamilies.byName(family).map(f -> f.documentedRates().get(phaseUnit)).orElse(null);
    if (own == null && phaseUnit.equals("run operations")) {
      return RUN_OPERATIONS;
    }
    return own;
  }

  /** The total and a line per source it rests on. */
  String total() {
    double known = 0;
    int unknown = 0;
    Map<String, Integer> bySource = new LinkedHashMap<>();
    Set<String> rateSources = new LinkedHashSet<>();
    for (Length l : lengths.values()) {
      if (!l.known()) {
        unknown++;
        continue;
      }
      known += l.seconds();
      String kind = l.source().contains("measured on this host") ? "rates measured on this host"
          : l.source().contains("documented rate") ? "documented rates" : l.source();
      bySource.merge(kind, 1, Integer::sum);
      if (!kind.equals(l.source())) {
        rateSources.add(l.source());
      }
    }
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "estimate: %s%s%n", duration(known),
        unknown == 0 ? "" : " plus " + unknown + " cell" + (unknown == 1 ? "" : "s") + " that a count ends"
            + " (no earlier time or rate known)"));
    bySource.forEach((kind, n) -> sb.append(String.format(Locale.ROOT, "  %d cell%s from %s%n", n, n == 1 ? "" : "s",
        kind)));
    rateSources.stream().limit(SOURCES_SHOWN).forEach(s -> sb.append("    ").append(s).append('\n'));
    if (rateSources.size() > SOURCES_SHOWN) {
      sb.append(String.format(Locale.ROOT, "    and %d more (each cell's line above)%n", rateSources.size() - SOURCES_SHOWN));
    }
    if (bySource.containsKey("rates measured on this host") || bySource.containsKey("documented rates")) {
      sb.append("  a rate measured on a smaller table holds while the data fits in memory: past it a load slows\n");
    }
    return sb.toString();
  }

  /** Seconds as a person reads a long run: {@code 45 s}, {@code 12m05s}, {@code 18h32m}, {@code 4 d 02h}. */
  static String duration(double seconds) {
    long s = Math.round(seconds);
    if (s >= 2 * 86_400) {
      return String.format(Locale.ROOT, "%d d %02dh", s / 86_400, (s % 86_400) / 3600);
    }
    return site.ycsbx.measurements.Progress.duration(s);
  }

  /** Each step's count, as the plan prints it before the cells. */
  List<String> stepLines() {
    List<String> out = new java.util.ArrayList<>();
    for (Step s : plan.experiment().steps()) {
      Map<String, Set<String>> targetsBy = new LinkedHashMap<>();
      int perTarget = s.threads().size() * (s.isLoad() ? 1 : s.repeats());
      for (Cell c : plan.cells()) {
        if (c.step().equals(s)) {
          PlannedWork w = PlannedWork.of(plan.experiment(), c);
          targetsBy.computeIfAbsent(w == null ? "no count read" : w.describe(perTarget), k -> new LinkedHashSet<>())
              .add(c.target().name());
        }
      }
      List<String> what = targetsBy.size() == 1 ? List.copyOf(targetsBy.keySet()) : targetsBy.entrySet().stream()
          .map(e -> String.join(",", e.getValue()) + ": " + e.getKey()).toList();
      out.add(String.format(Locale.ROOT, "  step %-16s %s, threads %s: %s", s.name(), s.command(),
          String.join(",", s.threads().stream().map(String::valueOf).toList()), String.join("; ", what)));
    }
    return out;
  }
}
