package site.ycsbx.db.mongodb.sysbench;

import static site.ycsbx.db.mongodb.sysbench.SysbenchShape.doc;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import site.ycsbx.db.mongodb.port.PortCollection;
import site.ycsbx.db.mongodb.port.PortCursor;
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
  private static final Map<String, Object> ID_ONLY = doc(ID, 1);
  private static final Map<String, Object> BY_ID = doc(ID, 1);

  private MongoSysbenchAudit() {
  }

  /** The _ids of 1..{@code tableSize}: as the driver's and(gte, lte) renders it, which 2.4 runs too. */
  static Map<String, Object> inRange(int tableSize) {
    return doc("$and", List.of(doc(ID, doc("$gte", 1)), doc(ID, doc("$lte", tableSize))));
  }

  static RowAudit of(PortCollection c, int tableSize, int limit) {
    Map<String, Object> inRange = inRange(tableSize);
    long present = c.countExactly(inRange);
    Map<String, Object> outsideFilter = doc("$nor", List.of(inRange)); // also an _id that is no number
    long outside = c.countExactly(outsideFilter);
    Map<String, Object> oddFilter = doc("$or", List.of(doc(SysbenchTable.K, doc("$lt", RowAudit.MIN_K)),
        doc(SysbenchTable.C, doc("$not", Pattern.compile(RowAudit.C_PATTERN))),
        doc(SysbenchTable.PAD, doc("$not", Pattern.compile(RowAudit.PAD_PATTERN)))));
    long odd = c.countExactly(oddFilter);
    List<Long> missing = new ArrayList<>();
    if (present < tableSize) {
      long next = 1;
      try (PortCursor ids = c.find(inRange, ID_ONLY, BY_ID, 0)) {
        while (ids.hasNext() && missing.size() < limit) {
          long id = ((Number) ids.next().get(ID)).longValue();
          RowAudit.gap(next, id - 1, missing, limit);
          next = id + 1;
        }
      }
      RowAudit.gap(next, tableSize, missing, limit);
    }
    List<Long> firstOutside = new ArrayList<>();
    if (outside > 0) {
      try (PortCursor found = c.find(outsideFilter, ID_ONLY, BY_ID, limit)) {
        found.forEachRemaining(d -> firstOutside.add(idOf(d)));
      }
    }
    List<RowAudit.Row> firstOdd = new ArrayList<>();
    if (odd > 0) {
      try (PortCursor found = c.find(oddFilter, null, BY_ID, limit)) {
        found.forEachRemaining(d -> firstOdd.add(new RowAudit.Row(idOf(d), d.get(SysbenchTable.K) instanceof Number k
            ? k.longValue() : Long.MIN_VALUE, text(d, SysbenchTable.C), text(d, SysbenchTable.PAD))));
      }
    }
    return new RowAudit(tableSize - present, missing, outside, firstOutside, odd, firstOdd);
  }

  /** The document's _id as a number; Long.MIN_VALUE for one that is none (it is named by its k, c and pad). */
  private static long idOf(Map<String, Object> d) {
    return d.get(ID) instanceof Number n ? n.longValue() : Long.MIN_VALUE;
  }

  private static String text(Map<String, Object> d, String field) {
    Object v = d.get(field);
    return v == null ? null : v.toString();
  }
}
