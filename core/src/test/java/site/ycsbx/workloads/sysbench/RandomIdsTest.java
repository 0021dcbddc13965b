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
    // the default: 75% of the draws on the lowest 1% of the ids, the rest a bell over all of them
    double[] special = draws(ids("sysbench.rand_seed", "3"), n, 1);
    assertEquals(75.0, special[0], 1.0);
    assertTrue(special[1] >= 1 && special[2] <= n);
    double[] gaussian = draws(ids("sysbench.rand_type", "gaussian", "sysbench.rand_seed", "3"), n, 40);
    assertTrue(gaussian[0] < 25, "a bell around the middle: " + gaussian[0] + "% below 40%");
    double[] pareto = draws(ids("sysbench.rand_type", "pareto", "sysbench.rand_seed", "3"), n, 20);
    assertEquals(80.0, pareto[0], 2.0, "h=0.2: 80% of the draws on the lowest 20%");
    assertTrue(pareto[1] >= 1 && pareto[2] <= n);
    assertEquals(1, ids("sysbench.rand_type", "pareto").next(1), "a table of one row");
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
