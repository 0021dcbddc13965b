package site.ycsbx.db.mongodb.conn;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import site.ycsbx.db.mongodb.port.PortCollection;
import site.ycsbx.store.StoreException;

/** A family's bulk load of a batch of rows: their documents in one unordered insertMany. */
public final class BulkInsert {
  private BulkInsert() {
  }

  /**
   * Inserts the documents {@code document} makes of {@code rows} into {@code into}, unordered (a
   * failed document does not stop the rest); a failure is the store's exception, "insertMany of
   * <i>n</i> {@code what}" and what {@code where} says after it.
   */
  public static <T> void unordered(PortCollection into, List<T> rows, Function<T, Map<String, Object>> document,
      String what, Supplier<String> where) throws StoreException {
    List<Map<String, Object>> docs = new ArrayList<>(rows.size());
    for (T row : rows) {
      docs.add(document.apply(row));
    }
    MongoErrors.call(() -> "insertMany of " + docs.size() + " " + what + where.get(), () -> {
      into.insertMany(docs, false);
      return null;
    });
  }
}
