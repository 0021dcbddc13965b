package site.ycsbx.db.mongodb.iibench;

import java.util.function.Function;
import site.ycsbx.db.mongodb.conn.FamilySide;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.port.MongoPort;

/**
 * What {@link MongoIIBenchStore} needs of its binding besides the port: the run's options, a port
 * to each database of the server, and what differs between the driver lines. As it stands it is
 * the legacy line's (MongoDB 2.4, TokuMX): one ordered {@code DBCollection.insert(List)} per
 * transaction as the 2014 benchmark's Java client sent it, collections created by their first
 * write, indexes as 2.4 builds them, collStats taken as the server gives it. The mongodb binding's
 * side ({@link DriverIIBenchSide}) takes the schema calls through {@link FamilySide}'s driver
 * path and overrides the server's kind.
 */
public class IIBenchSide extends FamilySide {
  private final boolean orderedInserts;

  /**
   * @param ports the port to a database by name, writing with the run's write concern
   * @param orderedInserts whether a transaction's batch stops at its first failed document
   */
  public IIBenchSide(MongoOptions options, Function<String, MongoPort> ports, boolean orderedInserts) {
    super(options, ports);
    this.orderedInserts = orderedInserts;
  }

  /** The mongodb binding's side, on the thread's connection. */
  protected IIBenchSide(MongoConnection connection, boolean orderedInserts) {
    super(connection);
    this.orderedInserts = orderedInserts;
  }

  public final boolean orderedInserts() {
    return orderedInserts;
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
