package site.ycsbx.db.mongodb.iibench;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.bson.Document;
import site.ycsbx.db.mongodb.MongoOptions;
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

  /** A database name of {@value MongoOptions#DATABASE_PER_COLLECTION_PROPERTY} that MongoDB refuses. */
  static String databaseNameTooLong(String name) {
    return MongoOptions.DATABASE_PER_COLLECTION_PROPERTY + "=true needs database " + name + " (" + name.length()
        + " characters) but MongoDB accepts at most " + MongoOptions.DATABASE_NAME_MAX + "; use a shorter database in "
        + MongoOptions.URL_PROPERTY + " or a shorter " + IIBenchStore.TABLE_PROPERTY;
  }
}
