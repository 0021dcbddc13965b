package site.ycsbx.measurements;

import site.ycsbx.verdict.ErrorLog;

/**
 * Forgets the run-wide error messages and batch counts, for test classes of other modules that
 * share a JVM: the error log keeps only the first few messages per operation.
 */
public final class RunState {
  private RunState() {
  }

  public static void forget() {
    ErrorLog.reset();
    BatchLedger.reset();
  }
}
