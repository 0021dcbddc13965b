package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.measurements.DiskStats;
import site.ycsbx.measurements.Efficiency;
import site.ycsbx.measurements.EfficiencyCsv;
import site.ycsbx.measurements.EfficiencyTable;
import site.ycsbx.measurements.ProcStat;
import site.ycsbx.store.ServerAddress;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.util.UserError;

/**
 * Efficiency per operation on the real servers of this host: a load with known work shows
 * plausible figures, the server's process is found by its port (MariaDB 3306, PostgreSQL 5432),
 * a remote server is said to be not local, and a bad disk name is refused before anything exists.
 */
@Tag("process")
class EfficiencyOnServersTest {
  private static Result load(TestDatabase db, int rows, Path out, String... more) {
    List<String> args = new ArrayList<>(List.of("load", "jdbc", "-P", JavaProcess.workload("workloada"),
        "-p", "recordcount=" + rows, "-p", "ycsbx.out=" + out));
    args.addAll(db.options());
    args.addAll(List.of(more));
    return JavaProcess.run("site.ycsbx.tools.Main", args.toArray(new String[0]));
  }

  /** The phase's row of the console table, by column name. */
  private static Map<String, String> table(Result r, String phase) {
    String[] lines = r.stderr().split("\n");
    for (int i = 0; i + 1 < lines.length; i++) {
      if (lines[i].equals(EfficiencyTable.header()) && lines[i + 1].startsWith("[EFFICIENCY] " + phase + " ")) {
        String[] names = lines[i].trim().split("\\s+");
        String[] values = lines[i + 1].trim().split("\\s+");
        Map<String, String> m = new HashMap<>();
        for (int c = 0; c < names.length; c++) {
          m.put(names[c], values[c]);
        }
        return m;
      }
    }
    throw new AssertionError("no efficiency table for " + phase + " in:\n" + r.all());
  }

  private static double num(Map<String, String> t, String column) {
    return Double.parseDouble(t.get(column));
  }

  /** KB written per second to the host's disks and context switches per second over {@code millis}. */
  private static double[] background(long millis) throws InterruptedException {
    DiskStats disks = DiskStats.forDevices("ycsbx.disks", "");
    long cs0 = ProcStat.host(Path.of("/proc/stat")).contextSwitches();
    long w0 = disks.bytesWritten();
    Thread.sleep(millis);
    long cs1 = ProcStat.host(Path.of("/proc/stat")).contextSwitches();
    long w1 = disks.bytesWritten();
    return new double[] {(w1 - w0) / 1024.0 / (millis / 1000.0), (cs1 - cs0) / (millis / 1000.0)};
  }

  @Test
  void aMariaDbLoadWritesItsRowsAndSwitchesContextPerInsert(@TempDir Path out) throws Exception {
    // the shipped insert benchmark's targets set innodb_flush_log_at_trx_commit meanwhile (the tarball's and
    // the shipped files' tests): this test's bounds need 1, so it takes its turn with them
    try (site.ycsbx.testing.SharedServerSetting turn = site.ycsbx.testing.SharedServerSetting.take(
        "jdbc:mysql://127.0.0.1:3306/", TestDatabase.USER, TestDatabase.PASSWORD);
        TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      try (Connection c = db.connect(); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT @@innodb_flush_log_at_trx_commit")) {
        rs.next();
        assertEquals(1, rs.getInt(1), "the bounds below assume a redo log write at every commit");
      }
      // this host's disks and CPUs are shared: what other processes do beside the load, measured
      // before and after it, widens the upper bounds (never the lower ones)
      double[] before = background(1500);
      Result r = load(db, 2000, out);
      double[] after = background(1500);
      assertEquals(0, r.exitCode(), r.all());
      assertEquals(2000, db.rows("usertable"));
      Map<String, String> t = table(r, "load");
      double opsPerSec = 2000 / Double.parseDouble(r.stderr().replaceFirst("(?s).*\\[EFFICIENCY\\] load phase: ([0-9.]+) s.*", "$1"));
      double otherKbOp = 2 * Math.max(before[0], after[0]) / opsPerSec;
      double otherCsOp = 2 * Math.max(before[1], after[1]) / opsPerSec;
      // each autocommitted insert of a 1 KB row (10 fields of 100 bytes) is in the redo log,
      // written to the disk before the commit returns: at least 1 KB per operation. A row, its
      // redo and its share of 16 KB pages stay far below 64 KB; the rest is room for other
      // processes writing to the same disk meanwhile
      double wkbOp = num(t, "wkb.op");
      assertTrue(wkbOp >= 1.0 && wkbOp <= 64 + otherKbOp, "wkb.op " + wkbOp + ", others " + otherKbOp + "\n" + r.stderr());
      // a round trip to another process per insert blocks the client's and the server's thread at
      // least once each; a hundred per insert (beyond others') would mean the figure is not per operation
      double csOp = num(t, "cs.op");
      assertTrue(csOp >= 1.0 && csOp <= 100 + otherCsOp, "cs.op " + csOp + ", others " + otherCsOp + "\n" + r.stderr());
      assertTrue(r.stderr().contains("mariadbd (listening on port 3306)"), r.stderr());
      assertTrue(num(t, "server.Kop") > 0 && num(t, "client.Kop") > 0, r.stderr());
      assertTrue(num(t, "cs.sec") > 0 && num(t, "wkb.sec") > 0, r.stderr());
      // the same figures in YCSB's export (the run folder's summary.txt; the console has the table) and its csv
      String summary = Files.readString(out.resolve(site.ycsbx.results.RunFolder.SUMMARY_FILE));
      assertTrue(summary.contains("[EFFICIENCY], wkb.op, "), summary);
      List<String> csv = Files.readAllLines(out.resolve(EfficiencyCsv.FILE));
      assertEquals(EfficiencyCsv.HEADER, csv.get(0));
      String last = csv.get(csv.size() - 1);
      assertTrue(last.startsWith("load,") && last.split(",")[4].equals("2000"), last);
    }
  }

  @Test
  void postgresqlsServerCpuCountsItsBackends(@TempDir Path out) throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.POSTGRESQL)) {
      Result r = load(db, 1000, out);
      assertEquals(0, r.exitCode(), r.all());
      Map<String, String> t = table(r, "load");
      assertTrue(r.stderr().matches("(?s).*server pid \\d+ postgres \\(listening on port 5432\\).*"), r.stderr());
      // the backend that ran the inserts is a child of the postmaster: its CPU is in the figure
      assertTrue(num(t, "server.Kop") > 0, r.stderr());
    }
  }

  @Test
  void aServerOnAnotherHostIsNotLocal() {
    Properties p = new Properties();
    p.setProperty("db.url", "jdbc:mysql://db7.example.com:3307/ycsb");
    ServerAddress a = new JdbcPreflight().serverAddress(p);
    assertEquals(ServerAddress.of("db7.example.com", 3307, false), a);
    assertEquals("server db7.example.com:3307: not local (runs on another host; its CPU is not measured here)",
        Efficiency.locate(a).note());
    p.setProperty("db.url", "jdbc:postgresql://127.0.0.1/postgres");
    assertEquals(ServerAddress.of("127.0.0.1", 5432, true), new JdbcPreflight().serverAddress(p));
  }

  @Test
  void anUnknownDiskIsRefusedBeforeTheDatabaseIsCreated() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      String missing = db.name + "_new";
      List<String> o = new ArrayList<>(db.options());
      o.set(1, "db.url=" + db.url() + "_new"); // a load creates a missing database: it must not
      List<String> args = new ArrayList<>(List.of("load", "jdbc", "-P", JavaProcess.workload("workloada"),
          "-p", "ycsbx.disks=nosuchdisk"));
      args.addAll(o);
      Result r = JavaProcess.run("site.ycsbx.tools.Main", args.toArray(new String[0]));
      MainOutput.assertOneLineError(r, UserError.BAD_INPUT, "ycsbx.disks: unknown disk nosuchdisk; disks here: ");
      try (Connection c = db.serverConnection(); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SHOW DATABASES LIKE '" + missing + "'")) {
        assertFalse(rs.next(), missing + " was created");
      }
    }
  }
}
