package site.ycsbx.workloads.iibench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.MemoryIIBenchDb;
import site.ycsbx.tools.Main;

/** The iibench workload end to end through bin/ycsb's Main, on core's in-memory binding. */
@Tag("process")
class IIBenchWorkloadTest {
  private static final String MEMORY = MemoryIIBenchDb.class.getName();

  private static Result load(String... extra) {
    return JavaProcess.run(Main.class.getName(), args(extra));
  }

  /** A load refused before it starts: bin/ycsb's Main in this JVM. */
  private static Result refused(String... extra) {
    return InProcessMain.run(args(extra));
  }

  private static String[] args(String... extra) {
    List<String> args = new ArrayList<>(List.of("load", MEMORY, "-P", JavaProcess.workload("iibench"),
        "-p", "recordcount=20000", "-p", "iibench.roundrows=5000", "-p", "iibench.verify=true"));
    args.addAll(Arrays.asList(extra));
    return args.toArray(new String[0]);
  }

  private static void assertOneLine(Result r, String expected) {
    assertEquals(2, r.exitCode(), r.all());
    assertEquals(1, r.stderrLines().size(), r.stderr());
    assertTrue(r.stderr().contains(expected), r.stderr());
    assertFalse(r.stdout().contains("[IIBENCH]"), "nothing may be prepared: " + r.stdout());
  }

  @Test
  void loadInsertsInTransactionsAndPrintsRounds(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("rounds.csv");
    Result r = load("-p", "iibench.roundfile=" + csv, "-threads", "2");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("[INSERT_TXN], Operations, 20"), r.stdout());
    assertTrue(r.stdout().contains("[INSERT_TXN], Return=OK, 20"), r.stdout());
    assertTrue(r.stdout().contains(Rounds.TEXT_HEADER), r.stdout());
    Matcher m = Pattern.compile("\\[IIBENCH\\] +(\\d+) +(\\d+) ").matcher(r.stdout());
    List<Long> rows = new ArrayList<>();
    while (m.find()) {
      assertEquals(rows.size() + 1, Integer.parseInt(m.group(1)), r.stdout());
      rows.add(Long.parseLong(m.group(2)));
    }
    assertEquals(4, rows.size(), r.stdout());
    for (int k = 0; k < 4; k++) {
      // clients run on past the round: the rows in the tables when it ended are at least its share
      assertTrue(rows.get(k) >= 5000L * (k + 1), rows.toString());
    }
    assertEquals(20000L, rows.get(3));
    assertTrue(r.stdout().contains("[IIBENCH-VERIFY] purchases_index: 20000 rows, 20000 expected"), r.stdout());
    assertTrue(r.stdout().contains("[IIBENCH] inserted 20000 rows in"), r.stdout());
    // the verify is an operation of the summary: counted where its status is, timed
    assertTrue(r.stdout().contains("[VERIFY], Operations, 1\n"), r.stdout());
    assertTrue(r.stdout().contains("[VERIFY], Return=OK, 1\n"), r.stdout());
    assertTrue(Pattern.compile("(?m)^\\[SUMMARY\\] iibench: 20000 rows in [0-9.]+ s, [0-9.]+ rows/s; on storage ")
        .matcher(r.stderr()).find(), r.stderr());
    List<String> lines = Files.readAllLines(csv);
    assertEquals(5, lines.size(), lines.toString());
    assertTrue(lines.get(4).startsWith("4,20000,"), lines.get(4));
  }

  @Test
  void tablePerThreadGivesEachClientItsTable() {
    Result r = load("-threads", "4", "-p", "iibench.tableperthread=true", "-p", "recordcount=10000");
    assertEquals(0, r.exitCode(), r.all());
    for (int i = 0; i < 4; i++) {
      assertTrue(r.stdout().contains("[IIBENCH-VERIFY] purchases_index_" + i + ": 2500 rows, 2500 expected"), r.stdout());
    }
  }

  @Test
  void queryThreadsRunTheRangeQuery() {
    Result r = load("-threads", "3", "-p", "iibench.querythreads=1", "-p", "recordcount=100000",
        "-p", "iibench.batchsize=100", "-p", "iibench.querystartrows=1000", "-p", "iibench.roundrows=50000");
    assertEquals(0, r.exitCode(), r.all());
    Matcher m = Pattern.compile("\\[QUERY\\], Operations, (\\d+)").matcher(r.stdout());
    assertTrue(m.find(), r.stdout());
    assertTrue(Long.parseLong(m.group(1)) > 0);
    assertTrue(r.stdout().contains("[INSERT_TXN], Operations, 1000\n"), r.stdout());
  }

  /**
   * The run's status line has iibench's figures: rows of the total with rows/s and the ETA, and
   * the query threads' QUERY rate and latency; iibench's own status line is gone, its property
   * still accepted.
   */
  @Test
  void theStatusLineCountsRowsAndShowsTheQueries() {
    Result r = load("-threads", "2", "-p", "iibench.querythreads=1", "-p", "iibench.batchsize=100",
        "-p", "iibench.querystartrows=1", "-p", "iibench.queryintervalms=20", "-target", "200",
        "-p", "ycsbx.interval=0.5", "-p", "iibench.reportseconds=1");
    assertEquals(0, r.exitCode(), r.all());
    List<String> lines = r.stderr().lines().filter(l -> l.startsWith("[STATUS] ")).toList();
    assertTrue(lines.size() >= 2, "a 2 s load, a line each half second: " + r.stderr());
    Pattern line = Pattern.compile("\\[STATUS\\] +[0-9.]+ s load +\\d+/20000 rows +[0-9.]+% \\| +\\d+ rows/s now, +\\d+ avg"
        + " \\| ETA +\\d+ s \\| INSERT_TXN +[0-9.]+/s p50 .* ms p99 .* ms( \\| QUERY +[0-9.]+/s( p50 .* ms p99 .* ms)?)?"
        + "( \\| others \\d+% CPU)?");
    for (String l : lines) {
      assertTrue(line.matcher(l).matches(), l);
    }
    assertTrue(lines.stream().anyMatch(l -> l.contains("| QUERY ")), "the query thread's queries: " + lines);
    assertFalse(r.all().contains("IIBENCH-STATUS"), r.all());
  }

  @Test
  void existingRowsAreAppendedToAndSaidSoUnlessDropIsAsked() {
    Result append = load("-p", "memory.seedrows=700");
    assertEquals(0, append.exitCode(), append.all());
    assertTrue(append.stdout().contains("purchases_index: appending to 700 existing rows"), append.stdout());
    assertTrue(append.stdout().contains("[IIBENCH-VERIFY] purchases_index: 20700 rows, 20700 expected (700 before"), append.stdout());
  }

  @Test
  void failedTransactionsFailTheLoad() {
    Result r = load("-p", "memory.failevery=5");
    assertEquals(1, r.exitCode(), r.all());
    assertTrue(r.stderr().contains("injected failure on insert"), r.stderr());
    assertTrue(r.stdout().contains("[IIBENCH-VERIFY] purchases_index: 16000 rows, 16000 expected"), r.stdout());
  }

  @Test
  void badValuesAreOneLineBeforeAnythingIsCreated() {
    assertOneLine(refused("-p", "iibench.batchsize=0"), "iibench.batchsize=0 is out of range");
    assertOneLine(refused("-p", "iibench.indexes=4"), "iibench.indexes=4 is out of range; iibench.indexes accepts a whole number from 0 to 3");
    assertOneLine(refused("-p", "recordcount=-5"), "recordcount=-5 is out of range");
    assertOneLine(refused("-p", "iibench.rows=-1"), "iibench.rows=-1 is out of range");
    assertOneLine(refused("-p", "iibench.disks=nosuchdisk"), "iibench.disks: unknown disk nosuchdisk; disks here:");
    assertOneLine(refused("-p", "iibench.querythreads=1"), "iibench.querythreads=1 leaves no inserting thread");
    assertOneLine(refused("-p", "iibench.batchsise=10"), "unknown property iibench.batchsise (did you mean iibench.batchsize?)");
    assertOneLine(refused("-p", "iibench.rows=5000000000"), "set recordcount=2147483647 with iibench.rows");
  }

  @Test
  void moreThanTwoBillionRowsAreAccepted() {
    // validation only: a 3-billion-row load with recordcount at YCSB's int maximum passes the checks
    new IIBenchSettings(props("iibench.rows", "3000000000", "recordcount", "2147483647", "dotransactions", "false",
        "threadcount", "10"));
  }

  private static java.util.Properties props(String... kv) {
    java.util.Properties p = new java.util.Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }
}
