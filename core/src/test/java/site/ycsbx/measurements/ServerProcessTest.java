package site.ycsbx.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.util.UserError;

@Tag("process")
class ServerProcessTest {
  @Test
  void findsTheProcessListeningOnAPortAndReadsItsWrites() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Optional<ServerProcess> p = ServerProcess.listeningOn(s.getLocalPort());
      assertTrue(p.isPresent(), "this JVM listens on " + s.getLocalPort());
      assertEquals(ProcessHandle.current().pid(), p.get().pid());
      assertTrue(p.get().describe().contains("this JVM"), p.get().describe());
      long before = p.get().bytesWritten();
      assertTrue(before >= 0);
    }
  }

  @Test
  void cpuTimeCountsLiveChildren() throws Exception {
    // a busy child, as a PostgreSQL backend is a busy child of the postmaster
    Process child = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
    try {
      ServerProcess self = new ServerProcess(ProcessHandle.current().pid(), "java");
      Thread.sleep(1500);
      long[] own = ProcStat.processTicks(Path.of("/proc/self/stat"));
      long withChildren = self.cpuTicksNow();
      long[] busy = ProcStat.processTicks(Path.of("/proc/" + child.pid() + "/stat"));
      assertTrue(busy[0] + busy[1] >= 5, "the child ran: " + busy[0] + " ticks");
      assertTrue(withChildren >= own[0] + own[1] + busy[0] + busy[1],
          withChildren + " < own " + (own[0] + own[1]) + " + child " + (busy[0] + busy[1]));
    } finally {
      child.destroyForcibly().waitFor();
    }
  }

  /**
   * A child born between two samples, as a run's backends are born after the sampler's first look:
   * the next periodic sample counts it, not one 10 s later (its CPU then jumped into the series, and a
   * warm-up's end between two samples was charged the backends' CPU from before it).
   */
  @Test
  void aChildBornBetweenSamplesCountsFromTheNextSample() throws Exception {
    // the "server" forks its busy child from its main thread after a second, as a postmaster does
    Process server = new ProcessBuilder("sh", "-c", "sleep 1; (while :; do :; done) & wait").start();
    try {
      ServerProcess p = new ServerProcess(server.pid(), "sh");
      long before = p.cpuTicksNow();
      long firstLook = System.nanoTime();
      // until the child has run 0.2 s of CPU (a busy machine gives it less than its wall time)
      long childTicks = 0;
      while (childTicks < 20 && System.nanoTime() - firstLook < 6_000_000_000L) {
        Thread.sleep(100);
        childTicks = server.children().mapToLong(c -> busy(c.pid())).sum();
      }
      assertTrue(childTicks >= 20, "the child ran: " + childTicks + " ticks");
      long later = p.cpuTicks(); // a periodic sample, under RESCAN_SECONDS after the first look
      assertTrue(later - before >= childTicks - 5, "the busy child's " + childTicks + " ticks are in the next sample: "
          + (later - before) + " ticks");
    } finally {
      server.descendants().forEach(ProcessHandle::destroyForcibly);
      server.destroyForcibly().waitFor();
    }
  }

  private static long busy(long pid) {
    long[] t = ProcStat.processTicks(Path.of("/proc/" + pid + "/stat"));
    return t == null ? 0 : t[0] + t[1];
  }

  @Test
  void aPortNobodyListensOnFindsNothing() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    assertTrue(ServerProcess.listeningOn(port).isEmpty());
    assertTrue(ServerProcess.listeningOn(-1).isEmpty());
  }

  @Test
  void onlyListeningSocketsOfThePortCount(@TempDir Path dir) throws Exception {
    Path tcp = dir.resolve("tcp");
    Files.writeString(tcp, String.join("\n",
        "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode",
        "   0: 0100007F:0CEA 00000000:0000 0A 00000000:00000000 00:00000000 00000000   106        0 4242 1",
        "   1: 0100007F:0CEA 0100007F:D1F2 01 00000000:00000000 00:00000000 00000000   106        0 4343 1",
        "   2: 0100007F:1538 00000000:0000 0A 00000000:00000000 00:00000000 00000000   106        0 4444 1",
        ""));
    // 0x0CEA = 3306 listening; the established connection to it and port 5432 do not count
    assertEquals(Set.of("socket:[4242]"), ServerProcess.listeningSockets(tcp, 3306));
    assertEquals(Set.of(), ServerProcess.listeningSockets(tcp, 3307));
  }

  @Test
  void aGivenPidMustBeAReadableProcess() {
    assertThrows(UserError.class, () -> ServerProcess.fromProperty("mariadbd"));
    UserError e = assertThrows(UserError.class, () -> ServerProcess.fromProperty("999999999"));
    assertTrue(e.getMessage().startsWith(ServerProcess.PID_PROPERTY + "=999999999: /proc/999999999/io cannot be read"),
        e.getMessage());
    assertEquals(ProcessHandle.current().pid(),
        ServerProcess.fromProperty(String.valueOf(ProcessHandle.current().pid())).orElseThrow().pid());
    assertTrue(ServerProcess.fromProperty(" ").isEmpty());
  }
}
