package site.ycsbx.tools.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The insert benchmark's summary of a step whose inserts run at a fixed rate ({@code qr100},
 * {@code qp100}, ...: {@code iibench.insertrate}), one row per target in the columns of its
 * result pages, {@code X} where YCSB-X does not measure the figure; a row, and its {@code ips},
 * marked when the inserts did not sustain the asked rate; the same for a step of inserts with
 * deletes that keep the size ({@code l.i1}, {@code l.i2}); each with its table relative to the first
 * target. And the index build after a load
 * ({@code l.x}, {@code iibench.indexesafter}): its seconds per target.
 */
final class RateTable {
  /** Below this share of the asked insert rate a cell did not sustain it. */
  static final double SUSTAINED = 0.95;
  static final String ASKED = CellResult.HEADLINE_PREFIX + "asked_rows_s";
  static final String RATE = CellResult.HEADLINE_PREFIX + "rows_s";
  /** The rate the paced inserters kept (iibench's paced_rows_s), what the mark holds against the rate asked. */
  static final String PACED = CellResult.HEADLINE_PREFIX + "paced_rows_s";
  /** The cell's mark in results.csv/json: the rate kept, in % of the rate asked. */
  static final String SUSTAINED_PCT = "sustained_pct";
  static final String INDEX_SECS = CellResult.HEADLINE_PREFIX + "index_secs";
  /** The rows deleted by iibench.deleteperinsert: the insert benchmark's l.i1 and l.i2. */
  static final String DELETED = CellResult.HEADLINE_PREFIX + "deleted_rows";
  /** The first columns after the target that are throughput (ips, qps): those the relative table marks. */
  static final int THROUGHPUT_COLUMNS = 2;
  static final List<String> COLUMNS = List.of("target", "ips", "qps", "rps", "rkbps", "wkbps", "rpq", "rkbpq", "wkbpi",
      "csps", "cpups", "cspq", "cpupq", "dbgb1", "dbgb2", "rss", "maxop", "p50", "p99");
  static final String QUERY = "QUERY";
  static final String INSERT = "INSERT_TXN";

  private RateTable() {
  }

  /** Adds a cell's {@value #SUSTAINED_PCT} when it asked an insert rate. */
  static void derive(Map<String, Double> f) {
    Double asked = f.get(ASKED);
    Double kept = f.containsKey(PACED) ? f.get(PACED) : f.get(RATE);
    if (asked != null && asked > 0 && kept != null) {
      f.put(SUSTAINED_PCT, 100 * kept / asked);
    }
  }

  /** Whether a finished cell kept the insert rate it asked (true when it asked none). */
  static boolean sustained(CellResult r) {
    double pct = r.get(SUSTAINED_PCT);
    return Double.isNaN(pct) || pct >= 100 * SUSTAINED;
  }

  /** What a cell's line says when its inserts did not sustain the rate asked; empty otherwise. */
  static String cellMark(CellResult r) {
    return sustained(r) ? "" : String.format(Locale.ROOT, "; inserts NOT SUSTAINED: %.0f%% of the %s rows/s asked",
        r.get(SUSTAINED_PCT), StepTable.number(r.get(ASKED)));
  }

  static List<ExtraTable> tables(Step s, List<Target> targets, List<Outcome> outcomes) {
    List<ExtraTable> out = new ArrayList<>();
    List<StepTable.Row> rows = StepTable.rows(s, targets, outcomes);
    boolean paced = has(s, outcomes, ASKED);
    if (paced || has(s, outcomes, DELETED)) {
      out.add(summary(s, rows, paced));
      out.add(relative(s, rows));
    }
    if (has(s, outcomes, INDEX_SECS)) {
      out.add(indexBuild(s, rows));
    }
    return out;
  }

  private static boolean has(Step s, List<Outcome> outcomes, String figure) {
    return outcomes.stream().anyMatch(o -> o.ok() && o.cell().step().equals(s)
        && o.result().figures().containsKey(figure));
  }

  private static String label(Step s, StepTable.Row r) {
    return s.threads().size() > 1 ? r.target().name() + " t" + r.threads() : r.target().name();
  }

  private static ExtraTable.Row unfinished(Step s, StepTable.Row r) {
    return ExtraTable.Row.unfinished(label(s, r), r.threads(), r.cells().isEmpty() ? "not run yet"
        : StepTable.describe(r.cells().get(r.cells().size() - 1).entry()));
  }

  /** A row per target and thread count: {@code finished}'s of a row with finished cells, else why it has none. */
  private static List<ExtraTable.Row> rows(Step s, List<StepTable.Row> rows,
      Function<StepTable.Row, ExtraTable.Row> finished) {
    List<ExtraTable.Row> out = new ArrayList<>();
    for (StepTable.Row r : rows) {
      out.add(r.ok().isEmpty() ? unfinished(s, r) : finished.apply(r));
    }
    return out;
  }

  private static ExtraTable summary(Step s, List<StepTable.Row> rows, boolean paced) {
    List<ExtraTable.Row> out = rows(s, rows, r -> {
      boolean kept = r.ok().stream().allMatch(o -> sustained(o.result()));
      double[] f = figures(r);
      List<String> c = new ArrayList<>();
      for (int i = 0; i < f.length; i++) {
        c.add(x(f[i]) + (i == 0 && !kept ? ExtraTable.MARK : ""));
      }
      return ExtraTable.Row.of(label(s, r), r.threads(), c, !kept)
          .withOutage(CellResult.outageNote(r.ok().stream().map(Outcome::result).toList()));
    });
    // the title's rate: the last finished row's
    double asked = rows.stream().filter(r -> !r.ok().isEmpty()).reduce((a, b) -> b).map(r -> r.mean(ASKED))
        .orElse(Double.NaN);
    String title = paced ? String.format(Locale.ROOT, "step %s: inserts at %s rows/s asked, the insert benchmark's"
        + " summary; ips marked * below %.0f%% of the rate asked", s.name(), StepTable.number(asked), 100 * SUSTAINED)
        : "step " + s.name() + ": inserts with as many deletes of the oldest rows (the size kept), the insert"
        + " benchmark's summary";
    return new ExtraTable("rate", title, COLUMNS, out, "ips: rows inserted/s the paced inserters kept (paced_rows_s:"
        + " from their first batch to their last; else rows_s); qps: queries/s; rps, rkbps, wkbps: disk reads/s, KB"
        + " read/s, KB written/s; rpq, rkbpq: per query; wkbpi: KB written per row inserted; csps: context switches/s;"
        + " cpups: host CPU % busy (us+sy, as vmstat); cspq: context switches per query; cpupq: host CPU us per query;"
        + " dbgb1: size on storage at the step's end, GB; maxop: slowest insert transaction, ms; p50, p99: query"
        + " latency, ms (the insert transaction's without queries); X: not measured (dbgb2: a second size measure,"
        + " rss: the server's memory)");
  }

  /** A finished row's figures in the order of {@link #COLUMNS} after the target; NaN where not measured. */
  static double[] figures(StepTable.Row r) {
    boolean paced = r.ok().stream().allMatch(o -> o.result().figures().containsKey(PACED));
    double ips = paced ? r.mean(PACED) : r.mean(RATE);
    double qps = r.mean(QUERY + ".ops_s");
    String lat = r.ok().get(0).result().figures().containsKey(QUERY + ".p50_us") ? QUERY : INSERT;
    return new double[] {ips, qps, r.mean("r.sec"), r.mean("rkb.sec"), r.mean("wkb.sec"), r.mean("r.sec") / qps,
        r.mean("rkb.sec") / qps, r.mean("wkb.sec") / ips, r.mean("cs.sec"), r.mean("us") + r.mean("sy"),
        r.mean("cs.sec") / qps, r.mean("cpu.sec") * 1e6 / qps, r.mean(CellResult.HEADLINE_PREFIX + "db_size_mb") / 1024,
        Double.NaN, Double.NaN, r.mean(INSERT + ".max_us") / 1000, r.mean(lat + ".p50_us") / 1000,
        r.mean(lat + ".p99_us") / 1000};
  }

  /**
   * The summary relative to the first target (its row at the same thread count), as the insert
   * benchmark's result pages give it: each figure over the first target's; the throughput columns
   * (ips, qps) marked outside {@value StepTable#REL_LOW}-{@value StepTable#REL_HIGH}. The costs and
   * latencies are not marked: there a higher ratio is worse, and the mark says faster or slower.
   */
  private static ExtraTable relative(Step s, List<StepTable.Row> rows) {
    List<ExtraTable.Row> out = new ArrayList<>();
    String base = rows.isEmpty() ? "the first target" : rows.get(0).target().name();
    for (StepTable.Row r : rows) {
      StepTable.Row first = rows.stream().filter(b -> b.threads() == r.threads()).findFirst().orElseThrow();
      if (r.ok().isEmpty() || first.ok().isEmpty()) {
        out.add(r.ok().isEmpty() ? unfinished(s, r) : ExtraTable.Row.unfinished(label(s, r), r.threads(),
            base + " has no finished cell to compare with"));
        continue;
      }
      double[] f = figures(r);
      double[] b = figures(first);
      List<String> c = new ArrayList<>();
      boolean marked = false;
      for (int i = 0; i < f.length; i++) {
        double rel = b[i] > 0 ? f[i] / b[i] : Double.NaN;
        boolean mark = i < THROUGHPUT_COLUMNS && !Double.isNaN(rel) && StepTable.marked(rel);
        marked |= mark;
        c.add(Double.isNaN(rel) || Double.isInfinite(rel) ? SizeTables.NOT_MEASURED
            : String.format(Locale.ROOT, "%.2f", rel) + (mark ? ExtraTable.MARK : ""));
      }
      out.add(ExtraTable.Row.of(label(s, r), r.threads(), c, marked));
    }
    return new ExtraTable("relative", String.format(Locale.ROOT, "step %s: relative to %s (each figure over %s's;"
        + " ips and qps marked * outside %.2f-%.2f)", s.name(), base, base, StepTable.REL_LOW, StepTable.REL_HIGH),
        COLUMNS, out, null);
  }

  private static ExtraTable indexBuild(Step s, List<StepTable.Row> rows) {
    // vs_first's base: the first finished row that measured it
    double base = rows.stream().filter(r -> !r.ok().isEmpty()).mapToDouble(r -> r.mean(INDEX_SECS))
        .filter(d -> !Double.isNaN(d)).findFirst().orElse(Double.NaN);
    List<ExtraTable.Row> out = rows(s, rows, r -> {
      double secs = r.mean(INDEX_SECS);
      double rows2 = r.mean(CellResult.HEADLINE_PREFIX + "indexed_rows");
      return ExtraTable.Row.of(label(s, r), r.threads(), List.of(x(secs), x(secs / base), x(rows2 / secs)), false);
    });
    return new ExtraTable("index", "step " + s.name() + ": the secondary indexes built after the rows (l.x)",
        List.of("target", "index_secs", "vs_first", "rows_s"), out, "index_secs: seconds to build every secondary"
        + " index on the loaded rows; vs_first: against the first target's (below 1: faster); rows_s: rows indexed"
        + " per second");
  }

  private static String x(double v) {
    return Double.isNaN(v) || Double.isInfinite(v) ? SizeTables.NOT_MEASURED : StepTable.number(v);
  }
}
