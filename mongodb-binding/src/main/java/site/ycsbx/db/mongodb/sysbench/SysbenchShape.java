package site.ycsbx.db.mongodb.sysbench;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Indexes;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.Document;
import site.ycsbx.db.mongodb.conn.ExistingCollection;
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
    for (Document i : c.indexes()) {
      if (t.indexName().equals(i.getString("name")) && !isOnK(i)) {
        return c.describe() + ": its index " + t.indexName() + " is not sysbench's {k: 1}; drop it, or use another"
            + " database";
      }
    }
    return null;
  }

  private static boolean isOnK(Document index) {
    Object key = index.get("key");
    return key instanceof Document d && d.size() == 1 && d.get(SysbenchTable.K) instanceof Number n
        && n.intValue() == 1;
  }

  /** Whether listIndexes' entries hold k_N. */
  static boolean hasIndex(List<Document> indexes, SysbenchTable t) {
    return indexes.stream().anyMatch(i -> t.indexName().equals(i.getString("name")));
  }

  /**
   * One pass over the rows (count, smallest and largest _id, sum of k), and, when k_N exists, a
   * count and sum of k read with k_N as the hint: what the index lists.
   */
  static TableCensus census(MongoCollection<BsonDocument> c, boolean indexed, SysbenchTable t) {
    BsonDocument all = c.aggregate(List.of(new BsonDocument("$group", new BsonDocument(MongoSysbenchStore.ID,
        BsonNull.VALUE).append("n", sum(new BsonInt32(1))).append("min", op("$min", MongoSysbenchStore.ID))
        .append("max", op("$max", MongoSysbenchStore.ID)).append("sum", op("$sum", SysbenchTable.K))))).first();
    long rows = number(all, "n");
    long min = number(all, "min");
    long max = number(all, "max");
    long sumK = number(all, "sum");
    if (!indexed) {
      return new TableCensus(rows, min, max, sumK, -1, -1);
    }
    BsonDocument listed = c.aggregate(List.of(
        new BsonDocument("$match", new BsonDocument(SysbenchTable.K, new BsonDocument("$gte",
            new BsonInt32(Integer.MIN_VALUE)))),
        new BsonDocument("$group", new BsonDocument(MongoSysbenchStore.ID, BsonNull.VALUE)
            .append("n", sum(new BsonInt32(1))).append("sum", op("$sum", SysbenchTable.K)))))
        .hint(Indexes.ascending(SysbenchTable.K)).first();
    return new TableCensus(rows, min, max, sumK, number(listed, "n"), number(listed, "sum"));
  }

  private static BsonDocument sum(BsonValue v) {
    return new BsonDocument("$sum", v);
  }

  private static BsonDocument op(String op, String field) {
    return new BsonDocument(op, new BsonString("$" + field));
  }

  private static long number(BsonDocument d, String field) {
    BsonValue v = d == null ? null : d.get(field);
    return v != null && v.isNumber() ? v.asNumber().longValue() : 0;
  }
}
