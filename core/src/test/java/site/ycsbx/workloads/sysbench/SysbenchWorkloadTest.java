package site.ycsbx.workloads.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.db.nulldb.NullDb;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.MemorySysbenchDb;
import site.ycsbx.tools.Main;

/**
 * The sysbench workload end to end through bin/ycsb's Main: a load on core's memory binding
 * (tables split over the threads, indexes after the rows, verified), and runs on the null
 * binding, whose statement counts and sysbench report must add up.
 */
@Tag("process")
class SysbenchWorkloadTest {
  private static Result main(String phase, String db, String workload, String... extra) {
    List<String> args = new ArrayList<>(List.of(phase, db, "-P", JavaProcess.workload(workload)));
    args.addAll(Arrays.asList(extra));
    return JavaProcess.run(Main.class.getName(), args.toArray(new String[0]));
  }

  private static long figure(String out, String regex) {
    Matcher m = Pattern.compile(regex).matcher(out);
    assertTrue(m.find(), regex + " not in:\n" + out);
    return Long.parseLong(m.group(1));
  }

  @Test
  void loadGivesEachThreadItsTablesThenTheIndexesAndVerifies() {
    Result r = main("load", MemorySysbenchDb.class.getName(), "sysbench", "-threads", "2", "-p", "sysbench.tables=3",
        "-p", "sysbench.table_size=2500", "-p", "sysbench.verify=true");
    assertEquals(0, r.exitCode(), r.all());
    for (int t = 1; t <= 3; t++) {
      assertTrue(r.stdout().contains("[SYSBENCH] sbtest" + t + ": ready, empty"), r.stdout());
    }
    // 3 batches of at most 1000 rows per table, one index per table
    assertTrue(r.stdout().contains("[LOAD_ROWS], Operations, 9\n"), r.stdout());
    assertTrue(r.stdout().contains("[LOAD_ROWS], Return=OK, 9\n"), r.stdout());
    assertTrue(r.stdout().contains("[CREATE_INDEX], Operations, 3\n"), r.stdout());
    assertTrue(r.stdout().contains("[SYSBENCH] loaded 7500 rows into 3 tables in "), r.stdout());
    assertTrue(r.stdout().contains("[SYSBENCH-VERIFY] 3 tables, ids 1..2500 once each, k index agrees: OK"), r.stdout());
    assertTrue(r.stdout().contains("[VERIFY], Return=OK, 1"), r.stdout());
  }

  @Test
  void theOltpRunCountsStatementsAsSysbenchDoesAndPrintsItsReport(@TempDir Path dir) {
    Result r = main("run", NullDb.class.getName(), "sysbench", "-threads", "2", "-p", "sysbench.tables=4",
        "-p", "maxexecutiontime=2", "-p", "sysbench.report_interval=0.5", "-p", "ycsbx.out=" + dir.resolve("run"));
    assertEquals(0, r.exitCode(), r.all());
    // the family declares the operation that times its unit as a whole: tables show its latency
    assertEquals("TRANSACTION", site.ycsbx.results.RunFolder.read(dir.resolve("run")).unitOperation());
    String out = r.stdout();
    long trx = figure(out, "\\[TRANSACTION\\], Operations, (\\d+)");
    assertTrue(trx > 100, out);
    assertEquals(10 * trx, figure(out, "\\[POINT_SELECT\\], Operations, (\\d+)"));
    for (String op : List.of("SIMPLE_RANGE", "SUM_RANGE", "ORDER_RANGE", "DISTINCT_RANGE", "INDEX_UPDATE",
        "NON_INDEX_UPDATE", "DELETE_INSERT")) {
      assertEquals(trx, figure(out, "\\[" + op + "\\], Operations, (\\d+)"), op);
    }
    // sysbench's count: 14 SELECTs, 4 writes (the delete and the insert are two), BEGIN and COMMIT
    assertEquals(14 * trx, figure(out, "(?m)^        read: +(\\d+)$"));
    assertEquals(4 * trx, figure(out, "(?m)^        write: +(\\d+)$"));
    assertEquals(2 * trx, figure(out, "(?m)^        other: +(\\d+)$"));
    assertEquals(20 * trx, figure(out, "(?m)^        total: +(\\d+)$"));
    assertEquals(trx, figure(out, "(?m)^    transactions: +(\\d+) +\\([0-9.]+ per sec\\.\\)$"));
    assertEquals(0, figure(out, "(?m)^    ignored errors: +(\\d+) "));
    assertEquals(trx, figure(out, "(?m)^    total number of events: +(\\d+)$"));
    assertTrue(Pattern.compile("(?m)^Latency \\(ms\\):\n +min: +[0-9.]+\n +avg: +[0-9.]+\n +max: +[0-9.]+\n"
        + " +95th percentile: +[0-9.]+\n +sum: +[0-9.]+$").matcher(out).find(), out);
    Pattern line = Pattern.compile("(?m)^\\[ \\d+s \\] thds: 2 tps: [0-9.]+ qps: [0-9.]+ \\(r/w/o: [0-9.]+/[0-9.]+/[0-9.]+\\)"
        + " lat \\(ms,95%\\): [0-9.]+ err/s: 0\\.00 reconn/s: 0\\.00$");
    Matcher m = line.matcher(out);
    int lines = 0;
    while (m.find()) {
      lines++;
    }
    assertTrue(lines >= 2, "a 2 s run, a line every half second:\n" + out);
  }

  /** A warm-up is left out of sysbench's report as of YCSB's summary: the two count the same transactions. */
  @Test
  void theReportStartsOverWhenTheWarmUpEnds() {
    Result r = main("run", NullDb.class.getName(), "sysbench", "-p", "maxexecutiontime=3", "-p", "ycsbx.warmup=1",
        "-p", "sysbench.report_interval=0");
    assertEquals(0, r.exitCode(), r.all());
    long summary = figure(r.stdout(), "\\[TRANSACTION\\], Operations, (\\d+)");
    long report = figure(r.stdout(), "(?m)^    transactions: +(\\d+) ");
    assertTrue(r.stderr().contains("warm-up of 1 s done"), r.stderr());
    // a transaction ending as the warm-up ends may fall on either side in one of the two counts
    assertTrue(Math.abs(summary - report) <= 2 + summary / 1000, summary + " in YCSB's summary, " + report + " in sysbench's");
    assertTrue(report > 0, r.stdout());
    // [OVERALL] counts YCSB's calls (transactions): the warm-up's statements were taken out of it, 19 a
    // transaction, and it read 0 operations, as did the efficiency table
    Matcher tp = Pattern.compile("\\[OVERALL\\], Throughput\\(ops/sec\\), ([0-9.]+)").matcher(r.stdout());
    assertTrue(tp.find(), r.stdout());
    long overall = Math.round(Double.parseDouble(tp.group(1)) * figure(r.stdout(), "\\[OVERALL\\], RunTime\\(ms\\), (\\d+)")
        / 1000.0);
    assertTrue(Math.abs(overall - summary) <= 5 + summary / 50, overall + " in [OVERALL], " + summary + " transactions");
    assertFalse(r.stderr().contains("nothing was measured") || r.stderr().contains(" 0 operations (0/s)"), r.stderr());
  }

  /**
   * sysbench's --report-checkpoints: the full report at each checkpoint, of the transactions since the
   * one before, then the closing one of the rest; together they count every transaction of YCSB's summary.
   */
  @Test
  void checkpointsReportEachWindowAndTogetherCountTheRun() {
    Result r = main("run", NullDb.class.getName(), "sysbench", "-p", "maxexecutiontime=3", "-p",
        "sysbench.report_interval=0", "-p", "sysbench.report_checkpoints=1,2,100");
    assertEquals(0, r.exitCode(), r.all());
    String out = r.stdout();
    assertFalse(out.contains("[ 100s ] Checkpoint report:"), "a checkpoint after the run's end never comes:\n" + out);
    String[] blocks = out.split("(?m)^SQL statistics:$", -1);
    assertEquals(4, blocks.length, "two checkpoints and the closing report:\n" + out);
    assertTrue(blocks[0].endsWith("[ 1s ] Checkpoint report:\n"), out);
    assertTrue(blocks[1].endsWith("[ 2s ] Checkpoint report:\n"), out);
    long sum = 0;
    double[] totals = new double[3];
    for (int i = 1; i <= 3; i++) {
      long trx = figure(blocks[i], "(?m)^    transactions: +(\\d+) ");
      Matcher rate = Pattern.compile("(?m)^    transactions: +\\d+ +\\(([0-9.]+) per sec\\.\\)$").matcher(blocks[i]);
      assertTrue(rate.find(), blocks[i]);
      Matcher time = Pattern.compile("(?m)^    total time: +([0-9.]+)s$").matcher(blocks[i]);
      assertTrue(time.find(), blocks[i]);
      totals[i - 1] = Double.parseDouble(time.group(1));
      assertEquals(trx, figure(blocks[i], "(?m)^    total number of events: +(\\d+)$"), blocks[i]);
      if (i < 3) {
        // a window of one second (a starved VM may fire a checkpoint late, and the next window is then
        // shorter): the rate is its count, not the count over the time since the start (half of it at the
        // second checkpoint)
        double perSec = Double.parseDouble(rate.group(1));
        assertTrue(trx > 0 && perSec > 0.65 * trx && perSec < 1.6 * trx, trx + " at " + perSec + "/s in\n" + blocks[i]);
      }
      sum += trx;
    }
    // total time runs from the start across the checkpoints, as sysbench's
    assertTrue(totals[0] >= 1 && totals[0] < 1.5 && totals[1] >= 2 && totals[1] < 2.5 && totals[2] > 2.5,
        java.util.Arrays.toString(totals));
    long summary = figure(out, "\\[TRANSACTION\\], Operations, (\\d+)");
    // a transaction ending at a checkpoint may fall on either side of it in one of the two counts
    assertTrue(Math.abs(summary - sum) <= 4 + summary / 1000, summary + " in YCSB's summary, " + sum + " in the reports");
  }

  @Test
  void readOnlyAndPointRunsSendOnlyTheirStatements() {
    Result ro = main("run", NullDb.class.getName(), "sysbench-readonly", "-p", "maxexecutiontime=1");
    assertEquals(0, ro.exitCode(), ro.all());
    long trx = figure(ro.stdout(), "\\[TRANSACTION\\], Operations, (\\d+)");
    assertEquals(14 * trx, figure(ro.stdout(), "(?m)^        read: +(\\d+)$"));
    assertEquals(0, figure(ro.stdout(), "(?m)^        write: +(\\d+)$"));
    assertFalse(ro.stdout().contains("[INDEX_UPDATE]"), ro.stdout());
    Result point = main("run", NullDb.class.getName(), "sysbench-point-secondary", "-p", "maxexecutiontime=1");
    assertEquals(0, point.exitCode(), point.all());
    long p = figure(point.stdout(), "\\[TRANSACTION\\], Operations, (\\d+)");
    assertEquals(p, figure(point.stdout(), "\\[POINT_SELECT\\], Operations, (\\d+)"));
    assertEquals(0, figure(point.stdout(), "(?m)^        other: +(\\d+)$"), "skip_trx: no BEGIN/COMMIT");
    assertTrue(point.stdout().contains("reads by k"), point.stdout());
  }
}
