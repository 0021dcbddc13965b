package site.ycsbx.db.jdbc.linkbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.measurements.Measurements;
import site.ycsbx.db.jdbc.JdbcClient;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.linkbench.Link;
import site.ycsbx.store.linkbench.LinkBenchPlan;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.linkbench.LinkCount;
import site.ycsbx.store.linkbench.Node;

/** What each operation sends to MariaDB, statement by statement, and on which connection. */
@Tag("server")
class LinkBenchStatementsTest {
  @Test
  void eachOperationSendsLinkBenchsStatements() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      Properties p = db.properties();
      // client-side statements: the driver sends (and the log shows) each with its values in the text
      p.setProperty("db.url", db.url() + "?useServerPrepStmts=false&queryInterceptors=" + StatementLog.class.getName());
      p.setProperty("dotransactions", "false");
      Measurements.setProperties(p);
      JdbcClient client = new JdbcClient();
      client.setProperties(p);
      client.init();
      try {
        LinkBenchStore s = StoreRegistry.take(LinkBenchStore.class);
        s.prepare(LinkBenchPlan.defaults(false));
        StatementLog.clear();
        s.addLink(new Link(1, 7, 2, true, new byte[] {'a'}, 0, 100));
        List<String> addNew = sqlAndClear();
        s.addLink(new Link(1, 7, 2, true, new byte[] {'b'}, 1, 200));
        List<String> addSame = sqlAndClear();
        s.addLink(new Link(1, 7, 2, false, new byte[] {'c'}, 2, 300));
        List<String> addHiding = sqlAndClear();
        s.deleteLink(1, 7, 2, true);
        List<String> expungeHidden = sqlAndClear();
        s.addLink(new Link(1, 7, 3, true, new byte[] {'d'}, 0, 400));
        StatementLog.clear();
        s.deleteLink(1, 7, 3, false);
        List<String> hide = sqlAndClear();
        s.getLinkList(1, 7, 0, 1000, 0, 10);
        s.getLinks(1, 7, new long[] {2, 3});
        s.countLinks(1, 7);
        List<StatementLog.Sent> reads = StatementLog.sent();
        StatementLog.clear();
        s.addNodes(List.of(new Node(5, 2, 1, 10, new byte[] {'n'}), new Node(6, 2, 1, 10, new byte[] {'o'})));
        List<String> addNodes = sqlAndClear();
        s.addNode(new Node(0, 2, 1, 11, new byte[] {'p'}));
        List<String> addNode = sqlAndClear();
        s.updateNode(new Node(5, 2, 2, 12, new byte[] {'q'}));
        List<String> updateNode = sqlAndClear();
        s.deleteNode(2, 6);
        List<String> deleteNode = sqlAndClear();
        s.addBulkLinks(List.of(new Link(9, 7, 1, true, new byte[] {'r'}, 0, 1), new Link(9, 7, 2, true, new byte[] {'s'}, 0, 2)));
        List<String> bulkLinks = sqlAndClear();
        s.addBulkCounts(List.of(new LinkCount(9, 7, 2, 5, 0), new LinkCount(10, 7, 0, 5, 0)));
        List<String> bulkCounts = sqlAndClear();
        s.getNode(2, 5);
        List<String> getNode = StatementLog.sent().stream().map(StatementLog.Sent::sql).toList();

        String insertLink = "INSERT INTO linktable (id1, id2, link_type, visibility, data, time, version) VALUES ";
        String onDup = " ON DUPLICATE KEY UPDATE visibility = VALUES(visibility)";
        String addCount = "INSERT INTO counttable (id, link_type, count, time, version) VALUES (1, 7, ";
        assertEquals(List.of(insertLink + "(1, 2, 7, 1, x'61', 100, 0)" + onDup,
            addCount + "1, T, 0) ON DUPLICATE KEY UPDATE count = count + 1, version = version + 1, time = T",
            "COMMIT"), addNew, "a new visible link: counted");
        assertEquals(List.of(insertLink + "(1, 2, 7, 1, x'62', 200, 1)" + onDup,
            "UPDATE linktable FORCE INDEX (PRIMARY) SET visibility = 1, data = x'62', time = 200, version = 1"
                + " WHERE id1 = 1 AND id2 = 2 AND link_type = 7",
            "COMMIT"), addSame, "an existing link with its visibility: its data updated, no count");
        assertEquals(List.of(insertLink + "(1, 2, 7, 0, x'63', 300, 2)" + onDup,
            addCount + "0, T, 0) ON DUPLICATE KEY UPDATE count = count + -1, version = version + 1, time = T",
            "UPDATE linktable FORCE INDEX (PRIMARY) SET visibility = 0, data = x'63', time = 300, version = 2"
                + " WHERE id1 = 1 AND id2 = 2 AND link_type = 7",
            "COMMIT"), addHiding, "hidden by an add: uncounted and updated");
        assertEquals(List.of("SELECT visibility FROM linktable WHERE id1 = 1 AND id2 = 2 AND link_type = 7 FOR UPDATE",
            "DELETE linktable FROM linktable FORCE INDEX (PRIMARY) WHERE id1 = 1 AND id2 = 2 AND link_type = 7",
            "COMMIT"), expungeHidden, "a hidden link expunged: no count change");
        assertEquals(List.of("SELECT visibility FROM linktable WHERE id1 = 1 AND id2 = 3 AND link_type = 7 FOR UPDATE",
            "UPDATE linktable FORCE INDEX (PRIMARY) SET visibility = 0 WHERE id1 = 1 AND id2 = 3 AND link_type = 7",
            "INSERT INTO counttable (id, link_type, count, time, version) VALUES (1, 7, 0, T, 0) ON DUPLICATE KEY"
                + " UPDATE count = IF(count = 0, 0, count - 1), time = T, version = version + 1",
            "COMMIT"), hide);
        assertEquals(List.of("SELECT id1, id2, link_type, visibility, data, time, version FROM linktable FORCE INDEX"
            + " (id1_type) WHERE id1 = 1 AND link_type = 7 AND time >= 0 AND time <= 1000 AND visibility = 1"
            + " ORDER BY time DESC LIMIT 0, 10",
            "SELECT id1, id2, link_type, visibility, data, time, version FROM linktable WHERE id1 = 1 AND link_type = 7"
                + " AND id2 IN (2, 3)",
            "SELECT count FROM counttable WHERE id = 1 AND link_type = 7"),
            reads.stream().map(r -> times(r.sql())).toList(), "reads, autocommit: no commit");
        assertEquals(List.of("INSERT INTO nodetable (id, type, version, time, data) VALUES (5, 2, 1, 10, x'6e'),"
            + " (6, 2, 1, 10, x'6f')", "COMMIT"), addNodes, "the ids given; MySQL's AUTO_INCREMENT follows them");
        assertEquals(List.of("INSERT INTO nodetable (type, version, time, data) VALUES (2, 1, 11, x'70')", "COMMIT"),
            addNode);
        assertEquals(List.of("UPDATE nodetable SET version = 2, time = 12, data = x'71' WHERE id = 5 AND type = 2",
            "COMMIT"), updateNode);
        assertEquals(List.of("DELETE FROM nodetable WHERE id = 6 AND type = 2", "COMMIT"), deleteNode);
        assertEquals(List.of(insertLink + "(9, 1, 7, 1, x'72', 1, 0), (9, 2, 7, 1, x'73', 2, 0)" + onDup, "COMMIT"),
            bulkLinks);
        assertEquals(List.of("REPLACE INTO counttable (id, link_type, count, time, version) VALUES (9, 7, 2, 5, 0),"
            + " (10, 7, 0, 5, 0)", "COMMIT"), bulkCounts);
        assertEquals(List.of("SELECT id, type, version, time, data FROM nodetable WHERE id = 5"), getNode);
        assertEquals(1, reads.stream().map(StatementLog.Sent::connection).distinct().count());
        assertNotEquals(writeConnection, reads.get(0).connection(), "reads and writes on two connections, as LinkBench");
      } finally {
        client.cleanup();
      }
    }
  }

  /** The connection the last write went on. */
  private long writeConnection;

  /** The statements sent since the last clear, times of the count table shown as T. */
  private List<String> sqlAndClear() {
    List<StatementLog.Sent> sent = StatementLog.sent();
    StatementLog.clear();
    assertEquals(1, sent.stream().map(StatementLog.Sent::connection).distinct().count(), "one connection: " + sent);
    writeConnection = sent.get(0).connection();
    return sent.stream().map(s -> times(s.sql())).toList();
  }

  private static String times(String sql) {
    return sql.replaceAll("\\b1[7-9]\\d{11}\\b", "T");
  }
}
