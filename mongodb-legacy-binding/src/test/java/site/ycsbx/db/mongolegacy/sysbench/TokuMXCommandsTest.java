package site.ycsbx.db.mongolegacy.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.mongodb.LegacyWireFront;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.PrintedFingerprint;

/**
 * {@code sysbench.transactions=tokumx} on mongodb-legacy against the server posing as TokuMX, at
 * two client threads, as sysbench-mongodb ran on TokuMX: load, run and verify pass, and on the
 * wire each transaction's beginTransaction, all its operations and its commitTransaction went
 * over one connection, in that order, nothing of another transaction between them.
 */
@Tag("process")
class TokuMXCommandsTest {
  private static final String BEGIN = "beginTransaction";
  private static final String COMMIT = "commitTransaction";
  private static final String ROLLBACK = "rollbackTransaction";

  @Test
  void eachTransactionIsBeginItsStepsAndCommitOnOneConnection() {
    try (TestServer server = TestServer.posingAsLegacy("2.4.10", "2.0.2");
        LegacyWireFront front = new LegacyWireFront(server)) {
      String database = TestServer.freshDatabase();
      String[] tokumx = {"-p", "sysbench.transactions=tokumx"};
      LegacySysbenchRun.assertOk(LegacySysbenchRun.ycsb("load", front, database, tokumx));
      Result run = LegacySysbenchRun.ycsb("run", front, database, "-p", "maxexecutiontime=2", tokumx[0], tokumx[1]);
      LegacySysbenchRun.assertOk(run);
      assertEquals("tokumx: each sysbench transaction between TokuMX's beginTransaction and commitTransaction on the"
          + " client thread's one connection, as sysbench-mongodb on TokuMX",
          PrintedFingerprint.of(run.stdout()).get("sysbench.transactions"), run.stdout());

      int connections = 0;
      int committed = 0;
      for (Map.Entry<Integer, List<String>> c : front.byConnection().entrySet()) {
        List<List<String>> transactions = transactions(c.getValue(), database);
        if (!transactions.isEmpty()) {
          connections++;
        }
        for (List<String> t : transactions) {
          if (t.get(t.size() - 1).equals(COMMIT)) {
            committed++;
            assertEquals(oneOltpTransaction(), counts(t), "connection " + c.getKey() + ": " + t);
          }
        }
      }
      assertEquals(2, connections, "one connection per client thread carries transactions: " + front.byConnection());
      assertTrue(committed > 0, front.byConnection().toString());
    }
  }

  /**
   * The connection's transactions, begin to commit or rollback, each with what went between; fails
   * on a begin inside a transaction or a sysbench operation outside one (after the first begin).
   */
  private static List<List<String>> transactions(List<String> log, String database) {
    List<List<String>> out = new ArrayList<>();
    List<String> open = null;
    for (String line : log) {
      if (line.equals(BEGIN)) {
        assertEquals(null, open, "a begin inside a transaction: " + log);
        open = new ArrayList<>(List.of(line));
      } else if (open != null) {
        open.add(line);
        if (line.equals(COMMIT) || line.equals(ROLLBACK)) {
          out.add(open);
          open = null;
        }
      } else if (!out.isEmpty() && line.contains(".sbtest") && !line.startsWith("query")) {
        throw new AssertionError("a write outside a transaction after the run began: " + line + " in " + log);
      }
    }
    return out;
  }

  /** A committed OLTP transaction's kinds of request counted (each step draws its table here). */
  private static Map<String, Integer> counts(List<String> t) {
    Map<String, Integer> out = new TreeMap<>();
    for (String line : t.subList(1, t.size() - 1)) {
      out.merge(line.split(" ")[0], 1, Integer::sum);
    }
    return out;
  }

  /**
   * sysbench's OLTP transaction as the legacy port sends it: 10 point selects, the simple and order
   * ranges as queries, the sum range an aggregate, the distinct range a distinct, two updates, a
   * delete and an insert, each write followed by its getLastError.
   */
  private static Map<String, Integer> oneOltpTransaction() {
    return new TreeMap<>(Map.of("query", 12, "aggregate", 1, "distinct", 1, "OP_UPDATE", 2, "OP_DELETE", 1,
        "OP_INSERT", 1, "getlasterror", 4));
  }
}
