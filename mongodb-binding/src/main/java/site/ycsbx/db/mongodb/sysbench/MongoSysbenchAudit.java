package site.ycsbx.db.mongodb.sysbench;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.gte;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Filters.lte;
import static com.mongodb.client.model.Filters.nor;
import static com.mongodb.client.model.Filters.not;
import static com.mongodb.client.model.Filters.or;
import static com.mongodb.client.model.Filters.regex;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.conversions.Bson;
import site.ycsbx.store.sysbench.RowAudit;
import site.ycsbx.store.sysbench.SysbenchTable;

/**
 * {@link RowAudit} on a collection: counts on the server (the _id index for the ids, a pass for
 * the values); when ids are missing, the _ids of 1..table_size are read in order, _id alone (a
 * covered read of the index), up to the last gap listed: MongoDB has no window over _id that the
 * servers this binding supports all run.
 */
final class MongoSysbenchAudit {
  private static final String ID = MongoSysbenchStore.ID;

  private MongoSysbenchAudit() {
  }

  static RowAudit of(MongoCollection<BsonDocument> c, int tableSize, int limit) {
    Bson inRange = and(gte(ID, 1), lte(ID, tableSize));
    long present = c.countDocuments(inRange);
    Bson outsideFilter = nor(inRange); // also an _id that is no number
    long outside = c.countDocuments(outsideFilter);
    Bson oddFilter = or(lt(SysbenchTable.K, RowAudit.MIN_K), not(regex(SysbenchTable.C, RowAudit.C_PATTERN)),
        not(regex(SysbenchTable.PAD, RowAudit.PAD_PATTERN)));
    long odd = c.countDocuments(oddFilter);
    List<Long> missing = new ArrayList<>();
    if (present < tableSize) {
      long next = 1;
      try (MongoCursor<BsonDocument> ids = c.find(inRange).projection(Projections.include(ID)).sort(Sorts.ascending(ID))
          .batchSize(10_000).iterator()) {
        while (ids.hasNext() && missing.size() < limit) {
          long id = ids.next().get(ID).asNumber().longValue();
          RowAudit.gap(next, id - 1, missing, limit);
          next = id + 1;
        }
      }
      RowAudit.gap(next, tableSize, missing, limit);
    }
    List<Long> firstOutside = new ArrayList<>();
    if (outside > 0) {
      for (BsonDocument d : c.find(outsideFilter).projection(Projections.include(ID)).sort(Sorts.ascending(ID))
          .limit(limit)) {
        firstOutside.add(idOf(d));
      }
    }
    List<RowAudit.Row> firstOdd = new ArrayList<>();
    if (odd > 0) {
      for (BsonDocument d : c.find(oddFilter).sort(Sorts.ascending(ID)).limit(limit)) {
        BsonValue k = d.get(SysbenchTable.K);
        firstOdd.add(new RowAudit.Row(idOf(d), k != null && k.isNumber() ? k.asNumber().longValue() : Long.MIN_VALUE,
            text(d, SysbenchTable.C), text(d, SysbenchTable.PAD)));
      }
    }
    return new RowAudit(tableSize - present, missing, outside, firstOutside, odd, firstOdd);
  }

  /** The document's _id as a number; Long.MIN_VALUE for one that is none (it is named by its k, c and pad). */
  private static long idOf(BsonDocument d) {
    BsonValue v = d.get(ID);
    return v != null && v.isNumber() ? v.asNumber().longValue() : Long.MIN_VALUE;
  }

  private static String text(BsonDocument d, String field) {
    BsonValue v = d.get(field);
    return v == null ? null : v.isString() ? v.asString().getValue() : v.toString();
  }
}
