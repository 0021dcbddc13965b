package site.ycsbx.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.PrintedFingerprint;

/**
 * What a person sees of a run: the fingerprint once at the start (the export files keep their
 * rows), one [STATUS] line per interval and no other progress line, YCSB's [OVERALL] and
 * operation rows, and the summary last; in ASCII, whatever the locale.
 */
@Tag("process")
class ConsoleOutputTest {
  private static final String MAIN = Main.class.getName();

  private static Result load(String... extra) {
    List<String> args = new ArrayList<>(List.of("load", "null", "-P", JavaProcess.workload("workloada"),
        "-p", "recordcount=3000", "-target", "2000", "-p", "ycsbx.interval=0.5"));
    args.addAll(List.of(extra));
    return JavaProcess.run(MAIN, args.toArray(new String[0]));
  }

  @Test
  void theFingerprintIsPrintedOnceAndTheConsolesExportKeepsYcsbsRows() {
    Result r = load();
    assertEquals(0, r.exitCode(), r.all());
    String out = r.stdout();
    assertEquals(1, out.lines().filter(l -> l.startsWith("[FINGERPRINT]")).count(), "one block, no rows: " + out);
    assertTrue(out.startsWith("[YCSB-X] -target: measurement.interval=both"), out);
    assertEquals("null", PrintedFingerprint.of(out).get("binding"), out);
    assertEquals("3000", PrintedFingerprint.of(out).get("workload.recordcount"), out);
    assertTrue(out.contains("[OVERALL], Throughput(ops/sec), "), out);
    assertTrue(out.contains("[INSERT], Operations, 3000\n"), out);
    assertTrue(out.contains("[INSERT], Return=OK, 3000\n"), out);
    for (String left : List.of("[INTERVAL-", "[TOTAL_GC", "[CLEANUP]", "[ERRORS], ", "[EFFICIENCY], ", "[SCHEDULE], ")) {
      assertFalse(out.contains(left), left + " is left to the export files: " + out);
    }

    String err = r.stderr();
    List<String> lines = err.lines().filter(l -> !l.isBlank()).toList();
    List<String> status = lines.stream().filter(l -> l.startsWith("[STATUS] ")).toList();
    assertTrue(status.size() >= 2, "a 1.5 s load, a line each half second: " + err);
    for (String l : status) {
      assertTrue(l.matches("\\[STATUS\\] +[0-9.]+ s load +\\d+/3000 ops +[0-9.]+% \\| +\\d+ ops/s now, +\\d+ avg"
          + " \\| ETA +\\d+ s \\| INSERT +\\d+/s p50 +[0-9.]+ ms p99 +[0-9.]+ ms( \\| others \\d+% CPU)?"), l);
    }
    for (String old : List.of("[INTERVAL]", "[PROGRESS]", "IIBENCH-STATUS")) {
      assertFalse(r.all().contains(old), old + ": " + r.all());
    }
    // the answer last: the summary block, the verdict as the very last line
    assertEquals("[ERRORS] OK: 3000 operations, 0 failed", lines.get(lines.size() - 1), err);
    assertTrue(lines.get(lines.size() - 2).startsWith("[SUMMARY] whole export (fingerprint, intervals, errors,"
        + " efficiency, GC): -p exportfile=FILE or -p ycsbx.out=DIR"), err);
    // the run's table at its end: the null binding stores nothing, and says so
    assertEquals("[SUMMARY] size of usertable: data 0 B, cache none (null binding) (source: nothing stored (null"
        + " binding))", lines.get(lines.size() - 3), err);
    assertTrue(lines.get(lines.size() - 4).matches("\\[SUMMARY\\]   INSERT 3000 ops +[0-9.]+/s   p50 +[0-9.]+ ms"
        + "   p99 +[0-9.]+ ms"), err);
    assertTrue(lines.get(lines.size() - 5).startsWith("[SUMMARY] load of YCSB's core workload on null, 1 thread:"
        + " 3000 operations in "), err);
    assertFalse(err.contains("[ERRORS] operation"), "nothing failed: the error table is left out: " + err);
  }

  @Test
  void theExportFileKeepsEveryRow(@TempDir Path dir) throws Exception {
    Path export = dir.resolve("export.txt");
    Result r = load("-p", "exportfile=" + export);
    assertEquals(0, r.exitCode(), r.all());
    assertEquals(1, r.stdout().lines().filter(l -> l.startsWith("[FINGERPRINT]")).count(), r.stdout());
    String exported = Files.readString(export);
    for (String row : List.of("[FINGERPRINT], binding, null\n", "[FINGERPRINT], workload.recordcount, 3000\n",
        "[INTERVAL-INSERT], ", "[TOTAL_GC", "[ERRORS], Operations, 3000\n", "[SCHEDULE], Target(ops/sec), 2000\n",
        "[INSERT], Operations, 3000\n")) {
      assertTrue(exported.contains(row), row + ": " + exported);
    }
    assertTrue(r.stderr().contains("[SUMMARY] whole export: " + export + "\n"), r.stderr());
  }

  /** ycsbx.progress, once the load's progress line's period, is still accepted: 0 turns the line off. */
  @Test
  void ycsbxProgressTurnsTheLineOffOrSaysItFollowsTheInterval() {
    Result off = load("-p", "ycsbx.progress=0");
    assertEquals(0, off.exitCode(), off.all());
    assertFalse(off.stderr().contains("[STATUS]"), off.stderr());
    assertTrue(off.stderr().contains("[SUMMARY] "), off.stderr());
    Result other = load("-p", "ycsbx.progress=30");
    assertEquals(0, other.exitCode(), other.all());
    assertTrue(other.stderr().contains("[YCSB-X] ycsbx.progress=30: the [STATUS] line comes once per interval"
        + " (ycsbx.interval=0.5 s); ycsbx.progress=0 turns it off\n"), other.stderr());
    assertTrue(other.stderr().lines().filter(l -> l.startsWith("[STATUS] ")).count() >= 2, other.stderr());
  }

  @Test
  void aFailedRunShowsTheErrorTableAboveTheSummary() {
    Result r = JavaProcess.run(MAIN, "load", site.ycsbx.testing.MemoryProbeDb.class.getName(), "-P",
        JavaProcess.workload("probe"), "-p", "recordcount=100", "-p", "memory.failevery=50");
    assertEquals(Main.EXIT_RUN_FAILED, r.exitCode(), r.all());
    List<String> lines = r.stderr().lines().filter(l -> !l.isBlank()).toList();
    int table = lines.indexOf(lines.stream().filter(l -> l.startsWith("[ERRORS] operation")).findFirst().orElseThrow());
    int summary = lines.indexOf(lines.stream().filter(l -> l.startsWith("[SUMMARY] ")).findFirst().orElseThrow());
    assertTrue(table < summary, r.stderr());
    assertTrue(lines.get(lines.size() - 2).startsWith("[ERRORS] FAILED: 2 of 100 operations failed"), r.stderr());
    assertTrue(lines.get(lines.size() - 1).startsWith("ycsb: FAILED: "), r.stderr());
  }

  /**
   * Without a UTF-8 locale Java prints '?' for every character the console's charset lacks (a
   * "3 ?s" for "3 µs"): run with UTF-8 output, every byte printed must still be ASCII.
   */
  @Test
  void everythingPrintedIsAscii(@TempDir Path dir) throws Exception {
    List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Dfile.encoding=UTF-8", "-Dsun.stdout.encoding=UTF-8", "-Dsun.stderr.encoding=UTF-8", "-Xmx512m",
        "-cp", System.getProperty("java.class.path"), MAIN, "sweep", "run", "null", "-P",
        JavaProcess.workload("workloada"), "-p", "recordcount=100", "-p", "operationcount=1000", "--threads", "1,2",
        "--sla-p99", "0.001", "--out", dir.resolve("sweep").toString());
    Result sweep = JavaProcess.exec(cmd, null, 300);
    assertEquals(0, sweep.exitCode(), sweep.all());
    assertTrue(sweep.all().contains(" us") || sweep.all().contains(" ms"), sweep.all());
    assertAscii(sweep);
    List<String> load = new ArrayList<>(cmd.subList(0, 8));
    load.addAll(List.of("load", "null", "-P", JavaProcess.workload("workloada"), "-p", "recordcount=2000", "-target",
        "2000", "-p", "ycsbx.interval=0.5"));
    Result r = JavaProcess.exec(load, null, 120);
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stderr().contains("[STATUS] ") && r.stderr().contains("[SUMMARY] "), r.stderr());
    assertAscii(r);
  }

  private static void assertAscii(Result r) {
    for (String text : List.of(r.stdout(), r.stderr())) {
      for (int i = 0; i < text.length(); i++) {
        if (text.charAt(i) >= 128) {
          int from = text.lastIndexOf('\n', i) + 1;
          int to = text.indexOf('\n', i);
          throw new AssertionError("'" + text.charAt(i) + "' prints as '?' on a console that is not UTF-8: "
              + text.substring(from, to < 0 ? text.length() : to));
        }
      }
    }
  }
}
