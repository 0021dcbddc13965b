package site.ycsbx.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The summary's warm-up line: said when the first interval ran at under a tenth of the rest, and only then. */
@Tag("fast")
class WarmupRampTest {
  private static List<double[]> intervals(double... opsPer10s) {
    List<double[]> out = new ArrayList<>();
    for (double ops : opsPer10s) {
      out.add(new double[] {10, ops});
    }
    return out;
  }

  @Test
  void aTenfoldRampIsSaidInOneLine() {
    // seen: a short run whose first 10 s ran at a tenth of the rest, averaged into the headline
    String line = WarmupRamp.line(intervals(4_800, 52_000, 50_000, 51_000, 53_000));
    assertEquals("warm-up: the first 10 s ran at 480 ops/s, under a tenth of the 5150 ops/s median of the 4 intervals"
        + " after it, and the figures above include it; -p ycsbx.warmup=10 leaves it out", line);
  }

  @Test
  void nothingIsSaidWhenItIsNotSo() {
    assertNull(WarmupRamp.line(intervals(10_000, 52_000, 50_000, 51_000)), "a fifth is a ramp, not a tenfold one");
    assertNull(WarmupRamp.line(intervals(50_000, 52_000, 50_000)), "steady");
    assertNull(WarmupRamp.line(intervals(4_800, 52_000)), "one later interval is no median");
    assertNull(WarmupRamp.line(intervals()), "no intervals (ycsbx.interval=0)");
    assertNull(WarmupRamp.line(intervals(0, 0, 0)), "nothing ran");
    // a slow end is not a warm-up
    assertNull(WarmupRamp.line(intervals(50_000, 52_000, 4_000)));
  }

  @Test
  void aLastIntervalCutShortIsNoRateToJudgeBy() {
    List<double[]> in = intervals(4_800, 52_000);
    in.add(new double[] {0.2, 20});
    assertNull(WarmupRamp.line(in), "0.2 s at 100 ops/s is the run's end, not a rate: one later interval is left");
    in.add(1, new double[] {10, 50_000});
    in.remove(in.size() - 1);
    in.add(new double[] {6, 30_000});
    assertTrue(WarmupRamp.line(in).contains("median of the 3 intervals after it"), WarmupRamp.line(in));
  }

  @Test
  void theLineStandsBeforeTheExportNote() {
    SortedMap<String, long[]> ops = new TreeMap<>();
    ops.put("READ", new long[] {211_800, 300, 900});
    String s = RunSummary.render(new RunSummary.Facts("run", "YCSB's core workload", "jdbc", "8", 211_800, 50_000,
        4236, ops, null, null, "whole export: out.txt", "[ERRORS] OK: 211800 operations, 0 failed",
        WarmupRamp.line(intervals(4_800, 52_000, 50_000, 51_000, 53_000))));
    String[] lines = s.split("\n");
    assertEquals(5, lines.length, s);
    assertTrue(lines[2].startsWith("[SUMMARY] warm-up: the first 10 s ran at 480 ops/s"), s);
    assertEquals("[SUMMARY] whole export: out.txt", lines[3]);
  }
}
