package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsbx.testing.JavaProcess.Result;

/**
 * A load whose recordcount is not a multiple of db.batchsize, with autocommit off, through
 * YCSB's stock Client: stock YCSB's JDBC binding loses the last partial batch; this one sends
 * and commits it at cleanup, and times each round trip as one INSERT_BATCH operation.
 */
@Tag("process")
class BatchedLoadTest {
  @ParameterizedTest
  @EnumSource(TestDatabase.Target.class)
  void everyRowIsStoredAndEachRoundTripIsOneInsertBatch(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      // 2 threads: YCSB gives thread 0 502 rows and thread 1 501, so each sends 5 full batches
      // of 100 and a partial one at cleanup
      Result r = StockClientWorkloadTest.client(db, "-load", "workloada", "-p", "recordcount=1003",
          "-p", "db.batchsize=100", "-p", "jdbc.autocommit=false");
      assertEquals(0, r.exitCode(), r.all());
      assertEquals(1003, db.rows("usertable"));
      String out = r.stdout();
      assertTrue(out.contains("[INSERT], Operations, 1003\n"), out);
      assertTrue(out.contains("[INSERT], Return=OK, 10\n"), out);
      assertTrue(out.contains("[INSERT], Return=BATCHED_OK, 993\n"), out);
      assertTrue(out.contains("[INSERT_BATCH], Operations, 12\n"), out);
      assertTrue(out.contains("[INSERT_BATCH], Return=OK, 12\n"), out);
    }
  }
}
