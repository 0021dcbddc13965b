package site.ycsbx.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PairedRatioTest {
  private static final double GOAL = 0.97;

  @Test
  void tightPairsAboveTheGoalMeetIt() {
    PairedRatio.Interval i = PairedRatio.of(new double[] {0.99, 1.00, 1.01, 0.995, 1.005});
    assertTrue(i.low() > 0.98 && i.high() < 1.02, i.toString());
    assertEquals("met", i.verdict(GOAL));
  }

  @Test
  void tightPairsBelowTheGoalMissIt() {
    PairedRatio.Interval i = PairedRatio.of(new double[] {0.95, 0.955, 0.96, 0.95, 0.958});
    assertEquals("missed", i.verdict(GOAL));
  }

  @Test
  void aMedianAboveTheGoalIsNotEnoughWhenThePairsSpread() {
    // the median (0.99) is above the goal, but pairs 10% apart cannot tell 0.96 from 1.02
    double[] pairs = {0.90, 0.99, 1.05, 0.93, 1.06};
    PairedRatio.Interval i = PairedRatio.of(pairs);
    assertTrue(i.low() < GOAL && i.high() > GOAL, i.toString());
    assertEquals("undecided", i.verdict(GOAL));
  }

  @Test
  void theIntervalIsStudentsOnTheLogRatios() {
    // logs of 1/1.1 and 1.1: mean 0, sd ln(1.1) * sqrt(2), standard error sd / sqrt(2) = ln(1.1);
    // the half-width is t(0.95, 1 df) times that
    PairedRatio.Interval i = PairedRatio.of(new double[] {1 / 1.1, 1.1});
    double half = 6.313751514675 * Math.log(1.1);
    assertEquals(Math.exp(-half), i.low(), 1e-6);
    assertEquals(Math.exp(half), i.high(), 1e-6);
  }

  @Test
  void onePairCannotDecide() {
    PairedRatio.Interval i = PairedRatio.of(new double[] {1.2});
    assertTrue(Double.isNaN(i.low()));
    assertEquals("undecided", i.verdict(GOAL));
  }

  @Test
  void refusesARatioThatIsNotPositive() {
    assertThrows(IllegalArgumentException.class, () -> PairedRatio.of(new double[] {1.0, 0.0}));
  }
}
