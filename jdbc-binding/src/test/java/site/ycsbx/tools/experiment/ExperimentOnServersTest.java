package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsbx.testing.OneLineError.assertOneLineError;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;

/**
 * Experiments on the real servers: MariaDB with InnoDB and with RocksDB and PostgreSQL as three
 * targets, an iibench load and a run at two thread counts, every printed table cell held against
 * the figure in its cell's run folder; a kill mid-cell and the same command again; a changed
 * cell refused; a target that contradicts its expectations refused before any cell.
 */
@Tag("slow")
class ExperimentOnServersTest {
  @TempDir
  Path tmp;

  /** A target on {@code db}: binding jdbc and the database's connection options. */
  static Map<String, String> target(String name, TestDatabase db) {
    Map<String, String> k = new LinkedHashMap<>();
    k.put("target." + name + ".binding", "jdbc");
    List<String> o = db.options();
    for (int i = 1; i < o.size(); i += 2) {
      String kv = o.get(i);
      k.put("target." + name + "." + kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
    }
    return k;
  }

  private static Map<String, String> iibenchSteps(String runThreads) {
    Map<String, String> k = new LinkedHashMap<>();
    k.put("steps", "load,run");
    k.put("step.load.command", "load");
    k.put("step.load.P", JavaProcess.workload("iibench"));
    k.put("step.load.recordcount", "4000");
    k.put("step.load.iibench.batchsize", "500");
    k.put("step.load.iibench.roundrows", "2000");
    k.put("step.load.iibench.drop", "true");
    k.put("step.run.command", "run");
    k.put("step.run.P", JavaProcess.workload("iibench"));
    k.put("step.run.operationcount", "2000");
    k.put("step.run.iibench.batchsize", "500");
    k.put("step.run.iibench.roundrows", "2000");
    k.put("step.run.threads", runThreads);
    k.put("ycsbx.interval", "1");
    return k;
  }

  private Path file(Map<String, String> keys) throws IOException {
    Path f = tmp.resolve("exp");
    Files.writeString(f, keys.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining("\n")) + "\n");
    return f;
  }

  /** The printed rows of one step's table, by "target threads", as the cells of each row. */
  private static Map<String, String[]> tableRows(String stdout, String step) {
    Map<String, String[]> rows = new LinkedHashMap<>();
    boolean in = false;
    for (String line : stdout.lines().toList()) {
      if (line.startsWith("[EXPERIMENT] step ")) {
        // the step's own table; the tables a step adds below it (per size reached, ...) are titled otherwise
        in = line.startsWith("[EXPERIMENT] step " + step + " (");
        continue;
      }
      String[] f = line.replaceFirst("^\\[EXPERIMENT] ", "").trim().split("\\s+");
      if (in && line.startsWith("[EXPERIMENT] ") && f.length > 8 && f[1].matches("\\d+")) {
        rows.put(f[0] + " " + f[1], f);
      }
    }
    return rows;
  }

  @Test
  void everyTableCellIsTheFigureOfItsCellsRunFolder() throws Exception {
    try (TestDatabase innodb = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB);
        TestDatabase rocksdb = TestDatabase.create(TestDatabase.Target.MARIADB_ROCKSDB);
        TestDatabase pg = TestDatabase.create(TestDatabase.Target.POSTGRESQL)) {
      Map<String, String> k = iibenchSteps("1,2");
      k.put("targets", "innodb,rocksdb,pg");
      k.putAll(target("innodb", innodb));
      k.putAll(target("rocksdb", rocksdb));
      k.putAll(target("pg", pg));
      k.put("target.innodb.expect.storage.engine", "InnoDB");
      k.put("target.rocksdb.expect.storage.engine", "ROCKSDB");
      k.put("target.pg.expect.server.product", "PostgreSQL");
      // a server setting as read names the target's setup too: the test server's own flush method, and its cache
      String flushMethod;
      try (java.sql.Connection c = innodb.connect(); java.sql.Statement s = c.createStatement();
          java.sql.ResultSet rs = s.executeQuery("SELECT @@innodb_flush_method")) {
        rs.next();
        flushMethod = rs.getString(1);
      }
      k.put("target.innodb.expect.server.read.innodb_flush_method", flushMethod);
      k.put("target.rocksdb.expect.server.cache_source", "rocksdb_block_cache_size=" + rocksdbBlockCache(rocksdb));
      // a statement before each cell, as a target's server settings are given (one no other test reads)
      k.put("target.innodb.jdbc.before", "SET GLOBAL innodb_max_dirty_pages_pct=90");
      Path out = tmp.resolve("out");
      Result r = InProcessMain.run("experiment", file(k).toString(), "--out", out.toString());
      assertEquals(0, r.exitCode(), r.all());

      Experiment e = ExperimentFile.read(tmp.resolve("exp"), Map.of());
      Plan plan = new Plan(e);
      assertEquals(9, plan.cells().size());
      for (String step : List.of("load", "run")) {
        Map<String, String[]> rows = tableRows(r.stdout(), step);
        assertEquals(step.equals("load") ? 3 : 6, rows.size(), r.stdout());
        for (Cell c : plan.cells()) {
          if (!c.step().name().equals(step)) {
            continue;
          }
          CellResult cr = CellResult.read(out.resolve("cells").resolve(c.id()));
          String[] row = rows.get(c.target().name() + " " + c.threads());
          assertNotNull(row, c.id() + " in\n" + r.stdout());
          assertEquals("1", row[2], c.id());
          assertEquals(StepTable.number(cr.get("headline.rows_s")), row[3], c.id() + ": rows/s");
          assertEquals(StepTable.number(cr.get(cr.mainOp() + ".p50_us") / 1000), row[5], c.id() + ": p50");
          assertEquals(StepTable.number(cr.get(cr.mainOp() + ".p95_us") / 1000), row[6], c.id() + ": p95");
          assertEquals(StepTable.number(cr.get(cr.mainOp() + ".p99_us") / 1000), row[7], c.id() + ": p99");
          // iibench counts rows: its efficiency is per row (an operation is a transaction of a batch of them)
          assertEquals("row", cr.unit(), c.id());
          assertEquals(StepTable.number(cr.get("cpu_us.row")), row[8], c.id() + ": cpu_us.row");
          // a write figure of a server other sessions also wrote on (the suite's other tests) carries the mark +
          assertEquals(StepTable.number(cr.get("wkb.row")), row[9].replace("+", ""), c.id() + ": wkb.row");
          boolean shared = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.resolve("cells")
              .resolve(c.id()).resolve("result.json").toFile()).path("others").path("server_shared").asBoolean(false);
          assertEquals(shared, row[9].endsWith("+"), c.id() + ": wkb.row's mark, as result.json's others.server_shared");
          assertTrue(cr.get("cpu_us.row") > 0, c.id() + ": a row costs some CPU");
          String engine = cr.fingerprint().get("storage.engine");
          assertEquals(Map.of("innodb", "InnoDB", "rocksdb", "ROCKSDB", "pg", "heap").get(c.target().name()), engine);
        }
        // the first target is the baseline of its thread count; the others are its ratio
        for (String[] row : rows.values()) {
          if (row[0].equals("innodb")) {
            assertEquals("1.00", row[4].replace("*", ""));
          }
        }
        // experiment.html's table holds the console's figures, its marks where the console has a *
        String section = ExperimentPageTest.section(Files.readString(out.resolve(ExperimentPage.FILE)), step);
        for (String[] row : rows.values()) {
          int threads = Integer.parseInt(row[1]);
          assertEquals(row[3], ExperimentPageTest.cell(section, row[0], threads, "rate"), row[0] + " " + step);
          assertEquals(row[4].replace("*", ""), ExperimentPageTest.cell(section, row[0], threads, "rel"));
          assertEquals(row[4].endsWith("*"), ExperimentPageTest.cellTag(section, row[0], threads, "rel").contains("rel-"));
          assertEquals(row[6], ExperimentPageTest.cell(section, row[0], threads, "p95_ms"));
          assertEquals(row[7], ExperimentPageTest.cell(section, row[0], threads, "p99_ms"));
        }
        // latency percentiles and the response-time histogram; against threads where the step has two thread
        // counts; over time (the rate, and the p99 of each main operation) when its cells ran 3 intervals or
        // more, else a sentence that says so (a short load here may not: a busy host decides)
        int fixed = step.equals("load") ? 2 : 4;
        int figures = ExperimentPageTest.count(section, "<figure class=\"chart\"");
        if (section.contains("no-time-chart")) {
          assertEquals(fixed, figures, section);
        } else {
          assertTrue(figures >= fixed + 2 && figures <= fixed + 4, figures + " charts\n" + section);
        }
      }
      List<String> csv = Files.readAllLines(out.resolve("results.csv"), StandardCharsets.UTF_8);
      // a row per cell, and one per round of a cell: 2 rounds of 2000 rows a load, one a run
      assertEquals(9, csv.stream().skip(1).filter(l -> l.split(",", -1)[6].isEmpty()).count(), String.join("\n", csv));
      assertEquals(3 * 2 + 6, csv.stream().skip(1).filter(l -> !l.split(",", -1)[6].isEmpty()).count());
      assertTrue(csv.get(0).startsWith("seq,cell,step,target,threads,repeat,round,status,exit,seconds,ops_s,"), csv.get(0));
      assertTrue(csv.stream().skip(1).allMatch(l -> l.contains(",OK,0,")), String.join("\n", csv));
      String json = Files.readString(out.resolve("results.json"));
      assertTrue(json.contains("\"headline.rows_s\""), json);
      // every cell's size at its end against its engine's cache: a column of the step tables
      assertTrue(json.contains("\"headline.cache_mb\""), json);
      assertTrue(r.stdout().lines().anyMatch(l -> l.startsWith("[EXPERIMENT] target ") && l.contains(" db_cache_x")),
          r.stdout());
      assertTrue(CellResult.read(out.resolve("cells/load.pg.t1.r1")).get("headline.db_size_mb") > 0, json);
      assertTrue(CellResult.read(out.resolve("cells/load.innodb.t1.r1")).fingerprint().get("jdbc.before")
          .contains("innodb_max_dirty_pages_pct"));
    }
  }

  /**
   * The insert benchmark's steps on InnoDB: a load without the secondary indexes in 3 rounds (a
   * table per size), l.x as a step of its own (the indexes built on the rows, timed), then inserts
   * at 20 rows/s asked beside range queries (kept: no mark) and at a million rows/s asked (not
   * kept: marked). The table cells are the figures of the cells' run folders.
   */
  @Test
  void insertBenchmarkStepsGiveTheirTablesAndMarkOnlyTheRateNotKept() throws Exception {
    try (TestDatabase innodb = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      Map<String, String> k = new LinkedHashMap<>(target("innodb", innodb));
      k.put("targets", "innodb");
      k.put("steps", "i0,lx,kept,flood");
      for (String step : List.of("i0", "lx", "kept", "flood")) {
        k.put("step." + step + ".command", step.equals("i0") ? "load" : "run");
        k.put("step." + step + ".P", JavaProcess.workload("iibench"));
      }
      k.put("step.i0.recordcount", "3000");
      k.put("step.i0.iibench.batchsize", "500");
      k.put("step.i0.iibench.roundrows", "1000");
      k.put("step.i0.iibench.indexes", "0");
      k.put("step.i0.iibench.drop", "true");
      k.put("step.lx.iibench.rows", "0");
      k.put("step.lx.iibench.indexesafter", "true");
      k.put("step.kept.operationcount", "60");
      k.put("step.kept.iibench.batchsize", "2");
      k.put("step.kept.iibench.insertrate", "20");
      k.put("step.kept.iibench.querythreads", "1");
      k.put("step.kept.threads", "2");
      k.put("step.flood.operationcount", "10000");
      k.put("step.flood.iibench.insertrate", "1000000");
      k.put("ycsbx.interval", "1");
      Path out = tmp.resolve("out");
      Result r = InProcessMain.run("experiment", file(k).toString(), "--out", out.toString());
      assertEquals(0, r.exitCode(), r.all());
      String stdout = r.stdout();

      CellResult i0 = CellResult.read(out.resolve("cells/i0.innodb.t1.r1"));
      assertEquals(3, i0.rounds().size(), i0.rounds().toString());
      for (Map<String, Double> round : i0.rounds()) {
        long rows = round.get("planned_rows").longValue();
        String title = "[EXPERIMENT] step i0 at " + rows + " rows inserted by the load";
        String table = stdout.substring(stdout.indexOf(title));
        String row = table.lines().filter(l -> l.endsWith(" innodb")).findFirst().orElseThrow();
        assertTrue(row.matches("\\[EXPERIMENT] +" + StepTable.number(round.get("db_size_mb")) + " +"
            + StepTable.number(round.get("bytes_row")) + " .* " + StepTable.number(round.get("test_secs")) + " +"
            + StepTable.number(round.get("rows_s")) + " .* innodb"), row + " vs " + round);
      }
      // the indexes were built: the next step appends to the table with iibench.indexes=3 (else refused)
      assertEquals(3, innodb.secondaryIndexes("purchases_index").size());
      CellResult lx = CellResult.read(out.resolve("cells/lx.innodb.t1.r1"));
      assertTrue(lx.get("headline.index_secs") > 0, lx.figures().toString());
      assertTrue(stdout.lines().anyMatch(l -> l.matches("\\[EXPERIMENT] innodb +"
          + StepTable.number(lx.get("headline.index_secs")) + " +1\\.00 +\\S+")), stdout);

      CellResult kept = CellResult.read(out.resolve("cells/kept.innodb.t2.r1"));
      CellResult flood = CellResult.read(out.resolve("cells/flood.innodb.t1.r1"));
      assertTrue(kept.get(RateTable.SUSTAINED_PCT) >= 95, kept.figures().toString());
      assertTrue(flood.get(RateTable.SUSTAINED_PCT) < 95, flood.figures().toString());
      // the summary rows: ips (marked * where the rate was not kept), then qps (X without query threads)
      String keptRow = "\\[EXPERIMENT] innodb +" + Pattern.quote(StepTable.number(kept.get("headline.paced_rows_s")))
          + " +"
          + Pattern.quote(StepTable.number(kept.get("QUERY.ops_s"))) + " .*";
      assertEquals(1, stdout.lines().filter(l -> l.matches(keptRow)).count(), stdout);
      String floodRow = "\\[EXPERIMENT] innodb +" + Pattern.quote(StepTable.number(flood.get("headline.paced_rows_s")))
          + "\\* +X .*";
      assertEquals(1, stdout.lines().filter(l -> l.matches(floodRow)).count(), stdout);
      String page = Files.readString(out.resolve(ExperimentPage.FILE));
      assertEquals(1, ExperimentPageTest.count(page, "data-marked=\"true\""), "the flood step's row only");
    }
  }

  /**
   * The 2014 post's method on MariaDB and PostgreSQL: 3 clients, each on a table of its own
   * (iibench.tableperthread), one of them holding 50 rows before the load. Rounds end when the last
   * client has stored its share, past their sizes (transactions of 100 rows, shares of 334, 667,
   * 1000): a table per planned size all the same, both targets in each, with the round's own
   * Test-secs and TPS as the cell's [IIBENCH] lines print them.
   */
  @Test
  void aLoadByThreeClientsOnTablesOfTheirOwnHasATablePerPlannedSizeWithEveryTarget() throws Exception {
    try (TestDatabase innodb = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB);
        TestDatabase pg = TestDatabase.create(TestDatabase.Target.POSTGRESQL)) {
      Map<String, String> k = new LinkedHashMap<>(target("innodb", innodb));
      k.putAll(target("pg", pg));
      k.put("targets", "innodb,pg");
      k.put("steps", "before,load");
      for (String step : List.of("before", "load")) {
        k.put("step." + step + ".command", "load");
        k.put("step." + step + ".P", JavaProcess.workload("iibench"));
      }
      // rows in the first client's table before the load: not the load's
      k.put("step.before.recordcount", "50");
      k.put("step.before.iibench.table", "purchases_index_0");
      k.put("step.before.iibench.roundrows", "50");
      k.put("step.before.iibench.drop", "true");
      k.put("step.load.recordcount", "3000");
      k.put("step.load.threads", "3");
      k.put("step.load.iibench.tableperthread", "true");
      k.put("step.load.iibench.batchsize", "100");
      k.put("step.load.iibench.roundrows", "1000");
      Path out = tmp.resolve("out");
      Result r = InProcessMain.run("experiment", file(k).toString(), "--out", out.toString());
      assertEquals(0, r.exitCode(), r.all());
      String stdout = r.stdout();
      assertEquals(3, stdout.lines().filter(l -> l.endsWith(": the insert benchmark's table per size")).count(), stdout);
      assertFalse(stdout.contains("not reached"), stdout);
      List<String> head = List.of(site.ycsbx.workloads.iibench.Rounds.TEXT_HEADER.trim().split("\\s+"));
      for (String t : List.of("innodb", "pg")) {
        String log = Files.readString(out.resolve("cells/load." + t + ".t3.r1.log"));
        assertTrue(log.contains("purchases_index_0: appending to 50 existing rows"), log);
        List<String[]> lines = log.lines().filter(l -> l.matches("\\[IIBENCH\\] +\\d+ .*")).map(l -> l.trim().split("\\s+"))
            .toList();
        assertEquals(3, lines.size(), log);
        for (int round = 1; round <= 3; round++) {
          String title = "[EXPERIMENT] step load at " + round * 1000 + " rows inserted by the load (round " + round
              + " of 3): the insert benchmark's table per size";
          String table = stdout.substring(stdout.indexOf(title));
          String[] row = table.lines().skip(2).limit(2).filter(l -> l.endsWith(" " + t)).findFirst().orElseThrow()
              .trim().split("\\s+");
          String[] line = lines.get(round - 1);
          double secs = Double.parseDouble(line[head.indexOf("secs")]);
          double rowsS = Double.parseDouble(line[head.indexOf("rows_s")]);
          // Test-secs and TPS: the table's 3 significant digits or more against the line's 3 and 1 decimals
          assertEquals(secs, Double.parseDouble(row[5]), Math.max(0.0006, secs * 0.006), t + " round " + round
              + ": " + String.join(" ", row) + " vs " + String.join(" ", line));
          assertEquals(rowsS, Double.parseDouble(row[6]), Math.max(0.6, rowsS * 0.006), t + " round " + round);
          assertEquals(Double.parseDouble(line[head.indexOf("spread_s")]), Double.parseDouble(row[7]), 0.0006);
          // the rows at the round's end: past its size, and the 50 from before in them
          long rows = Long.parseLong(line[head.indexOf("rows")]);
          assertTrue(rows >= round * 1000 + 50, String.join(" ", line));
        }
      }
    }
  }

  private static String rocksdbBlockCache(TestDatabase db) throws Exception {
    try (java.sql.Connection c = db.connect(); java.sql.Statement s = c.createStatement();
        java.sql.ResultSet rs = s.executeQuery("SELECT @@rocksdb_block_cache_size")) {
      rs.next();
      return rs.getString(1);
    }
  }

  @Test
  void aStoppedExperimentContinuesAfterItsLastFinishedCellAndRefusesAChangedOne() throws Exception {
    try (TestDatabase innodb = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB);
        TestDatabase pg = TestDatabase.create(TestDatabase.Target.POSTGRESQL)) {
      Map<String, String> k = iibenchSteps("1");
      k.put("targets", "innodb,pg");
      k.putAll(target("innodb", innodb));
      k.putAll(target("pg", pg));
      // a run bounded by time, long enough to be stopped in the middle
      k.put("step.run.operationcount", "100000000");
      k.put("step.run.maxexecutiontime", "60");
      k.put("step.run.target", "200");
      Path f = file(k);
      Path out = tmp.resolve("out");
      String stopped = "run.innodb.t1.r1";

      List<String> cmd = new ArrayList<>(List.of("perl", "-e", "$SIG{INT}='DEFAULT'; exec @ARGV or die"));
      cmd.addAll(JavaProcess.javaCommand());
      cmd.addAll(List.of("site.ycsbx.tools.Main", "experiment", f.toString(), "--out", out.toString()));
      Path log = tmp.resolve("first.log");
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      Path cellLog = out.resolve("cells").resolve(stopped + ".log");
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
      while (!(Files.exists(cellLog) && Files.readString(cellLog).contains("[STATUS]"))) {
        assertTrue(p.isAlive() && System.nanoTime() < deadline, "the cell did not start:\n" + Files.readString(log));
        Thread.sleep(100);
      }
      new ProcessBuilder("kill", "-s", "INT", String.valueOf(p.pid())).start().waitFor();
      assertTrue(p.waitFor(90, TimeUnit.SECONDS), Files.readString(log));
      String first = Files.readString(log);
      assertEquals(130, p.exitValue(), first); // as a load or run stopped by Ctrl-C (docs/exit-codes.md)
      assertTrue(first.contains("experiment: stopped; the same command continues after the last finished cell"), first);
      List<String> ledger = Files.readAllLines(out.resolve(Ledger.FILE));
      assertTrue(ledger.stream().anyMatch(l -> l.startsWith(stopped + "\t") && l.contains("\tINTERRUPTED\t")),
          String.join("\n", ledger));
      assertTrue(ledger.stream().anyMatch(l -> l.startsWith("load.pg.t1.r1\t") && l.contains("\tOK\t")));
      // a stopped experiment has its page: the stopped cell marked, the cells after it not run yet
      String page = Files.readString(out.resolve(ExperimentPage.FILE));
      assertTrue(page.contains("<tr data-cell=\"" + stopped + "\" data-status=\"INTERRUPTED\""), page);
      assertTrue(page.contains("<tr data-cell=\"run.pg.t1.r1\" data-status=\"pending\""), page);
      FileTime loadTime = Files.getLastModifiedTime(out.resolve("cells/load.innodb.t1.r1/result.json"));

      // the same command again (the run shortened: only cells not finished are affected); 5 s, not 2: a CI
      // run with every module's tests side by side once saw a PostgreSQL cell complete nothing in 2 s
      Result again = InProcessMain.run("experiment", f.toString(), "--out", out.toString(),
          "-p", "step.run.maxexecutiontime=5");
      assertEquals(0, again.exitCode(), again.all());
      assertFalse(again.stderr().contains("cell 1/4 load.innodb.t1.r1"), again.stderr());
      assertFalse(again.stderr().contains("cell 2/4 load.pg.t1.r1"), again.stderr());
      assertTrue(again.stderr().contains("cell 3/4 " + stopped), again.stderr());
      assertEquals(loadTime, Files.getLastModifiedTime(out.resolve("cells/load.innodb.t1.r1/result.json")));
      assertTrue(Files.isDirectory(out.resolve("cells").resolve(stopped + ".attempt1")), "the stopped attempt is kept");
      assertTrue(Files.exists(out.resolve("cells").resolve(stopped).resolve("result.json")));
      assertEquals(4, Files.readAllLines(out.resolve("results.csv")).stream().skip(1)
          .filter(l -> l.split(",", -1)[6].isEmpty()).count());

      // a finished cell whose definition changed is refused, naming it; --redo runs it again
      Result changed = InProcessMain.run("experiment", f.toString(), "--out", out.toString(),
          "-p", "step.run.maxexecutiontime=5", "-p", "step.load.recordcount=5000");
      assertOneLineError(changed, 2, "cell load.innodb.t1.r1 changed since it ran", "--redo load.innodb.t1.r1");
    }
  }

  @Test
  void aTargetThatContradictsItsExpectationsStopsTheExperimentBeforeAnyCell() throws Exception {
    try (TestDatabase innodb = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB);
        TestDatabase pg = TestDatabase.create(TestDatabase.Target.POSTGRESQL)) {
      Map<String, String> k = iibenchSteps("1");
      k.put("targets", "pg,innodb");
      k.putAll(target("innodb", innodb));
      k.putAll(target("pg", pg));
      k.put("target.innodb.expect.storage.engine", "ROCKSDB");
      Path out = tmp.resolve("out");
      Result r = InProcessMain.run("experiment", file(k).toString(), "--out", out.toString());
      assertOneLineError(r, 2, "target innodb expects storage.engine=ROCKSDB, but its server says storage.engine=InnoDB");
      assertFalse(Files.exists(out), "no experiment folder before every target passed");
      assertEquals(List.of(), innodb.tables());
      assertEquals(List.of(), pg.tables());

      k.put("target.innodb.expect.storage.engine", "InnoDB");
      k.put("target.innodb.jdbc.before", "SET GLOBAL no_such_variable=1");
      r = InProcessMain.run("experiment", file(k).toString(), "--out", out.toString());
      assertOneLineError(r, 1, "target innodb", "jdbc.before: 'SET GLOBAL no_such_variable=1' failed");
      assertFalse(Files.exists(out));
    }
  }
}
