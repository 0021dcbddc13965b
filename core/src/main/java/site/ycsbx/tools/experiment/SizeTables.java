package site.ycsbx.tools.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A load in rounds as the 2014 insert benchmark post tables it: one table per planned size (round
 * k ends at k x {@code iibench.roundrows} rows inserted by the load), one row per target (and
 * thread count) that completed that round, in the post's columns {@code DB-size Bytes-per-doc
 * Write-rate Bytes-written Test-secs TPS Server} with the post's definitions ("during the test
 * round"), the clients' end-time spread and the server process's own writes before the last, read
 * from the {@code [ROUND]} rows of each cell's export. The sizes come from the cells' plans, not
 * from the rows at each round's end: with several clients, or rows the tables held before, a round
 * ends past its size, and every target that passed it has a row in its table. {@code X} where the
 * figure was not measured; a target that stopped below a size keeps the sizes it reached, and says
 * where it stopped in the tables of the others.
 */
final class SizeTables {
  static final List<String> COLUMNS = List.of("DB-size(MB)", "Bytes-per-doc", "Write-rate(MB/s)", "Bytes-written(MB)",
      "Test-secs", "TPS(rows/s)", "Spread-secs", "Proc-write(MB/s)", "Proc-written(MB)", "Server");
  /** The round figures behind the columns, in their order. */
  static final List<String> FIGURES = List.of("db_size_mb", "bytes_row", "host_wr_mb_s", "host_wr_mb", "test_secs",
      "rows_s", "spread_s", "write_mb_s", "written_mb");
  static final String NOT_MEASURED = "X";
  /** The round's planned size, and the rows the load had stored at its end, in a cell's export. */
  static final String PLANNED = "planned_rows";
  static final String LOAD_ROWS = "load_rows";
  /** A cell's plan in its headline: the load's rows and the rows a round. */
  static final java.util.Set<String> PLAN = java.util.Set.of(CellResult.HEADLINE_PREFIX + PLANNED,
      CellResult.HEADLINE_PREFIX + "round_rows");
  static final String NOTE = "sizes: rows inserted by the load (round k ends at k x iibench.roundrows; rows the tables"
      + " held before not counted); DB-size: on storage when the round ended, MB; Bytes-per-doc: DB-size per row in the"
      + " tables; the rest during the test round, as the 2014 post's legend: Write-rate, Bytes-written: MB/s and MB"
      + " written to this host's disks by every process (/proc/diskstats, the post's iostat); Test-secs: seconds from"
      + " the previous round's end to the last client's share of this one; TPS: rows inserted per second during it;"
      + " Spread-secs: from the first to the last client ending its share; Proc-write, Proc-written: MB/s and MB the"
      + " database server process wrote; X: not measured (a size while most of the data is in memtables, a server on"
      + " another host, rates of a round that ended with the one before); since the load's start: cum_* in results.csv";

  private SizeTables() {
  }

  /** The rounds of a cell from its export's {@code [ROUND], <n> <name>, value} rows, in order. */
  static List<Map<String, Double>> rounds(Map<String, Double> measurements) {
    TreeMap<Integer, Map<String, Double>> byRound = new TreeMap<>();
    measurements.forEach((k, v) -> {
      int sp = k.indexOf(' ');
      if (sp > 0 && k.substring(0, sp).matches("\\d+")) {
        byRound.computeIfAbsent(Integer.parseInt(k.substring(0, sp)), n -> new LinkedHashMap<>())
            .put(k.substring(sp + 1), v);
      }
    });
    return List.copyOf(byRound.values());
  }

  /**
   * A cell's planned sizes, smallest first: from its headline's plan ({@code planned_rows} in
   * rounds of {@code round_rows}) and its rounds' {@code planned_rows}; none from an export
   * without them.
   */
  static List<Long> planned(CellResult r) {
    TreeSet<Long> out = new TreeSet<>();
    double rows = r.get(CellResult.HEADLINE_PREFIX + PLANNED);
    double per = r.get(CellResult.HEADLINE_PREFIX + "round_rows");
    // iibench numbers its rounds in ints: a plan of more is not one it ran
    if (rows > 0 && per > 0 && rows / per <= Integer.MAX_VALUE) {
      long total = (long) rows;
      long each = (long) per;
      for (long k = 1; k <= total / each; k++) {
        out.add(k * each);
      }
      out.add(total);
    }
    r.rounds().stream().map(x -> x.get(PLANNED)).filter(v -> v != null && !v.isNaN()).forEach(v -> out.add(v.longValue()));
    return new ArrayList<>(out);
  }

  /** A finished cell's plan and its rounds by planned size, read once for all the tables. */
  private record CellPlan(CellResult result, java.util.Set<Long> sizes, Map<Long, Map<String, Double>> rounds) {
    static CellPlan of(CellResult r) {
      Map<Long, Map<String, Double>> byPlan = new java.util.HashMap<>();
      r.rounds().stream().filter(x -> x.containsKey(PLANNED)).forEach(x -> byPlan.putIfAbsent(x.get(PLANNED).longValue(), x));
      return new CellPlan(r, new java.util.LinkedHashSet<>(planned(r)), byPlan);
    }
  }

  private static List<Outcome> ok(Step s, List<Outcome> outcomes) {
    return outcomes.stream().filter(o -> o.ok() && o.cell().step().equals(s)).toList();
  }

  /** Whether a step gets size tables: a load whose cells were planned in more than one round. */
  static boolean applies(Step s, List<Outcome> outcomes) {
    return s.isLoad() && ok(s, outcomes).stream().anyMatch(o -> planned(o.result()).size() > 1);
  }

  /** The planned sizes of the step's cells, in rows of the load, smallest first. */
  static List<Long> sizes(Step s, List<Outcome> outcomes) {
    TreeSet<Long> sizes = new TreeSet<>();
    ok(s, outcomes).forEach(o -> sizes.addAll(planned(o.result())));
    return new ArrayList<>(sizes);
  }

  static List<ExtraTable> tables(Step s, List<Target> targets, List<Outcome> outcomes) {
    if (!applies(s, outcomes)) {
      return List.of();
    }
    List<ExtraTable> out = new ArrayList<>();
    List<Long> sizes = sizes(s, outcomes);
    Map<Outcome, CellPlan> plans = new java.util.IdentityHashMap<>();
    ok(s, outcomes).forEach(o -> plans.put(o, CellPlan.of(o.result())));
    // "round k of n" when every cell has this plan; cells of different plans number their rounds apart
    boolean onePlan = plans.values().stream().allMatch(p -> p.sizes().size() == sizes.size());
    for (int i = 0; i < sizes.size(); i++) {
      long size = sizes.get(i);
      List<ExtraTable.Row> rows = new ArrayList<>();
      for (int threads : s.threads()) {
        for (Target t : targets) {
          String label = s.threads().size() > 1 ? t.name() + " t" + threads : t.name();
          rows.add(row(label, threads, size, plans, outcomes.stream().filter(o -> o.cell().step().equals(s)
              && o.cell().target().equals(t) && o.cell().threads() == threads).toList()));
        }
      }
      String round = onePlan ? String.format(Locale.ROOT, " (round %d of %d)", i + 1, sizes.size()) : "";
      out.add(new ExtraTable("size", String.format(Locale.ROOT, "step %s at %d rows inserted by the load%s: the insert"
          + " benchmark's table per size", s.name(), size, round), COLUMNS, rows,
          i == sizes.size() - 1 ? NOTE : null, true));
    }
    return out;
  }

  private static ExtraTable.Row row(String label, int threads, long size, Map<Outcome, CellPlan> plans,
      List<Outcome> cells) {
    if (cells.isEmpty()) {
      return ExtraTable.Row.unfinished(label, threads, "not run yet");
    }
    Outcome o = cells.stream().filter(Outcome::ok).findFirst().orElse(null);
    if (o == null) {
      return ExtraTable.Row.unfinished(label, threads, StepTable.describe(cells.get(cells.size() - 1).entry()));
    }
    CellPlan plan = plans.get(o);
    if (plan.sizes().isEmpty()) {
      return ExtraTable.Row.unfinished(label, threads, plan.result().rounds().isEmpty() ? "no round ended"
          : "its rounds have no planned sizes (exported by an earlier YCSB-X): not comparable, run the cell again");
    }
    Map<String, Double> round = plan.rounds().get(size);
    long reached = reached(plan.result());
    if (round != null && round.getOrDefault(LOAD_ROWS, Double.NaN) >= size) {
      List<String> cellsOut = new ArrayList<>();
      for (String f : FIGURES) {
        Double v = round.get(f);
        cellsOut.add(v == null || v.isNaN() ? NOT_MEASURED : StepTable.number(v));
      }
      // the load's outages, said on each of its sizes (not only the round they fell in)
      return ExtraTable.Row.of(label, threads, cellsOut, false).withOutage(CellResult.outageNote(List.of(o.result())));
    }
    if (!plan.sizes().contains(size)) {
      List<Long> ends = new ArrayList<>(plan.sizes());
      return ExtraTable.Row.unfinished(label, threads, String.format(Locale.ROOT, "no round ends at this size (its"
          + " rounds end at %s rows)", ends.size() > 4 ? ends.get(0) + ", " + ends.get(1) + ", ..., "
          + ends.get(ends.size() - 1) : ends.toString().replaceAll("[\\[\\]]", "")));
    }
    if (reached < size) {
      return ExtraTable.Row.unfinished(label, threads, String.format(Locale.ROOT, "not reached: stopped at %d rows",
          reached));
    }
    // past the size in all, but a client short of its share: the round never ended
    return ExtraTable.Row.unfinished(label, threads, String.format(Locale.ROOT, "round not ended: stopped at %d rows,"
        + " a client short of its share", reached));
  }

  /** Rows the cell's load inserted: its headline's, else the last round's. */
  private static long reached(CellResult r) {
    double rows = r.get(CellResult.HEADLINE_PREFIX + "rows");
    if (!Double.isNaN(rows)) {
      return (long) rows;
    }
    List<Map<String, Double>> rounds = r.rounds();
    return rounds.isEmpty() ? 0 : rounds.get(rounds.size() - 1).getOrDefault(LOAD_ROWS, 0.0).longValue();
  }
}
