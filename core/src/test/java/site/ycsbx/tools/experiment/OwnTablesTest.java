package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.store.TableCount;
import site.ycsbx.testing.RunFolderFixture;

/**
 * Rows no cell wrote, and servers other sessions wrote on, in every table that shows a cell, from
 * recorded run folders worked out by hand: a and b load 3000 rows each (b's server also wrote for
 * others), then insert 300 at a fixed rate; a's table had 50 rows more at its run's start than
 * its load left (another client between the cells) and 300 more at its end than it wrote (during
 * it). a's run is marked in the step's table, the insert benchmark's summary and results.csv; b's
 * rows are not; b's load's write figures carry the mark of a shared server, a's do not.
 */
@Tag("fast")
class OwnTablesTest {
  private static final String T = "purchases_index";
  @TempDir
  Path dir;

  private List<Outcome> experiment(boolean aFailedItsLoad, boolean attempt) throws IOException {
    Map<String, String> k = new LinkedHashMap<>();
    k.put("targets", "a,b");
    k.put("target.a.binding", "jdbc");
    k.put("target.b.binding", "jdbc");
    k.put("steps", "load,qr100");
    k.put("step.load.command", "load");
    k.put("step.load.P", "workloads/iibench");
    k.put("step.qr100.command", "run");
    k.put("step.qr100.P", "workloads/iibench");
    Plan plan = new Plan(ExperimentFile.parse(k, Map.of(), "own"));
    List<Outcome> outcomes = new ArrayList<>();
    for (Cell c : plan.cells()) {
      boolean a = c.target().name().equals("a");
      boolean load = c.step().isLoad();
      Path folder = folder(c);
      if (load) {
        tables(folder, TableCount.absent(T), rows(3000), 3000, true, 0, !a);
      } else if (a) {
        tables(folder, rows(3050), rows(3650), 300, false, 300, false);
      } else {
        tables(folder, rows(3000), rows(3300), 300, false, 0, false);
      }
      if (attempt && a && !load) {
        Files.createDirectories(folder.resolveSibling(c.id() + ".attempt1"));
      }
      boolean failed = aFailedItsLoad && a && load;
      Ledger.Entry e = new Ledger.Entry(c.id(), "d", failed ? Ledger.Status.FAILED : Ledger.Status.OK, failed ? 1 : 0,
          5.0, failed ? "a test's failure" : "");
      CellResult r = failed ? null : CellResult.read(folder);
      if (r != null) {
        OwnTables.judge(this::cellDir, outcomes, c, r);
      }
      outcomes.add(new Outcome(c, e, r));
    }
    return outcomes;
  }

  private Path cellDir(Cell c) {
    return dir.resolve(Ledger.CELLS).resolve(c.id());
  }

  private static TableCount rows(long n) {
    return new TableCount(T, true, n, 1, n, true, n);
  }

  private Path folder(Cell c) throws IOException {
    RunFolderFixture f = new RunFolderFixture(0, 1, "host", 1_700_000_000_000L + 100_000L * c.seq(), 1000)
        .phase(c.step().command()).fingerprint("threads", "1");
    long[] lat = new long[20];
    Arrays.setAll(lat, j -> 1000 + j * 100L);
    f.interval("INSERT_TXN", lat);
    Path folder = f.write(cellDir(c));
    StringBuilder s = new StringBuilder();
    if (c.step().isLoad()) {
      for (int r = 1; r <= 2; r++) {
        s.append("[ROUND], ").append(r).append(" rows, ").append(1500 * r).append('\n');
        s.append("[ROUND], ").append(r).append(" planned_rows, ").append(1500 * r).append('\n');
        s.append("[ROUND], ").append(r).append(" load_rows, ").append(1500 * r).append('\n');
        s.append("[ROUND], ").append(r).append(" test_secs, 1\n");
        s.append("[ROUND], ").append(r).append(" rows_s, 1500\n");
        s.append("[ROUND], ").append(r).append(" written_mb, 0.75\n");
        s.append("[ROUND], ").append(r).append(" write_mb_s, 0.75\n");
        s.append("[ROUND], ").append(r).append(" host_wr_mb, 0.75\n");
        s.append("[ROUND], ").append(r).append(" host_wr_mb_s, 0.75\n");
      }
      s.append("[HEADLINE], rows_s, 1000\n[HEADLINE], rows, 3000\n[HEADLINE], planned_rows, 3000\n"
          + "[HEADLINE], round_rows, 1500\n[HEADLINE], cum_written_mb, 1.5\n");
    } else {
      s.append("[HEADLINE], rows_s, 99\n[HEADLINE], asked_rows_s, 100\n");
    }
    s.append("[EFFICIENCY], Seconds, 4\n[EFFICIENCY], wkb.sec, 800\n[EFFICIENCY], cpu.sec, 0.5\n");
    Files.writeString(folder.resolve("summary.txt"), s, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    return folder;
  }

  /** result.json's tables (as ForeignRows writes them) and others.server_shared, into a fixture's folder. */
  private static void tables(Path folder, TableCount start, TableCount end, long inserted, boolean fresh,
      long foreign, boolean shared) throws IOException {
    ObjectMapper m = new ObjectMapper();
    Path file = folder.resolve("result.json");
    ObjectNode r = (ObjectNode) m.readTree(file.toFile());
    ((ObjectNode) r.get("others")).put("server_shared", shared);
    ObjectNode t = r.putObject("tables");
    t.put("marked", foreign != 0);
    t.put("foreign_rows", foreign);
    for (Map.Entry<String, TableCount> e : Map.of("start_", start, "end_", end).entrySet()) {
      TableCount c = e.getValue();
      t.put(T + "." + e.getKey() + "present", c.present());
      t.put(T + "." + e.getKey() + "rows", c.rows());
      t.put(T + "." + e.getKey() + "keyed", c.keyed());
      t.put(T + "." + e.getKey() + "min_key", c.minKey());
      t.put(T + "." + e.getKey() + "max_key", c.maxKey());
    }
    t.put(T + ".inserted", inserted);
    t.put(T + ".fresh", fresh);
    t.put(T + ".foreign", foreign);
    m.writeValue(file.toFile(), r);
  }

  private static CellResult result(List<Outcome> outcomes, String id) {
    return outcomes.stream().filter(o -> o.cell().id().equals(id)).findFirst().orElseThrow().result();
  }

  private static Step step(List<Outcome> outcomes, String name) {
    return outcomes.stream().map(o -> o.cell().step()).filter(s -> s.name().equals(name)).findFirst().orElseThrow();
  }

  private static List<Target> targets(List<Outcome> outcomes) {
    return outcomes.stream().map(o -> o.cell().target()).distinct().toList();
  }

  @Test
  void rowsNoCellWroteMarkTheCellInEveryTableThatShowsIt() throws IOException {
    List<Outcome> o = experiment(false, false);
    CellResult a = result(o, "qr100.a.t1.r1");
    assertEquals(50.0, a.get(OwnTables.BEFORE), "3050 at its start, 3000 left by load.a");
    assertEquals(300.0, a.get(OwnTables.DURING));
    assertEquals(1.0, a.get(OwnTables.MARKED));
    CellResult b = result(o, "qr100.b.t1.r1");
    assertEquals(0.0, b.get(OwnTables.BEFORE));
    assertEquals(0.0, b.get(OwnTables.DURING));
    assertEquals(0.0, b.get(OwnTables.MARKED));
    assertEquals(0.0, result(o, "load.a.t1.r1").get(OwnTables.MARKED), "a table made afresh, as the load wrote it");

    String run = StepTables.format(step(o, "qr100"), targets(o), o);
    assertEquals(1, run.lines().filter(l -> l.startsWith("[EXPERIMENT] a ") && l.endsWith(
        "(1 of 1 with rows no cell wrote)")).count(), run);
    assertFalse(run.lines().anyMatch(l -> l.startsWith("[EXPERIMENT] b ") && l.contains("rows no cell wrote")), run);
    assertTrue(run.contains("[EXPERIMENT] rows no cell wrote: qr100.a.t1.r1 50 before it, 300 during it; another"
        + " client wrote in (or deleted from) those tables"), run);
    // the insert benchmark's summary and its relative table: a's rows labelled and marked, b's not
    List<ExtraTable> extra = StepTables.extra(step(o, "qr100"), targets(o), o);
    for (ExtraTable t : extra) {
      assertEquals("a" + OwnTables.ROW_MARK, t.rows().get(0).target(), t.kind());
      assertTrue(t.rows().get(0).marked(), t.kind());
      assertEquals("b", t.rows().get(1).target(), t.kind());
      assertFalse(t.rows().get(1).marked(), t.kind());
      assertTrue(t.html().contains("<tr data-target=\"a (rows not its own)\" data-threads=\"1\" data-marked=\"true\""),
          t.html());
    }
    // results.csv: the cell's row says it
    String csv = ResultsFiles.csv(o);
    List<String> head = List.of(csv.lines().findFirst().orElseThrow().split(","));
    String aRow = csv.lines().filter(l -> l.contains(",qr100.a.t1.r1,")).findFirst().orElseThrow();
    String bRow = csv.lines().filter(l -> l.contains(",qr100.b.t1.r1,")).findFirst().orElseThrow();
    assertEquals("50.0", aRow.split(",", -1)[head.indexOf(OwnTables.BEFORE)]);
    assertEquals("300.0", aRow.split(",", -1)[head.indexOf(OwnTables.DURING)]);
    assertEquals("1.0", aRow.split(",", -1)[head.indexOf(OwnTables.MARKED)]);
    assertEquals("0.0", bRow.split(",", -1)[head.indexOf(OwnTables.MARKED)]);
  }

  @Test
  void theWriteFiguresOfAServerOthersWroteOnAreMarkedAndOnlyThose() throws IOException {
    List<Outcome> o = experiment(false, false);
    assertEquals(1.0, result(o, "load.b.t1.r1").get(OwnTables.SHARED));
    assertEquals(0.0, result(o, "load.a.t1.r1").get(OwnTables.SHARED));
    String load = StepTables.format(step(o, "load"), targets(o), o);
    String aRow = load.lines().filter(l -> l.startsWith("[EXPERIMENT] a ")).findFirst().orElseThrow();
    String bRow = load.lines().filter(l -> l.startsWith("[EXPERIMENT] b ")).findFirst().orElseThrow();
    // wkb.row (the host's disks) and written_mb (the server process) carry it; rows/s and latency do not
    assertTrue(bRow.matches(".* 1\\.50\\+( .*)?") && bRow.matches(".* 1\\.07\\+ .*"), bRow);
    assertFalse(aRow.contains("+"), aRow);
    assertFalse(bRow.matches(".* 1000\\+ .*"), "a rate is not a write figure: " + bRow);
    assertTrue(load.contains("[EXPERIMENT] +: a write figure of a server that other sessions also wrote on"), load);
    // the table per size: b's Write-rate and Bytes-written, each size, not its DB size or TPS
    List<ExtraTable> sizes = StepTables.extra(step(o, "load"), targets(o), o);
    assertEquals(2, sizes.size());
    for (ExtraTable t : sizes) {
      ExtraTable.Row b = t.rows().stream().filter(r -> r.target().equals("b")).findFirst().orElseThrow();
      ExtraTable.Row a = t.rows().stream().filter(r -> r.target().equals("a")).findFirst().orElseThrow();
      int rate = SizeTables.COLUMNS.indexOf("Write-rate(MB/s)");
      int written = SizeTables.COLUMNS.indexOf("Bytes-written(MB)");
      assertEquals("0.7500+", b.cells().get(rate), t.title());
      assertTrue(b.cells().get(written).endsWith("+"), t.title());
      assertFalse(a.cells().get(rate).endsWith("+"), t.title());
      assertFalse(b.marked(), "a shared server marks figures, not the row");
      assertTrue(t.html().contains("<td class=\"num shared\" data-col=\"Write-rate(MB/s)\">0.7500+</td>"), t.html());
    }
    // the line once, under the last table of the kind
    assertEquals(2, load.lines().filter(l -> l.startsWith("[EXPERIMENT] +: ")).count(), "under the step's table and"
        + " the last size table:\n" + load);
    assertTrue(sizes.get(1).note().contains("+: a write figure"), sizes.get(1).note());
    assertFalse(sizes.get(0).note() != null && sizes.get(0).note().contains("+:"), sizes.get(0).note());
  }

  @Test
  void nothingIsComparedAcrossACellThatDidNotFinishOrAnEarlierAttempt() throws IOException {
    // a's load failed: its run's start has nothing to be held against; its own count still finds 300
    List<Outcome> failed = experiment(true, false);
    CellResult a = result(failed, "qr100.a.t1.r1");
    assertEquals(0.0, a.get(OwnTables.BEFORE));
    assertEquals(300.0, a.get(OwnTables.DURING));
    // an earlier attempt of the run cell ran in between (and may have written): not another client's
    List<Outcome> again = experiment(false, true);
    assertEquals(0.0, result(again, "qr100.a.t1.r1").get(OwnTables.BEFORE));
  }

  @Test
  void aTableLaterHoldsWhatItHeldOrTheDifference() {
    TableCount ten = new TableCount(T, true, 10, 1, 10, true, 10);
    assertEquals(0, OwnTables.between(ten, ten));
    assertEquals(5, OwnTables.between(ten, new TableCount(T, true, 15, 1, 15, true, 15)));
    assertEquals(10, OwnTables.between(ten, TableCount.absent(T)), "dropped by another client: its 10 rows gone");
    assertEquals(10, OwnTables.between(TableCount.absent(T), ten), "created by another client");
    // too large to count: the key's ends; as many in as out moves them without the span
    TableCount big = new TableCount(T, true, TableCount.NOT_COUNTED, 1, 3_000_000_000L, true, -1);
    assertEquals(0, OwnTables.between(big, big));
    assertEquals(300, OwnTables.between(big, new TableCount(T, true, TableCount.NOT_COUNTED, 1, 3_000_000_300L, true,
        -1)));
    assertEquals(100, OwnTables.between(big, new TableCount(T, true, TableCount.NOT_COUNTED, 101, 3_000_000_100L,
        true, -1)));
    // neither counted nor keyed: nothing said
    TableCount opaque = new TableCount(T, true, TableCount.NOT_COUNTED, 0, 0, false, 5_000_000);
    assertEquals(0, OwnTables.between(opaque, opaque));
  }
}
