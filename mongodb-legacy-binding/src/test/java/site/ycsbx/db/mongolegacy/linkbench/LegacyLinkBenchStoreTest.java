package site.ycsbx.db.mongolegacy.linkbench;

import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import site.ycsb.DB;
import site.ycsbx.db.mongodb.LegacyWireFront;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.db.mongolegacy.MongoLegacyClient;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoClient;
import site.ycsbx.store.linkbench.LinkBenchStoreContract;

/**
 * The linkbench contract on mongodb-legacy, against the server posing as MongoDB 2.4 behind the
 * legacy wire front, each test on a fresh database: the mongodb binding's store over driver 3.5,
 * link writes and their count changes as two writes (no transactions on 2.4), counts grouped by
 * the inline aggregate 2.4 answers.
 */
@Tag("server")
class LegacyLinkBenchStoreTest extends LinkBenchStoreContract {
  private static TestServer server;
  private static LegacyWireFront front;
  private String database;

  @BeforeAll
  static void start() {
    server = TestServer.posingAsLegacy("2.4.14", null);
    front = new LegacyWireFront(server);
  }

  @AfterAll
  static void stop() {
    front.close();
    server.close();
  }

  @Override
  protected DB newBinding() {
    if (database == null) {
      database = TestServer.freshDatabase();
    }
    Properties p = new Properties();
    p.setProperty("db", MongoLegacyClient.class.getName());
    p.setProperty("mongodb.url", front.url(database));
    p.setProperty("mongodb.writeConcern", "journaled");
    MongoLegacyClient db = new MongoLegacyClient();
    db.setProperties(p);
    return db;
  }

  @Override
  protected void dropFixture() {
    if (database != null) {
      try (MongoClient c = new MongoClient("127.0.0.1", front.port())) {
        c.getDB(database).dropDatabase();
      }
      database = null;
    }
  }

  /** mongo-java-server's collStats gives no bytes. */
  @Override
  protected boolean measuresStoredSize() {
    return false;
  }
}
