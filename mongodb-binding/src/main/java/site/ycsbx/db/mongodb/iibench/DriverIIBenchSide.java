package site.ycsbx.db.mongodb.iibench;

import com.mongodb.MongoException;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import org.bson.Document;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoErrors;
import site.ycsbx.db.mongodb.conn.MongoSchema;
import site.ycsbx.db.mongodb.port.PortException;
import site.ycsbx.store.IndexSpec;

/**
 * The mongodb binding's iibench side (MongoDB 2.6+, the 4.x/5.x driver): a transaction is one
 * unordered insertMany, as the reference iibench program's bulk writes are; collections and
 * indexes are created through {@link MongoSchema}, with the user's storage-engine config strings;
 * mongo-java-server is told apart; sizes follow an fsync.
 */
final class DriverIIBenchSide extends IIBenchSide {
  private final MongoConnection connection;

  DriverIIBenchSide(MongoConnection connection) {
    super(connection.options(), connection::port, false);
    this.connection = connection;
  }

  private MongoSchema schema(String collection) {
    return connection.schema(options().databaseOf(collection));
  }

  @Override
  public void ensureCollection(String collection) {
    run(() -> schema(collection).ensureCollection(collection));
  }

  @Override
  public void ensureIndex(String collection, IndexSpec index) {
    run(() -> schema(collection).ensureIndex(collection, Indexes.ascending(index.columns()),
        new IndexOptions().name(index.name())));
  }

  @Override
  public void drop(String collection) {
    run(() -> schema(collection).drop(collection));
  }

  @Override
  public boolean isEmulator() {
    return connection.isEmulator();
  }

  /**
   * WiredTiger writes collections to their files at a checkpoint (every 60 s by default), so a
   * load's last minute is not yet in collStats' storageSize: fsync makes the checkpoint now.
   */
  @Override
  public String flushForSize() {
    run(() -> connection.database("admin").runCommand(new Document("fsync", 1)));
    return "db.adminCommand({fsync: 1})";
  }

  // the schema helper's driver failures as the port's, so the store reports them alike
  private static void run(Runnable call) {
    try {
      call.run();
    } catch (MongoException e) {
      throw new PortException(MongoErrors.describe(e), e, false, 0);
    }
  }
}
