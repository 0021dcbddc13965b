package site.ycsbx.db.jdbc.iibench;

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
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.iibench.IIBenchStoreContract;
import site.ycsbx.store.iibench.IIBenchTable;
import site.ycsbx.store.iibench.QueryStart;
import site.ycsbx.store.iibench.RowBatch;
import site.ycsbx.workloads.iibench.RowGenerator;

/**
 * The iibench contract on one real server, plus what is particular to SQL: the reference
 * column types, the engine, the plan of the range query, values as stored, and refusing a
 * table that would mislabel the results. Each test gets a fresh database of its own.
 */
abstract class JdbcIIBenchStoreContractBase extends IIBenchStoreContract {
  private final ContractDatabase db;

  protected JdbcIIBenchStoreContractBase(TestDatabase.Target target) {
    this(target, "mysql");
  }

  /** On MariaDB through the driver db.url's scheme selects ("mysql", "mariadb"). */
  protected JdbcIIBenchStoreContractBase(TestDatabase.Target target, String scheme) {
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

  @Override
  protected Map<String, List<String>> secondaryIndexes(String table) throws Exception {
    return db.get().secondaryIndexes(table);
  }

  static RowBatch batch(long seed, long millis, int n) {
    RowBatch b = new RowBatch(n, 0);
    new RowGenerator(seed, () -> millis, 10, 90).fill(b, n);
    return b;
  }

  @Test
  void tableHasTheReferenceColumnTypesAndTheEngineAsked() throws Exception {
    IIBenchStore s = store();
    s.prepare(new IIBenchTable("iib_types", 3, 2, 40), false);
    assertEquals(target().expectedEngine(), db.get().engine("iib_types").orElse("absent"));
    Map<String, String> types = new TreeMap<>();
    try (Connection c = db.get().connect(); PreparedStatement ps = c.prepareStatement("SELECT column_name, "
        + (target().mariadb() ? "column_type" : "data_type || coalesce('(' || character_maximum_length || ')', '')")
        + " FROM information_schema.columns WHERE table_schema = ? AND table_name = 'iib_types'")) {
      ps.setString(1, db.get().name);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          types.put(rs.getString(1).toLowerCase(), rs.getString(2).toLowerCase());
        }
      }
    }
    Map<String, String> expected = target().mariadb()
        ? Map.of("transactionid", "bigint(20)", "dateandtime", "datetime", "cashregisterid", "int(11)",
            "customerid", "int(11)", "productid", "int(11)", "price", "float", "padding0", "varchar(40)",
            "padding1", "varchar(40)")
        : Map.of("transactionid", "bigint", "dateandtime", "timestamp without time zone", "cashregisterid", "integer",
            "customerid", "integer", "productid", "integer", "price", "real", "padding0", "character varying(40)",
            "padding1", "character varying(40)");
    assertEquals(new TreeMap<>(expected), types);
  }

  @Test
  void rowsAreStoredAsTheBatchHasThem() throws Exception {
    IIBenchStore s = store();
    IIBenchTable t = new IIBenchTable("iib_values", 3, 0, 10);
    s.prepare(t, false);
    // 2023-11-14 22:13:20.789 UTC: stored to the second, as a UTC wall-clock time
    RowBatch b = batch(5, 1_700_000_000_789L, 3);
    s.insert(t, b);
    try (Connection c = db.get().connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
        "SELECT transactionid, CAST(dateandtime AS " + (target().mariadb() ? "CHAR(19)" : "VARCHAR(19)")
            + "), cashregisterid, customerid, productid, "
            // MariaDB's text protocol prints a FLOAT to 6 digits; as a double it prints the stored value
            + (target().mariadb() ? "price + 0E0" : "CAST(price AS DOUBLE PRECISION)")
            + " FROM iib_values ORDER BY transactionid")) {
      for (int i = 0; i < 3; i++) {
        assertTrue(rs.next());
        assertEquals(i + 1, rs.getLong(1), "transactionid numbered by the server");
        assertEquals("2023-11-14 22:13:20", rs.getString(2));
        assertEquals(b.cashRegisterId(i), rs.getInt(3));
        assertEquals(b.customerId(i), rs.getInt(4));
        assertEquals(b.productId(i), rs.getInt(5));
        assertEquals((double) (float) b.price(i), rs.getDouble(6), "the float nearest to the generated price");
      }
    }
  }

  @Test
  void rangeQueryReadsThePdcIndex() throws Exception {
    IIBenchStore s = store();
    IIBenchTable t = new IIBenchTable("iib_plan", 3, 0, 10);
    s.prepare(t, false);
    for (int k = 0; k < 5; k++) {
      s.insert(t, batch(20 + k, 1_700_000_000_000L + 1000L * k, 1000));
    }
    String q = IIBenchSchema.query(target().mariadb() ? IIBenchSql.MYSQL : IIBenchSql.POSTGRESQL, t.name());
    String plan;
    try (Connection c = db.get().connect(); Statement st = c.createStatement()) {
      st.execute(target().mariadb() ? "ANALYZE TABLE iib_plan" : "ANALYZE iib_plan");
      String explain = target().mariadb()
          ? "EXPLAIN " + q.replace("LIMIT ?", "LIMIT 10").replaceFirst("\\? OR", "500.5 OR")
              .replace("= ? AND dateandtime > ?", "= 500.5 AND dateandtime > '2023-11-14 22:13:21'")
              .replace("= ? AND dateandtime = ? AND customerid > ?",
                  "= 500.5 AND dateandtime = '2023-11-14 22:13:21' AND customerid > 50000")
          : "EXPLAIN " + q.replace("(?, ?, ?)", "(500.5, '2023-11-14 22:13:21', 50000)").replace("LIMIT ?", "LIMIT 10");
      assertTrue(!explain.contains("?"), explain);
      StringBuilder sb = new StringBuilder();
      try (ResultSet rs = st.executeQuery(explain)) {
        while (rs.next()) {
          if (target().mariadb()) {
            sb.append("type=").append(rs.getString("type")).append(" key=").append(rs.getString("key"))
                .append(" extra=").append(rs.getString("Extra"));
          } else {
            sb.append(rs.getString(1)).append('\n');
          }
        }
      }
      plan = sb.toString();
    }
    if (target().mariadb()) {
      assertTrue(plan.startsWith("type=range key=pdc extra=Using where; Using index"), plan);
    } else {
      assertTrue(plan.contains("Index Only Scan using iib_plan_pdc on iib_plan"), plan);
      assertTrue(plan.contains("Index Cond: (ROW(price, dateandtime, customerid) > ROW("), plan);
    }
    assertEquals(10, s.query(t, new QueryStart(500.5, 1_700_000_001_000L, 50000), 10).size());
  }

  @Test
  void existingTableWithOtherIndexesIsRefusedAndKept() throws Exception {
    IIBenchStore s = store();
    IIBenchTable one = new IIBenchTable("iib_other", 1, 0, 10);
    s.prepare(one, false);
    s.insert(one, batch(1, 1_700_000_000_000L, 10));
    StoreException e = assertThrows(StoreException.class, () -> s.prepare(new IIBenchTable("iib_other", 3, 0, 10), false));
    String name = target().mariadb() ? "marketsegment" : "iib_other_marketsegment";
    assertEquals("table iib_other has secondary indexes " + name + " (price, customerid), not the 3 of iibench.indexes=3"
        + " (the results would be labelled wrong); iibench.drop=true drops it first, or set iibench.indexes=1",
        e.getMessage());
    assertEquals(10, s.count(one));
    assertEquals(0, s.prepare(new IIBenchTable("iib_other", 3, 0, 10), true));
    assertEquals(3, secondaryIndexes("iib_other").size());
  }

  @Test
  void existingTableWithOtherPaddingIsRefused() throws Exception {
    IIBenchStore s = store();
    s.prepare(new IIBenchTable("iib_pad2", 3, 0, 10), false);
    StoreException e = assertThrows(StoreException.class, () -> s.prepare(new IIBenchTable("iib_pad2", 3, 1, 10), false));
    assertEquals("table iib_pad2 has columns cashregisterid, customerid, dateandtime, price, productid, transactionid,"
        + " not the iibench columns for iibench.paddingfields=1 (cashregisterid, customerid, dateandtime, padding0, price,"
        + " productid, transactionid); iibench.drop=true drops it first, or use another iibench.table", e.getMessage());
  }

  @Test
  void aBatchOverTheParameterLimitIsRefusedNotSplit() throws Exception {
    IIBenchStore s = store();
    IIBenchTable t = new IIBenchTable("iib_big", 0, 0, 10);
    s.prepare(t, false);
    StoreException e = assertThrows(StoreException.class, () -> s.insert(t, batch(1, 1_700_000_000_000L, 13108)));
    assertEquals("iib_big insert: 13108 rows of 5 columns need 65540 parameters in one INSERT, over the 65535 a"
        + " prepared statement takes; lower iibench.batchsize to at most 13107", e.getMessage());
    s.insert(t, batch(1, 1_700_000_000_000L, 13107));
    assertEquals(13107, s.count(t));
  }

  @Test
  void serverOnLoopbackIsLocal() throws Exception {
    assertTrue(store().serverIsLocal());
  }
}
