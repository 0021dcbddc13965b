package site.ycsbx.db.mongodb.iibench;

import java.util.Map;
import java.util.function.Function;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.db.mongodb.port.PortCollection;
import site.ycsbx.store.IndexSpec;

/**
 * What {@link MongoIIBenchStore} needs of its binding besides the port: the run's options, a port
 * to each database of the server, and what differs between the driver lines. As it stands it is
 * the legacy line's (MongoDB 2.4, TokuMX): one ordered {@code DBCollection.insert(List)} per
 * transaction as the 2014 benchmark's Java client sent it, collections created by their first
 * write, indexes as 2.4 builds them, collStats taken as the server gives it. The mongodb binding's
 * side ({@link DriverIIBenchSide}) overrides the schema calls and the server's kind.
 */
public class IIBenchSide {
  private final MongoOptions options;
  private final Function<String, MongoPort> ports;
  private final boolean orderedInserts;

  /**
   * @param ports the port to a database by name, writing with the run's write concern
   * @param orderedInserts whether a transaction's batch stops at its first failed document
   */
  public IIBenchSide(MongoOptions options, Function<String, MongoPort> ports, boolean orderedInserts) {
    this.options = options;
    this.ports = ports;
    this.orderedInserts = orderedInserts;
  }

  public final MongoOptions options() {
    return options;
  }

  /** The port to the database of {@code collection} ({@value MongoOptions#DATABASE_PER_COLLECTION_PROPERTY}). */
  public final MongoPort portOf(String collection) {
    return ports.apply(options.databaseOf(collection));
  }

  public final boolean orderedInserts() {
    return orderedInserts;
  }

  /** Makes the collection exist before its indexes are asked for; here its first write creates it. */
  public void ensureCollection(String collection) {
  }

  /** Creates the index when absent. */
  public void ensureIndex(String collection, IndexSpec index) {
    MongoPort port = portOf(collection);
    Map<String, Object> keys = port.document();
    index.columns().forEach(c -> keys.put(c, 1));
    port.collection(collection).createIndex(keys, index.name());
  }

  /** Drops the collection and its indexes, when it exists. */
  public void drop(String collection) {
    PortCollection c = portOf(collection).collection(collection);
    c.drop();
  }

  /** Whether the server is mongo-java-server, which reports no byte sizes and keeps no non-unique index. */
  public boolean isEmulator() {
    return false;
  }

  /**
   * Writes out what collStats' storageSize does not count yet: what it ran, for the output; null
   * when this line runs nothing.
   */
  public String flushForSize() {
    return null;
  }
}
