package site.ycsbx.db.mongodb.probe;

import static com.mongodb.client.model.Filters.eq;

import com.mongodb.MongoException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.ReplaceOptions;
import org.bson.Document;
import site.ycsbx.db.mongodb.MongoConnection;
import site.ycsbx.db.mongodb.MongoErrors;
import site.ycsbx.db.mongodb.MongoSchema;
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
    try {
      schema.ensureCollection(TABLE);
    } catch (MongoException e) {
      throw new StoreException("cannot create collection " + TABLE + ": " + MongoErrors.describe(e), e);
    }
  }

  @Override
  public void put(long key, long value) throws StoreException {
    try {
      collection.replaceOne(eq("_id", key), new Document("_id", key).append("value", value), UPSERT);
    } catch (MongoException e) {
      throw new StoreException(MongoErrors.describe(e), e);
    }
  }

  @Override
  public Long get(long key) throws StoreException {
    try {
      Document d = collection.find(eq("_id", key)).first();
      if (d == null) {
        return null;
      }
      Object v = d.get("value");
      if (!(v instanceof Number)) {
        throw new StoreException("document " + key + " in " + TABLE + " has no numeric value: " + d.toJson());
      }
      return ((Number) v).longValue();
    } catch (MongoException e) {
      throw new StoreException(MongoErrors.describe(e), e);
    }
  }

  @Override
  public long count() throws StoreException {
    try {
      return collection.countDocuments();
    } catch (MongoException e) {
      throw new StoreException(MongoErrors.describe(e), e);
    }
  }
}
