package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsbx.testing.OneLineError.assertOneLineError;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.db.jdbc.JdbcPreflight;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.store.DatabaseLock;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.util.UserError;

/**
 * A target's own tables are its own, on the real servers: while an experiment runs, a second
 * experiment or a plain load on one of its databases (MariaDB, PostgreSQL) is refused in one line
 * naming it, before anything is created, and its own cells pass; killed, it leaves no lock; rows
 * another client writes into a target's table between two cells, and during a cell, mark those
 * cells in the step's table, the insert benchmark's summary and results.csv, and no other cell.
 */
@Tag("slow")
class ExperimentLockTest {
  private static final String TABLE = "purchases_index";
  private static final String COLUMNS = "dateandtime, cashregisterid, customerid, productid, price";
  @TempDir
  Path tmp;

  private static Map<String, String> target(String name, TestDatabase db) {
    return ExperimentOnServersTest.target(name, db);
  }

  /** A load of 2000 rows in rounds, then inserts at 100 rows/s (5 s a cell with rows=500). */
  private static Map<String, String> steps(String steps, int pacedRows) {
    Map<String, String> k = new LinkedHashMap<>();
    k.put("steps", steps);
    k.put("step.load.command", "load");
    k.put("step.load.P", JavaProcess.workload("iibench"));
    k.put("step.load.recordcount", "2000");
    k.put("step.load.iibench.roundrows", "1000");
    k.put("step.load.iibench.drop", "true");
    if (!steps.contains("run")) {
      k.put("ycsbx.interval", "1");
      return k;
    }
    k.put("step.run.command", "run");
    k.put("step.run.P", JavaProcess.workload("iibench"));
    k.put("step.run.operationcount", "2147483647");
    k.put("step.run.iibench.rows", String.valueOf(pacedRows));
    k.put("step.run.iibench.insertrate", "100");
    k.put("step.run.iibench.batchsize", "10");
    k.put("step.run.iibench.roundrows", String.valueOf(pacedRows));
    k.put("ycsbx.interval", "1");
    return k;
  }

  private Path file(String name, Map<String, String> keys) throws IOException {
    Path f = tmp.resolve(name + ".exp");
    Files.writeString(f, keys.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining("\n")) + "\n");
    return f;
  }

  /** {@code bin/ycsb experiment} in a JVM of its own, its output in {@code log}. */
  private static Process start(Path file, Path out, Path log) throws IOException {
    List<String> cmd = new ArrayList<>(JavaProcess.javaCommand());
    cmd.addAll(List.of("site.ycsbx.tools.Main", "experiment", file.toString(), "--out", out.toString()));
    return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
  }

  /** Waits until the experiment holds its locks: its folder exists once they are taken. */
  private static void awaitLocks(Process p, Path out, Path log) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (!Files.exists(out.resolve(Ledger.NAME_FILE))) {
      assertTrue(p.isAlive() && System.nanoTime() < deadline, "the experiment did not start:\n" + Files.readString(log));
      Thread.sleep(100);
    }
  }

  private static boolean held(TestDatabase db) {
    try {
      new JdbcPreflight().databaseLock().refuseIfHeld(db.properties());
      return false;
    } catch (UserError e) {
      return true;
    }
  }

  @Test
  void aSecondExperimentOrAPlainLoadOnAHeldDatabaseIsRefusedAndTheHoldersOwnCellsPass() throws Exception {
    try (TestDatabase inno = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB);
        TestDatabase pg = TestDatabase.create(TestDatabase.Target.POSTGRESQL);
        TestDatabase fresh = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      Map<String, String> k = steps("load,run", 1000);
      k.put("experiment.name", "h-lock-holder");
      k.put("targets", "inno,pg");
      k.putAll(target("inno", inno));
      k.putAll(target("pg", pg));
      Path out = tmp.resolve("holder");
      Path log = tmp.resolve("holder.log");
      Process holder = start(file("holder", k), out, log);
      try {
        awaitLocks(holder, out, log);
        String named = "is locked by experiment h-lock-holder (folder " + out.toAbsolutePath().normalize() + ") on host "
            + InetAddress.getLocalHost().getHostName() + " since ";

        // a second experiment: its first target fresh (a statement before its cells that would create a
        // table), its second the holder's MariaDB database: refused before anything of either
        Map<String, String> second = steps("load", 1000);
        second.put("targets", "fresh,inno");
        second.putAll(target("fresh", fresh));
        second.putAll(target("inno", inno));
        second.put("target.fresh.jdbc.before", "CREATE TABLE h_lock_marker (i INT)");
        Path out2 = tmp.resolve("second");
        Result r = InProcessMain.run("experiment", file("second", second).toString(), "--out", out2.toString());
        assertOneLineError(r, 2, "target inno: database " + inno.name + " at 127.0.0.1:", named);
        assertFalse(Files.exists(out2), "no experiment folder");
        assertEquals(List.of(), fresh.tables(), "nothing created, no statement run on the other target");

        // the same on PostgreSQL (its lock is the schema's in its database)
        Map<String, String> third = steps("load", 1000);
        third.put("targets", "pg");
        third.putAll(target("pg", pg));
        r = InProcessMain.run("experiment", file("third", third).toString(), "--out", tmp.resolve("third").toString());
        assertOneLineError(r, 2, "target pg: schema " + pg.name + " of database " + TestDatabase.PG_DATABASE, named);
        assertFalse(Files.exists(tmp.resolve("third")));

        // a plain load of the same workload on the held database
        List<String> load = new ArrayList<>(List.of("load", "jdbc", "-P", JavaProcess.workload("iibench")));
        load.addAll(inno.options());
        load.addAll(List.of("-p", "recordcount=100"));
        r = InProcessMain.run(load.toArray(new String[0]));
        assertOneLineError(r, 2, "database " + inno.name + " at 127.0.0.1:", named);

        assertTrue(holder.waitFor(180, TimeUnit.SECONDS), Files.readString(log));
        String first = Files.readString(log);
        assertEquals(0, holder.exitValue(), first);
        assertTrue(first.contains("[EXPERIMENT] target inno: locked database " + inno.name + " at 127.0.0.1:"), first);
        assertTrue(first.contains("[EXPERIMENT] target pg: locked schema " + pg.name), first);
        List<String> ledger = Files.readAllLines(out.resolve(Ledger.FILE));
        assertEquals(4, ledger.stream().filter(l -> l.contains("\tOK\t")).count(), String.join("\n", ledger));
      } finally {
        holder.destroyForcibly();
      }
      assertFalse(held(inno), "released at the end");
      assertFalse(held(pg), "released at the end");
    }
  }

  @Test
  void aKilledExperimentLeavesNoLock() throws Exception {
    try (TestDatabase inno = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB);
        TestDatabase pg = TestDatabase.create(TestDatabase.Target.POSTGRESQL)) {
      Map<String, String> k = steps("load,run", 3000);
      k.put("targets", "inno,pg");
      k.putAll(target("inno", inno));
      k.putAll(target("pg", pg));
      Path out = tmp.resolve("killed");
      Path log = tmp.resolve("killed.log");
      Process holder = start(file("killed", k), out, log);
      try {
        awaitLocks(holder, out, log);
        assertTrue(held(inno) && held(pg), Files.readString(log));
      } finally {
        // SIGKILL: no hook runs; the cell's JVM too (this test started both)
        List<ProcessHandle> cells = holder.descendants().toList();
        holder.destroyForcibly();
        cells.forEach(ProcessHandle::destroyForcibly);
        assertTrue(holder.waitFor(30, TimeUnit.SECONDS));
      }
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while ((held(inno) || held(pg)) && System.nanoTime() < deadline) {
        Thread.sleep(100);
      }
      assertFalse(held(inno), "MariaDB ends the session when its SLEEP of a second ends");
      assertFalse(held(pg), "PostgreSQL ends an idle session as its socket closes");
    }
  }

  /** Waits until the table holds more than {@code over} rows (a cell writes), then writes 300 rows of another client. */
  private static CompletableFuture<Void> writeDuring(TestDatabase db, long over) {
    return CompletableFuture.runAsync(() -> {
      try (Connection c = db.connect(); Statement s = c.createStatement()) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
        while (count(s) <= over) {
          if (System.nanoTime() > deadline) {
            throw new AssertionError("no cell wrote into " + db.name);
          }
          Thread.sleep(50);
        }
        s.executeUpdate("INSERT INTO " + TABLE + " (" + COLUMNS + ") SELECT " + COLUMNS + " FROM " + TABLE
            + " ORDER BY transactionid LIMIT 300");
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
  }

  private static long count(Statement s) throws Exception {
    try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + TABLE)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static void insert50(TestDatabase db) throws Exception {
    try (Connection c = db.connect(); Statement s = c.createStatement()) {
      assertEquals(50, s.executeUpdate("INSERT INTO " + TABLE + " (" + COLUMNS + ") SELECT " + COLUMNS + " FROM "
          + TABLE + " ORDER BY transactionid LIMIT 50"));
    }
  }

  @Test
  void rowsAnotherClientWritesBetweenAndDuringCellsMarkThoseCellsAndTheirTables() throws Exception {
    try (TestDatabase a = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB);
        TestDatabase pg = TestDatabase.create(TestDatabase.Target.POSTGRESQL);
        TestDatabase b = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      Map<String, String> k = steps("load", 500);
      k.put("targets", "a,pg,b");
      k.putAll(target("a", a));
      k.putAll(target("pg", pg));
      k.putAll(target("b", b));
      Path out = tmp.resolve("out");
      Result loaded = InProcessMain.run("experiment", file("exp", k).toString(), "--out", out.toString());
      assertEquals(0, loaded.exitCode(), loaded.all());
      // between the load and the run: another client's 50 rows in a's and pg's tables
      insert50(a);
      insert50(pg);
      // the same experiment with its run step: the loads are kept; during the run another 300 in each
      k.putAll(steps("load,run", 500));
      CompletableFuture<Void> duringA = writeDuring(a, 2070);
      CompletableFuture<Void> duringPg = writeDuring(pg, 2070);
      Result r = InProcessMain.run("experiment", file("exp", k).toString(), "--out", out.toString());
      assertEquals(0, r.exitCode(), r.all());
      duringA.get(10, TimeUnit.SECONDS);
      duringPg.get(10, TimeUnit.SECONDS);
      String stdout = r.stdout();

      // results.csv: each run cell's figures; the loads' unmarked
      List<String> csv = Files.readAllLines(out.resolve(ResultsFiles.CSV));
      List<String> head = List.of(csv.get(0).split(","));
      Map<String, String[]> rows = new LinkedHashMap<>();
      csv.stream().skip(1).map(l -> l.split(",", -1)).filter(f -> f[head.indexOf("round")].isEmpty())
          .forEach(f -> rows.put(f[head.indexOf("cell")], f));
      for (String id : List.of("run.a.t1.r1", "run.pg.t1.r1")) {
        String[] f = rows.get(id);
        assertEquals("50.0", f[head.indexOf(OwnTables.BEFORE)], id);
        assertEquals("300.0", f[head.indexOf(OwnTables.DURING)], id);
        assertEquals("1.0", f[head.indexOf(OwnTables.MARKED)], id);
        assertTrue(Files.readString(out.resolve("cells").resolve(id + ".log")).contains("[TABLES] ROWS THIS RUN DID"
            + " NOT WRITE (another client?): " + TABLE + ": 300 rows more than this run wrote"), id);
      }
      for (String id : List.of("run.b.t1.r1", "load.a.t1.r1", "load.pg.t1.r1", "load.b.t1.r1")) {
        assertEquals("0.0", rows.get(id)[head.indexOf(OwnTables.MARKED)], id);
        assertEquals("0.0", rows.get(id)[head.indexOf(OwnTables.DURING)], id);
      }

      // the step's table and the insert benchmark's summary of the run: a's and pg's rows, not b's
      List<String> lines = stdout.lines().toList();
      int step = lines.indexOf(lines.stream().filter(l -> l.startsWith("[EXPERIMENT] step run (")).findFirst()
          .orElseThrow());
      List<String> after = lines.subList(step, lines.size());
      for (String t : List.of("a", "pg")) {
        assertEquals(1, after.stream().filter(l -> l.startsWith("[EXPERIMENT] " + t + " ")
            && l.endsWith("(1 of 1 with rows no cell wrote)")).count(), stdout);
        assertTrue(after.stream().anyMatch(l -> l.startsWith("[EXPERIMENT] " + t + OwnTables.ROW_MARK + " ")), stdout);
      }
      assertTrue(after.stream().anyMatch(l -> l.startsWith("[EXPERIMENT] b ") && !l.contains("rows no cell wrote")),
          stdout);
      assertFalse(after.stream().anyMatch(l -> l.startsWith("[EXPERIMENT] b" + OwnTables.ROW_MARK)), stdout);
      assertTrue(stdout.contains("[EXPERIMENT] rows no cell wrote: run.a.t1.r1 50 before it, 300 during it, run.pg.t1.r1"
          + " 50 before it, 300 during it; another client wrote in (or deleted from) those tables"), stdout);
      // the load's tables, before any of it: no mark
      List<String> load = lines.subList(0, step);
      assertFalse(load.stream().anyMatch(l -> l.contains("rows no cell wrote") || l.contains(OwnTables.ROW_MARK)),
          stdout);
      String page = Files.readString(out.resolve(ExperimentPage.FILE));
      assertTrue(page.contains("run.a.t1.r1 found rows no cell wrote in its tables"), "the page's note");
    }
  }
}
