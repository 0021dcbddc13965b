package site.ycsbx.db.mongodb.conn;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.util.UserError;

/**
 * What the shared connection of either MongoDB binding (driver 4.x's {@link MongoConnection},
 * mongodb-legacy's driver 3.5 one) gives its DB class and the families: the run's options, a port
 * to each database of the server, what the stores share across client threads, and a release per
 * acquiring thread.
 */
public abstract class PortConnection {
  private final MongoOptions options;
  private final Map<Class<?>, Object> shared = new ConcurrentHashMap<>();

  protected PortConnection(MongoOptions options) {
    this.options = options;
  }

  public final MongoOptions options() {
    return options;
  }

  /** The port to a database of this server by name, writing with the run's write concern. */
  public abstract MongoPort port(String name);

  /**
   * {@link #port}, over a connection of the calling client thread's own, opened on first use and
   * closed when the thread lets go ({@link #release()}): for what a server ties to one connection
   * (TokuMX's transactions, on mongodb-legacy). A line that has no use for one does not override
   * this: the 4.x/5.x line's transactions are sessions.
   */
  public MongoPort ownPort(String name) {
    throw new UnsupportedOperationException("no connection of a thread's own on this driver line");
  }

  /** The one line of a client the driver could not create: {@code line} says why. */
  protected static UserError cannotCreate(MongoOptions options, String line) {
    return new UserError("cannot create a MongoDB client for " + options.maskedUrl() + ": " + line);
  }

  /** This thread lets go; the last one's release closes the client. */
  public abstract void release();

  /**
   * What a family's stores share across the client threads of this connection (e.g. the plan the
   * preparing thread used), one object per type, created on first use.
   */
  public final <T> T shared(Class<T> type, Supplier<T> create) {
    return type.cast(shared.computeIfAbsent(type, k -> create.get()));
  }
}
