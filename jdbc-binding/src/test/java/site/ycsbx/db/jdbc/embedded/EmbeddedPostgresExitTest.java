package site.ycsbx.db.jdbc.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.SignalledRun;

/**
 * However a postgres-embedded run ends (Ctrl-C, SIGTERM, a failed run, which halts the JVM
 * without its shutdown hooks, or SIGKILL), its server stops, nothing of it is left working in the
 * folder, and the next run starts on the same data.
 */
@Tag("process")
class EmbeddedPostgresExitTest {
  private static void assertNextRunFindsTheData(Path dir, long atLeast) throws Exception {
    EmbeddedFolder.assertStopped(dir);
    Result next = EmbeddedPostgresMainTest.ycsb(dir, "run", "workloadc", "-p", "recordcount=" + atLeast,
        "-p", "operationcount=100");
    assertEquals(0, next.exitCode(), next.all());
    assertTrue(next.stderr().contains("[ERRORS] OK: 100 operations, 0 failed"), next.stderr());
    EmbeddedFolder.assertStopped(dir);
  }

  @Test
  void ctrlCAndSigtermStopTheServerAfterTheExport(@TempDir Path tmp) throws Exception {
    Path dir = EmbeddedFolder.initialized(tmp.resolve("pg"));
    for (String signal : List.of("INT", "TERM")) {
      Result r = SignalledRun.run(signal, 1500, "load", "postgres-embedded", "-P", JavaProcess.workload("workloada"),
          "-p", "postgres.embedded.dir=" + dir, "-p", "recordcount=50000000", "-p", "insertstart="
          + (signal.equals("INT") ? 0 : 10_000_000), "-p", "db.batchsize=100", "-threads", "2");
      assertEquals(signal.equals("INT") ? 130 : 143, r.exitCode(), r.all());
      assertTrue(r.stderr().contains("ycsb: INTERRUPTED by SIG" + signal + " at "), r.stderr());
      EmbeddedFolder.assertStopped(dir);
      assertFalse(Files.readString(dir.resolve(DataFolder.LOG_FILE)).contains("PANIC"));
    }
    assertNextRunFindsTheData(dir, 100);
  }

  @Test
  void aFailedRunHaltsTheJvmAndStillStopsTheServer(@TempDir Path tmp) throws Exception {
    Path dir = EmbeddedFolder.initialized(tmp.resolve("pg"));
    Result load = EmbeddedPostgresMainTest.ycsb(dir, "load", "workloadc", "-p", "recordcount=100");
    assertEquals(0, load.exitCode(), load.all());
    // and key 999, so that the run below is not refused up front (its last key is stored)
    Result last = EmbeddedPostgresMainTest.ycsb(dir, "load", "workloadc", "-p", "recordcount=1000",
        "-p", "insertstart=999", "-p", "insertcount=1");
    assertEquals(0, last.exitCode(), last.all());
    // reads of 899 keys that were never loaded: NOT_FOUND, over ycsbx.maxerrorpercent, so the verdict
    // halts the JVM (Runtime.halt runs no shutdown hook)
    Result failed = EmbeddedPostgresMainTest.ycsb(dir, "run", "workloadc", "-p", "recordcount=1000",
        "-p", "operationcount=300", "-p", "ycsbx.maxerrorpercent=0");
    assertEquals(1, failed.exitCode(), failed.all());
    assertTrue(failed.stderr().contains("ycsb: FAILED: "), failed.stderr());
    assertNextRunFindsTheData(dir, 100);
  }

  @Test
  void aKilledJvmTakesItsServerWithIt(@TempDir Path tmp) throws Exception {
    Path dir = EmbeddedFolder.initialized(tmp.resolve("pg"));
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx512m", "-cp", System.getProperty("java.class.path"), "site.ycsbx.tools.Main", "load", "postgres-embedded",
        "-P", JavaProcess.workload("workloadc"), "-p", "postgres.embedded.dir=" + dir, "-p", "recordcount=50000000",
        "-p", "db.batchsize=100"));
    Path out = Files.createTempFile(tmp, "out", ".txt");
    Process jvm = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (!Files.readString(out).contains("Starting test.")) {
      assertTrue(jvm.isAlive() && System.nanoTime() < deadline, Files.readString(out));
      Thread.sleep(50);
    }
    Thread.sleep(1500);
    long server = LockFile.read(dir.resolve(LockFile.NAME)).orElseThrow().pid();
    assertTrue(ProcessHandle.of(server).isPresent());
    jvm.destroyForcibly(); // SIGKILL: no shutdown hook, no signal handler
    assertTrue(jvm.waitFor(30, TimeUnit.SECONDS));
    EmbeddedFolder.assertStopped(dir);
    assertFalse(ProcessHandle.of(server).map(ProcessHandle::isAlive).orElse(false), "server pid " + server + " lives");
    assertTrue(Files.readString(dir.resolve(DataFolder.LOG_FILE)).contains("received fast shutdown request"));
    assertNextRunFindsTheData(dir, 100);
  }

  @Test
  void aServerKilledWithItsJvmLeavesAPidFileTheNextStartRemoves(@TempDir Path tmp) throws Exception {
    Path dir = EmbeddedFolder.initialized(tmp.resolve("pg"));
    Result load = EmbeddedPostgresMainTest.ycsb(dir, "load", "workloadc", "-p", "recordcount=200");
    assertEquals(0, load.exitCode(), load.all());
    // a power cut, as far as the folder can tell: the server is killed, its lock file stays
    EmbeddedPostgres server = EmbeddedPostgres.start(EmbeddedFolder.props(dir));
    long pid = server.pid();
    List<ProcessHandle> all = new ArrayList<>(ProcessHandle.of(pid).orElseThrow().descendants().toList());
    all.add(ProcessHandle.of(pid).orElseThrow());
    all.forEach(ProcessHandle::destroyForcibly);
    for (ProcessHandle h : all) {
      h.onExit().get(30, TimeUnit.SECONDS);
    }
    EmbeddedPostgres.stopRunning();
    assertTrue(Files.exists(dir.resolve(LockFile.NAME)));
    Result next = EmbeddedPostgresMainTest.ycsb(dir, "run", "workloadc", "-p", "recordcount=200",
        "-p", "operationcount=100");
    assertEquals(0, next.exitCode(), next.all());
    assertTrue(next.stdout().contains("[YCSB-X] removed a stale postmaster.pid (pid " + pid + " is no PostgreSQL of "
        + dir + ")"), next.stdout());
    assertTrue(next.stderr().contains("[ERRORS] OK: 100 operations, 0 failed"), next.stderr());
    EmbeddedFolder.assertStopped(dir);
  }
}
