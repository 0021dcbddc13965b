package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cell that met an outage is marked wherever its figures show: the page's step table (the row's
 * note, {@code data-outage-secs}, the note under the table), the plan, results.csv and .json, and
 * the insert benchmark's table per size; a cell that met none is not.
 */
@Tag("fast")
class OutageMarksTest {
  /** {@code o}'s figures with an outage: {@code n} of them, {@code secs} seconds in all. */
  private static Outcome withOutage(Outcome o, double n, double secs) {
    Map<String, Double> f = new HashMap<>(o.result().figures());
    f.put(CellResult.OUTAGES, n);
    f.put(CellResult.OUTAGE_SECS, secs);
    return new Outcome(o.cell(), o.entry(), new CellResult(f, o.result().fingerprint(), o.result().mainOp(),
        o.result().rounds()));
  }

  @Test
  void thePageAndTheResultsFilesMarkTheCellsThatMetAnOutage(@TempDir Path tmp) throws IOException {
    ExperimentPageFixture f = new ExperimentPageFixture(tmp);
    // the fixture's cells met none (their result.json says 0): nothing marked
    String clean = Files.readString(f.write());
    assertFalse(clean.contains("data-outage-secs") || clean.contains("met 1 outage"), "no outage, no mark");
    int i = f.outcomes.indexOf(f.outcomes.stream().filter(o -> o.cell().id().equals("load.b.t1.r1")).findFirst()
        .orElseThrow());
    f.outcomes.set(i, withOutage(f.outcomes.get(i), 1, 5.3));
    String page = Files.readString(f.write());
    String load = ExperimentPageTest.section(page, "load");
    assertTrue(ExperimentPageTest.row(load, "b", 1).contains(" data-outage-secs=\"5.3\""),
        ExperimentPageTest.row(load, "b", 1));
    assertFalse(ExperimentPageTest.row(load, "a", 1).contains("data-outage"), ExperimentPageTest.row(load, "a", 1));
    assertEquals(List.of("load.b.t1.r1 met 1 outage, 5.3 s."), ExperimentPageTest.notes(load, "b", 1));
    assertTrue(load.contains("<p class=\"note outage\">outage: the cells' server was away that long"), load);
    // the console's table folded below says the same
    assertTrue(load.contains("(1 outage, 5.3 s)"), load);
    assertFalse(ExperimentPageTest.section(page, "query").contains("outage"), "the query step met none");
    // the plan's row of the cell
    String plan = page.substring(page.indexOf("<tr data-cell=\"load.b.t1.r1\""));
    plan = plan.substring(0, plan.indexOf("</tr>"));
    assertTrue(plan.contains("<td data-col=\"why\">met 1 outage, 5.3 s</td>"), plan);

    // results.csv: the two figures of every cell, 0 where it met none
    ResultsFiles.write(tmp, f.plan.experiment(), f.outcomes);
    List<String> csv = Files.readAllLines(tmp.resolve(ResultsFiles.CSV));
    List<String> head = List.of(csv.get(0).split(","));
    int n = head.indexOf(CellResult.OUTAGES);
    int secs = head.indexOf(CellResult.OUTAGE_SECS);
    assertTrue(n > 0 && secs > 0, csv.get(0));
    for (String line : csv.subList(1, csv.size())) {
      String[] v = line.split(",", -1);
      if (v[7].equals("OK")) {
        boolean met = v[1].equals("load.b.t1.r1");
        assertEquals(met ? "1.0" : "0.0", v[n], line);
        assertEquals(met ? "5.3" : "0.0", v[secs], line);
      }
    }
    String json = Files.readString(tmp.resolve(ResultsFiles.JSON));
    assertTrue(json.contains("\"outage.secs\" : 5.3"), json);
  }

  /** A load in rounds: each size's row of the cell says the load met the outage; the other target's rows do not. */
  @Test
  void theTablePerSizeMarksTheRowsOfALoadThatMetAnOutage() {
    Step load = new Step("load", "load", List.of(), Map.of(), List.of(1), 1);
    Target a = new Target("a", "jdbc", List.of(), Map.of(), Map.of());
    Target b = new Target("b", "jdbc", List.of(), Map.of(), Map.of());
    List<Outcome> outcomes = new java.util.ArrayList<>();
    int seq = 0;
    for (Target t : List.of(a, b)) {
      List<Map<String, Double>> rounds = List.of(round(1, 1000), round(2, 2000));
      Map<String, Double> f = new HashMap<>(Map.of(CellResult.OPS_S, 10.0, CellResult.OUTAGES, t == b ? 1.0 : 0.0,
          CellResult.OUTAGE_SECS, t == b ? 11.8 : 0.0));
      Cell c = new Cell(++seq, load, t, 1, 1);
      outcomes.add(new Outcome(c, new Ledger.Entry(c.id(), "d", Ledger.Status.OK, 0, 1, ""),
          new CellResult(f, Map.of(), null, rounds)));
    }
    List<ExtraTable> tables = SizeTables.tables(load, List.of(a, b), outcomes);
    assertEquals(2, tables.size());
    for (ExtraTable t : tables) {
      assertNull(t.rows().get(0).outage(), "a met none");
      assertEquals("1 outage, 11.8 s", t.rows().get(1).outage());
      assertTrue(t.text().lines().anyMatch(l -> l.endsWith(" b  (met 1 outage, 11.8 s)")), t.text());
      assertTrue(t.html().contains("<td data-col=\"target\">b<sup class=\"mark\" data-note=\"1\">¹</sup></td></tr>"),
          t.html());
      assertTrue(t.html().contains("<li data-note=\"1\"><span class=\"n\">¹</span>b met 1 outage, 11.8 s.</li>"),
          t.html());
    }
  }

  private static Map<String, Double> round(int n, double rows) {
    return Map.of("round", (double) n, "rows", rows, "planned_rows", rows, "load_rows", rows, "test_secs", 1.0,
        "db_size_mb", n * 0.25, "bytes_row", 262.0, "written_mb", 0.5, "write_mb_s", 0.5, "rows_s", 1000.0);
  }
}
