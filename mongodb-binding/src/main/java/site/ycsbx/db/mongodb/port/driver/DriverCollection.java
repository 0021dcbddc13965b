package site.ycsbx.db.mongodb.port.driver;

import static com.mongodb.client.model.Filters.eq;

import com.mongodb.client.AggregateIterable;
import com.mongodb.client.ClientSession;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.model.FindOneAndDeleteOptions;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.result.DeleteResult;
import com.mongodb.client.result.UpdateResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonDocumentReader;
import org.bson.BsonValue;
import org.bson.Document;
import org.bson.codecs.DecoderContext;
import org.bson.types.Binary;
import site.ycsbx.db.mongodb.port.PortCollection;
import site.ycsbx.db.mongodb.port.PortCursor;

/** One collection of a {@link DriverPort}. */
final class DriverCollection implements PortCollection {
  private static final InsertManyOptions ORDERED = new InsertManyOptions();
  private static final InsertManyOptions UNORDERED = new InsertManyOptions().ordered(false);
  private static final ReplaceOptions UPSERT = new ReplaceOptions().upsert(true);

  private final MongoCollection<Document> collection;
  private final DriverPort port;

  DriverCollection(MongoCollection<Document> collection, DriverPort port) {
    this.collection = collection;
    this.port = port;
  }

  // a Document as it is; another map copied into one
  static Document doc(Map<String, Object> map) {
    return map instanceof Document ? (Document) map : new Document(map);
  }

  /**
   * A document as read, its binary values (at any depth) replaced by their bytes in place: the
   * driver decodes them as {@link Binary}, driver 3.5 as byte[]. Done after decoding, not by a
   * codec of the collection, as the 4.x and 5.x lines build their container codecs differently.
   */
  static Document read(Document doc) {
    if (doc != null) {
      for (Map.Entry<String, Object> e : doc.entrySet()) {
        e.setValue(bytes(e.getValue()));
      }
    }
    return doc;
  }

  @SuppressWarnings("unchecked")
  private static Object bytes(Object v) {
    if (v instanceof Binary) {
      return ((Binary) v).getData();
    }
    if (v instanceof Map) {
      for (Map.Entry<String, Object> e : ((Map<String, Object>) v).entrySet()) {
        e.setValue(bytes(e.getValue()));
      }
    } else if (v instanceof List) {
      List<Object> list = (List<Object>) v;
      for (int i = 0; i < list.size(); i++) {
        list.set(i, bytes(list.get(i)));
      }
    }
    return v;
  }

  @SuppressWarnings("unchecked")
  private static List<Document> docs(List<Map<String, Object>> maps) {
    for (Map<String, Object> m : maps) {
      if (!(m instanceof Document)) {
        List<Document> out = new ArrayList<>(maps.size());
        maps.forEach(d -> out.add(doc(d)));
        return out;
      }
    }
    return (List<Document>) (List<?>) maps;
  }

  private FindIterable<Document> find(Map<String, Object> filter, Map<String, Object> projection) {
    ClientSession s = port.session();
    FindIterable<Document> find = s == null ? collection.find(doc(filter)) : collection.find(s, doc(filter));
    return projection == null ? find : find.projection(doc(projection));
  }

  @Override
  public Map<String, Object> findOne(Map<String, Object> filter, Map<String, Object> projection) {
    return port.call(() -> read(find(filter, projection).first()));
  }

  @Override
  public PortCursor find(Map<String, Object> filter, Map<String, Object> projection, Map<String, Object> sort, int limit,
      Map<String, Object> hint) {
    FindIterable<Document> find = find(filter, projection).limit(limit);
    if (hint != null) {
      find.hint(doc(hint));
    }
    MongoCursor<Document> cursor = port.call((sort == null ? find : find.sort(doc(sort)))::iterator);
    return port.cursor(cursor, DriverCollection::read, cursor::close);
  }

  @Override
  public void insertOne(Map<String, Object> document) {
    ClientSession s = port.session();
    port.run(() -> {
      if (s == null) {
        collection.insertOne(doc(document));
      } else {
        collection.insertOne(s, doc(document));
      }
    });
  }

  @Override
  public void insertMany(List<Map<String, Object>> documents, boolean ordered) {
    port.run(() -> collection.insertMany(docs(documents), ordered ? ORDERED : UNORDERED));
  }

  @Override
  public long estimatedCount() {
    return port.call(() -> collection.estimatedDocumentCount());
  }

  @Override
  public long count() {
    return port.call(() -> collection.countDocuments());
  }

  @Override
  public void upsertOne(Map<String, Object> document) {
    port.run(() -> collection.replaceOne(eq("_id", document.get("_id")), doc(document), UPSERT));
  }

  @Override
  public void upsertMany(List<Map<String, Object>> documents) {
    List<ReplaceOneModel<Document>> models = new ArrayList<>(documents.size());
    for (Map<String, Object> d : documents) {
      models.add(new ReplaceOneModel<>(eq("_id", d.get("_id")), doc(d), UPSERT));
    }
    port.run(() -> collection.bulkWrite(models));
  }

  @Override
  public long updateOne(Map<String, Object> filter, Map<String, Object> update) {
    ClientSession s = port.session();
    UpdateResult r = port.call(() -> s == null ? collection.updateOne(doc(filter), doc(update))
        : collection.updateOne(s, doc(filter), doc(update)));
    return r.wasAcknowledged() ? r.getMatchedCount() : -1;
  }

  @Override
  public long deleteOne(Map<String, Object> filter) {
    ClientSession s = port.session();
    DeleteResult r = port.call(() -> s == null ? collection.deleteOne(doc(filter))
        : collection.deleteOne(s, doc(filter)));
    return r.wasAcknowledged() ? r.getDeletedCount() : -1;
  }

  @Override
  public long deleteMany(Map<String, Object> filter) {
    DeleteResult r = port.call(() -> collection.deleteMany(doc(filter)));
    return r.wasAcknowledged() ? r.getDeletedCount() : -1;
  }

  @Override
  public void createIndex(Map<String, Object> keys, String name) {
    port.run(() -> collection.createIndex(doc(keys), new IndexOptions().name(name)));
  }

  @Override
  public List<Map<String, Object>> listIndexes() {
    return port.call(() -> collection.listIndexes().map(DriverCollection::read).into(new ArrayList<Map<String, Object>>()));
  }

  @Override
  public void drop() {
    port.run(collection::drop);
  }

  // linkbench

  @Override
  public PortCursor find(Map<String, Object> filter, Map<String, Object> projection, Map<String, Object> sort, int skip,
      int limit) {
    FindIterable<Document> find = find(filter, projection).skip(skip).limit(limit);
    MongoCursor<Document> cursor = port.call((sort == null ? find : find.sort(doc(sort)))::iterator);
    return port.cursor(cursor, DriverCollection::read, cursor::close);
  }

  @Override
  public long count(Map<String, Object> filter) {
    Document count = new Document("count", collection.getNamespace().getCollectionName()).append("query", doc(filter));
    return port.call(() -> ((Number) port.database().runCommand(count, collection.getReadPreference()).get("n"))
        .longValue());
  }

  @Override
  public long countExactly(Map<String, Object> filter) {
    return port.call(() -> collection.countDocuments(doc(filter)));
  }

  // inside the port's session (a transaction) when it has one
  @Override
  public Map<String, Object> findOneAndUpdate(Map<String, Object> filter, Map<String, Object> update,
      Map<String, Object> projection, boolean upsert, boolean returnNew) {
    FindOneAndUpdateOptions options = new FindOneAndUpdateOptions().upsert(upsert)
        .returnDocument(returnNew ? ReturnDocument.AFTER : ReturnDocument.BEFORE)
        .projection(projection == null ? null : doc(projection));
    ClientSession s = port.session();
    return port.call(() -> read(s == null ? collection.findOneAndUpdate(doc(filter), doc(update), options)
        : collection.findOneAndUpdate(s, doc(filter), doc(update), options)));
  }

  @Override
  public Map<String, Object> findOneAndDelete(Map<String, Object> filter, Map<String, Object> projection) {
    FindOneAndDeleteOptions options = new FindOneAndDeleteOptions().projection(projection == null ? null : doc(projection));
    ClientSession s = port.session();
    return port.call(() -> read(s == null ? collection.findOneAndDelete(doc(filter), options)
        : collection.findOneAndDelete(s, doc(filter), options)));
  }

  @Override
  public void upsertUpdate(Map<String, Object> filter, Map<String, Object> update) {
    UpdateOptions upsert = new UpdateOptions().upsert(true);
    ClientSession s = port.session();
    port.run(() -> {
      if (s == null) {
        collection.updateOne(doc(filter), doc(update), upsert);
      } else {
        collection.updateOne(s, doc(filter), doc(update), upsert);
      }
    });
  }

  @Override
  public List<Map<String, Object>> aggregate(List<Map<String, Object>> pipeline) {
    return port.call(() -> collection.aggregate(docs(pipeline)).allowDiskUse(true).map(DriverCollection::read)
        .into(new ArrayList<Map<String, Object>>()));
  }

  @Override
  public void createIndex(Map<String, Object> keys, String name, boolean unique) {
    port.run(() -> collection.createIndex(doc(keys), new IndexOptions().name(name).unique(unique)));
  }

  // sysbench: inside the port's session when it has one, as every call above that sysbench makes

  @Override
  public List<Object> distinct(String field, Map<String, Object> filter) {
    ClientSession s = port.session();
    return port.call(() -> {
      List<Object> out = new ArrayList<>();
      for (BsonValue v : s == null ? collection.distinct(field, doc(filter), BsonValue.class)
          : collection.distinct(s, field, doc(filter), BsonValue.class)) {
        out.add(value(v));
      }
      return out;
    });
  }

  // a value as a Document's field decodes it, so distinct's values are of the types find gives
  private Object value(BsonValue v) {
    Document d = collection.getCodecRegistry().get(Document.class)
        .decode(new BsonDocumentReader(new BsonDocument("v", v)), DecoderContext.builder().build());
    return read(d).get("v");
  }

  @Override
  public List<Map<String, Object>> aggregate(List<Map<String, Object>> pipeline, Map<String, Object> hint) {
    ClientSession s = port.session();
    return port.call(() -> {
      AggregateIterable<Document> a = s == null ? collection.aggregate(docs(pipeline))
          : collection.aggregate(s, docs(pipeline));
      return (hint == null ? a : a.hint(doc(hint))).map(DriverCollection::read)
          .into(new ArrayList<Map<String, Object>>());
    });
  }
}
