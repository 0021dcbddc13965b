package site.ycsbx.db.mongolegacy.port;

import java.util.List;
import java.util.Map;
import site.ycsbx.db.mongodb.port.PortCollection;
import site.ycsbx.db.mongodb.port.PortCursor;
import site.ycsbx.db.mongodb.port.PortException;
import site.ycsbx.shaded.mongo35.com.mongodb.BasicDBObject;
import site.ycsbx.shaded.mongo35.com.mongodb.BulkWriteOperation;
import site.ycsbx.shaded.mongo35.com.mongodb.DBCollection;
import site.ycsbx.shaded.mongo35.com.mongodb.DBCursor;
import site.ycsbx.shaded.mongo35.com.mongodb.DBObject;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoException;
import site.ycsbx.shaded.mongo35.com.mongodb.WriteConcern;
import site.ycsbx.shaded.mongo35.com.mongodb.WriteResult;

/** One collection of a {@link LegacyPort}, every write with the run's write concern. */
final class LegacyCollection implements PortCollection {
  private final DBCollection collection;
  private final WriteConcern writeConcern;
  private final LegacyPort port;

  LegacyCollection(DBCollection collection, WriteConcern writeConcern, LegacyPort port) {
    this.collection = collection;
    this.writeConcern = writeConcern;
    this.port = port;
  }

  // a BasicDBObject as it is; another map copied into one; null stays null (no projection)
  private static DBObject doc(Map<String, Object> map) {
    return map == null || map instanceof DBObject ? (DBObject) map : new BasicDBObject(map);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(DBObject doc) {
    return doc == null || doc instanceof Map ? (Map<String, Object>) doc : doc.toMap();
  }

  @SuppressWarnings("unchecked")
  private static List<DBObject> docs(List<Map<String, Object>> maps) {
    for (Map<String, Object> m : maps) {
      if (!(m instanceof DBObject)) {
        return maps.stream().map(LegacyCollection::doc).toList();
      }
    }
    return (List<DBObject>) (List<?>) maps;
  }

  @Override
  public Map<String, Object> findOne(Map<String, Object> filter, Map<String, Object> projection) {
    try {
      return map(collection.findOne(doc(filter), doc(projection)));
    } catch (MongoException e) {
      throw port.failure(e);
    }
  }

  @Override
  public PortCursor find(Map<String, Object> filter, Map<String, Object> projection, Map<String, Object> sort, int limit) {
    try {
      DBCursor cursor = collection.find(doc(filter), doc(projection)).limit(limit);
      return new Cursor(sort == null ? cursor : cursor.sort(doc(sort)));
    } catch (MongoException e) {
      throw port.failure(e);
    }
  }

  @Override
  public void insertOne(Map<String, Object> document) {
    try {
      collection.insert(doc(document), writeConcern);
    } catch (MongoException e) {
      throw port.failure(e);
    }
  }

  @Override
  public void insertMany(List<Map<String, Object>> documents) {
    try {
      collection.insert(docs(documents), writeConcern);
    } catch (MongoException e) {
      throw port.failure(e);
    }
  }

  @Override
  public void upsertOne(Map<String, Object> document) {
    try {
      collection.update(new BasicDBObject("_id", document.get("_id")), doc(document), true, false, writeConcern);
    } catch (MongoException e) {
      throw port.failure(e);
    }
  }

  @Override
  public void upsertMany(List<Map<String, Object>> documents) {
    BulkWriteOperation bulk = collection.initializeOrderedBulkOperation();
    for (Map<String, Object> d : documents) {
      bulk.find(new BasicDBObject("_id", d.get("_id"))).upsert().replaceOne(doc(d));
    }
    try {
      bulk.execute(writeConcern);
    } catch (MongoException e) {
      throw port.failure(e);
    }
  }

  @Override
  public long updateOne(Map<String, Object> filter, Map<String, Object> update) {
    try {
      WriteResult r = collection.update(doc(filter), doc(update), false, false, writeConcern);
      return r.wasAcknowledged() ? r.getN() : -1;
    } catch (MongoException e) {
      throw port.failure(e);
    }
  }

  @Override
  public long deleteOne(Map<String, Object> filter) {
    try {
      WriteResult r = collection.remove(doc(filter), writeConcern);
      return r.wasAcknowledged() ? r.getN() : -1;
    } catch (MongoException e) {
      throw port.failure(e);
    }
  }

  private final class Cursor implements PortCursor {
    private final DBCursor cursor;

    Cursor(DBCursor cursor) {
      this.cursor = cursor;
    }

    @Override
    public boolean hasNext() {
      try {
        return cursor.hasNext();
      } catch (MongoException e) {
        throw port.failure(e);
      }
    }

    @Override
    public Map<String, Object> next() {
      try {
        return map(cursor.next());
      } catch (MongoException e) {
        throw port.failure(e);
      }
    }

    @Override
    public void close() {
      try {
        cursor.close();
      } catch (MongoException e) {
        throw port.failure(e);
      }
    }
  }
}
