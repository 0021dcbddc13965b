package site.ycsbx.measurements;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class ProcStatTest {
  /** The host's CPUs are /proc/stat's, not the JVM's: a client pinned to one core of two still says 2. */
  @Test
  void countsTheHostsCpusFromItsPerCpuLines() {
    assertEquals(2, ProcStat.cpus(List.of("cpu  1 2 3 4 5 6 7 8", "cpu0 1 1 1 1", "cpu1 1 1 1 1", "ctxt 9", "cpuX 1")));
    assertEquals(0, ProcStat.cpus(List.of("cpu  1 2 3 4 5 6 7 8", "ctxt 9")));
    int host = ProcStat.cpus(Path.of("/proc/stat"));
    assertTrue(host >= Runtime.getRuntime().availableProcessors(), "the host has the CPUs this JVM may use: " + host);
  }

  @Test
  void readsTheAggregateCpuLineAndContextSwitches() {
    ProcStat.Host h = ProcStat.host(List.of(
        "cpu  9113 7 2754 134267 599 3 65 15 0 0",
        "cpu0 4484 0 990 67844 18 0 15 3 0 0",
        "intr 123 4 5",
        "ctxt 1079084",
        "btime 1700000000"));
    assertEquals(new ProcStat.Host(9113, 7, 2754, 134267, 599, 3, 65, 15, 1079084), h);
    assertEquals(9113 + 7 + 2754 + 3 + 65 + 15, h.busy(), "iowait is idle time");
    assertEquals(h.busy() + 134267 + 599, h.total());
    // an old kernel without steal; a file without ctxt is not usable
    assertEquals(0, ProcStat.host(List.of("cpu  1 2 3 4 5 6 7", "ctxt 9")).steal());
    assertNull(ProcStat.host(List.of("cpu  1 2 3 4 5 6 7 8")));
  }

  @Test
  void readsUserAndSystemTimeAfterTheCommandName() {
    // a command name with spaces and a parenthesis, as a thread may name itself
    String stat = "812 (my (sql) d) S 1 812 812 0 -1 4194560 1000 0 0 0 4321 1234 56 78 20 0 30 0 100 0 0";
    assertArrayEquals(new long[] {4321, 1234, 56, 78}, ProcStat.processTicks(stat));
    assertNull(ProcStat.processTicks("812 (x) S 1 2"));
    long[] self = ProcStat.processTicks(Path.of("/proc/self/stat"));
    assertNotNull(self);
    assertTrue(self[0] + self[1] > 0, "this JVM has used CPU");
    assertNull(ProcStat.processTicks(Path.of("/proc/999999999/stat")));
  }
}
