package site.ycsbx.measurements;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class WarmupTest {
  private static void configure(String seconds) {
    Properties p = new Properties();
    p.setProperty(Warmup.PROPERTY, seconds);
    Warmup.configure(p);
  }

  @AfterEach
  void noWarmUpForTheNextTest() {
    configure("0");
    Warmup.measuringAt(System.nanoTime());
  }

  /** Two threads: one read the clock first, the other reached the warm-up's first check first. */
  @Test
  void withoutAWarmUpAnOperationThatEndedJustBeforeTheFirstIsMeasured() {
    configure("0");
    long first = 1_000_000_000L;
    Warmup.start(first); // the first operation's thread, between starting the clock and ending the warm-up
    assertTrue(Warmup.measuringAt(first - 500), "an operation ending 0.5 µs before the first one counts");
    assertTrue(Warmup.measuringAt(first));
  }

  @Test
  void aWarmUpDropsWhatEndsWithinItAndRecordsWhatEndsAfter() {
    configure("2");
    long first = 5_000_000_000L;
    Warmup.start(first);
    assertFalse(Warmup.measuringAt(first));
    assertFalse(Warmup.measuringAt(first - 500), "ended with the first operation: in the warm-up");
    assertFalse(Warmup.measuringAt(first + 1_999_999_999L));
    assertTrue(Warmup.measuringAt(first + 2_000_000_000L));
    assertTrue(Warmup.isOver());
  }
}
