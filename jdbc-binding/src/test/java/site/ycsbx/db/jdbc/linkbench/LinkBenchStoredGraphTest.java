package site.ycsbx.db.jdbc.linkbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.db.jdbc.conn.ClientConnection;
import site.ycsbx.db.jdbc.conn.Connector;
import site.ycsbx.db.jdbc.conn.JdbcOptions;
import site.ycsbx.store.linkbench.LinkBenchPlan;
import site.ycsbx.store.linkbench.LinkCount;
import site.ycsbx.store.linkbench.Node;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;

/**
 * A linkbench run whose linkbench.maxid1 is not the stored graph's is refused by the preflight, in
 * one line (exit 2, nothing written) naming both sizes and the fix: it ran on a graph of another
 * size (an experiment's load step given another maxid1 than its request step), its requests aimed
 * at ids the graph has not, or at a corner of it. A run of the stored size passes.
 */
@Tag("server")
class LinkBenchStoredGraphTest {
  /** Nodes 1 to 200, links of nodes 1 to 195 (the last few nodes of a graph may have none). */
  private static void storeGraph(TestDatabase db) throws Exception {
    JdbcOptions o = JdbcOptions.parse(db.properties());
    try (Connection c = Connector.open(o)) {
      JdbcLinkBenchStore store = new JdbcLinkBenchStore(new ClientConnection(c, o));
      store.prepare(LinkBenchPlan.defaults(false));
      List<Node> nodes = new ArrayList<>();
      List<LinkCount> counts = new ArrayList<>();
      for (long id = 1; id <= 200; id++) {
        nodes.add(new Node(id, 2048, 1, 0, new byte[] {1}));
        if (id <= 195) {
          counts.add(new LinkCount(id, 123456789L, 1, 0, 0));
        }
      }
      store.addNodes(nodes);
      store.addBulkCounts(counts);
    }
  }

  private static String[] run(TestDatabase db, long maxId1) {
    List<String> args = new ArrayList<>(List.of("run", "jdbc", "-P", JavaProcess.workload("linkbench-small"),
        "-p", "linkbench.maxid1=" + maxId1, "-p", "operationcount=10"));
    args.addAll(db.options());
    return args.toArray(String[]::new);
  }

  @Test
  void aRunOfAnotherSizeThanTheStoredGraphIsRefused() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      storeGraph(db);
      String where = " (database " + db.name + " at " + db.url() + ")";
      Result smaller = InProcessMain.run(run(db, 2001));
      assertEquals(2, smaller.exitCode(), smaller.all());
      assertEquals("the run assumes linkbench.maxid1=2001 (node ids 1 to 2000) but the stored graph is smaller: table"
          + " counttable's links end at node 195 (a graph of 2000 nodes has links within 35 ids of its last); set"
          + " linkbench.maxid1 to the one its load used (201, table nodetable's largest id + 1, unless a run added nodes"
          + " since), or load 2000 nodes first (bin/ycsb load with -p linkbench.maxid1=2001 -p linkbench.drop=true)"
          + where, lastLine(smaller.stderr()));

      Result larger = InProcessMain.run(run(db, 101));
      assertEquals(2, larger.exitCode(), larger.all());
      assertEquals("the run assumes linkbench.maxid1=101 (node ids 1 to 100) but the stored graph is larger: table"
          + " counttable counts links of node 195; set linkbench.maxid1 to the one its load used (201, table"
          + " nodetable's largest id + 1, unless a run added nodes since), or load 100 nodes first (bin/ycsb load with"
          + " -p linkbench.maxid1=101 -p linkbench.drop=true)" + where, lastLine(larger.stderr()));
      assertEquals(195, db.rows("counttable"), "a refused run wrote nothing");
      assertEquals(200, db.rows("nodetable"));

      // the stored size passes every check (the run would start), and so does one whose last ids have no links
      List<String> reached = new ArrayList<>();
      Result fits = InProcessMain.checks(reached, run(db, 201));
      assertEquals(0, fits.exitCode(), fits.all());
      assertTrue(reached.contains("linkbench.maxid1=201"), reached.toString());
      assertEquals(0, InProcessMain.checks(new ArrayList<>(), run(db, 230)).exitCode());
    }
  }

  private static String lastLine(String text) {
    String[] lines = text.strip().split("\n");
    assertEquals(1, lines.length, text);
    return lines[0].replaceFirst("^ycsb: ", "");
  }
}
