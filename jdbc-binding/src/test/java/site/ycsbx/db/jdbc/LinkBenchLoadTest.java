package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;
import site.ycsbx.workloads.linkbench.EmpiricalCdf;
import site.ycsbx.workloads.linkbench.OutDegrees;

/**
 * {@code bin/ycsb load jdbc -P workloads/linkbench-small} then {@code run} end to end (Main and
 * YCSB's stock Client in fresh JVMs) on each server, checked on the database: every node, the
 * generated links, counts equal to the visible links of each (id1, link_type) after the load and
 * after each run, the engine asked.
 */
@Tag("process")
class LinkBenchLoadTest {
  private static final long MAXID1 = 20001;
  /** Requests per run: enough that each kind of write adds or hides links (InnoDB syncs each commit). */
  private static final int REQUESTS = 2000;

  private static long query(TestDatabase db, String sql) throws Exception {
    try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /**
   * A short-tailed out-degree distribution in LinkBench's file format: LinkBench's own puts
   * 961963 links on the most linked node of any graph, a million rows per test.
   */
  private static Path distribution(Path dir) throws Exception {
    Path f = dir.resolve("Distribution.dat");
    Files.writeString(f, "nlinks\n0 40\n1 70\n3 90\n10 99\n60 100\n");
    return f;
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Target.class)
  void loadWritesTheGraphWithCountsThatMatchItsLinks(TestDatabase.Target target, @TempDir Path dir) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      Path file = distribution(dir);
      List<String> args = new ArrayList<>(List.of("load", "jdbc", "-P", JavaProcess.workload("linkbench-small"),
          "-p", "linkbench.maxid1=" + MAXID1, "-p", "linkbench.distributionfile=" + file, "-threads", "3"));
      args.addAll(List.of("-p", "linkbench.verify=true"));
      args.addAll(db.options());
      Result r = JavaProcess.run(Main.class.getName(), args.toArray(new String[0]));
      assertEquals(0, r.exitCode(), r.all());
      OutDegrees d = new OutDegrees(EmpiricalCdf.readSections("f", file).get("nlinks"), 1, MAXID1, 2, 0);
      long links = 0;
      for (long id = 1; id < MAXID1; id++) {
        links += d.loaded(id);
      }
      assertTrue(r.stdout().contains("LOAD PHASE COMPLETED. Loaded 20000 nodes (Expected 20000). Loaded " + links
          + " links"), r.stdout());
      assertEquals(MAXID1 - 1, query(db, "SELECT COUNT(*) FROM nodetable"));
      assertEquals(links, query(db, "SELECT COUNT(*) FROM linktable WHERE visibility = 1"));
      assertEquals(links, query(db, "SELECT SUM(count) FROM counttable"));
      assertEquals(0, query(db, "SELECT COUNT(*) FROM counttable c WHERE count <> (SELECT COUNT(*) FROM linktable l"
          + " WHERE l.id1 = c.id AND l.link_type = c.link_type AND l.visibility = 1)"), "every count is its links'");
      for (String t : Arrays.asList("nodetable", "linktable", "counttable")) {
        assertEquals(target.expectedEngine(), db.engine(t).orElse("absent"), t);
      }
      assertTrue(r.stdout().contains("[LINKBENCH-VERIFY] load: 8 of 10 chunks (16384 of 20000 ids; linkbench.verify_chunks=0"
          + " checks all): 16384 nodes, 32768 (id1, link_type) lists and counts compared with the generated graph: OK"),
          r.stdout());

      // the request phase, through bin/ycsb and through YCSB's stock Client, each verified
      List<String> run = new ArrayList<>(List.of("-P", JavaProcess.workload("linkbench-small"),
          "-p", "linkbench.maxid1=" + MAXID1, "-p", "linkbench.distributionfile=" + file, "-threads", "4",
          "-p", "operationcount=" + REQUESTS, "-p", "linkbench.verify=true"));
      run.addAll(db.options());
      List<String> viaMain = new ArrayList<>(List.of("run", "jdbc"));
      viaMain.addAll(run);
      Result main = JavaProcess.run(Main.class.getName(), viaMain.toArray(new String[0]));
      assertEquals(0, main.exitCode(), main.all());
      List<String> viaClient = new ArrayList<>(List.of("-t", "-db", JdbcClient.class.getName()));
      viaClient.addAll(run);
      Result stock = JavaProcess.run("site.ycsb.Client", viaClient.toArray(new String[0]));
      assertEquals(0, stock.exitCode(), stock.all());
      for (Result ran : List.of(main, stock)) {
        assertTrue(ran.stdout().contains("REQUEST PHASE COMPLETED. " + REQUESTS + " requests done in "), ran.stdout());
        assertTrue(ran.stdout().matches("(?s).*\\[LINKBENCH-VERIFY\\] run: [1-9]\\d* \\(id1, link_type\\) written by the"
            + " run: count table against visible links: OK.*"), ran.stdout());
        assertTrue(ran.stdout().contains("[ADD_LINK], Return=OK, "), ran.stdout());
      }
      long visible = query(db, "SELECT COUNT(*) FROM linktable WHERE visibility = 1");
      assertTrue(visible != links, "the runs added and hid links");
      assertEquals(visible, query(db, "SELECT SUM(count) FROM counttable"));
      assertEquals(0, query(db, "SELECT COUNT(*) FROM counttable c WHERE count <> (SELECT COUNT(*) FROM linktable l"
          + " WHERE l.id1 = c.id AND l.link_type = c.link_type AND l.visibility = 1)"), "every count is its links' after runs");
      assertTrue(query(db, "SELECT COUNT(*) FROM nodetable WHERE id >= " + MAXID1) > 0, "ADD_NODE made nodes");
    }
  }
}
