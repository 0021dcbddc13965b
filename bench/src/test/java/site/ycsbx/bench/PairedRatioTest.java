package site.ycsbx.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
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

  @Test
  void theCsvFilesOfTwoBenchRunsArePooledPerCell() {
    List<String> first = List.of(PairedRatio.CSV_HEADER,
        "COUNT_DELETED,1,1,ycsbx,950,10", "COUNT_DELETED,1,1,raw,1000,9",
        "COUNT_DELETED,1,2,raw,1000,9", "COUNT_DELETED,1,2,ycsbx,1010,10",
        "COUNT_DELETED,4,1,ycsbx,2000,10", "COUNT_DELETED,4,1,raw,2000,9");
    // pair 1 again in the second file: another run's first pair, not the same pair; its pair 2
    // lost its raw side (the bench stopped), so it is left out
    List<String> second = List.of(PairedRatio.CSV_HEADER,
        "COUNT_DELETED,1,1,raw,500,9", "COUNT_DELETED,1,1,ycsbx,490,10",
        "COUNT_DELETED,1,2,ycsbx,480,10");
    Map<String, double[]> cells = PairedRatio.cells(List.of(first, second));
    assertEquals(List.of("COUNT_DELETED 1", "COUNT_DELETED 4"), List.copyOf(cells.keySet()));
    double[] one = cells.get("COUNT_DELETED 1");
    assertEquals(3, one.length);
    assertEquals(0.95, one[0], 1e-9);
    assertEquals(1.01, one[1], 1e-9);
    assertEquals(0.98, one[2], 1e-9);
    assertEquals(1, cells.get("COUNT_DELETED 4").length);
  }

  @Test
  void refusesAFileThatIsNotTheBenchsCsv() {
    assertThrows(IllegalArgumentException.class,
        () -> PairedRatio.cells(List.of(List.of("operation,threads,ops_s", "COUNT_DELETED,1,950"))));
    assertThrows(IllegalArgumentException.class,
        () -> PairedRatio.cells(List.of(List.of(PairedRatio.CSV_HEADER, "COUNT_DELETED,1,1,other,950,10"))));
  }
}
