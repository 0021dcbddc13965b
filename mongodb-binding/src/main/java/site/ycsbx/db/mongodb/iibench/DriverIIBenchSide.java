package site.ycsbx.db.mongodb.iibench;

import org.bson.Document;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoSchema;

/**
 * The mongodb binding's iibench side (MongoDB 2.6+, the 4.x/5.x driver): a transaction is one
 * unordered insertMany, as the reference iibench program's bulk writes are; collections and
 * indexes are created through {@link MongoSchema}, with the user's storage-engine config strings;
 * mongo-java-server is told apart; sizes follow an fsync.
 */
final class DriverIIBenchSide extends IIBenchSide {
  private final MongoConnection connection;

  DriverIIBenchSide(MongoConnection connection) {
    super(connection, false);
    this.connection = connection;
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
    driver(() -> connection.database("admin").runCommand(new Document("fsync", 1)));
    return "db.adminCommand({fsync: 1})";
  }
}
