package site.ycsbx.db.mongodb.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.db.mongodb.MongoDbClient;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.testing.Background;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.UsertableLoad;

/**
 * The MongoDB binding when its server goes away: operations fail fast (not after the driver's
 * 30 s), the run goes on when the server is back, and gives up, naming the outage, when it is not.
 */
@Tag("slow")
class MongoServerFaultTest {
  private static final Pattern FAILED_MAX = Pattern.compile("\\[(READ|UPDATE|INSERT)-FAILED\\], MaxLatency\\(us\\), (\\d+)");
  private static final Pattern OP_ERRORS = Pattern.compile("\\[ERRORS\\] (READ|UPDATE|INSERT)\\s+(\\d+)\\s+(\\d+)");

  @Test
  void aRunGoesOnAfterTheServerIsStoppedAndRestarted() throws Exception {
    try (RestartableServer server = new RestartableServer()) {
      String db = TestServer.freshDatabase();
      load(server.url(db));
      // 300 operations per second, a fifth of them inserts: about 10 s of run around the outage
      // (a run, as YCSB's load stops a client thread at its first failed insert)
      Background run = Background.main(args(server, db, "run", "workloada", "-p", "recordcount=500",
          "-p", "operationcount=3000", "-p", "readproportion=0.4", "-p", "updateproportion=0.4",
          "-p", "insertproportion=0.2", "-threads", "2", "-target", "300"));
      awaitDocuments(server, db, "usertable", 600, run);
      server.stop();
      Thread.sleep(2_500);
      server.start();
      long atRestart = server.count(db, "usertable");
      Result r = run.await(120);

      String out = r.all();
      assertEquals(0, r.exitCode(), out);
      List<String> outages = r.stderr().lines().filter(l -> l.startsWith("[OUTAGE]")).toList();
      assertEquals(1, outages.size(), out);
      assertTrue(outages.get(0).matches("\\[OUTAGE\\] from \\S+Z to \\S+Z \\((\\d+\\.\\d) s\\): [1-9]\\d* operations lost; cause: .*"),
          out);
      double seconds = Double.parseDouble(outages.get(0).replaceAll(".*\\((\\d+\\.\\d) s\\).*", "$1"));
      assertTrue(seconds >= 2.0 && seconds < 15, outages.get(0));
      Matcher errors = OP_ERRORS.matcher(r.stderr());
      long failed = 0;
      while (errors.find()) {
        failed += Long.parseLong(errors.group(3));
      }
      assertTrue(failed > 0, "operations during the outage count as failed: " + out);
      Matcher max = FAILED_MAX.matcher(r.stdout());
      int timed = 0;
      while (max.find()) {
        timed++;
        // each failed at the run's server selection timeout (2 s), not the driver's 30 s (a host busy with the
        // other modules' tests was seen at 5.9 s)
        assertTrue(Long.parseLong(max.group(2)) < 10_000_000, "a failed " + max.group(1) + " took " + max.group(2) + " us\n" + out);
      }
      assertTrue(timed > 0, out);
      long stored = server.count(db, "usertable");
      assertTrue(stored > atRestart, "nothing stored after the restart (" + atRestart + " then, " + stored + " now)\n" + out);
    }
  }

  @Test
  void aServerThatDoesNotComeBackEndsTheRunWithTheOutageNamed() throws Exception {
    try (RestartableServer server = new RestartableServer()) {
      String db = TestServer.freshDatabase();
      // 400k rows at 4000 rows/s would take 100 s
      Background run = Background.main(args(server, db, "load", "iibench", "-p", "iibench.rows=400000", "-p",
          "iibench.batchsize=100", "-p", "ycsbx.reconnect.giveupseconds=3", "-threads", "2", "-target", "40"));
      awaitDocuments(server, db, "purchases_index", 4_000, run);
      server.stop();
      long stopped = System.nanoTime();
      Result r = run.await(120);
      long secondsAfterStop = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - stopped);

      String out = r.all();
      assertEquals(1, r.exitCode(), out);
      assertTrue(secondsAfterStop < 20, "the run went on for " + secondsAfterStop + " s after the server died\n" + out);
      List<String> outages = r.stderr().lines().filter(l -> l.startsWith("[OUTAGE]")).toList();
      assertEquals(1, outages.size(), out);
      assertTrue(outages.get(0).contains("to (not back when the run ended)"), outages.get(0));
      assertTrue(outages.get(0).contains("gave up: the server was not back after"), outages.get(0));
      assertTrue(outages.get(0).contains("ycsbx.reconnect.giveupseconds=3"), outages.get(0));
      assertTrue(r.stderr().contains("[ERRORS] FAILED: outage: the server was not back"), out);
    }
  }

  @Test
  void withAnOperationTimeoutAFrozenServerFailsOperationsInsteadOfHangingThem() throws Exception {
    try (RestartableServer server = new RestartableServer(); FreezingProxy proxy = new FreezingProxy(server.port())) {
      String db = TestServer.freshDatabase();
      String url = "mongodb://127.0.0.1:" + proxy.port() + "/" + db;
      load(url);
      Background run = Background.main("run", "mongodb", "-P", JavaProcess.workload("workloada"), "-p", "mongodb.url=" + url,
          "-p", "recordcount=500", "-p", "operationcount=3000", "-p", "ycsbx.optimeout=1", "-p", "ycsbx.maxerrorpercent=100",
          "-threads", "2", "-target", "300");
      // from YCSB's start, not the JVM's: on a busy machine the JVM and the preflight take seconds
      awaitStart(run);
      Thread.sleep(1_000);
      proxy.freeze();
      Thread.sleep(5_000);
      proxy.thaw();
      Result r = run.await(120);

      String out = r.all();
      assertEquals(0, r.exitCode(), out);
      Matcher errors = OP_ERRORS.matcher(r.stderr());
      long failed = 0;
      while (errors.find()) {
        failed += Long.parseLong(errors.group(3));
      }
      assertTrue(failed > 0, "operations on the frozen server count as failed: " + out);
      Matcher max = FAILED_MAX.matcher(r.stdout());
      int timed = 0;
      while (max.find()) {
        timed++;
        // 1 s of ycsbx.optimeout, or the run's 2 s server selection, not the 5 s the server was frozen
        assertTrue(Long.parseLong(max.group(2)) < 4_000_000, "a failed " + max.group(1) + " took " + max.group(2) + " us\n" + out);
      }
      assertTrue(timed > 0, out);
      assertTrue(r.stderr().lines().filter(l -> l.startsWith("[OUTAGE]")).allMatch(l -> l.contains("Z to 20")),
          "the outage ended with the freeze: " + out);
    }
  }

  @Test
  void maxExecutionTimeEndsARunWhoseServerFrozeWithinItsGraceAndExportsIt(@TempDir Path dir) throws Exception {
    try (RestartableServer server = new RestartableServer(); FreezingProxy proxy = new FreezingProxy(server.port())) {
      String db = TestServer.freshDatabase();
      String url = "mongodb://127.0.0.1:" + proxy.port() + "/" + db;
      load(url);
      Path export = dir.resolve("export.txt");
      // 3000 operations at 300 per second would take 10 s; maxexecutiontime=6 ends it, the frozen server would not
      Background run = Background.main("run", "mongodb", "-P", JavaProcess.workload("workloada"), "-p", "mongodb.url=" + url,
          "-p", "recordcount=500", "-p", "operationcount=3000", "-p", "maxexecutiontime=6", "-p", "exportfile=" + export,
          "-threads", "2", "-target", "300");
      Result r;
      try {
        awaitStart(run);
        Thread.sleep(1_500); // operations measured before the freeze
        proxy.freeze();
        r = run.await(60);
      } finally {
        proxy.thaw();
        run.close();
      }

      String out = r.all();
      // 6 s, 5 s of grace, the JVM's start and the export (20 s of slack: a busy machine took 21.7 s; a
      // run the deadline did not end would wait on the frozen server until the test gives up)
      assertTrue(r.millis() < (6 + 5 + 20) * 1000, "the run took " + r.millis() + " ms\n" + out);
      assertTrue(r.millis() > (6 + 5) * 1000, "the run ended before the grace was over: " + r.millis() + " ms\n" + out);
      assertTrue(r.stderr().contains("[DEADLINE] maxexecutiontime=6 passed 5 s ago and 2 client threads have not"
          + " finished: their operations in flight count as failed"), out);
      Matcher failedLine = Pattern.compile("\\[ERRORS\\] FAILED: maxexecutiontime=6: 2 client threads had not finished 5 s"
          + " after it \\((\\d) operations in flight: [A-Z, ]+\\); the run was exported without them").matcher(r.stderr());
      // the run did not complete cleanly, whatever the error share
      assertTrue(failedLine.find(), out);
      int inFlight = Integer.parseInt(failedLine.group(1));
      assertTrue(inFlight >= 1 && inFlight <= 2, out);
      assertEquals(1, r.exitCode(), out);
      assertTrue(r.stderr().contains("abandoned: still waiting on the server"), out);
      assertTrue(r.stderr().contains("(maxexecutiontime=6 ended the run)"), out);

      String exported = Files.readString(export);
      assertTrue(exported.contains("[FINGERPRINT], "), exported);
      long runtime = Long.parseLong(exported.replaceAll("(?s).*\\[OVERALL\\], RunTime\\(ms\\), (\\d+).*", "$1"));
      assertTrue(runtime >= 6_000, exported);
      assertTrue(Pattern.compile("\\[(READ|UPDATE)\\], Operations, [1-9]\\d*").matcher(exported).find(), exported);
      long failed = Long.parseLong(exported.replaceAll("(?s).*\\[ERRORS\\], Failed, (\\d+).*", "$1"));
      assertTrue(failed >= inFlight, exported);
      // the abandoned operations with their real latency: from before the freeze to the end of the grace
      Matcher max = FAILED_MAX.matcher(exported);
      long longest = 0;
      while (max.find()) {
        longest = Math.max(longest, Long.parseLong(max.group(2)));
      }
      assertTrue(longest > 4_000_000, "no failed operation waited on the frozen server: " + exported);
      assertTrue(Pattern.compile("\\[ERRORS\\], NOT_ATTEMPTED, [1-9]\\d*").matcher(exported).find(), exported);
    }
  }

  @Test
  void maxExecutionTimeEndsAStoreWorkloadWhoseServerFroze() throws Exception {
    try (RestartableServer server = new RestartableServer(); FreezingProxy proxy = new FreezingProxy(server.port())) {
      String db = TestServer.freshDatabase();
      String url = "mongodb://127.0.0.1:" + proxy.port() + "/" + db;
      // 400k rows at 4000 rows/s would take 100 s; maxexecutiontime=6 ends it, the frozen server would not
      Background run = Background.main("load", "mongodb", "-P", JavaProcess.workload("iibench"), "-p", "mongodb.url=" + url,
          "-p", "iibench.rows=400000", "-p", "iibench.batchsize=100", "-p", "maxexecutiontime=6", "-threads", "2",
          "-target", "40");
      Result r;
      try {
        awaitDocuments(server, db, "purchases_index", 4_000, run);
        proxy.freeze();
        r = run.await(60);
      } finally {
        proxy.thaw();
        run.close();
      }
      String out = r.all();
      assertTrue(r.millis() < (6 + 5 + 20) * 1000, "the run took " + r.millis() + " ms\n" + out);
      assertTrue(r.stderr().contains("[DEADLINE] maxexecutiontime=6 passed 5 s ago and 2 client threads have not"
          + " finished"), out);
      assertTrue(r.stdout().contains("[OVERALL], RunTime(ms), "), out);
      assertTrue(Pattern.compile("\\[INSERT_TXN\\], Operations, [1-9]\\d*").matcher(r.stdout()).find(), out);
      assertTrue(r.stderr().contains("[ERRORS] FAILED: maxexecutiontime=6: 2 client threads had not finished"), out);
      assertEquals(1, r.exitCode(), out);
    }
  }

  @Test
  void aCoreWorkloadRunStopsWhenItGivesUpOnTheServer(@TempDir Path dir) throws Exception {
    try (RestartableServer server = new RestartableServer()) {
      String db = TestServer.freshDatabase();
      load(server.url(db));
      Path export = dir.resolve("export.txt");
      // a million operations at 300 per second would take an hour, each failing at once after the give-up
      Background run = Background.main(args(server, db, "run", "workloada", "-p", "recordcount=500",
          "-p", "operationcount=1000000", "-p", "insertproportion=0.2", "-p", "readproportion=0.4",
          "-p", "updateproportion=0.4", "-p", "ycsbx.reconnect.giveupseconds=2", "-p", "exportfile=" + export,
          "-threads", "2", "-target", "300"));
      awaitDocuments(server, db, "usertable", 520, run);
      server.stop();
      long stopped = System.nanoTime();
      Result r = run.await(60);
      long secondsAfterStop = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - stopped);

      String out = r.all();
      assertEquals(1, r.exitCode(), out);
      assertTrue(secondsAfterStop < 15, "the run went on for " + secondsAfterStop + " s after the server died\n" + out);
      assertTrue(r.stderr().contains("[RECONNECT] giving up: the server was not back after"), out);
      assertTrue(r.stderr().contains("[ERRORS] FAILED: outage: the server was not back"), out);
      assertTrue(r.stderr().contains("of operationcount=1000000 (the run gave up on the server"
          + " (ycsbx.reconnect.giveupseconds); counted as failed)"), out);
      String exported = Files.readString(export);
      long operations = Long.parseLong(exported.replaceAll("(?s).*\\[ERRORS\\], Operations, (\\d+).*", "$1"));
      long failed = Long.parseLong(exported.replaceAll("(?s).*\\[ERRORS\\], Failed, (\\d+).*", "$1"));
      long notAttempted = Long.parseLong(exported.replaceAll("(?s).*\\[ERRORS\\], NOT_ATTEMPTED, (\\d+).*", "$1"));
      assertEquals(1_000_000, operations + notAttempted, exported);
      // the operations that waited on the missing server before the give-up, not the rest of the million
      assertTrue(failed >= 1 && failed < 100, exported);
    }
  }

  @Test
  void aCoreWorkloadLoadSaysWhenAFailedInsertEndedAThread() throws Exception {
    try (RestartableServer server = new RestartableServer()) {
      String db = TestServer.freshDatabase();
      // YCSB-X's own threshold for a load (0%): the rows never attempted fail it
      Background run = Background.main("load", "mongodb", "-P", JavaProcess.workload("workloada"),
          "-p", "mongodb.url=" + server.url(db), "-p", "recordcount=100000", "-threads", "1", "-target", "300");
      awaitDocuments(server, db, "usertable", 300, run);
      server.stop();
      Result r = run.await(60);

      String out = r.all();
      assertEquals(1, r.exitCode(), out);
      List<String> told = r.stderr().lines().filter(l -> l.startsWith("[YCSB-X] a failed insert ended a load thread")).toList();
      assertEquals(1, told.size(), out);
      assertTrue(told.get(0).contains("core_workload_insertion_retry_limit and core_workload_insertion_retry_interval"
          + " make it retry"), told.get(0));
      assertTrue(r.stderr().contains("of recordcount=100000 (a failed insert ends its client thread; counted as failed)"),
          out);
    }
  }

  /** workloada's 500 records, loaded in this JVM: the faults are the runs' (a load JVM of its own would only cost). */
  private static void load(String url) throws Exception {
    Properties p = new Properties();
    p.setProperty("mongodb.url", url);
    p.setProperty("recordcount", "500");
    UsertableLoad.load(new MongoDbClient(), p);
  }

  private static String[] args(RestartableServer server, String db, String phase, String workload, String... more) {
    List<String> a = new ArrayList<>(List.of(phase, "mongodb", "-P", JavaProcess.workload(workload),
        "-p", "mongodb.url=" + server.url(db), "-p", "ycsbx.maxerrorpercent=100"));
    a.addAll(List.of(more));
    return a.toArray(new String[0]);
  }

  private static void awaitStart(Background run) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!run.stderrSoFar().contains("Starting test.")) {
      if (!run.isAlive() || System.nanoTime() > deadline) {
        run.close();
        throw new AssertionError("the run never started\n" + run.stderrSoFar());
      }
      Thread.sleep(50);
    }
  }

  private static void awaitDocuments(RestartableServer server, String db, String collection, long atLeast, Background run)
      throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    long n = 0;
    while (n < atLeast) {
      if (!run.isAlive() || System.nanoTime() > deadline) {
        run.close();
        throw new AssertionError("the load never reached " + atLeast + " documents (" + n + ")\n" + run.stderrSoFar());
      }
      Thread.sleep(50);
      n = server.count(db, collection);
    }
  }
}
