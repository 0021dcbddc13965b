package site.ycsbx.db.mongodb.port;

import java.util.Map;

/**
 * One database's collections through one driver line: the 4.x/5.x driver
 * ({@code port.driver.DriverPort}) or the relocated 3.5 driver's legacy API (mongodb-legacy's
 * {@code LegacyPort}). Documents, filters, updates, projections and sorts are maps in MongoDB's
 * query language; the values both drivers encode alike are listed in {@link PortCollection}.
 */
public interface MongoPort {
  /**
   * An empty document of the driver's own type ({@code org.bson.Document}, the relocated
   * {@code BasicDBObject}): the port's calls take it as it is, where a map of another type is
   * copied into one first.
   */
  Map<String, Object> document();

  /** The collection of that name, writing with the run's write concern. */
  PortCollection collection(String name);

  /** The names of the database's collections; empty when the database is absent. */
  java.util.List<String> collectionNames();

  /** The server's answer to {@code command} on this database; a failed one (ok: 0) throws {@link PortException}. */
  Map<String, Object> command(Map<String, Object> command);

  /** The ObjectId of these 12 bytes, in the driver's type: a value documents and filters take. */
  Object objectId(byte[] bytes);

  /** The 12 bytes of {@code value} when it is an ObjectId of the driver's type; null otherwise. */
  byte[] objectIdBytes(Object value);

  /** A document of one field, from {@link #document()}. */
  default Map<String, Object> document(String key, Object value) {
    Map<String, Object> d = document();
    d.put(key, value);
    return d;
  }
}
