package site.ycsbx.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.WarmingDb;
import site.ycsbx.tools.Main;

/** A real run that warms for its first 1.5 s: its summary says so, and a run that does not warm, or leaves it out, says nothing. */
@Tag("process")
class WarmupRampEndToEndTest {
  private static JavaProcess.Result run(String... extra) {
    List<String> args = new ArrayList<>(List.of("run", WarmingDb.class.getName(), "-P", JavaProcess.workload("workloada"),
        "-p", "recordcount=100", "-p", "operationcount=3500", "-p", "ycsbx.interval=1"));
    args.addAll(List.of(extra));
    JavaProcess.Result r = JavaProcess.run(Main.class.getName(), args.toArray(new String[0]));
    assertEquals(0, r.exitCode(), r.all());
    return r;
  }

  private static List<String> warmupLines(JavaProcess.Result r) {
    return r.stderrLines().stream().filter(l -> l.startsWith("[SUMMARY] warm-up:")).toList();
  }

  @Test
  void aRunThatWarmsForItsFirstSecondSaysSoOnce() {
    List<String> lines = warmupLines(run("-p", "warmingdb.ms=1500"));
    assertEquals(1, lines.size(), lines.toString());
    assertTrue(lines.get(0).matches("\\[SUMMARY\\] warm-up: the first 1(\\.\\d)? s ran at [\\d.]+ ops/s, under a tenth of the [\\d.]+"
        + " ops/s median of the \\d+ intervals after it, and the figures above include it; -p ycsbx.warmup=1 leaves it"
        + " out"), lines.get(0));
  }

  @Test
  void aSteadyRunOrOneThatLeavesTheWarmUpOutSaysNothing() {
    JavaProcess.Result steady = run("-p", "warmingdb.ms=0");
    assertEquals(List.of(), warmupLines(steady), steady.stderr());
    JavaProcess.Result warmedOut = run("-p", "warmingdb.ms=1500", "-p", "ycsbx.warmup=2");
    assertEquals(List.of(), warmupLines(warmedOut), warmedOut.stderr());
  }
}
