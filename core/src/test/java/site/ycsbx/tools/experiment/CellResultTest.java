package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class CellResultTest {
  @Test
  void aLoadsEfficiencyIsPerRowWhereTheFamilyCountsRows() {
    Map<String, Double> f = new HashMap<>();
    // 10 s at 0.5 host CPU s/s and 2000 KB/s written, 100000 rows: 50 us and 0.2 KB a row
    CellResult.perUnit(Map.of("Seconds", 10.0, "cpu.sec", 0.5, "wkb.sec", 2000.0), Map.of("rows", 100000.0), f);
    assertEquals(50.0, f.get("cpu_us.row"), 1e-9);
    assertEquals(0.2, f.get("wkb.row"), 1e-12);
    assertEquals("row", new CellResult(f, Map.of(), null).unit());
  }

  @Test
  void noPerUnitFigureWithoutACountOrAWindow() {
    Map<String, Double> f = new HashMap<>();
    CellResult.perUnit(Map.of("Seconds", 10.0, "cpu.sec", 0.5), Map.of("rows", 0.0), f);
    CellResult.perUnit(Map.of("cpu.sec", 0.5), Map.of("rows", 100.0), f);
    CellResult.perUnit(Map.of("Seconds", 10.0, "cpu.sec", 0.5), Map.of("secs", 3.0), f);
    assertTrue(f.isEmpty(), f.toString());
    assertEquals(null, new CellResult(f, Map.of(), null).unit());
  }
}
