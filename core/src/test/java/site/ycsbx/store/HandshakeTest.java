package site.ycsbx.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.MemoryProbeDb;

/**
 * The workload/binding handshake under YCSB's stock Client 0.17.0 (no YCSB-X launcher): the
 * store offered in DB.init() reaches the workload, and its timed calls appear in YCSB's summary.
 */
@Tag("process")
class HandshakeTest {
  @Test
  void storeOperationsShowUpInYcsbSummaryWithIntendedTimes() {
    Result r = JavaProcess.run("site.ycsb.Client", "-load", "-db", MemoryProbeDb.class.getName(),
        "-P", JavaProcess.workload("probe"), "-p", "recordcount=400", "-threads", "2", "-target", "2000",
        "-p", "measurement.interval=both");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("[PROBE_PUT], Operations, 400"), r.stdout());
    assertTrue(r.stdout().contains("[Intended-PROBE_PUT], Operations, 400"), r.stdout());
    assertTrue(r.stdout().contains("[PROBE_PUT], Return=OK, 400"), r.stdout());
    assertTrue(r.stdout().contains("[FINGERPRINT]"), "the binding prints the fingerprint under the stock Client");
    assertTrue(r.stdout().matches("(?s).*ycsbx.version +: .*"), r.stdout());
  }

  @Test
  void stockClientReportsMissingStoreBeforeThreadsStart() {
    Result r = JavaProcess.run("site.ycsb.Client", "-load", "-db", "site.ycsb.BasicDB",
        "-P", JavaProcess.workload("probe"));
    assertTrue(r.all().contains("binding basic has no ProbeStore, which workload probe needs; bindings that have it:"), r.all());
    assertTrue(!r.stdout().contains("[PROBE_PUT]"), "no operation may run");
  }
}
