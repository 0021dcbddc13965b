package site.ycsbx.db.mongodb;

import com.mongodb.client.MongoClient;
import java.util.Set;
import site.ycsbx.db.mongodb.conn.MongoOptions;

/**
 * The server a test runs the binding against: the in-process {@link TestServer}, or a real
 * MongoDB named by {@value ServerChoice#MONGOD_VARIABLE} or {@value ServerChoice#MONGOS_VARIABLE}
 * ({@link RealServer}). What a test may ask of both; what only the in-process server can answer
 * (the commands it received, a pose) stays on {@link TestServer}.
 */
public interface MongoUnderTest extends AutoCloseable {
  /** The connection string of one database of this server. */
  String url(String database);

  /** A client for assertions (not the binding's). */
  MongoClient client();

  /** Whether this is a real server named by the environment (not the in-process one). */
  boolean real();

  /** The mongodb binding on a database of this server, with these properties, not yet initialised. */
  default MongoDbClient binding(String database, String... keysAndValues) {
    java.util.Properties p = new java.util.Properties();
    p.setProperty(MongoOptions.URL_PROPERTY, url(database));
    for (int i = 0; i < keysAndValues.length; i += 2) {
      p.setProperty(keysAndValues[i], keysAndValues[i + 1]);
    }
    MongoDbClient db = new MongoDbClient();
    db.setProperties(p);
    return db;
  }

  default long count(String database, String collection) {
    try (MongoClient c = client()) {
      return c.getDatabase(database).getCollection(collection).countDocuments();
    }
  }

  default Set<String> databaseNames() {
    try (MongoClient c = client()) {
      return c.listDatabaseNames().into(new java.util.TreeSet<>());
    }
  }

  default void dropDatabase(String database) {
    try (MongoClient c = client()) {
      c.getDatabase(database).drop();
    }
  }

  @Override
  void close();
}
