package site.ycsbx.measurements;

import site.ycsb.Status;
import site.ycsb.measurements.Measurements;
import site.ycsbx.faults.Outages;

/**
 * Records a store call the way YCSB's DBWrapper records a DB call, so workload-level
 * operations (INSERT_TXN, ADD_LINK, ...) appear in YCSB's summary, status line and exporters:
 * latency from the actual start, intended latency from the paced start under {@code -target},
 * and the status count. Failed calls are timed under {@code OP-FAILED}, as YCSB does. The same
 * latency goes to the run's {@link Intervals} (latency over time): through {@link RunMeasurements}
 * under bin/ycsb, from here under the stock Client.
 */
public final class OpTimer {
  private final Measurements measurements = Measurements.getMeasurements();

  /**
   * The start this operation was scheduled for under {@code -target}; the current time when
   * the run is not paced. Read it before the call.
   */
  public long intendedStartNanos() {
    Schedule.onOperation();
    return measurements.getIntendedtartTimeNs();
  }

  /** Records one operation. */
  public void record(String op, Status status, long intendedStartNanos, long startNanos, long endNanos) {
    String name = status.isOk() ? op : op + "-FAILED";
    // YCSB takes int microseconds: a latency from an intended start far behind (a paced run that
    // fell 36 minutes behind) would wrap to a negative one
    measurements.measure(name, micros(endNanos - startNanos));
    measurements.measureIntended(name, micros(endNanos - intendedStartNanos));
    measurements.reportStatus(op, status);
    if (!status.isOk()) {
      Outages.operationFailed();
    }
    if (RunMeasurements.installed()) {
      return; // bin/ycsb's hook saw both latencies above and fed the intervals
    }
    // the intended start when the run is paced (YCSB keeps one), as the summary's Intended- figures
    Intervals.record(name, (endNanos - (intendedStartNanos != 0 ? intendedStartNanos : startNanos)) / 1000);
  }

  /**
   * Records a check a workload runs once, such as a verify that started at {@code startNanos}
   * and ends now: timed like an operation, so YCSB's summary has {@code [VERIFY], Operations, 1}
   * (and its latency) beside {@code Return=OK, 1}; a status alone left Operations at 0.
   */
  public static void recordCheck(String op, Status status, long startNanos) {
    new OpTimer().record(op, status, startNanos, startNanos, System.nanoTime());
  }

  /** Nanoseconds as YCSB's int microseconds, held at Integer.MAX_VALUE past it. */
  static int micros(long nanos) {
    return (int) Math.min(Integer.MAX_VALUE, nanos / 1000);
  }
}
