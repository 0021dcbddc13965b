package site.ycsbx.db.mongodb.conn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.mongodb.WriteConcern;
import org.bson.Document;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Which servers run multi-document transactions, from isMaster replies as servers send them
 * (also of versions the 5.x driver no longer reaches, so not through the wire).
 */
@Tag("fast")
class TransactionsTest {
  private static Document replicaSet(int wire) {
    return new Document("ismaster", true).append("setName", "rs0").append("maxWireVersion", wire)
        .append("logicalSessionTimeoutMinutes", 30);
  }

  private static Document mongos(int wire) {
    return new Document("ismaster", true).append("msg", "isdbgrid").append("maxWireVersion", wire)
        .append("logicalSessionTimeoutMinutes", 30);
  }

  @Test
  void replicaSetsFrom40AndMongosFrom42WithAcknowledgedWrites() {
    assertNull(Transactions.whyNot(replicaSet(7), WriteConcern.ACKNOWLEDGED));
    assertNull(Transactions.whyNot(replicaSet(25), WriteConcern.MAJORITY));
    assertNull(Transactions.whyNot(mongos(8), WriteConcern.JOURNALED));
    assertEquals("a replica set member before 4.0 (maxWireVersion 6)",
        Transactions.whyNot(replicaSet(6), WriteConcern.ACKNOWLEDGED));
    assertEquals("a replica set member before 4.0 (maxWireVersion 2)",
        Transactions.whyNot(new Document("setName", "rs0").append("maxWireVersion", 2), WriteConcern.ACKNOWLEDGED),
        "2.6: no sessions either");
    assertEquals("a mongos before 4.2 (maxWireVersion 7)", Transactions.whyNot(mongos(7), WriteConcern.ACKNOWLEDGED));
    assertEquals("a standalone server, neither a replica set member nor a mongos",
        Transactions.whyNot(new Document("ismaster", true).append("maxWireVersion", 21)
            .append("logicalSessionTimeoutMinutes", 30), WriteConcern.ACKNOWLEDGED));
    assertEquals("unacknowledged writes (w:0) cannot be in a transaction",
        Transactions.whyNot(replicaSet(21), WriteConcern.UNACKNOWLEDGED));
  }
}
