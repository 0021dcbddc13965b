package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.results.PointResult;
import site.ycsbx.results.SweepFile;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.SweepChecks;
import site.ycsbx.tools.sweep.Sweep;

/**
 * LinkBench's client sweeps on MariaDB: a load sweep that drops the graph before each point
 * (one graph at the end, each point's load complete), then a request sweep on the loaded graph.
 */
@Tag("process")
class LinkBenchSweepTest {
  private static String sweep(List<String> args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int exit = Sweep.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(out, true,
        StandardCharsets.UTF_8));
    String all = out.toString(StandardCharsets.UTF_8);
    assertEquals(0, exit, all);
    return all;
  }

  private static long count(TestDatabase db, String sql) throws Exception {
    try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void loadAndRunSweepsOnOneGraph(@TempDir Path tmp) throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      Path file = tmp.resolve("Distribution.dat");
      Files.writeString(file, "nlinks\n0 40\n1 70\n3 90\n10 99\n60 100\n");
      List<String> common = new ArrayList<>(List.of("jdbc", "-P", JavaProcess.workload("linkbench-small"),
          "-p", "linkbench.maxid1=4001", "-p", "linkbench.distributionfile=" + file, "-p", "operationcount=2000"));
      common.addAll(db.options());

      List<String> load = new ArrayList<>(List.of("load"));
      load.addAll(common);
      load.addAll(List.of("-p", "linkbench.drop=true", "--threads", "1,2", "--out", tmp.resolve("load").toString()));
      sweep(load);
      SweepFile loaded = SweepChecks.assertFiles(tmp.resolve("load"), List.of(1, 2), List.of("LOAD_LINKS"), "jdbc");
      for (PointResult p : loaded.points()) {
        assertEquals(0, p.errors(), p.toString());
      }
      assertEquals(4000, count(db, "SELECT COUNT(*) FROM nodetable"), "each point dropped the graph before loading");
      long links = count(db, "SELECT COUNT(*) FROM linktable");

      List<String> run = new ArrayList<>(List.of("run"));
      run.addAll(common);
      run.addAll(List.of("--threads", "1,2", "--out", tmp.resolve("run").toString()));
      sweep(run);
      SweepFile ran = SweepChecks.assertFiles(tmp.resolve("run"), List.of(1, 2), List.of("GET_LINKS_LIST", "ADD_LINK"),
          "jdbc");
      for (PointResult p : ran.points()) {
        assertEquals(0, p.errors(), p.toString());
      }
      assertTrue(count(db, "SELECT COUNT(*) FROM linktable") > links, "the request points added links");
      assertEquals(count(db, "SELECT COUNT(*) FROM linktable WHERE visibility = 1"),
          count(db, "SELECT SUM(count) FROM counttable"));
    }
  }
}
