package site.ycsbx.workloads.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.measurements.Measurements;
import site.ycsbx.db.nulldb.NullDb;
import site.ycsbx.db.nulldb.sysbench.NullSysbenchStore;
import site.ycsbx.fingerprint.WorkloadShape;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.sysbench.KeyRange;
import site.ycsbx.store.sysbench.ReadKey;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.store.sysbench.SysbenchTable;

/**
 * Which table each statement of a transaction goes to, and the ranges it reads, from seeded runs
 * whose draws the test repeats by hand: with uniform ids, thread 0's generator is
 * SplittableRandom(seed), a table is 1 + nextInt(tables) and an id 1 + nextInt(table_size), drawn
 * in the order the transaction sends its statements. sysbench 1.0 draws a table for each kind of
 * statement; sysbench-mongodb ({@code sysbench.table_per_transaction=true}) one per transaction.
 */
@Tag("fast")
class SysbenchTableChoiceTest {
  private static final long SEED = 11;
  private static final int TABLES = 1000;
  private static final int SIZE = 5000;

  @AfterEach
  void clear() {
    StoreRegistry.clear();
  }

  /** A statement as the store received it. */
  private record Call(int transaction, String op, int table, String what) {
  }

  /** The null store, noting each statement with its transaction (a BEGIN starts the next). */
  private static final class Recording extends NullSysbenchStore {
    final List<Call> calls = new ArrayList<>();
    int transaction = -1;

    private void note(String op, SysbenchTable t, Object what) {
      calls.add(new Call(transaction, op, t.number(), String.valueOf(what)));
    }

    @Override
    public boolean begin() {
      transaction++;
      return true;
    }

    @Override
    public List<String> pointSelect(SysbenchTable t, ReadKey key, int value) {
      note("POINT_SELECT", t, key.column() + "=" + value);
      return List.of();
    }

    @Override
    public List<String> simpleRange(SysbenchTable t, KeyRange range) {
      note("SIMPLE_RANGE", t, range);
      return List.of();
    }

    @Override
    public long sumRange(SysbenchTable t, KeyRange range) {
      note("SUM_RANGE", t, range);
      return 0;
    }

    @Override
    public List<String> orderRange(SysbenchTable t, KeyRange range) {
      note("ORDER_RANGE", t, range);
      return List.of();
    }

    @Override
    public List<String> distinctRange(SysbenchTable t, KeyRange range) {
      note("DISTINCT_RANGE", t, range);
      return List.of();
    }

    @Override
    public int indexUpdate(SysbenchTable t, int id) {
      note("INDEX_UPDATE", t, "id=" + id);
      return 1;
    }

    @Override
    public int nonIndexUpdate(SysbenchTable t, int id, String c) {
      note("NON_INDEX_UPDATE", t, "id=" + id);
      return 1;
    }

    @Override
    public void deleteInsert(SysbenchTable t, int id, int k, String c, String pad) {
      note("DELETE_INSERT", t, "id=" + id);
    }

    List<Call> of(int transaction) {
      return calls.stream().filter(c -> c.transaction() == transaction).toList();
    }
  }

  private static Properties props(String... kv) {
    Properties p = new Properties();
    p.setProperty("db", NullDb.class.getName());
    p.setProperty("dotransactions", "true");
    p.setProperty("threadcount", "1");
    p.setProperty(SysbenchSettings.TABLES_PROPERTY, String.valueOf(TABLES));
    p.setProperty(SysbenchSettings.TABLE_SIZE_PROPERTY, String.valueOf(SIZE));
    p.setProperty(SysbenchSettings.REPORT_INTERVAL_PROPERTY, "0");
    p.setProperty(RandomIds.RAND_SEED_PROPERTY, String.valueOf(SEED));
    p.setProperty(RandomIds.RAND_TYPE_PROPERTY, "uniform");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  /** Runs {@code events} transactions on one thread; returns the store's notes and what was printed. */
  private static Recording run(int events, Properties p, StringBuilder printed) throws Exception {
    p.setProperty("operationcount", String.valueOf(events));
    Measurements.setProperties(p);
    Recording store = new Recording();
    SysbenchWorkload w = new SysbenchWorkload();
    PrintStream stdout = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      w.init(p);
      StoreRegistry.clear();
      StoreRegistry.offer(SysbenchStore.class, store);
      Object state = w.initThread(p, 0, 1);
      for (int i = 0; i < events; i++) {
        assertTrue(w.doTransaction(null, state));
      }
      w.cleanup();
    } finally {
      System.setOut(stdout);
    }
    printed.append(out.toString(StandardCharsets.UTF_8));
    return store;
  }

  private static int table(SplittableRandom r) {
    return 1 + r.nextInt(TABLES);
  }

  private static int id(SplittableRandom r) {
    return 1 + r.nextInt(SIZE);
  }

  /** The first transaction's statements up to the UPDATE of c (whose c digits the test does not repeat). */
  private static List<Call> firstTransaction(boolean perTransaction, boolean limit) {
    SplittableRandom r = new SplittableRandom(SEED);
    int one = table(r); // sysbench-mongodb: the collection first; sysbench: the point selects' table
    List<Call> out = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      out.add(new Call(0, "POINT_SELECT", one, "id=" + id(r)));
    }
    for (String op : List.of("SIMPLE_RANGE", "SUM_RANGE", "ORDER_RANGE", "DISTINCT_RANGE")) {
      int t = perTransaction ? one : table(r);
      int from = id(r);
      out.add(new Call(0, op, t, (limit ? KeyRange.first(ReadKey.ID, from, 100)
          : KeyRange.between(ReadKey.ID, from, from + 99)).toString()));
    }
    int u = perTransaction ? one : table(r);
    out.add(new Call(0, "INDEX_UPDATE", u, "id=" + id(r)));
    int v = perTransaction ? one : table(r);
    out.add(new Call(0, "NON_INDEX_UPDATE", v, "id=" + id(r)));
    return out;
  }

  private static TreeSet<Integer> tables(List<Call> calls) {
    TreeSet<Integer> out = new TreeSet<>();
    calls.forEach(c -> out.add(c.table()));
    return out;
  }

  @Test
  void sysbenchDrawsATableForEachKindOfStatement() throws Exception {
    StringBuilder out = new StringBuilder();
    Recording r = run(20, props(), out);
    assertEquals(firstTransaction(false, false), r.of(0).subList(0, 16), out.toString());
    assertTrue(out.toString().contains(", a table per kind of statement, ranges id BETWEEN v AND v+99, as sysbench\n"),
        out.toString());
    for (int t = 0; t < 20; t++) {
      List<Call> calls = r.of(t);
      assertEquals(17, calls.size(), "10 point selects, 4 ranges, 2 updates, a delete+insert: " + calls);
      // one table per kind: the 10 point selects share theirs
      assertEquals(1, tables(calls.subList(0, 10)).size(), calls.toString());
      // 8 kinds, each on one of 1000 tables drawn uniformly: never all on one (that is 1 in 10^21)
      assertTrue(tables(calls).size() > 1, calls.toString());
    }
  }

  @Test
  void tablePerTransactionSendsEveryStatementOfATransactionToOneTable() throws Exception {
    StringBuilder out = new StringBuilder();
    Recording r = run(20, props(SysbenchSettings.TABLE_PER_TRANSACTION_PROPERTY, "true"), out);
    assertEquals(firstTransaction(true, false), r.of(0).subList(0, 16), out.toString());
    assertTrue(out.toString().contains(", one table per transaction, ranges id BETWEEN v AND v+99, as sysbench, but"
        + " table_per_transaction=true\n"), out.toString());
    TreeSet<Integer> drawn = new TreeSet<>();
    for (int t = 0; t < 20; t++) {
      List<Call> calls = r.of(t);
      assertEquals(17, calls.size(), calls.toString());
      assertEquals(1, tables(calls).size(), "transaction " + t + ": " + calls);
      drawn.addAll(tables(calls));
    }
    // 20 draws of 1000 tables: about 0.2 repeats expected; the seed's 20 draws are known
    assertTrue(drawn.size() >= 18, drawn.toString());
  }

  @Test
  void sysbenchMongodbTakesOneTablePerTransactionUniformIdsAndLimitRanges() throws Exception {
    StringBuilder out = new StringBuilder();
    Properties p = props(SysbenchClient.CLIENT_PROPERTY, "sysbench-mongodb");
    p.remove(RandomIds.RAND_TYPE_PROPERTY); // the client's uniform ids, not one set apart
    Recording r = run(5, p, out);
    assertEquals(firstTransaction(true, true), r.of(0).subList(0, 16), out.toString());
    assertTrue(out.toString().contains(", ids uniform, reads by id, one table per transaction, ranges id >= v ORDER BY"
        + " id LIMIT 100, as sysbench-mongodb\n"), out.toString());
    for (int t = 0; t < 5; t++) {
      assertEquals(1, tables(r.of(t)).size(), r.of(t).toString());
    }
  }

  @Test
  void theFingerprintNamesTheClientAndWhatWasSetOtherwise() {
    WorkloadShape mongo = new SysbenchSettings(props(SysbenchClient.CLIENT_PROPERTY, "sysbench-mongodb",
        RandomIds.RAND_TYPE_PROPERTY, "uniform")).shape();
    assertEquals("sysbench-mongodb", mongo.values().get("sysbench.client"));
    assertEquals("uniform", mongo.values().get("sysbench.rand_type"));
    assertEquals("true", mongo.values().get("sysbench.table_per_transaction"));
    assertEquals("limit", mongo.values().get("sysbench.range_type"));
    assertTrue(mongo.defining().containsAll(List.of("sysbench.client", "sysbench.table_per_transaction",
        "sysbench.range_type")), mongo.defining().toString());

    Properties between = props(SysbenchClient.CLIENT_PROPERTY, "sysbench-mongodb", SysbenchSettings.RANGE_TYPE_PROPERTY,
        "between");
    between.remove(RandomIds.RAND_TYPE_PROPERTY);
    WorkloadShape b = new SysbenchSettings(between).shape();
    assertEquals("sysbench-mongodb, but range_type=between", b.values().get("sysbench.client"));
    assertEquals("between", b.values().get("sysbench.range_type"));

    WorkloadShape sysbench = new SysbenchSettings(new Properties()).shape();
    assertEquals("sysbench", sysbench.values().get("sysbench.client"));
    assertEquals("false", sysbench.values().get("sysbench.table_per_transaction"));
    assertEquals("between", sysbench.values().get("sysbench.range_type"));
    assertTrue(sysbench.values().get("sysbench.rand_type").startsWith("special("), sysbench.values().toString());
    WorkloadShape special = new SysbenchSettings(props(SysbenchClient.CLIENT_PROPERTY, "sysbench-mongodb",
        RandomIds.RAND_TYPE_PROPERTY, "special")).shape();
    assertEquals("sysbench-mongodb, but rand_type=special", special.values().get("sysbench.client"));
  }
}
