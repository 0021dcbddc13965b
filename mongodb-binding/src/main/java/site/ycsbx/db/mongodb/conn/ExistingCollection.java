package site.ycsbx.db.mongodb.conn;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.bson.Document;

/**
 * An existing collection as the shape checks see it before anything is written: how many
 * documents, the fields of one of them and its indexes. MongoDB has no schema to compare with a
 * workload's, so a sample document and the indexes stand in for SQL's columns: enough to tell
 * iibench's rows from YCSB's records or a user's own documents.
 *
 * @param namespace database.collection, for messages
 * @param collection the collection, counted only for a message (a count can be slow on some servers)
 * @param sample one document (natural order), or null when the collection is empty
 * @param indexes listIndexes' entries
 */
public record ExistingCollection(String namespace, MongoCollection<Document> collection, Document sample,
    List<Document> indexes) {
  private static final String ID_INDEX = "_id_";

  /**
   * The collection as it is, or null when it or its database does not exist. Read-only commands.
   * On a server of others the database is looked up first, as some servers (mongo-java-server)
   * create a database on any command sent to it; not on mongodb-embedded's own server, whose
   * listDatabases sizes every database (tens of seconds for a large H2 file).
   */
  public static ExistingCollection of(com.mongodb.client.MongoClient client, MongoOptions options, String database,
      String name) {
    if (!options.serverOfItsOwn() && !client.listDatabaseNames().into(new ArrayList<>()).contains(database)) {
      return null;
    }
    return of(client.getDatabase(database), name);
  }

  /** The collection as it is, or null when it does not exist. Read-only commands. */
  public static ExistingCollection of(MongoDatabase db, String name) {
    // by name, not a listCollections filter: mongo-java-server ignores the filter and lists every collection
    if (!db.listCollectionNames().into(new ArrayList<>()).contains(name)) {
      return null;
    }
    MongoCollection<Document> c = db.getCollection(name);
    return new ExistingCollection(db.getName() + "." + name, c, c.find().limit(1).first(),
        c.listIndexes().into(new ArrayList<>()));
  }

  /** The collection's document count (the count command: collection metadata on MongoDB). */
  public long documents() {
    return sample == null ? 0 : collection.estimatedDocumentCount();
  }

  /** Whether it holds no document. */
  public boolean isEmpty() {
    return sample == null;
  }

  /** The sample document's fields besides _id, sorted; empty for an empty collection. */
  public Set<String> fields() {
    Set<String> out = new TreeSet<>();
    if (sample != null) {
      out.addAll(sample.keySet());
      out.remove("_id");
    }
    return out;
  }

  /** The sample document's _id, or null. */
  public Object id() {
    return sample == null ? null : sample.get("_id");
  }

  /** Names of the indexes besides _id's, sorted. */
  public Set<String> secondaryIndexNames() {
    Set<String> out = new TreeSet<>();
    for (Document i : indexes) {
      String n = i.getString("name");
      if (!ID_INDEX.equals(n)) {
        out.add(n);
      }
    }
    return out;
  }

  /**
   * What it holds, for a refusal: "collection ycsb.usertable holds 200000 documents with fields
   * a, b (a sampled one) and indexes x {"a": 1}".
   */
  public String describe() {
    List<String> others = new ArrayList<>();
    for (Document i : indexes) {
      if (!ID_INDEX.equals(i.getString("name"))) {
        Object key = i.get("key");
        others.add(i.getString("name") + " " + (key instanceof Document d ? d.toJson() : String.valueOf(key)));
      }
    }
    long documents = documents();
    return "collection " + namespace + " holds " + documents + (documents == 1 ? " document" : " documents")
        + " with fields _id" + (fields().isEmpty() ? "" : ", " + String.join(", ", fields())) + " (a sampled one)"
        + (others.isEmpty() ? " and no secondary index" : " and indexes " + String.join(", ", others));
  }
}
