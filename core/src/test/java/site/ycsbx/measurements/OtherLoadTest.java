package site.ycsbx.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.util.UserError;

/**
 * What else ran. The host's CPU comes from a /proc/stat the test writes (this machine is shared,
 * so its real one cannot give an "alone" run a clear margin), the client's from this JVM's real
 * /proc/self/stat: alone, the host was busy only with the client; beside a CPU-burning process,
 * 40% of the host's time more.
 */
@Tag("fast")
class OtherLoadTest {
  private static final long HOST_TICKS = 1000; // 10 s of one CPU, or 5 s of two

  @TempDir
  Path dir;

  @AfterEach
  void forget() {
    OtherLoad.set(null);
  }

  private static long clientTicks() {
    long[] t = ProcStat.processTicks(Path.of("/proc/self/stat"));
    return t[0] + t[1];
  }

  private static void writeHost(Path stat, long busy, long idle) throws Exception {
    Files.writeString(stat, "cpu  " + busy + " 0 0 " + idle + " 0 0 0 0 0 0\nctxt 1000\n");
  }

  /** A sampled run of about half a second of client CPU, the host busy with it and {@code burner} ticks more. */
  private String run(long burner) throws Exception {
    Path stat = dir.resolve("stat-" + burner);
    long busy0 = 50_000;
    long idle0 = 900_000;
    long client0 = clientTicks();
    writeHost(stat, busy0, idle0);
    Efficiency e = new Efficiency("run", stat, null, null, "server: none", null);
    e.startThread();
    long spin = System.nanoTime() + 500_000_000L;
    long x = 0;
    while (System.nanoTime() < spin) {
      x += Long.numberOfTrailingZeros(x + System.nanoTime());
    }
    Thread.sleep(30); // the spin's last ticks reach /proc
    long client = clientTicks() - client0;
    long busy = client + burner;
    writeHost(stat, busy0 + busy, idle0 + HOST_TICKS - busy);
    e.add(e.sample());
    String tick = e.othersTick(60);
    if (burner == 0) {
      assertNull(tick, "x=" + x);
    } else {
      assertTrue(tick != null && tick.matches("others (39|40|41)% CPU"), tick); // a tick of the JVM's own either way
    }
    return e.finish(System.nanoTime() - 60_000_000_000L, 100, null);
  }

  @Test
  void aRunBesideACpuBurningProcessIsMarkedAndTheSameRunAloneIsNot() throws Exception {
    String alone = run(0);
    OtherLoad.Mark mark = OtherLoad.last();
    assertFalse(mark.marked(), alone);
    assertTrue(mark.cpuPercent() < 1, "within a tick or two of 0: " + mark.cpuPercent());
    assertFalse(alone.contains("[OTHERS]"), "an unmarked run says nothing of others on the console: " + alone);
    assertTrue(mark.line().contains("no other load of note: "), mark.line());
    assertEquals(Boolean.FALSE, mark.json().get("marked"));

    String beside = run(400);
    mark = OtherLoad.last();
    assertTrue(mark.marked(), beside);
    assertEquals(40, mark.cpuPercent(), 1);
    assertFalse(beside.contains("[OTHERS]"), "the summary's head says it: " + beside);
    assertTrue(mark.line().matches("\\[OTHERS] ran beside other load: (39|40|41)\\.\\d% .*"), mark.line());
    assertTrue(mark.line().endsWith("% of the host's CPU was neither this client nor the server (over 10%)"),
        mark.line());
    assertTrue(RunSummary.beside("[SUMMARY] load of x\n[ERRORS] OK\n", mark).startsWith("[SUMMARY] ran beside other"
        + " load: " + mark.why().get(0) + "\n[SUMMARY] load of x\n"), "the summary's head");
    assertEquals(1.0, mark.rows().get("Marked"));
  }

  @Test
  void theServersRowsAreJudgedAgainstThisRunsConnections() {
    OtherLoad.Thresholds t = OtherLoad.Thresholds.DEFAULT;
    Map<String, Long> start = Map.of("rows written", 1_000_000L, "rows read", 5_000_000L);
    // alone: the server wrote what this run's connections wrote, and a few hundred rows of its own status reads
    OtherLoad.Mark alone = OtherLoad.judge(2.0, t, start, Map.of("rows written", 1_005_000L, "rows read", 5_020_400L),
        Map.of("rows written", 5_000L, "rows read", 20_000L), "test counters");
    assertEquals(List.of(), alone.why());
    assertEquals(5_000L, alone.server().get("rows written")[0]);
    // beside another loader: 250000 rows written, 5000 of them this run's
    OtherLoad.Mark beside = OtherLoad.judge(2.0, t, start, Map.of("rows written", 1_250_000L, "rows read", 5_020_400L),
        Map.of("rows written", 5_000L, "rows read", 20_000L), "test counters");
    assertEquals(List.of("the server's rows written grew by 250000, this run's connections' by 5000 (others 245000,"
        + " over 50% of this run's)"), beside.why());
    assertEquals(250_000L, beside.json().get("server_rows_written"));
    assertEquals(5_000.0, beside.rows().get("RunRowsWritten"));
    // a small run: others under the floor never mark it, over it they do
    assertFalse(OtherLoad.judge(0, t, start, Map.of("rows written", 1_000_900L), Map.of("rows written", 10L), null)
        .marked());
    assertTrue(OtherLoad.judge(0, t, start, Map.of("rows written", 1_002_000L), Map.of("rows written", 10L), null)
        .marked());
  }

  @Test
  void theServersWritesAreSharedOnlyWhenOthersWroteOverTheThreshold() {
    OtherLoad.Thresholds t = OtherLoad.Thresholds.DEFAULT;
    Map<String, Long> start = Map.of("rows written", 1_000_000L, "rows read", 5_000_000L);
    Map<String, Long> own = Map.of("rows written", 5_000L, "rows read", 20_000L);
    // others read a lot, wrote nothing: the run is marked by its reads, its write figures are its own
    OtherLoad.Mark reads = OtherLoad.judge(0, t, start, Map.of("rows written", 1_005_000L, "rows read", 6_000_000L),
        own, null);
    assertTrue(reads.marked());
    assertFalse(reads.serverShared());
    assertEquals(false, reads.json().get("server_shared"));
    // others wrote 2500 rows: over the floor (1000), not over 50% of this run's 5000: the figures stand
    assertFalse(OtherLoad.judge(0, t, start, Map.of("rows written", 1_007_500L), own, null).serverShared());
    // 2502 rows: over both
    assertTrue(OtherLoad.judge(0, t, start, Map.of("rows written", 1_007_502L), own, null).serverShared());
    // a host busy with others' CPU marks the run, not its server's writes
    OtherLoad.Mark cpu = OtherLoad.judge(40, t, start, Map.of("rows written", 1_005_000L), own, null);
    assertTrue(cpu.marked());
    assertFalse(cpu.serverShared());
    // PostgreSQL: another client in the run's own tables
    assertTrue(OtherLoad.judge(0, t, start, Map.of("rows written", 1_005_000L), own,
        Map.of("rows written", new long[] {14_100, 4_000}), null).serverShared());
  }

  @Test
  void theRunsTablesAreJudgedAgainstWhatThisRunSentThem() {
    OtherLoad.Thresholds t = OtherLoad.Thresholds.DEFAULT;
    Map<String, Long> start = Map.of("rows written", 1_000_000L);
    Map<String, Long> end = Map.of("rows written", 1_014_100L);
    // the whole server's growth is all the run's relations' (another client in the same tables): unmarked by it
    Map<String, Long> own = Map.of("rows written", 14_100L);
    OtherLoad.Mark alone = OtherLoad.judge(2.0, t, start, end, own, Map.of("rows written", new long[] {14_100, 14_100}),
        "test counters");
    assertEquals(List.of(), alone.why());
    assertTrue(alone.line().endsWith("; the run's tables' rows written 14100, this run sent 14100 (server counters:"
        + " test counters)"), alone.line());
    OtherLoad.Mark beside = OtherLoad.judge(2.0, t, start, end, own,
        Map.of("rows written", new long[] {14_100, 10_000}), "test counters");
    assertEquals(List.of("server: 41% more rows written to the run's tables than this run sent (14100 against 10000,"
        + " over 40%): another client?"), OtherLoad.judge(2.0, new OtherLoad.Thresholds(10, 40), start, end, own,
        Map.of("rows written", new long[] {14_100, 10_000}), null).why());
    assertFalse(beside.marked(), "41% is under the default 50%");
    OtherLoad.Mark more = OtherLoad.judge(2.0, t, start, end, own, Map.of("rows written", new long[] {14_100, 4_000}),
        null);
    assertEquals(List.of("server: 253% more rows written to the run's tables than this run sent (14100 against 4000,"
        + " over 50%): another client?"), more.why());
    assertEquals(14_100L, more.json().get("tables_rows_written"));
    assertEquals(4_000L, more.json().get("sent_rows_written"));
    assertEquals(4_000.0, more.rows().get("SentRowsWritten"));
    assertEquals(List.of("server: 1500 rows written to the run's tables, none sent by this run: another client?"),
        OtherLoad.judge(0, t, start, end, own, Map.of("rows written", new long[] {1_500, 0}), null).why());
    // under the floor: the few rows of a failed statement's or a late report's never mark a small run
    assertFalse(OtherLoad.judge(0, t, start, end, own, Map.of("rows written", new long[] {900, 0}), null).marked());
  }

  @Test
  void thresholdsComeFromPropertiesAndBadOnesAreOneLine() {
    Properties p = new Properties();
    assertEquals(new OtherLoad.Thresholds(10, 50), OtherLoad.Thresholds.of(p));
    p.setProperty(OtherLoad.CPU_PROPERTY, "60");
    p.setProperty(OtherLoad.SERVER_PROPERTY, "1000");
    assertEquals(new OtherLoad.Thresholds(60, 1000), OtherLoad.Thresholds.of(p));
    assertNull(OtherLoad.tick(41, OtherLoad.Thresholds.of(p)));
    assertEquals("others 41% CPU", OtherLoad.tick(41, OtherLoad.Thresholds.DEFAULT));
    p.setProperty(OtherLoad.CPU_PROPERTY, "150");
    assertTrue(assertThrows(UserError.class, () -> OtherLoad.Thresholds.of(p)).getMessage()
        .startsWith("ycsbx.others.cpu=150"));
  }
}
