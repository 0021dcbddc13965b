package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.measurements.Measurements;
import site.ycsbx.db.jdbc.conn.Connector;

/**
 * A batch is one statement on the wire (Connector/J rewrites it into a multi-row INSERT), and
 * the partial batch at the end is sent and committed by cleanup() with autocommit off.
 */
@Tag("server")
class BatchRoundTripTest {
  @Test
  void batchOf100IsOneInsertStatementAndCleanupSendsTheRest() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      Properties p = db.properties();
      p.setProperty("db.url", db.url() + "?queryInterceptors=" + InsertCounter.class.getName());
      p.setProperty("db.batchsize", "100");
      p.setProperty("jdbc.autocommit", "false");
      p.setProperty("fieldcount", "3");
      p.setProperty("dotransactions", "false");
      Measurements.setProperties(p); // YCSB's Client does this before creating DBs
      JdbcClient client = new JdbcClient();
      client.setProperties(p);
      client.init();
      InsertCounter.INSERTS.set(0);
      Map<Status, Integer> statuses = new HashMap<>();
      for (int i = 0; i < 250; i++) {
        Map<String, ByteIterator> row = new HashMap<>();
        for (int f = 0; f < 3; f++) {
          row.put("field" + f, new StringByteIterator("v" + i + "." + f));
        }
        statuses.merge(client.insert("usertable", "user" + i, row), 1, Integer::sum);
      }
      assertEquals(Map.of(Status.OK, 2, Status.BATCHED_OK, 248), statuses);
      assertEquals(2, InsertCounter.INSERTS.get(), "INSERT statements sent for two full batches");
      assertEquals(200, db.rows("usertable"));
      client.cleanup();
      assertEquals(3, InsertCounter.INSERTS.get(), "INSERT statements after cleanup sent the last 50 rows");
      assertEquals(250, db.rows("usertable"));
    }
  }
}
