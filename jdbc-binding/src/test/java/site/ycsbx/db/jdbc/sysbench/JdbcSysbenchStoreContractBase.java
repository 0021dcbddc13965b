package site.ycsbx.db.jdbc.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
import site.ycsbx.store.sysbench.ReadKey;
import site.ycsbx.store.sysbench.RowBatch;
import site.ycsbx.store.sysbench.SysbenchPlan;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.store.sysbench.SysbenchStoreContract;
import site.ycsbx.store.sysbench.SysbenchTable;
import site.ycsbx.util.UserError;

/**
 * The sysbench contract on one real server, plus what is particular to SQL: sysbench's columns,
 * key and k_N with the engine asked, the plans of its statements (EXPLAIN: the primary key, and
 * k_N for the reads by k), and an existing table of another shape refused before anything is
 * created and kept. Each test gets a fresh database of its own.
 */
abstract class JdbcSysbenchStoreContractBase extends SysbenchStoreContract {
  private final ContractDatabase db;

  protected JdbcSysbenchStoreContractBase(TestDatabase.Target target) {
    this(target, "mysql");
  }

  /** On MariaDB through the driver db.url's scheme selects ("mysql", "mariadb"). */
  protected JdbcSysbenchStoreContractBase(TestDatabase.Target target, String scheme) {
    db = new ContractDatabase(target, scheme);
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

  // sysbench names its index k_N on PostgreSQL too (the server's catalog, as the store reads it)
  private Map<String, List<String>> indexes(String table) throws Exception {
    try (Connection c = db.get().connect()) {
      return JdbcOptions.dialectFor(db.get().url()).secondaryIndexes(c, table);
    }
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

  @Test
  void theTableIsSysbenchsWithKnAfterTheRowsAndTheEngineAsked() throws Exception {
    SysbenchStore s = store();
    SysbenchTable t = new SysbenchTable(1);
    s.createTable(t, false);
    assertEquals(Map.of(), indexes("sbtest1"), "no k_1 before the rows");
    assertEquals(target().expectedEngine(), db.get().engine("sbtest1").orElse("absent"));
    Map<String, String> types = target().mariadb()
        ? Map.of("id", "int(11)", "k", "int(11)", "c", "char(120)", "pad", "char(60)")
        : Map.of("id", "integer", "k", "integer", "c", "character", "pad", "character");
    assertEquals(new TreeMap<>(types), columnTypes("sbtest1"));
    try (Connection c = db.get().connect()) {
      assertEquals(List.of("id"), JdbcOptions.dialectFor(db.get().url()).primaryKey(c, "sbtest1"));
    }
    s.createSecondaryIndex(t);
    assertEquals(Map.of("k_1", List.of("k")), indexes("sbtest1"));
  }

  private String explain(String sql) throws Exception {
    StringBuilder plan = new StringBuilder();
    try (Connection c = db.get().connect(); Statement st = c.createStatement()) {
      st.execute(target().mariadb() ? "ANALYZE TABLE sbtest9" : "ANALYZE sbtest9");
      try (ResultSet rs = st.executeQuery("EXPLAIN " + sql)) {
        while (rs.next()) {
          plan.append(target().mariadb() ? "key=" + rs.getString("key") : rs.getString(1)).append('\n');
        }
      }
    }
    return plan.toString();
  }

  /** sysbench's statements, as the store sends them, read the primary key, and k_N when by k. */
  @Test
  void theStatementsReadThePrimaryKeyOrKn() throws Exception {
    SysbenchStore s = store();
    SysbenchTable t = new SysbenchTable(9);
    s.createTable(t, false);
    RowBatch b = new RowBatch(1000);
    for (int first = 1; first <= 20_000; first += 1000) {
      b.start(first, 1000);
      for (int i = 0; i < 1000; i++) {
        b.set(i, 1 + (first + i) * 7919 % 20_000, "c" + (first + i), "p");
      }
      s.loadRows(t, b);
    }
    s.createSecondaryIndex(t);
    String pk = target().mariadb() ? "key=PRIMARY" : "sbtest9_pkey";
    for (String sql : List.of(SysbenchSchema.pointSelect(t, ReadKey.ID), SysbenchSchema.simpleRange(t, ReadKey.ID),
        SysbenchSchema.sumRange(t, ReadKey.ID), SysbenchSchema.orderRange(t, ReadKey.ID),
        SysbenchSchema.distinctRange(t, ReadKey.ID))) {
      String plan = explain(sql.replaceFirst("\\?", "100").replaceFirst("\\?", "199"));
      assertTrue(plan.contains(pk), sql + ":\n" + plan);
    }
    for (String sql : List.of(SysbenchSchema.pointSelect(t, ReadKey.K), SysbenchSchema.simpleRange(t, ReadKey.K))) {
      String plan = explain(sql.replaceFirst("\\?", "100").replaceFirst("\\?", "109"));
      assertTrue(plan.contains(target().mariadb() ? "key=k_9" : "k_9"), sql + ":\n" + plan);
    }
    // the limit form (sysbench.range_type=limit): the next rows in the key's order, read through the key
    for (String sql : List.of(SysbenchSchema.simpleRange(t, ReadKey.ID, true), SysbenchSchema.sumRange(t, ReadKey.ID,
        true), SysbenchSchema.orderRange(t, ReadKey.ID, true), SysbenchSchema.distinctRange(t, ReadKey.ID, true))) {
      String plan = explain(sql.replaceFirst("\\?", "100").replaceFirst("\\?", "100"));
      assertTrue(plan.contains(pk), sql + ":\n" + plan);
    }
    for (String sql : List.of(SysbenchSchema.simpleRange(t, ReadKey.K, true), SysbenchSchema.sumRange(t, ReadKey.K,
        true), SysbenchSchema.orderRange(t, ReadKey.K, true), SysbenchSchema.distinctRange(t, ReadKey.K, true))) {
      String plan = explain(sql.replaceFirst("\\?", "100").replaceFirst("\\?", "10"));
      assertTrue(plan.contains(target().mariadb() ? "key=k_9" : "k_9"), sql + ":\n" + plan);
    }
    assertEquals(20_000, s.census(t).indexRows());
  }

  /**
   * Two transactions updating two rows in opposite orders: the server's deadlock (or, MyRocks
   * without deadlock detection, lock wait timeout) is an error sysbench ignores by default, and
   * its rollback leaves the table as it was.
   */
  @Test
  void aDeadlockIsAnErrorSysbenchIgnores() throws Exception {
    SysbenchStore a = store();
    SysbenchTable t = loaded(a, 8);
    SysbenchStore b = store();
    long before = a.census(t).sumK();
    a.begin();
    a.indexUpdate(t, 1);
    b.begin();
    b.indexUpdate(t, 2);
    java.util.concurrent.ExecutorService other = java.util.concurrent.Executors.newSingleThreadExecutor();
    try {
      java.util.concurrent.Future<Void> first = other.submit(() -> {
        a.indexUpdate(t, 2); // waits for b's lock
        return null;
      });
      Thread.sleep(300);
      List<Exception> failed = new java.util.ArrayList<>();
      try {
        b.indexUpdate(t, 1); // waits for a's lock: a cycle
      } catch (StoreException e) {
        failed.add(e);
        b.rollback();
      }
      try {
        first.get(60, java.util.concurrent.TimeUnit.SECONDS);
      } catch (java.util.concurrent.ExecutionException e) {
        failed.add((Exception) e.getCause());
        a.rollback();
      }
      assertTrue(!failed.isEmpty(), "one of the two must fail");
      for (Exception e : failed) {
        assertTrue(e instanceof site.ycsbx.store.sysbench.IgnoredError, "an error sysbench ignores: " + e);
      }
      a.rollback();
      b.rollback();
    } finally {
      other.shutdownNow();
    }
    assertEquals(before, a.census(t).sumK(), "rolled back, both");
    assertTrue(a.census(t).indexAgrees());
  }

  private static SysbenchPlan plan(boolean load, boolean drop) {
    return new SysbenchPlan(List.of(new SysbenchTable(1), new SysbenchTable(2)), 1000, 1000, true, drop, load);
  }

  @Test
  void aTableOfAnotherShapeIsRefusedBeforeAnythingIsCreatedAndKept() throws Exception {
    db.get().execute("CREATE TABLE sbtest1 (id INTEGER NOT NULL, k INTEGER NOT NULL, c CHAR(120) NOT NULL, x INTEGER,"
        + " PRIMARY KEY (id))" + (target().mariadb() ? " ENGINE=" + target().engine : ""),
        "INSERT INTO sbtest1 VALUES (1, 1, 'c', 1)");
    UserError refused = assertThrows(UserError.class, () -> new JdbcPreflight().check(db.get().properties(), Phase.LOAD,
        new StoreDemand(SysbenchStore.class, plan(true, false)), Fingerprint.current()));
    assertEquals(2, refused.exitCode(), "bad input, as the issue has it");
    assertTrue(refused.getMessage().startsWith("table sbtest1 has columns c, id, k, x, not the columns of sysbench's"
        + " sbtest tables (c, id, k, pad)"), refused.getMessage());
    assertEquals(List.of("sbtest1"), db.get().tables(), "the preflight creates nothing");
    UserError drop = assertThrows(UserError.class, () -> new JdbcPreflight().check(db.get().properties(), Phase.LOAD,
        new StoreDemand(SysbenchStore.class, plan(true, true)), Fingerprint.current()));
    assertTrue(drop.getMessage().startsWith("sysbench.drop=true refused, nothing dropped: "), drop.getMessage());
    StoreException e = assertThrows(StoreException.class, () -> store().createTable(new SysbenchTable(1), false));
    assertTrue(e.getMessage().contains("not the columns of sysbench's sbtest tables"), e.getMessage());
    assertEquals(1, db.get().rows("sbtest1"), "kept as it was");

    db.get().execute("DROP TABLE sbtest1");
    loaded(store(), 1); // 300 ids: a load of 1000-row tables would fail halfway into it
    UserError partly = assertThrows(UserError.class, () -> new JdbcPreflight().check(db.get().properties(), Phase.LOAD,
        new StoreDemand(SysbenchStore.class, plan(true, false)), Fingerprint.current()));
    assertTrue(partly.getMessage().startsWith("table sbtest1 holds ids up to 300, neither none nor the 1000 of"
        + " sysbench.table_size"), partly.getMessage());
    assertEquals(2, partly.exitCode());
  }

  @Test
  void aRunOnMissingTablesIsRefusedAndSysbenchsOwnTablesServe() throws Exception {
    UserError refused = assertThrows(UserError.class, () -> new JdbcPreflight().check(db.get().properties(), Phase.RUN,
        new StoreDemand(SysbenchStore.class, plan(false, false)), Fingerprint.current()));
    assertTrue(refused.getMessage().startsWith("2 of the 2 tables do not exist (sbtest1, sbtest2): load them first"),
        refused.getMessage());
    assertEquals(UserError.TARGET_UNUSABLE, refused.exitCode());
    // the DDL sysbench 1.0.20's oltp_common.lua sends, rows as its prepare inserts them (ids from the sequence)
    for (int n = 1; n <= 2; n++) {
      db.get().execute("CREATE TABLE sbtest" + n + "(id " + (target().mariadb() ? "INTEGER NOT NULL AUTO_INCREMENT"
          : "SERIAL") + ", k INTEGER DEFAULT '0' NOT NULL, c CHAR(120) DEFAULT '' NOT NULL, pad CHAR(60) DEFAULT ''"
          + " NOT NULL, PRIMARY KEY (id))" + (target().mariadb() ? " ENGINE = " + target().engine : ""),
          "INSERT INTO sbtest" + n + "(k, c, pad) VALUES (5, 'x', 'y'), (6, 'z', 'w')",
          "CREATE INDEX k_" + n + " ON sbtest" + n + "(k)");
    }
    Fingerprint fp = Fingerprint.current();
    // sysbench prepared 2 rows a table: a run over them says so (a table_size of 1000 is refused, see above)
    SysbenchPlan two = new SysbenchPlan(List.of(new SysbenchTable(1), new SysbenchTable(2)), 2, 1000, true, false,
        false);
    new JdbcPreflight().check(db.get().properties(), Phase.RUN, new StoreDemand(SysbenchStore.class, two), fp);
    assertTrue(fp.get("jdbc.table").endsWith("(2 of 2 exist, 2 with their k index; ids 1..2 counted in each)"), fp.get("jdbc.table"));
    SysbenchStore s = store();
    SysbenchTable t = new SysbenchTable(2);
    assertEquals(List.of("z"), s.pointSelect(t, ReadKey.ID, 2));
    assertEquals(List.of("x"), s.pointSelect(t, ReadKey.K, 5));
    s.begin();
    s.deleteInsert(t, 1, 7, "q", "r");
    s.commit();
    assertEquals(13, s.sumRange(t, site.ycsbx.store.sysbench.KeyRange.between(ReadKey.ID, 1, 2)));
  }
}
