package site.ycsbx.db.mongodb.iibench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import site.ycsbx.db.mongodb.MongoUnderTest;

/** The secondary indexes of a collection as listIndexes reports them: name to key fields in order. */
final class ListedIndexes {
  private ListedIndexes() {
  }

  /** Of a collection on the test's server; keys must be ascending. */
  static Map<String, List<String>> of(MongoUnderTest server, String database, String collection) {
    try (var c = server.client()) {
      return keysOf(c.getDatabase(database).getCollection(collection).listIndexes());
    }
  }

  /** Index name to key fields in order, _id excluded; fails on a key that is not ascending. */
  static Map<String, List<String>> keysOf(Iterable<Document> listIndexes) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (Document index : listIndexes) {
      if (index.getString("name").equals("_id_")) {
        continue;
      }
      Document key = index.get("key", Document.class);
      List<String> fields = new ArrayList<>();
      for (Map.Entry<String, Object> e : key.entrySet()) {
        if (!Integer.valueOf(1).equals(e.getValue())) {
          throw new AssertionError("index " + index.getString("name") + " is not ascending: " + key.toJson());
        }
        fields.add(e.getKey());
      }
      out.put(index.getString("name"), fields);
    }
    return out;
  }
}
