package site.ycsbx.db.jdbc.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.db.jdbc.clients.ClientProcesses.Run;
import site.ycsbx.testing.JavaProcess;

/**
 * Three client processes load one LinkBench graph and request over it together.
 * Started as the Docker image starts them ({@link ClientProcesses}).
 */
@Tag("slow")
class ManyClientsLinkBenchTest extends ManyClientsFixture {
  /**
   * LinkBench's graph loaded by three clients, each its share of the loader chunks, equals the
   * graph one loader makes (every node, the generated links, counts that match them); then the
   * three run requests over it together.
   */
  @Test
  void threeClientsLoadOneLinkBenchGraphAndRequestOverIt() throws Exception {
    long maxId1 = 20001;
    Path file = tmp.resolve("Distribution.dat");
    Files.writeString(file, "nlinks\n0 40\n1 70\n3 90\n10 99\n60 100\n");
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      List<String> common = new ArrayList<>(List.of("-P", JavaProcess.workload("linkbench-small"), "-p",
          "linkbench.maxid1=" + maxId1, "-p", "linkbench.distributionfile=" + file, "-threads", "2", "-p",
          "linkbench.verify=true", "-p", "linkbench.verify_chunks=0"));
      common.addAll(db.options());
      List<String> load = new ArrayList<>(List.of("load", "jdbc"));
      load.addAll(common);
      List<Run> loaded = clients.together(load);
      long nodes = 0;
      Pattern completed = Pattern.compile("LOAD PHASE COMPLETED\\. Loaded (\\d+) nodes \\(Expected (\\d+)\\)");
      for (Run r : loaded) {
        Matcher m = completed.matcher(r.stdout());
        assertTrue(m.find(), r.stdout());
        assertEquals(m.group(1), m.group(2), r.stdout());
        assertTrue(Long.parseLong(m.group(1)) > 0, "every client loads a share: " + r.stdout());
        nodes += Long.parseLong(m.group(1));
        assertTrue(r.stdout().matches("(?s).*\\[LINKBENCH-VERIFY\\] load: .*: OK.*"), r.stdout());
      }
      assertEquals(maxId1 - 1, nodes);
      assertEquals(maxId1 - 1, ClientProcesses.query(db, "SELECT COUNT(*) FROM nodetable"));
      assertEquals(maxId1 - 1, ClientProcesses.query(db, "SELECT COUNT(DISTINCT id) FROM nodetable"));
      site.ycsbx.workloads.linkbench.OutDegrees d = new site.ycsbx.workloads.linkbench.OutDegrees(
          site.ycsbx.workloads.linkbench.EmpiricalCdf.readSections("f", file).get("nlinks"), 1, maxId1, 2, 0);
      long links = 0;
      for (long id = 1; id < maxId1; id++) {
        links += d.loaded(id);
      }
      assertEquals(links, ClientProcesses.query(db, "SELECT COUNT(*) FROM linktable WHERE visibility = 1"), "the single loader's graph");
      assertEquals(links, ClientProcesses.query(db, "SELECT SUM(count) FROM counttable"));

      List<String> run = new ArrayList<>(List.of("run", "jdbc"));
      run.addAll(common);
      run.addAll(List.of("-p", "operationcount=2000"));
      for (Run r : clients.together(run)) {
        assertTrue(r.stdout().contains("REQUEST PHASE COMPLETED. 2000 requests done in "), r.stdout());
        assertTrue(r.stdout().matches("(?s).*\\[LINKBENCH-VERIFY\\] run: .*: OK.*"), r.stdout());
      }
      long visible = ClientProcesses.query(db, "SELECT COUNT(*) FROM linktable WHERE visibility = 1");
      assertEquals(visible, ClientProcesses.query(db, "SELECT SUM(count) FROM counttable"), "counts match links after three requesters");
    }
  }
}
