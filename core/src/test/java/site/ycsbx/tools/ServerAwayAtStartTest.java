package site.ycsbx.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsbx.testing.OneLineError.assertOneLineError;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.faults.Outages;
import site.ycsbx.faults.StartWait;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.MemoryProbeDb;

/**
 * A server away as a run starts ({@code ycsbx.reconnect.atstart}): the run waits for it within the
 * reconnect limits, a line per attempt at most every few seconds, and starts when it is back (the
 * wait recorded as an outage before the run); past ycsbx.reconnect.giveupseconds one line, exit 1.
 * Without the property, or for a server that answered and refused, no wait: one line at once.
 */
@Tag("fast")
class ServerAwayAtStartTest {
  private static final String MEMORY = MemoryProbeDb.class.getName();

  @BeforeEach
  @AfterEach
  void forget() {
    Outages.reset();
  }

  private static Result load(List<String> reached, String... more) {
    List<String> args = new ArrayList<>(List.of("load", MEMORY, "-P", JavaProcess.workload("probe"),
        "-p", "ycsbx.reconnect.backoffms=100", "-p", "ycsbx.reconnect.maxbackoffms=400"));
    for (String kv : more) {
      args.add("-p");
      args.add(kv);
    }
    return InProcessMain.checks(reached, args.toArray(String[]::new));
  }

  @Test
  void aRunThatStartsWhileItsServerIsAwayWaitsForItAndSaysSo() {
    long back = System.currentTimeMillis() + 3500;
    List<String> reached = new ArrayList<>();
    Result r = load(reached, "memory.awayuntil=" + back, StartWait.PROPERTY + "=true");
    assertEquals(0, r.exitCode(), r.all());
    assertFalse(reached.isEmpty(), "the run starts when the server is back");
    assertTrue(System.currentTimeMillis() >= back);
    List<String> waiting = r.stderrLines().stream().filter(l -> l.startsWith("[RECONNECT] ")).toList();
    assertTrue(waiting.get(0).startsWith("[RECONNECT] cannot reach memory server: Connection refused at "), r.stderr());
    assertTrue(waiting.get(0).endsWith(", as the run starts; waiting for the server (ycsbx.reconnect.atstart=true) at"
        + " most 60 s (ycsbx.reconnect.giveupseconds)"), waiting.get(0));
    // about 10 attempts (100 ms doubling to 400 ms over 3.5 s), a line at most every 3 s: the first, one more, the end
    assertTrue(waiting.size() <= 3, r.stderr());
    assertTrue(waiting.stream().skip(1).limit(waiting.size() - 2).allMatch(l -> l.matches(
        "\\[RECONNECT] attempt \\d+: still away after \\d+\\.\\d s: cannot reach memory server: Connection refused")),
        r.stderr());
    String end = waiting.get(waiting.size() - 1);
    assertTrue(end.matches("\\[RECONNECT] server back at \\S+Z after 3\\.\\d s \\(\\d+ attempts\\); the run starts"), end);
    // the wait is the run's outage, before its clock: in the summary's [OUTAGE] lines and result.json
    List<String> outages = Outages.lines();
    assertEquals(1, outages.size(), outages.toString());
    assertTrue(outages.get(0).matches("\\[OUTAGE] from \\S+Z to \\S+Z \\(3\\.\\d s\\): before the run started \\(it"
        + " waited for the server\\); cause: cannot reach memory server: Connection refused"), outages.get(0));
    Map<String, Object> json = Outages.json();
    assertEquals(1L, json.get("count"));
    assertEquals(1L, json.get("before_start"));
    assertEquals(0L, json.get("operations_lost"));
    assertTrue((Double) json.get("seconds") >= 3.0, json.toString());
  }

  @Test
  void aServerAwayPastTheLimitEndsTheRunInOneLine() {
    long t0 = System.nanoTime();
    Result r = load(new ArrayList<>(), "memory.awayuntil=" + (System.currentTimeMillis() + 600_000),
        StartWait.PROPERTY + "=true", "ycsbx.reconnect.giveupseconds=1");
    double secs = (System.nanoTime() - t0) / 1e9;
    assertEquals(1, r.exitCode(), r.all());
    List<String> last = r.stderrLines().stream().filter(l -> !l.startsWith("[RECONNECT] ")).toList();
    assertEquals(1, last.size(), r.stderr());
    assertTrue(last.get(0).matches("ycsb: cannot reach memory server: Connection refused; still away after 1\\.\\d s of"
        + " waiting \\(\\d+ attempts, ycsbx.reconnect.giveupseconds=1\\): giving up"), last.get(0));
    assertTrue(secs < 5, "gave up after " + secs + " s");
    assertTrue(Outages.lines().isEmpty(), "the run never started: no outage of it");
  }

  @Test
  void withoutTheWaitOrForARefusalThatIsNotAnOutageTheRunEndsAtOnce() {
    // a lone run: a refused connection is more often a wrong port, said at once
    long t0 = System.nanoTime();
    assertOneLineError(load(new ArrayList<>(), "memory.awayuntil=" + (System.currentTimeMillis() + 600_000)), 1,
        "ycsb: cannot reach memory server: Connection refused");
    // a server that answered and refused is no outage: no wait even when asked
    assertOneLineError(load(new ArrayList<>(), "memory.unreachable=mongodb://127.0.0.1:1/x", StartWait.PROPERTY
        + "=true"), 1, "cannot reach memory server mongodb://127.0.0.1:1/x");
    assertTrue((System.nanoTime() - t0) / 1e9 < 5);
  }
}
