package site.ycsbx.db.mongodb.conn;

import com.mongodb.client.MongoDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeSet;
import java.util.function.Function;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.db.mongodb.port.PortCollection;
import site.ycsbx.db.mongodb.port.driver.DriverPort;

/**
 * An existing collection as the shape checks see it before anything is written: how many
 * documents, the fields of one of them and its indexes. MongoDB has no schema to compare with a
 * workload's, so a sample document and the indexes stand in for SQL's columns: enough to tell
 * iibench's rows from YCSB's records or a user's own documents. Read through the driver port, so
 * that a check written over it runs on both driver lines.
 *
 * @param namespace database.collection, for messages
 * @param collection the collection, counted only for a message (a count can be slow on some servers)
 * @param sample one document (natural order), or null when the collection is empty
 * @param indexes listIndexes' entries
 */
public record ExistingCollection(String namespace, PortCollection collection, Map<String, Object> sample,
    List<Map<String, Object>> indexes) {
  private static final String ID_INDEX = "_id_";

  /** {@link #of(Function, MongoOptions, String, String)} through the 4.x/5.x driver's client. */
  public static ExistingCollection of(com.mongodb.client.MongoClient client, MongoOptions options, String database,
      String name) {
    return of(db -> new DriverPort(client.getDatabase(db), MongoErrors::describe), options, database, name);
  }

  /**
   * The collection as it is, or null when it or its database does not exist. Read-only commands.
   * On a server of others the database is looked up first, as some servers (mongo-java-server)
   * create a database on any command sent to it; not on mongodb-embedded's own server, whose
   * listDatabases sizes every database (tens of seconds for a large H2 file).
   *
   * @param ports the port to a database by name
   */
  public static ExistingCollection of(Function<String, MongoPort> ports, MongoOptions options, String database,
      String name) {
    if (!options.serverOfItsOwn() && !databaseNames(ports.apply("admin")).contains(database)) {
      return null;
    }
    return of(ports.apply(database), database, name);
  }

  /** The collection as it is, or null when it does not exist. Read-only commands. */
  public static ExistingCollection of(MongoDatabase db, String name) {
    return of(new DriverPort(db, MongoErrors::describe), db.getName(), name);
  }

  /** The collection of {@code port}'s database (named {@code database}) as it is, or null when it does not exist. */
  public static ExistingCollection of(MongoPort port, String database, String name) {
    // by name, not a listCollections filter: mongo-java-server ignores the filter and lists every collection
    if (!port.collectionNames().contains(name)) {
      return null;
    }
    PortCollection c = port.collection(name);
    return new ExistingCollection(database + "." + name, c, c.findOne(port.document(), null), c.listIndexes());
  }

  // listDatabases' names, as the driver's listDatabaseNames asks for them
  private static List<String> databaseNames(MongoPort admin) {
    Map<String, Object> ask = admin.document("listDatabases", 1);
    ask.put("nameOnly", true);
    List<String> out = new ArrayList<>();
    if (admin.command(ask).get("databases") instanceof List<?> databases) {
      for (Object d : databases) {
        if (d instanceof Map<?, ?> m) {
          out.add(String.valueOf(m.get("name")));
        }
      }
    }
    return out;
  }

  /** The collection's document count (the count command: collection metadata on MongoDB). */
  public long documents() {
    return sample == null ? 0 : collection.estimatedCount();
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
    for (Map<String, Object> i : indexes) {
      String n = String.valueOf(i.get("name"));
      if (!ID_INDEX.equals(n)) {
        out.add(n);
      }
    }
    return out;
  }

  /** An index's key as the 4.x driver's toJson writes it ({"price": 1, "dateandtime": 1}), from either driver's map. */
  public static String keyText(Object key) {
    if (!(key instanceof Map<?, ?> fields)) {
      return String.valueOf(key);
    }
    StringJoiner out = new StringJoiner(", ", "{", "}");
    fields.forEach((k, v) -> out.add("\"" + k + "\": " + (v instanceof String ? "\"" + v + "\"" : v)));
    return out.toString();
  }

  /**
   * What it holds, for a refusal: "collection ycsb.usertable holds 200000 documents with fields
   * a, b (a sampled one) and indexes x {"a": 1}".
   */
  public String describe() {
    List<String> others = new ArrayList<>();
    for (Map<String, Object> i : indexes) {
      if (!ID_INDEX.equals(i.get("name"))) {
        others.add(i.get("name") + " " + keyText(i.get("key")));
      }
    }
    long documents = documents();
    return "collection " + namespace + " holds " + documents + (documents == 1 ? " document" : " documents")
        + " with fields _id" + (fields().isEmpty() ? "" : ", " + String.join(", ", fields())) + " (a sampled one)"
        + (others.isEmpty() ? " and no secondary index" : " and indexes " + String.join(", ", others));
  }
}
