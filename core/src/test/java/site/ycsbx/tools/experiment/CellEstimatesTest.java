package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The ETA at each cell's start: a cell's length from the cells like it that finished, else its
 * time limit, else unknown (said so, not guessed); the experiment's from the cells left. The plan:
 * a load (a count ends it) on targets a and b, then a query step at 1 and 4 threads, 2 repeats,
 * 30 s limit each: 2 load cells then 8 query cells.
 */
@Tag("fast")
class CellEstimatesTest {
  private static Plan plan() {
    Map<String, String> keys = ExperimentFileTest.base();
    keys.put("step.query.maxexecutiontime", "30");
    return new Plan(ExperimentFile.parse(keys, Map.of(), "x"));
  }

  private static Cell cell(Plan p, String id) {
    return p.cells().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
  }

  @Test
  void aCellLastsAsTheCellsLikeItTookElseItsTimeLimitElseUnknown() {
    Plan p = plan();
    CellEstimates e = new CellEstimates(p);
    Map<String, Double> measured = new HashMap<>();
    // nothing finished: the load's length is not known (not made up), a query cell's is its limit + a cell's start
    assertFalse(e.of(cell(p, "load.a.t1.r1"), measured).known());
    assertEquals(35.0, e.of(cell(p, "query.a.t1.r1"), measured).seconds(), 1e-9);
    assertEquals("its time limit", e.of(cell(p, "query.a.t1.r1"), measured).basis());

    // load a took 600 s: load b is expected to take as long
    measured.put("load.a.t1.r1", 600.0);
    assertEquals(600.0, e.of(cell(p, "load.b.t1.r1"), measured).seconds(), 1e-9);
    assertEquals("as the other targets' took", e.of(cell(p, "load.b.t1.r1"), measured).basis());

    // a's first query cell took 33 s, b's 37 s: a's second repeat is a's own 33 s, not the mean with b's
    measured.put("query.a.t1.r1", 33.0);
    measured.put("query.b.t1.r1", 37.0);
    assertEquals(33.0, e.of(cell(p, "query.a.t1.r2"), measured).seconds(), 1e-9);
    assertEquals("as its other repeats took", e.of(cell(p, "query.a.t1.r2"), measured).basis());
    // at 4 threads nothing like it finished: a cell of another thread count is not like it, the limit says
    assertEquals(35.0, e.of(cell(p, "query.a.t4.r1"), measured).seconds(), 1e-9);
  }

  @Test
  void theStartLineSaysThisCellsAndTheExperimentsEta() {
    Plan p = plan();
    CellEstimates e = new CellEstimates(p);
    List<Cell> cells = p.cells();
    // at the first load: it and the other load unknown, 8 query cells of 35 s known (280 s)
    assertEquals("ETA this cell unknown (a count ends it, and no cell like it finished yet), the experiment at least"
        + " 4m40s (2 cells of unknown length)", e.line(cells.get(0), cells.subList(1, cells.size()), Map.of()));
    // at the second load, the first took 600 s: this one 600 s, with the 8 query cells 880 s
    assertEquals("ETA this cell 10m00s (as the other targets' took), the experiment 14m40s",
        e.line(cells.get(1), cells.subList(2, cells.size()), Map.of("load.a.t1.r1", 600.0)));
    // at the last cell (query.a.t4.r2), its other repeat took 31 s
    Cell last = cells.get(cells.size() - 1);
    assertEquals("query.a.t4.r2", last.id());
    assertEquals("ETA this cell 31 s (as its other repeats took), the experiment 31 s",
        e.line(last, List.of(), Map.of("query.a.t4.r1", 31.0, "query.b.t4.r1", 40.0)));
  }

  /** The old ETA divided the time so far by the cells done: after a 600 s load, 9 cells were "600 s" each. */
  @Test
  void shortCellsAfterALongLoadAreNotTakenForLoads() {
    Plan p = plan();
    String line = new CellEstimates(p).line(cell(p, "query.a.t1.r1"), p.cells().subList(3, p.cells().size()),
        Map.of("load.a.t1.r1", 600.0, "load.b.t1.r1", 620.0));
    // 8 query cells of 35 s: 280 s
    assertEquals("ETA this cell 35 s (its time limit), the experiment 4m40s", line);
    assertTrue(!line.contains("unknown"), line);
  }
}
