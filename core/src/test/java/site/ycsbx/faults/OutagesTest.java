package site.ycsbx.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.verdict.RunVerdict;
import site.ycsbx.util.UserError;

@Tag("fast")
class OutagesTest {
  @BeforeEach
  @AfterEach
  void forget() {
    Outages.reset();
    RunVerdict.checkFailed(null);
  }

  private static Reconnect policy(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return Reconnect.of(p);
  }

  @Test
  void anOutageLastsUntilEveryBrokenConnectionIsBackAndCountsTheOperationsFailedMeanwhile() {
    Reconnect r = policy();
    Link a = r.link("a");
    Link b = r.link("b");
    Outages.operationFailed(); // before any outage: an ordinary failure
    a.broken("Communications link failure");
    b.broken("Communications link failure");
    Outages.operationFailed();
    Outages.operationFailed();
    assertEquals(0, Outages.reconnects());
    a.restored();
    assertEquals(1, Outages.reconnects(), "each connection re-opened counts (sysbench's reconnects)");
    List<String> open = Outages.lines();
    assertEquals(1, open.size());
    assertTrue(open.get(0).contains("to (not back when the run ended)"), open.get(0));
    b.restored();
    b.restored(); // a connection that was not broken is no reconnect
    assertEquals(2, Outages.reconnects());
    Outages.operationFailed(); // after it
    List<String> lines = Outages.lines();
    assertEquals(1, lines.size());
    assertTrue(lines.get(0).matches("\\[OUTAGE\\] from \\S+Z to \\S+Z \\(\\d+\\.\\d s\\): 2 operations lost; cause: a: "
        + "Communications link failure"), lines.get(0));
    assertFalse(Outages.hasGivenUp());
    assertNull(RunVerdict.checkFailure());
  }

  @Test
  void eachOutageHasItsLine() {
    Link a = policy().link("a");
    a.broken("one");
    a.restored();
    a.broken("two");
    a.restored();
    List<String> lines = Outages.lines();
    assertEquals(2, lines.size());
    assertTrue(lines.get(0).endsWith("cause: a: one") && lines.get(1).endsWith("cause: a: two"), lines.toString());
  }

  @Test
  void attemptsWaitTheBackoffDoublingUpToItsMaximum() throws InterruptedException {
    Link a = policy(Reconnect.BACKOFF_PROPERTY, "100", Reconnect.MAX_BACKOFF_PROPERTY, "150").link("a");
    // the clock starts before the link breaks: a pause between the two (a starved VM) would
    // otherwise shorten the wait measured, not the wait kept
    long t0 = System.nanoTime();
    a.broken("gone");
    assertTrue(a.awaitAttempt());
    long first = (System.nanoTime() - t0) / 1_000_000;
    assertTrue(first >= 99 && first < 5000, first + " ms");
    t0 = System.nanoTime();
    a.attemptFailed();
    assertTrue(a.awaitAttempt());
    long second = (System.nanoTime() - t0) / 1_000_000;
    // doubled to 200, capped at 150
    assertTrue(second >= 149 && second < 5000, second + " ms");
  }

  @Test
  void pastTheGiveUpTimeTheRunFailsAndWorkloadsAreAskedToStop() throws InterruptedException {
    AtomicInteger stops = new AtomicInteger();
    Outages.onGiveUp(stops::incrementAndGet);
    Link a = policy(Reconnect.BACKOFF_PROPERTY, "10", Reconnect.GIVE_UP_PROPERTY, "1").link("a");
    a.broken("gone");
    a.attemptFailed();
    assertFalse(Outages.hasGivenUp(), "not before the second");
    Thread.sleep(1_050);
    a.attemptFailed();
    assertTrue(Outages.hasGivenUp());
    assertFalse(a.awaitAttempt(), "no more attempts once given up");
    assertEquals(1, stops.get());
    assertTrue(RunVerdict.checkFailure().startsWith("outage: the server was not back after 1."), RunVerdict.checkFailure());
    assertTrue(Outages.lines().get(0).contains("gave up: the server was not back after 1.")
        && Outages.lines().get(0).contains("(ycsbx.reconnect.giveupseconds=1)"), Outages.lines().get(0));
  }

  @Test
  void giveUpZeroGivesUpAtTheFirstBrokenConnection() {
    Link a = policy(Reconnect.GIVE_UP_PROPERTY, "0").link("a");
    assertFalse(Outages.hasGivenUp());
    a.broken("gone");
    assertTrue(Outages.hasGivenUp());
  }

  @Test
  void badSettingsAreRefusedNamingTheProperty() {
    UserError e = assertThrows(UserError.class, () -> policy(Reconnect.BACKOFF_PROPERTY, "soon"));
    assertEquals("ycsbx.reconnect.backoffms=soon is not a whole number; ycsbx.reconnect.backoffms accepts a whole"
        + " number from 1 to 600000", e.getMessage());
    e = assertThrows(UserError.class, () -> policy(Reconnect.GIVE_UP_PROPERTY, "-1"));
    assertTrue(e.getMessage().startsWith("ycsbx.reconnect.giveupseconds=-1 is out of range"), e.getMessage());
    Properties p = new Properties();
    p.setProperty(OperationTimeout.PROPERTY, "1.5");
    e = assertThrows(UserError.class, () -> OperationTimeout.seconds(p));
    assertTrue(e.getMessage().startsWith("ycsbx.optimeout=1.5 is not a whole number"), e.getMessage());
    assertEquals(0, OperationTimeout.seconds(new Properties()));
  }
}
