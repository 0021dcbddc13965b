package site.ycsbx.store;

import site.ycsb.Status;

/**
 * A store operation failed; the workload records it as an error of that operation, with
 * {@link #status()} (ERROR unless the store says more, e.g. NOT_FOUND or UNEXPECTED_STATE).
 */
public class StoreException extends Exception {
  private final transient Status status;

  public StoreException(String message) {
    this(Status.ERROR, message);
  }

  public StoreException(String message, Throwable cause) {
    super(message, cause);
    this.status = Status.ERROR;
  }

  public StoreException(Status status, String message) {
    super(message);
    this.status = status;
  }

  /** The status the operation is counted under. */
  public Status status() {
    return status;
  }
}
