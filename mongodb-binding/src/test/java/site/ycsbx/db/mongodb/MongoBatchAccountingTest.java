package site.ycsbx.db.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.measurements.Measurements;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.measurements.BatchLedger;
import site.ycsbx.measurements.RunState;

/**
 * What the batch ledger hears from batched inserts on a real (in-process) server: rows that
 * returned BATCHED_OK count as stored only when the server acknowledged them, so the error
 * summary's OK count is the number of documents stored.
 */
@Tag("server")
class MongoBatchAccountingTest {
  private static TestServer server;
  private final List<MongoDbClient> open = new ArrayList<>();
  private final String database = TestServer.freshDatabase();
  private long failedBefore;
  private long notDoneBefore;

  @BeforeAll
  static void start() {
    server = new TestServer();
    Measurements.setProperties(new Properties());
  }

  @AfterAll
  static void stop() {
    server.close();
    // the error log keeps the first few messages per operation, for the whole JVM
    RunState.forget();
  }

  @AfterEach
  void cleanup() throws Exception {
    for (MongoDbClient db : open) {
      db.cleanup();
    }
  }

  private MongoDbClient db(int batchSize) throws Exception {
    Properties p = new Properties();
    p.setProperty(MongoOptions.URL_PROPERTY, server.url(database));
    p.setProperty(MongoOptions.BATCH_SIZE_PROPERTY, String.valueOf(batchSize));
    MongoDbClient db = new MongoDbClient();
    db.setProperties(p);
    db.init();
    open.add(db);
    failedBefore = BatchLedger.failedRows("INSERT");
    notDoneBefore = BatchLedger.notDoneRows("INSERT");
    return db;
  }

  private static Map<String, ByteIterator> record() {
    Map<String, ByteIterator> m = new LinkedHashMap<>();
    m.put("field0", new StringByteIterator("v"));
    return m;
  }

  private long failed() {
    return BatchLedger.failedRows("INSERT") - failedBefore;
  }

  private long notDone() {
    return BatchLedger.notDoneRows("INSERT") - notDoneBefore;
  }

  /**
   * An ordered insertMany stops at a duplicate key: the rows before it are stored and counted OK,
   * the queued row that failed counts as failed, and the insert that sent the batch fails.
   */
  @Test
  void theRowsBeforeTheFailedWriteAreStoredAndCountedTheRestFail() throws Exception {
    db(1).insert("usertable", "user2", record());
    MongoDbClient db = db(4);
    List<Status> statuses = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      statuses.add(db.insert("usertable", "user" + i, record()));
    }
    assertEquals(List.of(Status.BATCHED_OK, Status.BATCHED_OK, Status.BATCHED_OK, Status.ERROR), statuses);
    assertEquals(1, failed(), "user2's queued row failed");
    assertEquals(0, notDone());
    // 3 BATCHED_OK - 1 failed = 2 counted OK, and user0, user1 were stored (user2 was there before)
    assertEquals(3, server.count(database, "usertable"));
  }

  /** A batch whose first write fails stores nothing: every queued row fails. */
  @Test
  void aBatchThatStoredNothingFailsEveryQueuedRow() throws Exception {
    db(1).insert("usertable", "user0", record());
    MongoDbClient db = db(5);
    for (int i = 0; i < 4; i++) {
      assertEquals(Status.BATCHED_OK, db.insert("usertable", "user" + i, record()));
    }
    assertEquals(Status.ERROR, db.insert("usertable", "user4", record()));
    assertEquals(4, failed());
    assertEquals(1, server.count(database, "usertable"));
  }

  /** The partial batch sent at cleanup: its rows returned BATCHED_OK long before, and fail there. */
  @Test
  void aFailedFinalBatchFailsItsRowsAtCleanup() throws Exception {
    db(1).insert("usertable", "user1", record());
    MongoDbClient db = db(10);
    for (int i = 0; i < 3; i++) {
      assertEquals(Status.BATCHED_OK, db.insert("usertable", "user" + i, record()));
    }
    assertEquals(3, notDone(), "queued, not sent yet");
    db.cleanup();
    open.remove(db);
    assertEquals(0, notDone());
    assertEquals(2, failed(), "user1 and user2 (after the failed write of an ordered insertMany)");
    assertEquals(2, server.count(database, "usertable"));
  }

  /** A batch flushed because the table changed fails: the new row is not queued behind it, and fails too. */
  @Test
  void anInsertAfterAFailedBatchOfAnotherTableFailsUnqueued() throws Exception {
    db(1).insert("other", "user0", record());
    MongoDbClient db = db(10);
    assertEquals(Status.BATCHED_OK, db.insert("other", "user0", record()));
    assertEquals(Status.ERROR, db.insert("usertable", "user1", record()));
    assertEquals(1, failed());
    assertEquals(0, notDone());
    db.cleanup();
    open.remove(db);
    assertEquals(0, server.count(database, "usertable"), "the row behind the failed batch was never sent");
  }
}
