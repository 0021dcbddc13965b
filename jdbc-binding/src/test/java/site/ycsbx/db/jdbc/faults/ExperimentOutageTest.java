package site.ycsbx.db.jdbc.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.testing.Background;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;

/**
 * A multi-day experiment's outage in small: two targets on a MariaDB of the test's own, an iibench
 * load in rounds and a run of inserts of 12 s, the server killed and restarted about 5 s later at a
 * cell's start (the cell waits for it within the reconnect limits) and inside a cell (its
 * operations fail meanwhile, it goes on): every cell finishes unattended, exit 0, and the two
 * cells that met the outage are marked with its length in the step tables, the table per size,
 * results.csv and the page, the others not. And a server that stays away past the limits: its
 * target fails in one line, the other target (on the shared MariaDB) goes on.
 */
@Tag("slow")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExperimentOutageTest {
  private static final int DOWN_MILLIS = 5000;
  private static final Pattern ROW_OUTAGE = Pattern.compile("\\((\\d) outages?, (\\d+\\.\\d) s\\)$");
  private PrivateMariaDb server;
  @TempDir
  Path tmp;

  @BeforeAll
  void startServer() throws Exception {
    server = PrivateMariaDb.start();
  }

  @AfterAll
  void stopServer() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  private Map<String, String> target(String name, String db) {
    Map<String, String> k = new LinkedHashMap<>();
    k.put("target." + name + ".binding", "jdbc");
    k.put("target." + name + ".db.url", server.url(db));
    k.put("target." + name + ".db.user", server.user());
    return k;
  }

  private static Map<String, String> steps(String steps) {
    Map<String, String> k = new LinkedHashMap<>();
    k.put("steps", steps);
    k.put("step.load.command", "load");
    k.put("step.load.P", JavaProcess.workload("iibench"));
    k.put("step.load.recordcount", "4000");
    k.put("step.load.iibench.batchsize", "200");
    k.put("step.load.iibench.roundrows", "2000");
    k.put("step.load.iibench.drop", "true");
    if (steps.contains("run")) {
      // inserts until their count (a few seconds here), the time limit a cap the ETA goes by
      k.put("step.run.command", "run");
      k.put("step.run.P", JavaProcess.workload("iibench"));
      k.put("step.run.operationcount", "2147483647");
      k.put("step.run.iibench.rows", "15000");
      k.put("step.run.iibench.roundrows", "15000");
      k.put("step.run.iibench.batchsize", "50");
      // paced, so that the run still inserts when the test kills its server after its first status line,
      // however fast the server is: 15000 rows at 3000 rows/s take 5 s and the outage's length
      k.put("step.run.iibench.insertrate", "3000");
      k.put("step.run.maxexecutiontime", "60");
      // the inserts that fail during the outage are errors: the run step lets them pass
      k.put("step.run.ycsbx.maxerrorpercent", "50");
    }
    k.put("ycsbx.interval", "1");
    // the run's reconnect limits, which a cell's wait at its start keeps too
    k.put("ycsbx.reconnect.backoffms", "200");
    k.put("ycsbx.reconnect.maxbackoffms", "1000");
    return k;
  }

  private Path file(String name, Map<String, String> keys) throws IOException {
    Path f = tmp.resolve(name);
    Files.writeString(f, keys.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining("\n")) + "\n");
    return f;
  }

  /** Waits until {@code file} exists and holds {@code text} (empty: exists). */
  private static void await(Path file, String text, Background run) throws Exception {
    long deadline = System.nanoTime() + 240_000_000_000L;
    while (System.nanoTime() < deadline) {
      if (Files.exists(file) && (text.isEmpty() || Files.readString(file, StandardCharsets.ISO_8859_1).contains(text))) {
        return;
      }
      if (!run.isAlive()) {
        throw new AssertionError("the experiment ended before " + file + " held '" + text + "':\n"
            + run.await(5).all());
      }
      Thread.sleep(20);
    }
    throw new AssertionError(file + " never held '" + text + "'\n" + run.stderrSoFar());
  }

  /** The step's own table's row of {@code target}, as printed. */
  private static String row(String stdout, String step, String target) {
    boolean in = false;
    for (String line : stdout.lines().toList()) {
      if (line.startsWith("[EXPERIMENT] step ")) {
        in = line.startsWith("[EXPERIMENT] step " + step + " (");
      } else if (in && line.startsWith("[EXPERIMENT] " + target + " ")) {
        return line;
      }
    }
    throw new AssertionError("no row of " + target + " in step " + step + ":\n" + stdout);
  }

  @Test
  void anExperimentRidesOutAnOutageAtACellsStartAndInsideACellAndMarksBoth() throws Exception {
    Map<String, String> k = steps("load,run");
    k.put("targets", "a,b");
    k.putAll(target("a", "outage_a"));
    k.putAll(target("b", "outage_b"));
    Path out = tmp.resolve("out");
    Path cells = out.resolve("cells");
    Result r;
    long restartedBeforeRun;
    try (Background run = Background.main("experiment", file("survives", k).toString(), "--out", out.toString())) {
      // (a) at a cell's start: b's load JVM is starting when the server goes
      await(cells.resolve("load.b.t1.r1.log"), "", run);
      server.kill();
      Thread.sleep(DOWN_MILLIS);
      server.restart();
      // (b) inside a cell: a's run is inserting when the server goes
      await(cells.resolve("run.a.t1.r1.log"), "[STATUS]", run);
      long killed = System.nanoTime();
      server.kill();
      Thread.sleep(DOWN_MILLIS);
      server.restart();
      restartedBeforeRun = (System.nanoTime() - killed) / 1_000_000;
      r = run.await(300);
    }
    String all = r.all();
    assertEquals(0, r.exitCode(), all);
    assertFalse(r.stderr().contains("FAILED"), all);

    // b's load waited for its server, in a line per attempt at most every 3 s, then ran
    String loadLog = Files.readString(cells.resolve("load.b.t1.r1.log"));
    List<String> waited = loadLog.lines().filter(l -> l.startsWith("[RECONNECT] ")).toList();
    assertTrue(waited.get(0).matches("\\[RECONNECT] cannot reach " + Pattern.quote(server.url("outage_b"))
        + "\\S*: .* at \\S+Z, as the run starts; waiting for the server \\(ycsbx.reconnect.atstart=true\\) at most 60 s"
        + " \\(ycsbx.reconnect.giveupseconds\\)"), loadLog);
    assertTrue(waited.get(waited.size() - 1).matches("\\[RECONNECT] server back at \\S+Z after \\d+\\.\\d s \\(\\d+"
        + " attempts\\); the run starts"), loadLog);
    double atStart = seconds(loadLog, "\\[OUTAGE] from \\S+Z to \\S+Z \\((\\d+\\.\\d) s\\): before the run started");
    // the server was away 5 s and its restart; the cell's JVM took a second or two of it to start
    assertTrue(atStart > 1 && atStart < 60, loadLog);
    // a's run lost operations to the outage and went on
    String runLog = Files.readString(cells.resolve("run.a.t1.r1.log"));
    double inside = seconds(runLog, "\\[OUTAGE] from \\S+Z to \\S+Z \\((\\d+\\.\\d) s\\): [1-9]\\d* operations lost");
    assertTrue(inside >= DOWN_MILLIS / 1000.0 - 0.5 && inside * 1000 < restartedBeforeRun + 5000, runLog);

    // the step tables: the two cells that met it marked with its length, the two others not
    assertEquals(String.format(java.util.Locale.ROOT, "(1 outage, %.1f s)", atStart), mark(row(r.stdout(), "load", "b")));
    assertEquals(String.format(java.util.Locale.ROOT, "(1 outage, %.1f s)", inside), mark(row(r.stdout(), "run", "a")));
    assertFalse(row(r.stdout(), "load", "a").contains("outage"), r.stdout());
    assertFalse(row(r.stdout(), "run", "b").contains("outage"), r.stdout());
    assertTrue(r.stdout().contains("[EXPERIMENT] outage: the cells' server was away that long"), r.stdout());
    // the table per size of the load (2 rounds): b's rows carry the load's outage
    List<String> sized = r.stdout().lines().filter(l -> l.matches("\\[EXPERIMENT] .* [ab]( .*)?$")
        && l.contains("(met ")).toList();
    assertEquals(2, sized.size(), r.stdout());
    sized.forEach(l -> assertTrue(l.endsWith(" b  (met 1 outage, " + String.format(java.util.Locale.ROOT, "%.1f",
        atStart) + " s)"), l));

    // results.csv: outages and outage.secs per cell
    List<String> csv = Files.readAllLines(out.resolve("results.csv"));
    List<String> head = List.of(csv.get(0).split(","));
    for (String line : csv.subList(1, csv.size())) {
      String[] v = line.split(",", -1);
      if (!v[6].isEmpty()) {
        continue; // a round's row
      }
      double expected = v[1].equals("load.b.t1.r1") ? atStart : v[1].equals("run.a.t1.r1") ? inside : 0;
      assertEquals(expected > 0 ? "1.0" : "0.0", v[head.indexOf("outages")], line);
      assertEquals(expected, Double.parseDouble(v[head.indexOf("outage.secs")]), 0.051, line);
    }
    // the page: the rows of those cells say it
    String page = Files.readString(out.resolve("experiment.html"));
    assertTrue(page.contains("data-target=\"b\" data-threads=\"1\" data-outage-secs=\""), page);
    assertTrue(page.contains("run.a.t1.r1 met 1 outage, "), page);
    // the ETA at each start: the run's cells from their time limit, b's from a's once a finished
    assertTrue(r.stderr().lines().anyMatch(l -> l.contains("run.a.t1.r1: run jdbc, 1 thread; ETA this cell 1m05s (its"
        + " time limit), the experiment 2m10s")), r.stderr());
    // b's run from a's measured time, not the limit
    assertTrue(r.stderr().lines().anyMatch(l -> l.matches("experiment: cell 4/4 run.b.t1.r1: run jdbc, 1 thread; ETA this"
        + " cell (\\d+ s|\\dm\\d\\ds) \\(as the other targets' took\\), the experiment \\1")), r.stderr());
    System.out.println("[TEST] outage at a cell's start " + atStart + " s, inside a cell " + inside + " s\n"
        + String.join("\n", waited) + "\n"
        + r.stdout().lines().filter(l -> l.contains("outage")).collect(Collectors.joining("\n")) + "\n"
        + r.stderr().lines().filter(l -> l.contains("ETA")).collect(Collectors.joining("\n")));
  }

  @Test
  void aServerAwayPastTheLimitsFailsItsTargetInOneLineAndTheOtherGoesOn() throws Exception {
    try (TestDatabase shared = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      Map<String, String> k = steps("load");
      k.put("targets", "gone,shared");
      k.putAll(target("gone", "outage_gone"));
      k.put("target.shared.binding", "jdbc");
      List<String> o = shared.options();
      for (int i = 1; i < o.size(); i += 2) {
        String kv = o.get(i);
        k.put("target.shared." + kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
      }
      k.put("ycsbx.reconnect.giveupseconds", "4");
      Path out = tmp.resolve("gone-out");
      Result r;
      try (Background run = Background.main("experiment", file("gone", k).toString(), "--out", out.toString())) {
        await(out.resolve("cells").resolve("load.gone.t1.r1.log"), "", run);
        server.kill();
        r = run.await(240);
      } finally {
        server.restart();
      }
      assertEquals(1, r.exitCode(), r.all());
      List<String> failed = r.stderr().lines().filter(l -> l.contains("FAILED")).toList();
      assertEquals(1, failed.size(), r.stderr());
      assertTrue(failed.get(0).matches("experiment: cell load.gone.t1.r1 FAILED \\(exit 1\\): ycsb: cannot reach "
          + Pattern.quote(server.url("outage_gone")) + "\\S*: .*; still away after 4\\.\\d s of waiting \\(\\d+ attempts,"
          + " ycsbx.reconnect.giveupseconds=4\\): giving up \\(cells/load.gone.t1.r1.log\\); target gone's later cells"
          + " will not run"), failed.get(0));
      System.out.println("[TEST] " + failed.get(0));
      assertTrue(row(r.stdout(), "load", "gone").contains("FAILED (exit 1): ycsb: cannot reach "), r.stdout());
      assertTrue(row(r.stdout(), "load", "shared").matches("\\[EXPERIMENT] shared +1 +1 .*"), r.stdout());
      assertTrue(Files.readString(out.resolve("ledger.tsv")).lines().anyMatch(l -> l.startsWith("load.shared.t1.r1\t")
          && l.contains("\tOK\t")), r.all());
    }
  }

  private static double seconds(String log, String regex) {
    Matcher m = Pattern.compile(regex).matcher(log);
    assertTrue(m.find(), regex + " in\n" + log);
    double s = Double.parseDouble(m.group(1));
    assertFalse(m.find(), "one outage: " + log);
    return s;
  }

  private static String mark(String row) {
    Matcher m = ROW_OUTAGE.matcher(row);
    assertTrue(m.find(), row);
    return m.group();
  }
}
