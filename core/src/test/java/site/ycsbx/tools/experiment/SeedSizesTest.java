package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.util.UserError;

/**
 * The seeds' sizes with the shipped files' own knobs, counted exactly in the plan: the 2014 post's 3
 * billion iibench rows per target (recordcount, an int in YCSB's Client, refused 3,000,000,000),
 * LinkBench's 10M nodes, sysbench's 16 x 10M rows, filemeta's 300M files; and the plan's estimate of
 * a first run, from the rate an earlier experiment measured on this host, else the documented rate.
 */
@Tag("fast")
class SeedSizesTest {
  private static final Path EXPERIMENTS = Path.of(JavaProcess.workload("iibench")).getParent().getParent()
      .resolve("experiments");

  @TempDir
  Path tmp;

  /** The shipped file with {@code overrides}; its relative workload files read from the repository (tests run in core/). */
  private static Experiment shipped(String name, Map<String, String> overrides) throws IOException {
    Properties file = new Properties();
    try (Reader r = Files.newBufferedReader(EXPERIMENTS.resolve(name))) {
      file.load(r);
    }
    Map<String, String> all = new HashMap<>(overrides);
    for (String k : file.stringPropertyNames()) {
      if (k.startsWith("step.") && k.endsWith(".P")) {
        all.put(k, EXPERIMENTS.getParent().resolve(file.getProperty(k).trim()).toString());
      }
    }
    return ExperimentFile.read(EXPERIMENTS.resolve(name), all);
  }

  private static PlannedWork work(Experiment e, String cell) {
    Cell c = new Plan(e).cells().stream().filter(x -> x.id().equals(cell)).findFirst().orElseThrow();
    return PlannedWork.of(e, c);
  }

  @Test
  void insertBenchmarkAtScale120000PlansThreeBillionRowsPerTargetExactly() throws IOException {
    Experiment e = shipped("insert-benchmark", Map.of("scale", "120000"));
    Plan plan = new Plan(e);
    for (Target t : e.targets()) {
      for (String step : List.of("load", "lx")) {
        PlannedWork w = work(e, step + "." + t.name() + ".t1.r1");
        assertEquals(3_000_000_000L, w.count(), step + " " + t.name());
        assertEquals("rows", w.unit());
        Cell c = plan.cells().stream().filter(x -> x.id().equals(step + "." + t.name() + ".t1.r1")).findFirst()
            .orElseThrow();
        // what the cell is given: the 64-bit count, and YCSB's int left at its largest
        assertTrue(e.arguments(c).contains("iibench.rows=3000000000"), e.arguments(c).toString());
        assertTrue(e.arguments(c).contains("recordcount=2147483647"), e.arguments(c).toString());
      }
      assertEquals(300_000_000L, work(e, "li1." + t.name() + ".t1.r1").count());
      assertEquals(60_000_000L, work(e, "li2." + t.name() + ".t1.r1").count());
    }
    String text = plan.describe(Map.of());
    assertTrue(text.contains("  step load             load, threads 1: 3,000,000,000 rows per target (iibench.rows, 4"
        + " rounds of 750,000,000: iibench.roundrows)\n"), text);
    assertTrue(text.contains("  step li1              run, threads 1: 300,000,000 rows per target (iibench.rows)\n"),
        text);
  }

  @Test
  void theOtherSeedsSizesAreReachedAndCountedExactly() throws IOException {
    Experiment lb = shipped("linkbench-engines", Map.of("scale", "2000"));
    assertEquals(10_000_000L, work(lb, "load.innodb.t1.r1").count());
    assertEquals("nodes", work(lb, "load.innodb.t1.r1").unit());
    Experiment sb = shipped("sysbench-engines", Map.of("scale", "1000", "tables", "16"));
    assertEquals(160_000_000L, work(sb, "load.innodb.t2.r1").count());
    assertTrue(new Plan(sb).describe(Map.of()).contains("16 tables x 10,000,000 rows"));
    Experiment fm = shipped("filemeta-engines", Map.of("scale", "1500"));
    assertEquals(300_000_000L, work(fm, "load.innodb.t2.r1").count());
    assertEquals("files", work(fm, "load.innodb.t2.r1").unit());
  }

  @Test
  void aSizeBeyond64BitsIsRefusedInOneLine() {
    UserError e = assertThrows(UserError.class, () -> shipped("insert-benchmark", Map.of("scale", "400000000000000")));
    assertEquals("experiment file: step.load.iibench.rows=${scale}*25000 is 400000000000000*25000, beyond a 64-bit"
        + " count (9223372036854775807)", e.getMessage());
  }

  /** An earlier experiment's cell: 100,000 iibench rows loaded on jdbc in 4 s (25,000 rows/s). */
  private Path earlierExperiment() throws IOException {
    Path earlier = tmp.resolve("runs").resolve("insert-benchmark");
    Path cell = Files.createDirectories(earlier.resolve("cells").resolve("load.inno-sync.t1.r1"));
    Files.writeString(earlier.resolve(Ledger.NAME_FILE), "insert-benchmark\n");
    Files.writeString(earlier.resolve(Ledger.FILE), "# cell\tdefinition\tstatus\texit\tseconds\n"
        + "load.inno-sync.t1.r1\tabc\tOK\t0\t6.1\t\n");
    Files.writeString(cell.resolve("result.json"), "{\"phase\":\"load\",\"binding\":\"jdbc\",\"workload\":"
        + "\"site.ycsbx.workloads.iibench.IIBenchWorkload\",\"headline\":{\"rows\":100000,\"secs\":4.0},"
        + "\"overall\":{\"operations\":100,\"runtime_ms\":4100},\"end_ms\":1}");
    return tmp.resolve("runs");
  }

  @Test
  void theEstimateOfAFirstRunSaysWhichRateItRestsOn() throws IOException {
    Experiment e = shipped("insert-benchmark", Map.of("scale", "120000"));
    Plan plan = new Plan(e);
    // nothing measured: the documented rates, 50,000 rows/s for a load and 5,000 for inserts with deletes
    String documented = plan.describe(Map.of(), MeasuredRates.near(tmp.resolve("out"), tmp.resolve("none")));
    assertTrue(documented.contains("load.inno-sync.t1.r1                 about 16h40m: 3,000,000,000 rows at 50000 rows/s"
        + " (documented rate)"), documented);
    assertTrue(documented.contains("li1.myrocks.t1.r1                    about 16h40m: 300,000,000 rows at 5000 rows/s"
        + " (documented rate)"), documented);
    assertTrue(documented.contains("  12 cells from documented rates\n"), documented);

    // an earlier experiment's load on this host: its rate for every load of that family and binding;
    // the runs, which it did not measure, stay at the documented rate
    String measured = plan.describe(Map.of(), MeasuredRates.near(tmp.resolve("out"), earlierExperiment()));
    for (String cell : List.of("load.inno-sync.t1.r1", "load.myrocks.t1.r1", "lx.inno-lazy.t1.r1")) {
      assertTrue(measured.contains(String.format("%-36s about 33h20m: 3,000,000,000 rows at 25000 rows/s (measured)",
          cell)), cell + "\n" + measured);
    }
    assertTrue(measured.contains("li1.myrocks.t1.r1                    about 16h40m"), measured);
    // 6 loads x (120,000 s + 5 s of start) + li1 3 x (60,000 + 5) + li2 3 x (12,000 + 5) + 6 paced x (3 + 5)
    assertTrue(measured.contains("estimate: 10 d 20h\n  6 cells from rates measured on this host\n  6 cells from"
        + " documented rates\n  6 cells from the rates the cells ask\n"), measured);
    assertTrue(measured.contains("iibench load on jdbc at 25000 rows/s, measured on this host: cell load.inno-sync.t1.r1"
        + " of " + tmp.resolve("runs").resolve("insert-benchmark") + ", 100,000 rows in 4.00 s"), measured);
  }
}
