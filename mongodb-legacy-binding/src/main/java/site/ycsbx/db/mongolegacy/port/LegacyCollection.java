package site.ycsbx.db.mongolegacy.port;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import site.ycsbx.db.mongodb.port.PortCollection;
import site.ycsbx.db.mongodb.port.PortCursor;
import site.ycsbx.shaded.mongo35.com.mongodb.BasicDBObject;
import site.ycsbx.shaded.mongo35.com.mongodb.BulkWriteOperation;
import site.ycsbx.shaded.mongo35.com.mongodb.DBCollection;
import site.ycsbx.shaded.mongo35.com.mongodb.DBCursor;
import site.ycsbx.shaded.mongo35.com.mongodb.DBObject;
import site.ycsbx.shaded.mongo35.com.mongodb.InsertOptions;
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
    return port.call(() -> map(collection.findOne(doc(filter), doc(projection))));
  }

  @Override
  public PortCursor find(Map<String, Object> filter, Map<String, Object> projection, Map<String, Object> sort, int limit,
      Map<String, Object> hint) {
    // no round trip yet: the cursor queries on its first hasNext
    DBCursor cursor = collection.find(doc(filter), doc(projection)).limit(limit);
    if (hint != null) {
      cursor.hint(doc(hint));
    }
    DBCursor sorted = sort == null ? cursor : cursor.sort(doc(sort));
    return port.cursor(sorted, LegacyCollection::map, sorted::close);
  }

  @Override
  public void insertOne(Map<String, Object> document) {
    port.run(() -> collection.insert(doc(document), writeConcern));
  }

  @Override
  public void insertMany(List<Map<String, Object>> documents, boolean ordered) {
    // insert(List, WriteConcern) as the binding always sent it; ContinueOnError only when unordered
    port.run(() -> {
      if (ordered) {
        collection.insert(docs(documents), writeConcern);
      } else {
        collection.insert(docs(documents), new InsertOptions().writeConcern(writeConcern).continueOnError(true));
      }
    });
  }

  // 2.4 has one count: the count command, from the collection's metadata when there is no filter
  @Override
  public long count() {
    return port.call(collection::count);
  }

  @Override
  public long estimatedCount() {
    return count();
  }

  @Override
  public void upsertOne(Map<String, Object> document) {
    port.run(() -> collection.update(new BasicDBObject("_id", document.get("_id")), doc(document), true, false, writeConcern));
  }

  @Override
  public void upsertMany(List<Map<String, Object>> documents) {
    BulkWriteOperation bulk = collection.initializeOrderedBulkOperation();
    for (Map<String, Object> d : documents) {
      bulk.find(new BasicDBObject("_id", d.get("_id"))).upsert().replaceOne(doc(d));
    }
    port.run(() -> bulk.execute(writeConcern));
  }

  @Override
  public long updateOne(Map<String, Object> filter, Map<String, Object> update) {
    WriteResult r = port.call(() -> collection.update(doc(filter), doc(update), false, false, writeConcern));
    return r.wasAcknowledged() ? r.getN() : -1;
  }

  @Override
  public long deleteOne(Map<String, Object> filter) {
    WriteResult r = port.call(() -> collection.remove(doc(filter), writeConcern));
    return r.wasAcknowledged() ? r.getN() : -1;
  }

  @Override
  public long deleteMany(Map<String, Object> filter) {
    WriteResult r = port.call(() -> collection.remove(doc(filter), writeConcern));
    return r.wasAcknowledged() ? r.getN() : -1;
  }

  /** On wire version 0 driver 3.5 inserts the index into system.indexes, as 2.4 builds them. */
  @Override
  public void createIndex(Map<String, Object> keys, String name) {
    port.run(() -> collection.createIndex(doc(keys), new BasicDBObject("name", name)));
  }

  @Override
  public List<Map<String, Object>> listIndexes() {
    return port.call(() -> collection.getIndexInfo().stream().map(LegacyCollection::map).toList());
  }

  // 2.4 answers a drop of an absent collection with an error ("ns not found")
  @Override
  public void drop() {
    port.run(() -> {
      if (collection.getDB().collectionExists(collection.getName())) {
        collection.drop();
      }
    });
  }

  // linkbench

  @Override
  public PortCursor find(Map<String, Object> filter, Map<String, Object> projection, Map<String, Object> sort, int skip,
      int limit) {
    DBCursor cursor = collection.find(doc(filter), doc(projection)).skip(skip).limit(limit);
    DBCursor sorted = sort == null ? cursor : cursor.sort(doc(sort));
    return port.cursor(sorted, LegacyCollection::map, sorted::close);
  }

  @Override
  public long count(Map<String, Object> filter) {
    return port.call(() -> collection.count(doc(filter)));
  }

  @Override
  public long countExactly(Map<String, Object> filter) {
    return count(filter);
  }

  // driver 3.5 sends the write concern with findAndModify only to 3.2+ servers
  @Override
  public Map<String, Object> findOneAndUpdate(Map<String, Object> filter, Map<String, Object> update,
      Map<String, Object> projection, boolean upsert, boolean returnNew) {
    return port.call(() -> map(collection.findAndModify(doc(filter), doc(projection), null, false, doc(update), returnNew,
        upsert, writeConcern)));
  }

  @Override
  public Map<String, Object> findOneAndDelete(Map<String, Object> filter, Map<String, Object> projection) {
    return port.call(() -> map(collection.findAndModify(doc(filter), doc(projection), null, true, null, false, false,
        writeConcern)));
  }

  @Override
  public void upsertUpdate(Map<String, Object> filter, Map<String, Object> update) {
    port.run(() -> collection.update(doc(filter), doc(update), true, false, writeConcern));
  }

  // the aggregate command's inline result, which 2.4 answers (no cursor, no allowDiskUse before 2.6)
  @Override
  public List<Map<String, Object>> aggregate(List<Map<String, Object>> pipeline) {
    return port.call(() -> {
      List<Map<String, Object>> out = new ArrayList<>();
      for (DBObject d : collection.aggregate(docs(pipeline)).results()) {
        out.add(map(d));
      }
      return out;
    });
  }

  @Override
  public void createIndex(Map<String, Object> keys, String name, boolean unique) {
    port.run(() -> collection.createIndex(doc(keys), new BasicDBObject("name", name).append("unique", unique)));
  }

  // sysbench

  @Override
  @SuppressWarnings("unchecked")
  public List<Object> distinct(String field, Map<String, Object> filter) {
    return port.call(() -> new ArrayList<Object>(collection.distinct(field, doc(filter))));
  }

  // 2.4's aggregate takes no hint (3.6 added it): the pipeline alone, answered inline as above
  @Override
  public List<Map<String, Object>> aggregate(List<Map<String, Object>> pipeline, Map<String, Object> hint) {
    return aggregate(pipeline);
  }
}
