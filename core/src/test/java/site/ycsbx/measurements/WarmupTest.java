package site.ycsbx.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.family.WorkloadFamilies;
import site.ycsbx.util.UserError;

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

  /** LinkBench's names of the warm-up come from its descriptor, and are one setting with ycsbx.warmup. */
  @Test
  void theFamiliesAliasesAreOneSettingWithIt() {
    assertEquals(List.of("linkbench.warmup", "linkbench.warmup_time"), Warmup.aliases());
    assertEquals(WorkloadFamilies.byName("linkbench").orElseThrow().aliases().stream().map(a -> a.name()).toList(),
        Warmup.aliases());
    Properties p = new Properties();
    p.setProperty("linkbench.warmup_time", "3");
    assertEquals(3.0, Warmup.seconds(p));
    p.setProperty(Warmup.PROPERTY, "2");
    assertEquals("ycsbx.warmup=2 and linkbench.warmup_time=3 disagree; they are one setting: give one",
        assertThrows(UserError.class, () -> Warmup.seconds(p)).getMessage());
  }
}
