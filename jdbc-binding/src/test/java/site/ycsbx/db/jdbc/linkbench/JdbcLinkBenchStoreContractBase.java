package site.ycsbx.db.jdbc.linkbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import site.ycsb.DB;
import site.ycsbx.db.jdbc.ContractDatabase;
import site.ycsbx.db.jdbc.JdbcPreflight;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.db.jdbc.conn.JdbcOptions;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight.Phase;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.linkbench.Link;
import site.ycsbx.store.linkbench.LinkBenchPlan;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.linkbench.LinkBenchStoreContract;
import site.ycsbx.util.UserError;

/**
 * The linkbench contract on one real server, plus what is particular to SQL: LinkBench's
 * columns and keys with the engine asked, counts equal to the visible links in the tables
 * themselves, the plan of the range query, and an existing table kept or, when it has another
 * shape, refused. Each test gets a fresh database of its own.
 */
abstract class JdbcLinkBenchStoreContractBase extends LinkBenchStoreContract {
  private final ContractDatabase db;

  protected JdbcLinkBenchStoreContractBase(TestDatabase.Target target) {
    this(target, "mysql");
  }

  /** On MariaDB through the driver db.url's scheme selects ("mysql", "mariadb"). */
  protected JdbcLinkBenchStoreContractBase(TestDatabase.Target target, String scheme) {
    db = new ContractDatabase(target, scheme);
  }

  /** This test's database. */
  protected TestDatabase database() {
    return db.get();
  }

  private TestDatabase.Target target() {
    return db.target();
  }

  @Override
  protected DB newBinding() {
    return db.newBinding();
  }

  @Override
  protected void dropFixture() throws Exception {
    db.drop();
  }

  private Map<String, String> columnTypes(String table) throws Exception {
    Map<String, String> types = new TreeMap<>();
    try (Connection c = db.get().connect(); PreparedStatement ps = c.prepareStatement("SELECT column_name, "
        + (target().mariadb() ? "column_type" : "data_type")
        + " FROM information_schema.columns WHERE table_schema = ? AND table_name = ?")) {
      ps.setString(1, db.get().name);
      ps.setString(2, table);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          types.put(rs.getString(1).toLowerCase(), rs.getString(2).toLowerCase());
        }
      }
    }
    return types;
  }

  private List<String> primaryKey(String table) throws Exception {
    try (Connection c = db.get().connect()) {
      return JdbcOptions.dialectFor(db.get().url()).primaryKey(c, table);
    }
  }

  @Test
  void tablesHaveLinkBenchsColumnsKeysAndTheEngineAsked() throws Exception {
    prepared();
    for (String t : List.of("nodetable", "linktable", "counttable")) {
      assertEquals(target().expectedEngine(), db.get().engine(t).orElse("absent"), t);
    }
    String ubig = "bigint(20) unsigned";
    Map<String, String> link = target().mariadb()
        ? Map.of("id1", ubig, "id2", ubig, "link_type", ubig, "visibility", "tinyint(4)", "data", "varbinary(255)",
            "time", ubig, "version", "int(10) unsigned")
        : Map.of("id1", "bigint", "id2", "bigint", "link_type", "bigint", "visibility", "smallint", "data", "bytea",
            "time", "bigint", "version", "integer");
    Map<String, String> count = target().mariadb()
        ? Map.of("id", ubig, "link_type", ubig, "count", "int(10) unsigned", "time", ubig, "version", ubig)
        : Map.of("id", "bigint", "link_type", "bigint", "count", "bigint", "time", "bigint", "version", "bigint");
    Map<String, String> node = target().mariadb()
        ? Map.of("id", ubig, "type", "int(10) unsigned", "version", ubig, "time", "int(10) unsigned", "data", "mediumblob")
        : Map.of("id", "bigint", "type", "integer", "version", "bigint", "time", "integer", "data", "bytea");
    assertEquals(new TreeMap<>(link), columnTypes("linktable"));
    assertEquals(new TreeMap<>(count), columnTypes("counttable"));
    assertEquals(new TreeMap<>(node), columnTypes("nodetable"));
    assertEquals(List.of("link_type", "id1", "id2"), primaryKey("linktable"));
    assertEquals(List.of("id", "link_type"), primaryKey("counttable"));
    assertEquals(List.of("id"), primaryKey("nodetable"));
    Map<String, List<String>> indexes = new TreeMap<>();
    // pg_get_indexdef quotes time, a keyword
    db.get().secondaryIndexes("linktable").forEach((n, cols) -> indexes.put(n, cols.stream().map(col -> col.replace("\"", "")).toList()));
    assertEquals(Map.of("id1_type", List.of("id1", "link_type", "visibility", "time", "id2", "version", "data")), indexes);
    assertEquals(Map.of(), db.get().secondaryIndexes("counttable"));
    assertEquals(Map.of(), db.get().secondaryIndexes("nodetable"));
  }

  /** Visible links per (id1, link_type) counted in the link table, against the count table. */
  @Test
  void countsEqualTheVisibleLinksInTheTableAfterConcurrentWriters() throws Exception {
    int threads = 4;
    List<LinkBenchStore> stores = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      stores.add(t == 0 ? prepared() : store());
    }
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Void>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        LinkBenchStore s = stores.get(t);
        long seed = 100 + t;
        done.add(pool.submit(() -> {
          SplittableRandom r = new SplittableRandom(seed);
          for (int i = 0; i < 250; i++) {
            long id1 = 1 + r.nextInt(3);
            long type = TYPE + r.nextInt(2);
            long id2 = r.nextInt(12);
            switch (r.nextInt(3)) {
              case 0 -> s.addLink(new Link(id1, type, id2, r.nextInt(5) > 0, new byte[] {1, 2}, 0, r.nextInt(1000)));
              case 1 -> s.deleteLink(id1, type, id2, r.nextBoolean());
              default -> s.updateLink(new Link(id1, type, id2, r.nextInt(4) > 0, new byte[] {3}, 1, r.nextInt(1000)));
            }
          }
          return null;
        }));
      }
      for (Future<Void> f : done) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
    Map<String, Long> visible = new TreeMap<>();
    Map<String, Long> counted = new TreeMap<>();
    try (Connection c = db.get().connect(); Statement st = c.createStatement()) {
      try (ResultSet rs = st.executeQuery("SELECT id1, link_type, COUNT(*) FROM linktable WHERE visibility = 1"
          + " GROUP BY id1, link_type")) {
        while (rs.next()) {
          visible.put(rs.getLong(1) + "/" + rs.getLong(2), rs.getLong(3));
        }
      }
      try (ResultSet rs = st.executeQuery("SELECT id, link_type, count FROM counttable WHERE count > 0")) {
        while (rs.next()) {
          counted.put(rs.getLong(1) + "/" + rs.getLong(2), rs.getLong(3));
        }
      }
    }
    assertFalse(visible.isEmpty());
    assertEquals(visible, counted, "SELECT COUNT(*) ... visibility = 1 per (id1, link_type) vs counttable");
  }

  @Test
  void theLinkListReadsTheId1TypeIndex() throws Exception {
    LinkBenchStore s = prepared();
    for (int id1 = 1; id1 <= 60; id1++) {
      List<Link> links = new ArrayList<>();
      for (int i = 0; i < 50; i++) {
        links.add(new Link(id1, TYPE + (i % 2), 1000 + i, i % 7 != 0, new byte[] {(byte) i}, 0, 10_000 + i));
      }
      s.addBulkLinks(links);
    }
    LinkBenchSql sql = target().mariadb() ? new MySqlLinkBenchSql() : new PostgresLinkBenchSql();
    String q = sql.linkList("linktable", target().mariadb() ? "id1_type" : "linktable_id1_type");
    Object[] values = sql.traits().offsetBeforeLimit()
        ? new Object[] {7, TYPE, 0, Long.MAX_VALUE, 1, 0, 10}
        : new Object[] {7, TYPE, 0, Long.MAX_VALUE, 1, 10, 0};
    for (Object v : values) {
      q = q.replaceFirst("\\?", String.valueOf(v));
    }
    StringBuilder plan = new StringBuilder();
    try (Connection c = db.get().connect(); Statement st = c.createStatement()) {
      st.execute(target().mariadb() ? "ANALYZE TABLE linktable" : "ANALYZE linktable");
      try (ResultSet rs = st.executeQuery("EXPLAIN " + q)) {
        while (rs.next()) {
          if (target().mariadb()) {
            plan.append("type=").append(rs.getString("type")).append(" key=").append(rs.getString("key"))
                .append(" extra=").append(rs.getString("Extra"));
          } else {
            plan.append(rs.getString(1)).append('\n');
          }
        }
      }
    }
    if (target().mariadb()) {
      assertTrue(plan.toString().startsWith("type=ref key=id1_type") || plan.toString().startsWith("type=range key=id1_type"),
          plan.toString());
      assertFalse(plan.toString().contains("filesort"), "read in index order: " + plan);
    } else {
      assertTrue(plan.toString().contains("Scan Backward using linktable_id1_type on linktable"), plan.toString());
      assertFalse(plan.toString().contains("Sort"), "read in index order: " + plan);
    }
    List<Link> newest = s.getLinkList(7, TYPE, 0, Long.MAX_VALUE, 0, 10);
    assertEquals(10, newest.size());
    assertEquals(10_048, newest.get(0).time());
  }

  @Test
  void anExistingLinkTableOfAnotherShapeIsRefusedAndKept() throws Exception {
    String ubig = target().mariadb() ? "BIGINT UNSIGNED" : "BIGINT";
    db.get().execute("CREATE TABLE linktable (id1 " + ubig + " NOT NULL, id2 " + ubig + " NOT NULL, link_type " + ubig
        + " NOT NULL, visibility " + (target().mariadb() ? "TINYINT" : "SMALLINT") + " NOT NULL, data "
        + (target().mariadb() ? "VARBINARY(255)" : "BYTEA") + " NOT NULL, time " + ubig + " NOT NULL, version INT NOT NULL,"
        + " PRIMARY KEY (id1, id2, link_type))" + (target().mariadb() ? " ENGINE=" + target().engine : ""),
        "INSERT INTO linktable VALUES (1, 2, 3, 1, " + (target().mariadb() ? "x'00'" : "'\\x00'") + ", 4, 0)");
    String why = "table linktable has primary key (id1, id2, link_type), not LinkBench's linktable key"
        + " (link_type, id1, id2): drop it first, or name another linktable";

    Fingerprint fp = Fingerprint.current();
    UserError refused = assertThrows(UserError.class, () -> new JdbcPreflight().check(db.get().properties(), Phase.LOAD,
        new StoreDemand(LinkBenchStore.class, LinkBenchPlan.defaults(false)), fp));
    assertEquals(UserError.TARGET_UNUSABLE, refused.exitCode());
    assertTrue(refused.getMessage().startsWith(why + " ("), refused.getMessage());
    assertEquals(List.of("linktable"), db.get().tables(), "the preflight creates nothing");

    StoreException e = assertThrows(StoreException.class, () -> store().prepare(LinkBenchPlan.defaults(false)));
    assertEquals(why, e.getMessage());
    assertEquals(1, db.get().rows("linktable"), "kept as it was");

    new JdbcPreflight().check(db.get().properties(), Phase.LOAD,
        new StoreDemand(LinkBenchStore.class, LinkBenchPlan.defaults(true)), fp);
    String where = target().mariadb() ? "database " + db.get().name
        : "schema " + db.get().name + " of database " + TestDatabase.PG_DATABASE;
    assertEquals("nodetable, linktable, counttable in " + where + " (dropped and created by the workload)",
        fp.get("jdbc.table"));
    store().prepare(LinkBenchPlan.defaults(true));
    assertEquals(List.of("link_type", "id1", "id2"), primaryKey("linktable"));
    assertEquals(0, db.get().rows("linktable"));
  }

  @Test
  void existingTablesAreReportedByThePreflightAndKept() throws Exception {
    LinkBenchStore s = prepared();
    s.addLink(new Link(1, TYPE, 2, true, new byte[] {9}, 0, 5));
    Fingerprint fp = Fingerprint.current();
    new JdbcPreflight().check(db.get().properties(), Phase.LOAD,
        new StoreDemand(LinkBenchStore.class, LinkBenchPlan.defaults(false)), fp);
    assertTrue(fp.get("jdbc.table").endsWith("(3 of 3 exist, with rows: linktable, counttable)"), fp.get("jdbc.table"));
    assertEquals(target().expectedEngine(), fp.get("storage.engine"));
    store().prepare(LinkBenchPlan.defaults(false));
    assertEquals(1, db.get().rows("linktable"));
    assertEquals(1, db.get().rows("counttable"));
  }

  /** MariaDB only (PostgreSQL has no engines): its subclasses run it as a test. */
  protected void anExistingTableWithAnotherEngineIsRefusedCheck() throws Exception {
    String other = target() == TestDatabase.Target.MARIADB_INNODB ? "ROCKSDB" : "InnoDB";
    db.get().execute("CREATE TABLE counttable (id BIGINT UNSIGNED NOT NULL, link_type BIGINT UNSIGNED NOT NULL,"
        + " count INT UNSIGNED NOT NULL, time BIGINT UNSIGNED NOT NULL, version BIGINT UNSIGNED NOT NULL,"
        + " PRIMARY KEY (id, link_type)) ENGINE=" + other);
    StoreException e = assertThrows(StoreException.class, () -> store().prepare(LinkBenchPlan.defaults(false)));
    assertEquals("table counttable exists with engine " + other + ", not " + target().engine + " as jdbc.engine asks"
        + " (the results would be labelled with the wrong engine); drop it or set jdbc.engine=" + other, e.getMessage());
  }
}
