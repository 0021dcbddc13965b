package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class PlanTest {
  @Test
  void loadsRunOncePerTargetAndRunStepsAlternateTheTargetsOrder() {
    Plan p = new Plan(ExperimentFile.parse(ExperimentFileTest.base(), Map.of(), "x"));
    List<String> ids = p.cells().stream().map(Cell::id).toList();
    assertEquals(List.of("load.a.t1.r1", "load.b.t1.r1",
        "query.a.t1.r1", "query.b.t1.r1", "query.b.t1.r2", "query.a.t1.r2",
        "query.a.t4.r1", "query.b.t4.r1", "query.b.t4.r2", "query.a.t4.r2"), ids);
    for (int i = 0; i < p.cells().size(); i++) {
      assertEquals(i + 1, p.cells().get(i).seq());
    }
  }

  @Test
  void theDryRunListsEveryCellWithItsCommandAndAnEstimate() {
    Map<String, String> keys = ExperimentFileTest.base();
    keys.put("step.query.maxexecutiontime", "30");
    keys.put("target.a.db.passwd", "secret");
    Plan p = new Plan(ExperimentFile.parse(keys, Map.of(), "x"));
    String text = p.describe(Map.of("load.a.t1.r1", 12.0));
    assertTrue(text.startsWith("experiment x: 2 targets x 2 steps, 10 cells\n"), text);
    for (Cell c : p.cells()) {
      assertTrue(text.contains(c.id()), c.id() + " in " + text);
    }
    assertTrue(text.contains("load.a.t1.r1                         took 12 s before"), text);
    assertTrue(text.contains("bin/ycsb run null -P workloads/workloadc -p ycsbx.interval=5 -p 'db.passwd=*****' -p maxexecutiontime=30"), text);
    assertTrue(!text.contains("secret"), text);
    // 12 s measured + 8 run cells x (30 s + 5 s of start) = 292 s; the other load has no time known
    assertTrue(text.contains("estimate: 4m52s plus 1 cell that a count ends"), text);
  }
}
