package site.ycsbx.db.mongodb.sysbench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import site.ycsbx.db.mongodb.conn.ExistingCollection;
import site.ycsbx.db.mongodb.port.PortCollection;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.store.sysbench.SysbenchTable;
import site.ycsbx.store.sysbench.TableCensus;

/**
 * What a collection {@code sbtestN} of sysbench's looks like on MongoDB, for the store and the
 * preflight alike: documents {@code {_id, k, c, pad}} with a numeric _id (a sampled one: MongoDB
 * has no columns to read), no secondary index besides {@code k_N} on {@code {k: 1}}; and the
 * census {@code sysbench.verify} reads.
 */
final class SysbenchShape {
  static final Set<String> FIELDS = Set.of(SysbenchTable.K, SysbenchTable.C, SysbenchTable.PAD);

  private SysbenchShape() {
  }

  /**
   * Why the existing collection cannot serve as this table (null when absent or usable); with
   * {@code drop}, why it may not be dropped (its documents are not sysbench's).
   */
  static String unusable(ExistingCollection c, SysbenchTable t, boolean drop) {
    if (c == null) {
      return null;
    }
    boolean rows = c.isEmpty() || FIELDS.equals(c.fields()) && c.id() instanceof Number;
    if (drop) {
      return rows ? null : SysbenchStore.DROP_PROPERTY + "=true refused, nothing dropped: " + c.describe()
          + ", not sysbench's {_id, k, c, pad}; " + SysbenchStore.DROP_PROPERTY + " drops only such a collection:"
          + " drop it yourself or use another database";
    }
    if (!rows) {
      return c.describe() + ", not sysbench's documents {_id (a number), k, c, pad}: use another database, or"
          + " drop it yourself";
    }
    for (String index : c.secondaryIndexNames()) {
      if (!index.equals(t.indexName())) {
        return c.describe() + ": an index other than sysbench's " + t.indexName() + " on k; drop it, or"
            + " use another database";
      }
    }
    for (Map<String, Object> i : c.indexes()) {
      if (t.indexName().equals(i.get("name")) && !isOnK(i)) {
        return c.describe() + ": its index " + t.indexName() + " is not sysbench's {k: 1}; drop it, or use another"
            + " database";
      }
    }
    return null;
  }

  private static boolean isOnK(Map<String, Object> index) {
    Object key = index.get("key");
    return key instanceof Map<?, ?> d && d.size() == 1 && d.get(SysbenchTable.K) instanceof Number n
        && n.intValue() == 1;
  }

  /** Whether listIndexes' entries hold k_N. */
  static boolean hasIndex(List<Map<String, Object>> indexes, SysbenchTable t) {
    return indexes.stream().anyMatch(i -> t.indexName().equals(i.get("name")));
  }

  /**
   * One pass over the rows (count, smallest and largest _id, sum of k), and, when k_N exists, a
   * count and sum of k read with k_N as the hint: what the index lists (on 2.4, which takes no
   * hint for an aggregation, as its planner chooses for the $match on k).
   */
  static TableCensus census(PortCollection c, boolean indexed, SysbenchTable t) {
    Map<String, Object> group = doc(MongoSysbenchStore.ID, null);
    group.put("n", doc("$sum", 1));
    group.put("min", op("$min", MongoSysbenchStore.ID));
    group.put("max", op("$max", MongoSysbenchStore.ID));
    group.put("sum", op("$sum", SysbenchTable.K));
    Map<String, Object> all = first(c.aggregate(List.of(doc("$group", group)), null));
    long rows = number(all, "n");
    long min = number(all, "min");
    long max = number(all, "max");
    long sumK = number(all, "sum");
    if (!indexed) {
      return new TableCensus(rows, min, max, sumK, -1, -1);
    }
    Map<String, Object> listedGroup = doc(MongoSysbenchStore.ID, null);
    listedGroup.put("n", doc("$sum", 1));
    listedGroup.put("sum", op("$sum", SysbenchTable.K));
    Map<String, Object> listed = first(c.aggregate(List.of(
        doc("$match", doc(SysbenchTable.K, doc("$gte", Integer.MIN_VALUE))), doc("$group", listedGroup)),
        doc(SysbenchTable.K, 1)));
    return new TableCensus(rows, min, max, sumK, number(listed, "n"), number(listed, "sum"));
  }

  private static Map<String, Object> first(List<Map<String, Object>> results) {
    return results.isEmpty() ? null : results.get(0);
  }

  static Map<String, Object> doc(String key, Object value) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put(key, value);
    return d;
  }

  private static Map<String, Object> op(String op, String field) {
    return doc(op, "$" + field);
  }

  private static long number(Map<String, Object> d, String field) {
    Object v = d == null ? null : d.get(field);
    return v instanceof Number n ? n.longValue() : 0;
  }
}
