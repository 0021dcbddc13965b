package site.ycsbx.db.mongolegacy.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.mongodb.LegacyWireFront;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.PrintedFingerprint;

/**
 * {@code bin/ycsb load} then {@code run mongodb-legacy -P workloads/sysbench} against the server
 * posing as MongoDB 2.4: each step alone (auto finds no transactions there), verified after both;
 * {@code sysbench.transactions=tokumx} is {@link TokuMXCommandsTest}'s.
 */
@Tag("process")
class LegacySysbenchRunTest {
  @Test
  void loadsRunsAndVerifiesSysbenchOnTheTwoFourPose() {
    try (TestServer server = TestServer.posingAsLegacy("2.4.14", null);
        LegacyWireFront front = new LegacyWireFront(server)) {
      String database = TestServer.freshDatabase();
      Result load = LegacySysbenchRun.ycsb("load", front, database);
      LegacySysbenchRun.assertOk(load);
      assertTrue(load.stdout().contains("[SYSBENCH] loaded 1000 rows into 2 tables"), load.stdout());
      Result run = LegacySysbenchRun.ycsb("run", front, database, "-p", "maxexecutiontime=2");
      LegacySysbenchRun.assertOk(run);
      assertTrue(run.stdout().contains("SQL statistics:\n"), run.stdout());
      assertEquals("auto: each step alone (MongoDB 2.4 and TokuMX have no multi-document transactions), as"
          + " sysbench-mongodb", PrintedFingerprint.of(run.stdout()).get("sysbench.transactions"), run.stdout());
    }
  }
}
