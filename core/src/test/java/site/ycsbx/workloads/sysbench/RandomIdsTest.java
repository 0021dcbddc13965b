package site.ycsbx.workloads.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** sysbench's distributions of ids, and its c and pad values. */
@Tag("fast")
class RandomIdsTest {
  private static RandomIds ids(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return RandomIds.Spec.of(p).forThread(0);
  }

  /** Draws of 1..n: how many fell on the lowest {@code lowPercent}% of the values, and the range seen. */
  private static double[] draws(RandomIds r, int n, double lowPercent) {
    int draws = 200_000;
    int low = 0;
    int min = Integer.MAX_VALUE;
    int max = 0;
    for (int i = 0; i < draws; i++) {
      int v = r.next(n);
      low += v <= n * lowPercent / 100 ? 1 : 0;
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    return new double[] {100.0 * low / draws, min, max};
  }

  @Test
  void everyDistributionStaysIn1ToNAndHasItsShape() {
    int n = 10_000;
    double[] uniform = draws(ids("sysbench.rand_type", "uniform", "sysbench.rand_seed", "3"), n, 1);
    assertEquals(1, uniform[1]);
    assertEquals(n, uniform[2]);
    assertEquals(1.0, uniform[0], 0.2, "1% of the draws on 1% of the values");
    // the default: 75% of the draws on the upper 75% of the 1% window centred on the middle id
    // (4975..5051 of 10000, as sysbench 1.0.20 draws them), the rest a bell over all the ids
    RandomIds special = ids("sysbench.rand_seed", "3");
    int hot = 0;
    int low = 0;
    for (int i = 0; i < 200_000; i++) {
      int v = special.next(n);
      assertTrue(v >= 1 && v <= n, v + " outside 1.." + n);
      hot += v >= 4975 && v <= 5051 ? 1 : 0;
      low += v <= 100 ? 1 : 0;
    }
    assertEquals(75.0, 100.0 * hot / 200_000, 1.0);
    assertEquals(0, low, "no hot ids at the start");
    double[] gaussian = draws(ids("sysbench.rand_type", "gaussian", "sysbench.rand_seed", "3"), n, 40);
    assertTrue(gaussian[0] < 25, "a bell around the middle: " + gaussian[0] + "% below 40%");
    double[] pareto = draws(ids("sysbench.rand_type", "pareto", "sysbench.rand_seed", "3"), n, 20);
    assertEquals(80.0, pareto[0], 2.0, "h=0.2: 80% of the draws on the lowest 20%");
    assertTrue(pareto[1] >= 1 && pareto[2] <= n);
    assertEquals(1, ids("sysbench.rand_type", "pareto").next(1), "a table of one row");
    assertEquals(1, ids().next(1), "special, a table of one row");
    assertEquals(1, ids("sysbench.rand_spec_res", "100").next(1));
    RandomIds middle = ids("sysbench.rand_spec_res", "100", "sysbench.rand_spec_pct", "0");
    for (int i = 0; i < 1000; i++) {
      int v = middle.next(n);
      assertTrue(v == n / 2 || v == n / 2 + 1, v + ": every draw on the middle (sysbench: 5000 or 5001 of 10000)");
    }
  }

  @Test
  void aSeedGivesTheSameIdsAndThreadsDifferent() {
    RandomIds a = ids("sysbench.rand_seed", "42");
    RandomIds b = ids("sysbench.rand_seed", "42");
    Properties p = new Properties();
    p.setProperty("sysbench.rand_seed", "42");
    RandomIds other = RandomIds.Spec.of(p).forThread(1);
    int same = 0;
    int differ = 0;
    for (int i = 0; i < 1000; i++) {
      int v = a.next(1_000_000);
      same += v == b.next(1_000_000) ? 1 : 0;
      differ += v != other.next(1_000_000) ? 1 : 0;
    }
    assertEquals(1000, same);
    assertTrue(differ > 900, differ + " of 1000 differ");
  }

  @Test
  void cAndPadAreSysbenchsDigitGroups() {
    Digits d = new Digits(new SplittableRandom(1));
    for (int i = 0; i < 1000; i++) {
      String c = d.c();
      String pad = d.pad();
      assertTrue(c.matches("\\d{11}(-\\d{11}){9}"), c);
      assertEquals(119, c.length());
      assertTrue(pad.matches("\\d{11}(-\\d{11}){4}"), pad);
      assertEquals(59, pad.length());
    }
    assertTrue(!d.c().equals(d.c()), "random, not a template");
  }
}
