package site.ycsbx.db.jdbc.linkbench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import site.ycsb.measurements.Measurements;
import site.ycsbx.db.jdbc.JdbcClient;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.db.jdbc.conn.SqlDialect;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.linkbench.Link;
import site.ycsbx.store.linkbench.LinkBenchPlan;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.linkbench.LinkCount;
import site.ycsbx.store.linkbench.Node;

/**
 * The bulk load's values come back byte for byte, written into the statement text
 * ({@link InlineRows}: MariaDB's store, and PostgreSQL's form sent by hand) or bound (PostgreSQL's store): every byte value, quotes and backslashes, an empty payload, on each server, also under the
 * session settings that change how a string literal reads (MariaDB's NO_BACKSLASH_ESCAPES and
 * ANSI_QUOTES, PostgreSQL's standard_conforming_strings off).
 */
@Tag("server")
class InlineRowsRoundTripTest {
  private static final List<byte[]> PAYLOADS = payloads();

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(delimiter = '|', value = {
      "MARIADB_INNODB|",
      "MARIADB_INNODB|sessionVariables=sql_mode='NO_BACKSLASH_ESCAPES,ANSI_QUOTES'",
      "POSTGRESQL|",
      "POSTGRESQL|options=-c%20standard_conforming_strings%3Doff"})
  void everyByteComesBackAsLoaded(TestDatabase.Target target, String urlOption) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      Properties p = db.properties();
      if (urlOption != null) {
        p.setProperty("db.url", db.url() + (db.url().contains("?") ? "&" : "?") + urlOption);
      }
      p.setProperty("dotransactions", "false");
      Measurements.setProperties(p);
      JdbcClient client = new JdbcClient();
      client.setProperties(p);
      client.init();
      try {
        LinkBenchStore s = StoreRegistry.take(LinkBenchStore.class);
        s.prepare(LinkBenchPlan.defaults(false));
        List<Link> links = new ArrayList<>();
        List<Node> nodes = new ArrayList<>();
        long[] id2s = new long[PAYLOADS.size()];
        for (int i = 0; i < PAYLOADS.size(); i++) {
          links.add(new Link(7, 3, i + 1, i % 2 == 0, PAYLOADS.get(i), i, 1000 + i));
          nodes.add(new Node(i + 1, 2, i, 10 + i, PAYLOADS.get(i)));
          id2s[i] = i + 1;
        }
        s.addBulkLinks(links);
        s.addNodes(nodes);
        s.addBulkCounts(List.of(new LinkCount(7, 3, 4, 5, 6), new LinkCount(8, 3, 0, 5, 1)));

        List<Link> back = s.getLinks(7, 3, id2s);
        assertEquals(links.size(), back.size(), "every link stored");
        for (Link l : back) {
          int i = (int) l.id2() - 1;
          assertEquals(links.get(i), l, "link " + l.id2() + " as loaded");
          assertArrayEquals(PAYLOADS.get(i), l.data(), "link payload " + i);
        }
        for (int i = 0; i < nodes.size(); i++) {
          Node n = s.getNode(2, i + 1);
          assertArrayEquals(PAYLOADS.get(i), n.data(), "node payload " + i);
          assertEquals(i, n.version());
        }
        assertEquals(4, s.countLinks(7, 3), "the count stored as given");
        if (!target.mariadb()) {
          // PostgreSQL's store binds its bulk statements (LinkBenchSql.bulkInText): the text form, sent
          // by hand, with the session's literal settings as the URL option set them
          List<Link> inText = new ArrayList<>();
          for (Link l : links) {
            inText.add(new Link(8, 3, l.id2(), l.visible(), l.data(), l.version(), l.time()));
          }
          try (Connection c = db.connect(); Statement st = c.createStatement()) {
            if (urlOption != null) {
              st.execute("SET standard_conforming_strings = off");
            }
            st.executeUpdate(new InlineRows(new PostgresLinkBenchSql(), SqlDialect.Kind.POSTGRESQL).links("linktable", inText));
          }
          List<Link> backInText = s.getLinks(8, 3, id2s);
          assertEquals(inText.size(), backInText.size(), "every link stored from the text");
          for (Link l : backInText) {
            assertArrayEquals(PAYLOADS.get((int) l.id2() - 1), l.data(), "link payload from the text " + l.id2());
          }
        }
      } finally {
        client.cleanup();
      }
    }
  }

  /** Every byte value (in two links: the link table's data holds 255 bytes), quotes, backslashes, nothing. */
  private static List<byte[]> payloads() {
    byte[] low = new byte[128];
    byte[] high = new byte[128];
    for (int i = 0; i < 128; i++) {
      low[i] = (byte) i;
      high[i] = (byte) (128 + i);
    }
    List<byte[]> out = new ArrayList<>(List.of(low, high, new byte[0]));
    for (String s : List.of("'", "\\", "\\'", "''", "\"", "\\\\x41", "E'\\x'", "x'00'", "a'); DROP TABLE linktable; --",
        "\\0\\n\\r\\Z", "?", "{fn now()}")) {
      out.add(s.getBytes(StandardCharsets.UTF_8));
    }
    return out;
  }
}
