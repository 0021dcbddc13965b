package site.ycsbx.db.mongodb.conn;

import java.util.function.Supplier;
import site.ycsbx.db.mongodb.port.MongoPort;

/**
 * A client thread's connection on a binding that runs the MongoDB families over the driver port
 * alone (mongodb-legacy, over driver 3.5): what a family's store gets there, as the mongodb
 * binding's stores get its {@link MongoConnection}.
 */
public interface PortConnection {
  MongoOptions options();

  /** The port to a database by name, over the client the threads share, writing with the run's write concern. */
  MongoPort port(String database);

  /**
   * {@link #port}, over a connection of this client thread's own, opened on first use and closed
   * when the thread lets go of the binding: for what a server ties to one connection (TokuMX's
   * transactions).
   */
  MongoPort ownPort(String database);

  /**
   * What a family's stores share across the client threads (e.g. the plan the preparing thread
   * used), one object per type, created on first use.
   */
  <T> T shared(Class<T> type, Supplier<T> create);
}
