package site.ycsbx.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.distribution.Shell.Result;

/**
 * The shipped experiments, run from the unpacked tarball as TarballIT runs its commands: a class of
 * its own, in a JVM of its own, since its experiments are most of the tarball's tests' time and the
 * other ITs run beside it.
 */
@Tag("slow")
class ShippedExperimentsIT extends UnpackedTarball {
  /**
   * Each shipped experiment at its smallest size, from the unpacked folder, on the servers
   * scripts/test.sh set up: a table per step with a row per target and thread count, every cell
   * finished. The file list is checked against experiments/, so a new experiment needs a line here.
   */
  @Test
  void shippedExperimentsPrintATablePerStep() throws IOException, java.sql.SQLException {
    record Shipped(String file, List<String> steps, List<String> targets, int rowsPerTarget, int cells,
        String... args) {
    }
    // LinkBench's built-in out-degrees give even the smallest graph the most linked node's 961963 links (a load
    // of a million links per cell, minutes over the four): a graph of a few links per node instead, as the
    // binding's LinkBench tests load, since what this test checks is the tables and pages, not the graph's size
    Path degrees = Files.writeString(tmp.resolve("linkbench-degrees.dat"), "nlinks\n0 40\n1 70\n3 90\n10 99\n60 100\n");
    List<Shipped> shipped = List.of(
        new Shipped("insert-benchmark", List.of("load", "lx", "li1", "li2", "qr100", "qp100"),
            List.of("inno-sync", "inno-lazy", "myrocks"), 6, 18,
            "-p", "scale=1", "-p", "seconds=3"),
        new Shipped("linkbench-engines", List.of("load", "requests"), List.of("innodb", "myrocks"), 4, 12,
            "-p", "scale=1", "-p", "seconds=2", "-p", "linkbench.distributionfile=" + degrees),
        // the file's three thread counts in workload-b (the knee), one elsewhere: 10 cells, not 18
        new Shipped("ycsb-versions", List.of("load", "workload-b", "workload-a"), List.of("mongo26", "mongo30"), 5, 10,
            "-p", "seconds=2", "-p", "records=2000", "-p", "step.load.threads=2", "-p", "step.workload-a.threads=2"),
        new Shipped("sysbench-engines", List.of("load", "oltp", "point", "point-secondary", "range", "range-secondary"),
            List.of("innodb", "myrocks"), 7, 14, "-p", "seconds=2"),
        new Shipped("filemeta-engines", List.of("load", "q1", "q2", "rw1", "rw2", "writer"),
            List.of("innodb", "postgresql"), 8, 24, "-p", "seconds=2", "-p", "scale=1"));
    assertEquals(fileNames(repo.resolve("experiments")), shipped.stream().map(Shipped::file)
        .collect(Collectors.toCollection(TreeSet::new)));
    List<String> pages = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-cp", repo.resolve("core/target/test-classes") + ":" + System.getProperty("java.class.path"),
        "site.ycsbx.testing.PublishedPages", "--shots", tmp.resolve("shots").toString()));
    for (Shipped e : shipped) {
      Path out = tmp.resolve("experiment-" + e.file());
      pages.add(out.toString());
      List<String> args = new java.util.ArrayList<>(List.of("experiment", "experiments/" + e.file(), "--out",
          out.toString()));
      args.addAll(List.of(e.args()));
      Result r;
      if (e.file().equals("insert-benchmark")) {
        // its targets SET GLOBAL innodb_flush_log_at_trx_commit and expect it: a jdbc-binding test that needs
        // the default meanwhile takes turns with this one; the last target puts InnoDB's log flush back, so the
        // server is left as the experiment found it
        try (java.sql.Connection turn = sharedServerSetting()) {
          r = quickJit(args);
          Result check = ycsb("check", "load", "jdbc", "-P", "workloads/iibench", "-p",
              "db.url=jdbc:mysql://127.0.0.1:3306/ibench_myrocks", "-p", "db.user=ycsbx", "-p", "db.passwd=ycsbx");
          assertTrue(check.stdout().contains("innodb_flush_log_at_trx_commit=1"), check.all());
        }
      } else {
        r = quickJit(args);
      }
      assertEquals(0, r.exitCode(), r.all());
      for (String step : e.steps()) {
        assertTrue(r.stdout().contains("[EXPERIMENT] step " + step + " "), r.all());
      }
      for (String target : e.targets()) {
        long rows = r.stdout().lines().filter(l -> l.matches("\\[EXPERIMENT] " + target + " +\\d+ +[12] .*")).count();
        assertEquals(e.rowsPerTarget(), rows, e.file() + ", " + target + ": its rows in the step tables\n" + r.stdout());
      }
      for (String blog : List.of("results.md", "results.txt")) {
        assertTrue(Files.size(out.resolve(blog)) > 200, e.file() + ": " + blog);
      }
      // a row per cell (its round empty), and a row per round of a cell that ran in rounds
      assertEquals(e.cells(), Files.readAllLines(out.resolve("results.csv")).stream().skip(1)
          .filter(l -> l.split(",", -1)[6].isEmpty()).count(), e.file());
      if (e.file().equals("ycsb-versions")) {
        // the post's headline: UPDATE's p95 and p99 in 95/5 (READ the busiest), and where the rate levels off
        String b = r.stdout().substring(r.stdout().indexOf("[EXPERIMENT] step workload-b "));
        assertTrue(b.contains("p50/p95/p99 of UPDATE (step.workload-b.latency)"), b);
        assertTrue(b.contains("[EXPERIMENT] knee (ops/s over threads 1,2,4): mongo26 "), b);
      }
      if (e.file().equals("filemeta-engines")) {
        // the source's figures: reads/s ranked, writes/s beside them, the readers around the writer's window
        String writer = r.stdout().substring(r.stdout().indexOf("[EXPERIMENT] step writer "));
        String head = writer.lines().skip(1).findFirst().orElseThrow();
        for (String column : List.of("reads/s", "writes_s", "read_p99_ms_before", "read_p99_ms_during",
            "read_p99_ms_after")) {
          assertTrue(head.contains(" " + column), head);
        }
        String rw1 = r.stdout().substring(r.stdout().indexOf("[EXPERIMENT] step rw1 "));
        assertTrue(rw1.contains("p50/p95/p99 of LATEST_BY_USER (step.rw1.latency)"), rw1);
      }
      if (e.file().equals("linkbench-engines")) {
        // the post's tables: clients IPS QPS per engine, then the efficiency rows per link and per request
        assertTrue(r.stdout().contains("[EXPERIMENT] load+requests: IPS is links/s of a load at each client count"),
            r.all());
        assertTrue(r.stdout().contains("efficiency of step load at 4 clients, per link"), r.all());
        assertTrue(r.stdout().contains("efficiency of step requests at 4 clients, per request"), r.all());
      }
    }
    // insert-benchmark's load ran in 4 rounds per target: its rows in results.csv (the tables per size reached)
    String ib = Files.readString(tmp.resolve("experiment-insert-benchmark").resolve("results.csv"));
    assertEquals(3 * 4, ib.lines().filter(l -> l.matches("\\d+,load\\..*"))
        .filter(l -> !l.split(",", -1)[6].isEmpty()).count(), ib);

    // each page as a reader sees it, laid out by Chromium at 1400 px: rows a line or two high, every mark's note on
    // screen, nothing wider than the window, the header's facts, charts drawn in their table's unit. The checks are
    // core's test classes (testing.PublishedPages, as scripts/shipped-pages.sh runs them), in a JVM of their own:
    // core's test classes register test bindings that this module's checks of the tarball must not see
    Result checked = shell.run(repo, Shell.env(Path.of(System.getProperty("java.home"), "bin") + ":/usr/bin:/bin"),
        pages.toArray(new String[0]));
    assertEquals(0, checked.exitCode(), checked.all());
    assertEquals(shipped.size(), checked.stdout().lines().filter(l -> l.contains(": OK (")).count(), checked.all());
  }

  /**
   * {@code bin/ycsb args} with JAVA_OPTS of C1 only, serial GC, no perf data, as surefire runs the
   * modules' tests, which each cell's JVM inherits (an experiment passes its -XX options on): the
   * tables and pages checked here do not depend on C2's code, whose compiling in each of the
   * files' 78 cell JVMs cost this class 358 CPU seconds against 226 with C1 alone (this class run
   * alone on a quiet 2-core host, C1 first; 262 s and 237 s of wall time).
   */
  private static Result quickJit(List<String> args) {
    return ycsb(dist, Shell.env(shell.pathWithJava(), "JAVA_OPTS",
        "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData"), args.toArray(new String[0]));
  }

  /**
   * The turn of a test that changes the shared MariaDB's innodb_flush_log_at_trx_commit, as core's
   * test-jar's SharedServerSetting takes it (the same named lock; this module does not see that jar):
   * held while the session is open.
   */
  private static java.sql.Connection sharedServerSetting() throws java.sql.SQLException {
    java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:mysql://127.0.0.1:3306/", "ycsbx", "ycsbx");
    try (java.sql.Statement s = c.createStatement(); java.sql.ResultSet rs = s.executeQuery(
        "SELECT GET_LOCK('ycsbx_test_innodb_flush_log_at_trx_commit', 900)")) {
      assertTrue(rs.next() && rs.getInt(1) == 1, "another test held the shared server's setting for 900 s");
    }
    return c;
  }
}
