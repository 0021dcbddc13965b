package site.ycsbx.tools.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A load in rounds as the 2014 insert benchmark post tables it: one table per size reached (the
 * rows at a round's end), one row per target, in its columns {@code DB-size Bytes-per-doc
 * Write-rate Bytes-written Test-secs TPS Server}, read from the {@code [ROUND]} rows of each
 * cell's export. {@code X} where the figure was not measured (a size while most of the data is
 * still in memtables, writes of a server on another host); a target that stopped before a size
 * keeps the sizes it reached, and says where it stopped in the tables of the others.
 */
final class SizeTables {
  static final List<String> COLUMNS = List.of("DB-size(MB)", "Bytes-per-doc", "Write-rate(MB/s)", "Bytes-written(MB)",
      "Test-secs", "TPS(rows/s)", "Server");
  /** The round figures behind the columns, in their order. */
  static final List<String> FIGURES = List.of("db_size_mb", "bytes_row", "write_mb_s", "written_mb", "test_secs",
      "cum_rows_s");
  static final String NOT_MEASURED = "X";
  static final String NOTE = "DB-size: on storage, MB; Bytes-per-doc: DB-size per row; Write-rate, Bytes-written: MB/s"
      + " and MB the database server process wrote; Test-secs: seconds; TPS: rows inserted per second; all since the"
      + " load's start, at the round that reached the size; X: not measured";

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

  /** Whether a step gets size tables: a load whose cells ran in rounds (one round is the step's own table). */
  static boolean applies(Step s, List<Outcome> outcomes) {
    return s.isLoad() && outcomes.stream().anyMatch(o -> o.ok() && o.cell().step().equals(s)
        && o.result().rounds().size() > 1);
  }

  /** The sizes reached by any target of the step, in rows, smallest first. */
  static List<Long> sizes(Step s, List<Outcome> outcomes) {
    TreeSet<Long> sizes = new TreeSet<>();
    for (Outcome o : outcomes) {
      if (o.ok() && o.cell().step().equals(s)) {
        o.result().rounds().forEach(r -> sizes.add(r.getOrDefault("rows", Double.NaN).longValue()));
      }
    }
    return new ArrayList<>(sizes);
  }

  static List<ExtraTable> tables(Step s, List<Target> targets, List<Outcome> outcomes) {
    if (!applies(s, outcomes)) {
      return List.of();
    }
    List<ExtraTable> out = new ArrayList<>();
    List<Long> sizes = sizes(s, outcomes);
    for (long size : sizes) {
      List<ExtraTable.Row> rows = new ArrayList<>();
      for (int threads : s.threads()) {
        for (Target t : targets) {
          String label = s.threads().size() > 1 ? t.name() + " t" + threads : t.name();
          rows.add(row(label, threads, size, outcomes.stream().filter(o -> o.cell().step().equals(s)
              && o.cell().target().equals(t) && o.cell().threads() == threads).toList()));
        }
      }
      out.add(new ExtraTable("size", String.format(Locale.ROOT, "step %s at %d rows: the insert benchmark's table per"
          + " size", s.name(), size), COLUMNS, rows, size == sizes.get(sizes.size() - 1) ? NOTE : null, true));
    }
    return out;
  }

  private static ExtraTable.Row row(String label, int threads, long size, List<Outcome> cells) {
    if (cells.isEmpty()) {
      return ExtraTable.Row.unfinished(label, threads, "not run yet");
    }
    Outcome o = cells.stream().filter(Outcome::ok).findFirst().orElse(null);
    if (o == null) {
      return ExtraTable.Row.unfinished(label, threads, StepTable.describe(cells.get(cells.size() - 1).entry()));
    }
    List<Map<String, Double>> rounds = o.result().rounds();
    Map<String, Double> round = rounds.stream().filter(r -> r.getOrDefault("rows", Double.NaN).longValue() == size)
        .findFirst().orElse(null);
    if (round == null) {
      return ExtraTable.Row.unfinished(label, threads, rounds.isEmpty() ? "no round ended"
          : String.format(Locale.ROOT, "not reached: stopped at %d rows", rounds.get(rounds.size() - 1)
              .getOrDefault("rows", Double.NaN).longValue()));
    }
    List<String> cellsOut = new ArrayList<>();
    for (String f : FIGURES) {
      Double v = round.get(f);
      cellsOut.add(v == null || v.isNaN() ? NOT_MEASURED : StepTable.number(v));
    }
    // the load's outages, said on each of its sizes (not only the round they fell in)
    return ExtraTable.Row.of(label, threads, cellsOut, false).withOutage(CellResult.outageNote(List.of(o.result())));
  }
}
