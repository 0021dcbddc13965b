package site.ycsbx.db.mongodb.conn;

import com.mongodb.WriteConcern;
import org.bson.Document;

/**
 * Whether a server can run multi-document transactions, from its isMaster (hello) reply: what
 * the families' transaction modes (linkbench.transactions, sysbench.transactions) decide on, the
 * same way in the preflight (for the fingerprint) and in the stores.
 */
public final class TransactionSupport {
  /** Wire versions of MongoDB 4.0 (replica set transactions) and 4.2 (mongos transactions). */
  private static final int WIRE_4_0 = 7;
  private static final int WIRE_4_2 = 8;

  private TransactionSupport() {
  }

  /**
   * Why this server cannot run writes in multi-document transactions, or null when it can: a
   * replica set member of 4.0+ or a mongos of 4.2+ (both report a session timeout), and writes
   * that are acknowledged (a transaction cannot be w:0). mongo-java-server answers as a
   * standalone server.
   *
   * @param isMaster the server's isMaster reply
   */
  public static String whyNot(Document isMaster, WriteConcern writeConcern) {
    if (!writeConcern.isAcknowledged()) {
      return "unacknowledged writes (w:0) cannot be in a transaction";
    }
    int wire = isMaster.get("maxWireVersion") instanceof Number n ? n.intValue() : 0;
    boolean sessions = isMaster.get("logicalSessionTimeoutMinutes") instanceof Number;
    if (ServerKind.isMongos(isMaster)) {
      return wire >= WIRE_4_2 && sessions ? null : "a mongos before 4.2 (maxWireVersion " + wire + ")";
    }
    if (isMaster.get("setName") != null) {
      return wire >= WIRE_4_0 && sessions ? null
          : "a replica set member before 4.0 (maxWireVersion " + wire + ")";
    }
    return "a standalone server, neither a replica set member nor a mongos";
  }
}
