package site.ycsbx.db.mongodb.iibench;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.bson.Document;
import site.ycsbx.db.mongodb.conn.ExistingCollection;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.iibench.IIBenchTable;

/**
 * Why MongoDB cannot take an iibench run as asked, naming the properties that fix it. The store
 * and the preflight check refuse an existing collection with the same words, so a user sees one
 * message whichever of them finds it first.
 */
final class IIBenchRefusals {
  private IIBenchRefusals() {
  }

  /**
   * Why a collection with these indexes (listIndexes) cannot take this table's rows: it has
   * secondary indexes beyond the ones asked for, so the run would measure another benchmark;
   * null when it can.
   */
  static String otherIndexes(IIBenchTable table, String where, List<Document> indexes) {
    Set<String> asked = new TreeSet<>();
    table.secondaryIndexes().forEach(i -> asked.add(i.name()));
    Set<String> others = new TreeSet<>();
    for (Document index : indexes) {
      String n = index.getString("name");
      if (!"_id_".equals(n) && !asked.contains(n)) {
        others.add(n + " " + index.get("key", Document.class).toJson());
      }
    }
    if (others.isEmpty()) {
      return null;
    }
    return "collection " + where + " has indexes beyond the " + table.indexes() + " asked for ("
        + IIBenchStore.INDEXES_PROPERTY + "): " + String.join(", ", others) + "; set " + IIBenchStore.INDEXES_PROPERTY
        + " to match, or " + IIBenchStore.DROP_PROPERTY + "=true to start afresh";
  }

  /** The fields of every iibench document besides _id and the padding. */
  static final Set<String> FIXED_FIELDS = new TreeSet<>(List.of(IIBenchTable.DATE_AND_TIME,
      IIBenchTable.CASH_REGISTER_ID, IIBenchTable.CUSTOMER_ID, IIBenchTable.PRODUCT_ID, IIBenchTable.PRICE));

  /** The fields of this table's documents besides _id. */
  static Set<String> fields(IIBenchTable table) {
    Set<String> out = new TreeSet<>(FIXED_FIELDS);
    for (int f = 0; f < table.paddingFields(); f++) {
      out.add(IIBenchTable.paddingColumn(f));
    }
    return out;
  }

  /** Whether a document with these fields (no _id) is an iibench row of any padding. */
  static boolean isIIBench(Set<String> fields) {
    if (!fields.containsAll(FIXED_FIELDS)) {
      return false;
    }
    int paddings = fields.size() - FIXED_FIELDS.size();
    for (int f = 0; f < paddings; f++) {
      if (!fields.contains(IIBenchTable.paddingColumn(f))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Why a non-empty collection cannot take this table's rows, judged from a sampled document: it
   * has a field iibench's rows for this padding never have (YCSB's records, someone's data), or it
   * is a whole iibench row of another padding; null otherwise.
   */
  static String otherFields(IIBenchTable table, ExistingCollection c) {
    Set<String> expected = fields(table);
    // a field this table's rows never have marks other documents; a whole iibench row of
    // another padding marks rows of another shape
    boolean foreign = !expected.containsAll(c.fields());
    boolean otherPadding = c.fields().containsAll(FIXED_FIELDS) && !c.fields().equals(expected);
    if (c.isEmpty() || !(foreign || otherPadding)) {
      return null;
    }
    String fix = isIIBench(c.fields())
        ? "; set " + IIBenchStore.PADDING_FIELDS_PROPERTY + "=" + (c.fields().size() - FIXED_FIELDS.size())
            + " to match, or " + IIBenchStore.DROP_PROPERTY + "=true to start afresh"
        : "; name another " + IIBenchStore.TABLE_PROPERTY;
    return c.describe() + ", not iibench's rows for " + IIBenchStore.PADDING_FIELDS_PROPERTY + "="
        + table.paddingFields() + " (" + String.join(", ", fields(table)) + "): the results would be labelled wrong"
        + fix;
  }

  /**
   * Why {@code iibench.drop=true} must not drop this collection: its sampled document has a field
   * no iibench row has; null when it may (every field is one of iibench's, of any padding).
   */
  static String dropRefusal(ExistingCollection c) {
    if (c.isEmpty() || c.fields().stream().allMatch(f -> FIXED_FIELDS.contains(f) || f.matches("padding[0-9]+"))) {
      return null;
    }
    return IIBenchStore.DROP_PROPERTY + "=true refused, nothing dropped: " + c.describe() + ", not an iibench"
        + " collection (" + String.join(", ", FIXED_FIELDS) + " and any padding fields); " + IIBenchStore.DROP_PROPERTY
        + " drops only such a collection: name another " + IIBenchStore.TABLE_PROPERTY + ", or drop it yourself";
  }

  /** A database name of {@value MongoOptions#DATABASE_PER_COLLECTION_PROPERTY} that MongoDB refuses. */
  static String databaseNameTooLong(String name) {
    return MongoOptions.DATABASE_PER_COLLECTION_PROPERTY + "=true needs database " + name + " (" + name.length()
        + " characters) but MongoDB accepts at most " + MongoOptions.DATABASE_NAME_MAX + "; use a shorter database in "
        + MongoOptions.URL_PROPERTY + " or a shorter " + IIBenchStore.TABLE_PROPERTY;
  }
}
