package site.ycsbx.db.mongolegacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.mongodb.LegacyWireFront;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoClient;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.PrintedFingerprint;
import site.ycsbx.tools.Main;

/**
 * {@code bin/ycsb load mongodb-legacy -P workloads/iibench} through the launcher and YCSB's
 * Client in a JVM of its own, with both drivers on its class path as in the tarball's lib/,
 * against the server posing as TokuMX: the load ends with exit 0, every row stored, each
 * transaction one OP_INSERT and one getLastError.
 */
@Tag("process")
class LegacyLauncherTest {
  @Test
  void anIIBenchLoadOnTokuMXThroughBinYcsb() {
    try (TestServer server = TestServer.posingAsLegacy("2.4.10", "2.0.2"); LegacyWireFront front =
        new LegacyWireFront(server)) {
      String db = TestServer.freshDatabase();
      Result r = JavaProcess.run(Main.class.getName(), "load", "mongodb-legacy", "-P", JavaProcess.workload("iibench"),
          "-p", "mongodb.url=" + front.url(db), "-p", "mongodb.writeConcern=journaled", "-p", "recordcount=3000",
          "-p", "iibench.batchsize=1000", "-p", "iibench.roundrows=3000");
      assertEquals(0, r.exitCode(), r.all());
      // driver 3.5 logs through java.util.logging, silenced as the mongodb binding silences its driver
      assertTrue(!r.stderr().contains("shaded.mongo35"), r.stderr());
      Map<String, String> fp = PrintedFingerprint.of(r.stdout());
      assertEquals("TokuMX", fp.get("server.product"), r.stdout());
      assertEquals(LegacyServer.PROTOCOL, fp.get("mongodb.protocol"));
      assertTrue(r.stdout().contains("[INSERT_TXN], Operations, 3"), r.stdout());
      List<String> transactions = front.received().stream().filter(l -> l.contains(".purchases_index")).toList();
      assertEquals(List.of("OP_INSERT " + db + ".purchases_index 1000", "OP_INSERT " + db + ".purchases_index 1000",
          "OP_INSERT " + db + ".purchases_index 1000"), transactions);
      List<String> all = front.received();
      for (int i = 0; i < all.size(); i++) {
        if (all.get(i).contains(".purchases_index")) {
          assertEquals("getlasterror {\"w\": 1, \"j\": true}", all.get(i + 1), all.toString());
        }
      }
      try (MongoClient c = new MongoClient("127.0.0.1", front.port())) {
        assertEquals(3000, c.getDB(db).getCollection("purchases_index").count());
      }
    }
  }
}
