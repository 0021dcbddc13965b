package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.RunFolderFixture;

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

  /** A transaction of 3 statements: the statements are the busiest operation, the transaction is what sysbench times. */
  private static Path sysbenchLike(Path dir, String unitOperation) throws IOException {
    return new RunFolderFixture(0, 1, "host", 1_700_000_000_000L, 1000).unitOperation(unitOperation)
        .interval("TRANSACTION", 3000, 3100).interval("SELECT", 100, 110, 120, 130, 140, 150)
        .write(dir);
  }

  @Test
  void theLatencyOperationIsTheOneTheFamilyDeclaresAsItsUnit(@TempDir Path dir) throws IOException {
    CellResult r = CellResult.read(sysbenchLike(dir.resolve("declared"), "TRANSACTION"));
    assertEquals("TRANSACTION", r.mainOp());
  }

  @Test
  void withoutADeclarationTheBusiestOperationIsShownWhateverItsName(@TempDir Path dir) throws IOException {
    assertEquals("SELECT", CellResult.read(sysbenchLike(dir.resolve("undeclared"), null)).mainOp());
    // a declared operation the run did not time is no latency to show
    assertEquals("SELECT", CellResult.read(sysbenchLike(dir.resolve("absent"), "COMMIT")).mainOp());
  }

  /** iibench's l.i1: a delete per insert transaction, as many of each; the insert is the step's operation. */
  @Test
  void aDeletePerInsertLeavesTheInsertTheOperationShown(@TempDir Path dir) throws IOException {
    Path tie = new RunFolderFixture(0, 1, "host", 1_700_000_000_000L, 1000).interval("DELETE_TXN", 900, 1000)
        .interval("INSERT_TXN", 3000, 3100).write(dir.resolve("tie"));
    assertEquals("INSERT_TXN", CellResult.read(tie).mainOp());
    Path more = new RunFolderFixture(0, 1, "host", 1_700_000_000_000L, 1000).interval("DELETE_TXN", 900, 1000, 1100)
        .interval("INSERT_TXN", 3000, 3100).write(dir.resolve("more"));
    assertEquals("DELETE_TXN", CellResult.read(more).mainOp(), "more deletes than inserts: the busiest is shown");
  }

  /** result.json's outages; a folder written before it had them: its summary's [OUTAGE] lines; none: 0, not unknown. */
  @Test
  void theOutagesACellMetAreReadFromItsRunFolder(@TempDir Path dir) throws IOException {
    Path met = new RunFolderFixture(0, 1, "host", 1_700_000_000_000L, 1000).interval("READ", 100, 200)
        .outages(2, 17.04, 1).write(dir.resolve("met"));
    CellResult r = CellResult.read(met);
    assertEquals(2.0, r.get(CellResult.OUTAGES));
    assertEquals(17.04, r.get(CellResult.OUTAGE_SECS), 1e-9);
    CellResult none = CellResult.read(new RunFolderFixture(0, 1, "host", 1_700_000_000_000L, 1000)
        .interval("READ", 100).write(dir.resolve("none")));
    assertEquals(0.0, none.get(CellResult.OUTAGES));
    assertEquals(0.0, none.get(CellResult.OUTAGE_SECS));

    Map<String, Double> f = new HashMap<>();
    Path summary = dir.resolve("summary.txt");
    java.nio.file.Files.writeString(summary, "[OVERALL], RunTime(ms), 30000\n"
        + "[OUTAGE] from 2026-11-23T18:59:10.228Z to 2026-11-23T18:59:22.002Z (11.8 s): 7 operations lost; cause: x (1.5 s)\n"
        + "[OUTAGE] from 2026-11-23T19:00:10.000Z to (not back when the run ended) (2.5 s): 3 operations lost; cause: y\n");
    CellResult.outages(com.fasterxml.jackson.databind.node.MissingNode.getInstance(), summary, f);
    assertEquals(2.0, f.get(CellResult.OUTAGES));
    assertEquals(14.3, f.get(CellResult.OUTAGE_SECS), 1e-9);
  }
}
