package site.ycsbx.store.sysbench;

import site.ycsb.Status;
import site.ycsbx.store.StoreException;

/**
 * An error sysbench 1.0 ignores by default: a deadlock or a lock wait timeout (MySQL errors 1213,
 * 1205, 1020; PostgreSQL deadlock_detected, serialization_failure, unique_violation). The
 * attempt is rolled back and counted under "ignored errors", and the transaction runs again from
 * its start, as sysbench 1.0.20 restarts the event after an error its drivers ignore.
 */
public final class IgnoredError extends StoreException {
  /** The status a step that hit an ignored error is counted under. */
  public static final Status IGNORED = new Status("IGNORED_ERROR", "an error sysbench ignores by default");

  public IgnoredError(String message) {
    super(IGNORED, message);
  }
}
