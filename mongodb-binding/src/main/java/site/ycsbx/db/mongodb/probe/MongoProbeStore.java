package site.ycsbx.db.mongodb.probe;

import static com.mongodb.client.model.Filters.eq;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.ReplaceOptions;
import org.bson.Document;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoErrors;
import site.ycsbx.db.mongodb.conn.MongoSchema;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.probe.ProbeStore;

/** The probe table as a collection of {_id: key, value: value}. */
public final class MongoProbeStore implements ProbeStore {
  private static final ReplaceOptions UPSERT = new ReplaceOptions().upsert(true);

  private final MongoSchema schema;
  private final MongoCollection<Document> collection;

  public MongoProbeStore(MongoConnection connection) {
    this.schema = connection.schema();
    this.collection = connection.database().getCollection(TABLE);
  }

  @Override
  public void prepare() throws StoreException {
    MongoErrors.call(() -> "cannot create collection " + TABLE, () -> {
      schema.ensureCollection(TABLE);
      return null;
    });
  }

  @Override
  public void put(long key, long value) throws StoreException {
    MongoErrors.call(() -> collection.replaceOne(eq("_id", key), new Document("_id", key).append("value", value), UPSERT));
  }

  @Override
  public Long get(long key) throws StoreException {
    return MongoErrors.call(() -> {
      Document d = collection.find(eq("_id", key)).first();
      if (d == null) {
        return null;
      }
      Object v = d.get("value");
      if (!(v instanceof Number)) {
        throw new StoreException("document " + key + " in " + TABLE + " has no numeric value: " + d.toJson());
      }
      return ((Number) v).longValue();
    });
  }

  @Override
  public long count() throws StoreException {
    return MongoErrors.call(collection::countDocuments);
  }
}
