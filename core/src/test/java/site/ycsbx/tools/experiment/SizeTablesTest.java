package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.RunFolderFixture;

/**
 * The insert benchmark's table per size of a load of 25000 rows in rounds of 6250, by three
 * targets at 1, 3 and 10 clients: the rounds as iibench exports them, worked out by hand in
 * RoundsByClientsTest (transactions of 1000 rows, so with several clients a round ends well past
 * its size: 11000, 19000, 23667 rows at 3 clients). Target b had 50 rows in its table before the
 * load; c stopped early at 3 and 10 clients; b's last round at 10 clients failed 1000 rows. Each
 * planned size has one table, every target and thread count in it, with the figures of the round
 * that completed it; "not reached" only below the size.
 */
@Tag("fast")
class SizeTablesTest {
  @TempDir
  Path dir;
  private Plan plan;
  private final List<Outcome> outcomes = new ArrayList<>();

  /** A round as exported: planned size, rows of the load at its end, seconds, rows/s (NaN: none), spread. */
  private record Round(long planned, long load, double secs, double rowsS, double spread) {
  }

  private static final List<Round> ONE = List.of(new Round(6250, 7000, 0.7, 10000, 0),
      new Round(12500, 13000, 1.2, 5000, 0), new Round(18750, 19000, 0.3, 20000, 0), new Round(25000, 25000, 0.3, 20000, 0));
  private static final List<Round> THREE = List.of(new Round(6250, 11000, 0.45, 11000 / 0.45, 0.15),
      new Round(12500, 19000, 0.3, 8000 / 0.3, 0.25), new Round(18750, 23667, 0.3, 4667 / 0.3, 0.35),
      new Round(25000, 25000, 0.3, 1333 / 0.3, 0.45));
  private static final List<Round> TEN = List.of(new Round(6250, 10000, 1.9, 10000 / 1.9, 0.9),
      new Round(12500, 20000, 1.0, 10000, 0.9), new Round(18750, 20000, 0, Double.NaN, 0.9),
      new Round(25000, 25000, 1.0, 5000, 0.9));

  @BeforeEach
  void cells() throws IOException {
    Map<String, String> k = new LinkedHashMap<>();
    k.put("targets", "a,b,c");
    for (String t : List.of("a", "b", "c")) {
      k.put("target." + t + ".binding", "jdbc");
    }
    k.put("steps", "load");
    k.put("step.load.command", "load");
    k.put("step.load.P", "workloads/iibench");
    k.put("step.load.threads", "1,3,10");
    plan = new Plan(ExperimentFile.parse(k, Map.of(), "ib"));
    for (Cell c : plan.cells()) {
      outcomes.add(new Outcome(c, new Ledger.Entry(c.id(), "d", Ledger.Status.OK, 0, 5.0, ""),
          CellResult.read(folder(c, rounds(c), reached(c)))));
    }
  }

  // a target's times: b's rounds take twice a's, c's 1.5 times
  private static double slower(Cell c) {
    return switch (c.target().name()) {
      case "b" -> 2.0;
      case "c" -> 1.5;
      default -> 1.0;
    };
  }

  private static List<Round> rounds(Cell c) {
    List<Round> hand = c.threads() == 1 ? ONE : c.threads() == 3 ? THREE : TEN;
    String t = c.target().name();
    List<Round> out = new ArrayList<>();
    for (Round r : hand) {
      if (t.equals("c") && (c.threads() == 3 && r.planned() > 6250 || c.threads() == 10 && r.planned() > 12500)) {
        break; // c stopped (its time limit): no line for the rounds it did not end
      }
      boolean failed = t.equals("b") && c.threads() == 10 && r.planned() == 25000;
      out.add(new Round(r.planned(), failed ? 24000 : r.load(), r.secs() * slower(c), r.rowsS() / slower(c),
          r.spread()));
    }
    return out;
  }

  // rows the load inserted: c stopped at 12000 (3 clients) and 19500 (10 clients; a client short of its share)
  private static long reached(Cell c) {
    if (c.target().name().equals("c") && c.threads() > 1) {
      return c.threads() == 3 ? 12000 : 19500;
    }
    List<Round> r = rounds(c);
    return r.get(r.size() - 1).load();
  }

  private Path folder(Cell c, List<Round> rounds, long reached) throws IOException {
    RunFolderFixture f = new RunFolderFixture(0, 1, "host", 1_700_000_000_000L + 100_000L * c.seq(), 1000)
        .phase("load").fingerprint("threads", String.valueOf(c.threads()));
    f.interval("INSERT_TXN", 1000, 2000, 3000);
    Path folder = f.write(dir.resolve(Ledger.CELLS).resolve(c.id()));
    long before = c.target().name().equals("b") ? 50 : 0;
    StringBuilder s = new StringBuilder();
    double cum = 0;
    for (int i = 0; i < rounds.size(); i++) {
      Round r = rounds.get(i);
      int n = i + 1;
      cum += r.secs();
      put(s, n, "round", n);
      put(s, n, "planned_rows", r.planned());
      put(s, n, "load_rows", r.load());
      put(s, n, "rows", r.load() + before);
      put(s, n, "db_size_mb", r.load() / 10000.0);
      put(s, n, "bytes_row", r.load() / 10000.0 * 1048576 / (r.load() + before));
      put(s, n, "test_secs", r.secs());
      put(s, n, "rows_s", r.rowsS());
      // the server writes 1 MB/s, the host's disks 3 MB/s
      put(s, n, "written_mb", r.secs());
      put(s, n, "write_mb_s", r.secs() > 0 ? 1.0 : Double.NaN);
      put(s, n, "host_wr_mb", 3 * r.secs());
      put(s, n, "host_wr_mb_s", r.secs() > 0 ? 3.0 : Double.NaN);
      put(s, n, "spread_s", r.spread());
      put(s, n, "cum_test_secs", cum);
      put(s, n, "cum_rows_s", r.load() / cum);
    }
    s.append("[HEADLINE], rows, ").append(reached).append("\n[HEADLINE], planned_rows, 25000\n")
        .append("[HEADLINE], round_rows, 6250\n");
    Files.writeString(folder.resolve("summary.txt"), s, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    return folder;
  }

  private static void put(StringBuilder s, int round, String name, double v) {
    if (!Double.isNaN(v)) {
      s.append("[ROUND], ").append(round).append(' ').append(name).append(", ").append(v).append('\n');
    }
  }

  private Step load() {
    return plan.experiment().steps().get(0);
  }

  private Cell cell(String target, int threads) {
    return plan.cells().stream().filter(c -> c.target().name().equals(target) && c.threads() == threads).findFirst()
        .orElseThrow();
  }

  /** The row a cell's round must give: the post's columns from the hand-worked figures. */
  private static List<String> expected(Round r, long before) {
    String tps = Double.isNaN(r.rowsS()) ? "X" : StepTable.number(r.rowsS());
    String rate = r.secs() > 0 ? StepTable.number(3.0) : "X";
    String proc = r.secs() > 0 ? StepTable.number(1.0) : "X";
    return List.of(StepTable.number(r.load() / 10000.0), StepTable.number(r.load() / 10000.0 * 1048576 / (r.load()
        + before)), rate, StepTable.number(3 * r.secs()), StepTable.number(r.secs()), tps, StepTable.number(r.spread()),
        proc, StepTable.number(r.secs()));
  }

  @Test
  void aTablePerPlannedSizeWithEveryTargetAndThreadCountThatCompletedIt() {
    List<ExtraTable> tables = SizeTables.tables(load(), plan.experiment().targets(), outcomes);
    assertEquals(4, tables.size(), "one per planned size, not one per row count a round ended at");
    long[] sizes = {6250, 12500, 18750, 25000};
    for (int i = 0; i < 4; i++) {
      ExtraTable t = tables.get(i);
      assertEquals(String.format(Locale.ROOT, "step load at %d rows inserted by the load (round %d of 4): the insert"
          + " benchmark's table per size", sizes[i], i + 1), t.title());
      assertEquals(List.of("a t1", "b t1", "c t1", "a t3", "b t3", "c t3", "a t10", "b t10", "c t10"),
          t.rows().stream().map(ExtraTable.Row::target).toList(), "every target at every thread count");
      for (ExtraTable.Row row : t.rows()) {
        String target = row.target().substring(0, 1);
        Cell c = cell(target, row.threads());
        List<Round> rounds = rounds(c);
        String why = why(target, row.threads(), sizes[i]);
        if (why != null) {
          assertEquals(why, row.why(), row.target() + " at " + sizes[i]);
          continue;
        }
        assertNull(row.why(), row.target() + " at " + sizes[i]);
        assertEquals(expected(rounds.get(i), target.equals("b") ? 50 : 0), row.cells(), row.target() + " at " + sizes[i]);
      }
    }
    // a at 3 clients, round 2: 8000 rows in 0.3 s (26667 rows/s), not 19000 rows in 0.75 s since the start
    ExtraTable.Row a3 = tables.get(1).rows().get(3);
    assertEquals(List.of("1.90", "104.9", "3.00", "0.9000", "0.3000", "26667", "0.2500", "1.00", "0.3000"), a3.cells());
    // round 3 at 10 clients ended with round 2: no time, no rate (X), not 0 rows/s
    ExtraTable.Row a10 = tables.get(2).rows().get(6);
    assertEquals(List.of("2.00", "104.9", "X", "0", "0", "X", "0.9000", "X", "0"), a10.cells());
  }

  // the hand-worked reasons: c stopped at 12000 rows (3 clients) and 19500 (10 clients: past 18750 in all, a client
  // short of its share), b's last round at 10 clients stored 24000 rows of its 25000
  private static String why(String target, int threads, long size) {
    if (target.equals("c") && threads == 3 && size > 6250) {
      return "not reached: stopped at 12000 rows";
    }
    if (target.equals("c") && threads == 10 && size == 18750) {
      return "round not ended: stopped at 19500 rows, a client short of its share";
    }
    if (target.equals("c") && threads == 10 && size == 25000) {
      return "not reached: stopped at 19500 rows";
    }
    if (target.equals("b") && threads == 10 && size == 25000) {
      return "not reached: stopped at 24000 rows";
    }
    return null;
  }

  /** The console and the page: each planned size once, every target in it. */
  @Test
  void theConsoleAndThePageShowEachSizeOnce() throws IOException {
    String text = StepTables.format(load(), plan.experiment().targets(), outcomes);
    for (long size : new long[] {6250, 12500, 18750, 25000}) {
      assertEquals(1, ExperimentPageTest.count(text, "[EXPERIMENT] step load at " + size + " rows inserted by the load"),
          text);
    }
    assertEquals(4, ExperimentPageTest.count(text, "the insert benchmark's table per size"), text);
    assertEquals(1, ExperimentPageTest.count(text, SizeTables.NOTE), "the note once, under the last");
    new ExperimentPage(dir, List.of("bin/ycsb", "experiment", "page"), null).write(plan, outcomes, System.err);
    String page = Files.readString(dir.resolve(ExperimentPage.FILE));
    // the tables as HTML, then the step's text as printed (folded): the titles twice each, the tables once
    assertEquals(4, ExperimentPageTest.count(page, "data-kind=\"size\""), "one table per planned size");
    for (String t : List.of("a", "b", "c")) {
      assertEquals(4 * 3, ExperimentPageTest.count(page, "<tr data-target=\"" + t + " t"), t + " in every table");
    }
    assertTrue(page.contains("<h3>step load at 18750 rows inserted by the load (round 3 of 4): the insert benchmark's"
        + " table per size</h3>"), page);
  }

  /** A cell whose export has no planned sizes (an earlier version's, cumulative figures) is not put beside the others. */
  @Test
  void roundsWithoutPlannedSizesAreNotComparable() throws IOException {
    Cell c = cell("a", 1);
    Path folder = dir.resolve(Ledger.CELLS).resolve(c.id());
    String old = Files.readString(folder.resolve("summary.txt")).lines()
        .filter(l -> !l.contains("planned_rows") && !l.contains("round_rows")).reduce("", (x, y) -> x + y + "\n");
    Files.writeString(folder.resolve("summary.txt"), old, StandardCharsets.UTF_8);
    outcomes.replaceAll(o -> o.cell().equals(c) ? new Outcome(c, o.entry(), CellResult.read(folder)) : o);
    List<ExtraTable> tables = SizeTables.tables(load(), plan.experiment().targets(), outcomes);
    assertEquals(4, tables.size(), "the others' plans still give the sizes");
    for (ExtraTable t : tables) {
      assertEquals("its rounds have no planned sizes (exported by an earlier YCSB-X): not comparable, run the cell again",
          t.rows().get(0).why());
      assertTrue(t.title().startsWith("step load at ") && !t.title().contains("round "), "a's plan is not known: "
          + t.title());
    }
  }

  /** Cells of other plans: no round numbers in the titles, and a size a cell has no round at says so. */
  @Test
  void aSizeThatIsNotInACellsPlanIsNotCalledUnreached() throws IOException {
    Cell c = cell("a", 1);
    Path folder = dir.resolve(Ledger.CELLS).resolve(c.id());
    String other = Files.readString(folder.resolve("summary.txt")).replace("[HEADLINE], round_rows, 6250",
        "[HEADLINE], round_rows, 12500").lines().filter(l -> !l.startsWith("[ROUND]")).reduce("", (x, y) -> x + y + "\n")
        + "[ROUND], 1 planned_rows, 12500\n[ROUND], 1 load_rows, 13000\n[ROUND], 1 test_secs, 1.9\n"
        + "[ROUND], 2 planned_rows, 25000\n[ROUND], 2 load_rows, 25000\n[ROUND], 2 test_secs, 0.6\n";
    Files.writeString(folder.resolve("summary.txt"), other, StandardCharsets.UTF_8);
    outcomes.replaceAll(o -> o.cell().equals(c) ? new Outcome(c, o.entry(), CellResult.read(folder)) : o);
    List<ExtraTable> tables = SizeTables.tables(load(), plan.experiment().targets(), outcomes);
    assertEquals(4, tables.size());
    assertEquals("step load at 6250 rows inserted by the load: the insert benchmark's table per size",
        tables.get(0).title());
    assertEquals("no round ends at this size (its rounds end at 12500, 25000 rows)", tables.get(0).rows().get(0).why());
    assertEquals("1.90", tables.get(1).rows().get(0).cells().get(4), "a's round of 12500 rows");
  }
}
